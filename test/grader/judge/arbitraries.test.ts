import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teachingSearchReplace } from "../../../lib/editblock/teaching/search-replace.js";
import { teachingCommitPlan } from "../../../lib/git/teaching/commit-plan.js";
import { planInput, repoMapInput, searchReplaceInput } from "../../../lib/grader/judge/arbitraries.js";
import { teachingRepoMap } from "../../../lib/repomap/teaching/repo-map.js";

describe("the judge's arbitraries give inputs the teaching models accept", () => {
  it("repoMapInput: edges inside the graph, a personalization on its files; the model takes every one", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const files = new Set(input.files);
        for (const [from, to] of input.edges) expect(files.has(from) && files.has(to)).toBe(true);
        for (const k of Object.keys(input.personalization ?? {})) expect(files.has(k)).toBe(true);
        expect(() => teachingRepoMap(input)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });

  it("searchReplaceInput: a SEARCH with something besides whitespace; planInput: every switch set", () => {
    fc.assert(fc.property(searchReplaceInput, ({ text, search, replacement }) => {
      expect(/\S/.test(search)).toBe(true);
      expect(() => teachingSearchReplace(text, search, replacement)).not.toThrow();
    }), { numRuns: 100 });
    fc.assert(fc.property(planInput, (input) => {
      expect(Object.keys(input).sort()).toEqual(["autoCommits", "dirtyCommits", "dirtyFiles", "dryRun", "editedFiles", "gitEnabled"]);
      expect(() => teachingCommitPlan(input)).not.toThrow();
    }), { numRuns: 100 });
  });
});
