/**
 * The law catalogue (lib/explore/catalogue.ts): every law once, mechanism by mechanism in catalogue order, the token
 * laws only once an exact counter is given, and findLaw naming the argument it lacks. Running a law is
 * test/explore/law.test.ts; each law file's own laws are checked by its mirror beside this one.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { explore, type TokenCounter } from "../../lib/index.js";
import { EXPLORE_LAWS, exploreLaws, findLaw, TOKEN_LAW_IDS } from "../../lib/explore/catalogue.js";
import { APPLY_EDITS_LAWS } from "../../lib/explore/laws-apply-edits.js";
import { BUDGET_LAWS } from "../../lib/explore/laws-budget.js";
import { EDIT_FORMAT_LAWS } from "../../lib/explore/laws-edit-formats.js";
import { PAGERANK_LAWS } from "../../lib/explore/laws-pagerank.js";
import { PARSER_LAWS } from "../../lib/explore/laws-parser.js";
import { SEARCH_REPLACE_LAWS } from "../../lib/explore/laws-search-replace.js";
import { tokenLaws } from "../../lib/explore/laws-tokens.js";

describe("the catalogue's order", () => {
  it("is PageRank, budget, (tokens,) SEARCH/REPLACE, applyEdits, parser, edit formats", () => {
    const after = [...SEARCH_REPLACE_LAWS, ...APPLY_EDITS_LAWS, ...PARSER_LAWS, ...EDIT_FORMAT_LAWS];
    expect(EXPLORE_LAWS).toEqual([...PAGERANK_LAWS, ...BUDGET_LAWS, ...after]);
    expect(Object.isFrozen(EXPLORE_LAWS)).toBe(true);
    expect(exploreLaws()).toBe(EXPLORE_LAWS);
    const count: TokenCounter = (t) => t.length;
    expect(exploreLaws(count).map((l) => l.id)).toEqual([...PAGERANK_LAWS, ...BUDGET_LAWS, ...tokenLaws(count), ...after].map((l) => l.id));
    expect(TOKEN_LAW_IDS).toEqual(tokenLaws(count).map((l) => l.id));
  });

  it("findLaw returns the catalogue's own object; a token law is built with the counter given", () => {
    expect(findLaw("budget/strict-never-exceeds")).toBe(BUDGET_LAWS[0]);
    const asked: string[] = [];
    const law = findLaw("tokens/estimate-within-factor-2", (t) => (asked.push(t), 1));
    law.check({ pattern: ["a\n"], length: 3 });
    expect(asked).toContain("a\na\na\n");
    expect(() => findLaw(7 as never)).toThrow(/findLaw: id must be a string/);
  });
});

describe("the catalogue", () => {
  const zero: TokenCounter = () => 0;
  const all = explore.exploreLaws(zero);

  it("ids are unique and start with their mechanism; every law states a claim and a lesson", () => {
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
    for (const l of all) {
      expect(l.id.startsWith(`${l.mechanism}/`), l.id).toBe(true);
      expect(l.statement.length, l.id).toBeGreaterThan(20);
      expect(l.lesson.length, l.id).toBeGreaterThan(20);
    }
  });

  it("token laws exist only with a counter; findLaw says which argument is missing", () => {
    expect(explore.EXPLORE_LAWS.some((l) => l.mechanism === "tokens")).toBe(false);
    expect(all.filter((l) => l.mechanism === "tokens").map((l) => l.id)).toEqual(explore.TOKEN_LAW_IDS);
    expect(() => explore.findLaw("tokens/estimate-within-factor-2")).toThrow(/findLaw: count must be given/);
    expect(explore.findLaw("tokens/estimate-within-factor-2", zero).id).toBe("tokens/estimate-within-factor-2");
    expect(() => explore.findLaw("nope")).toThrow(/findLaw: id must be the id of a law/);
    expect(() => explore.tokenLaws("count" as never)).toThrow(/tokenLaws: count must be a function/);
  });

  it("every law without a tokenizer gives before/after rows for a generated input", () => {
    for (const law of explore.EXPLORE_LAWS) {
      const [input] = fc.sample(law.arbitrary(fc), { numRuns: 1, seed: 11 });
      const rows = law.rows(input as never);
      expect(rows.length, law.id).toBeGreaterThan(0);
      for (const row of rows) for (const v of Object.values(row)) expect(["string", "number"]).toContain(typeof v);
    }
  });
});
