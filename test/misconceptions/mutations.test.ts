/**
 * The guard under every wrong submission the end-to-end tests write (test/misconceptions/mutations.ts): each
 * catalogued misconception has an edit of its reference solution, every edit's `find` occurs exactly once (else
 * `applyEdits` throws, naming the mistake), and the submission written is the solution with that edit, nothing more.
 */
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MISCONCEPTIONS, misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { applyEdits, mistakenSubmission, MUTATIONS, plainSolution, TWO_MISTAKES, writeMistakenSubmissions } from "./mutations.js";

const root = join(import.meta.dirname, "..", "..");

describe("applyEdits", () => {
  it("replaces a piece found exactly once, and refuses one missing or found twice", () => {
    expect(applyEdits("a b c", [["b", "B"]], "t")).toBe("a B c");
    expect(() => applyEdits("a b c", [["x", "X"]], "t")).toThrow(/^t: not found: "x"$/);
    expect(() => applyEdits("a b b", [["b", "B"]], "t")).toThrow(/^t: found twice: "b"$/);
  });
});

describe("MUTATIONS", () => {
  it("has one entry per catalogued misconception, in catalogue order", () => {
    expect(MUTATIONS.map((m) => m.id)).toEqual(MISCONCEPTIONS.map((m) => m.id));
  });

  it("every edit applies to its exercise's reference solution exactly once and changes it", () => {
    for (const m of MUTATIONS) {
      const exercise = misconceptionById(m.id)!.exercise;
      const { source } = plainSolution(root, exercise);
      expect(m.edits.length, m.id).toBeGreaterThan(0);
      for (const [find] of m.edits) expect(source.split(find).length - 1, `${m.id}: ${JSON.stringify(find.slice(0, 60))}`).toBe(1);
      expect(applyEdits(source, m.edits, m.id), m.id).not.toBe(source);
    }
  });

  it("each pair of TWO_MISTAKES belongs to its exercise and applies with its by-hand edits", () => {
    for (const [exercise, t] of Object.entries(TWO_MISTAKES)) {
      for (const id of t.ids) expect(misconceptionById(id)?.exercise, id).toBe(exercise);
      expect(() => mistakenSubmission(root, exercise, t.ids, t.hand)).not.toThrow();
    }
  });

  it("a misconception of another exercise is refused", () => {
    expect(() => mistakenSubmission(root, "02-symbol-budget", ["01-dangling-dropped"])).toThrow(/01-dangling-dropped is not a misconception of 02-symbol-budget/);
  });
});

describe("writeMistakenSubmissions", () => {
  it("writes <exercise>/<file> per exercise: a header naming the mistake, then the solution with its edit", () => {
    const target = writeMistakenSubmissions(root, { "05-commit-plan": { ids: ["05-dry-run-ignored"] }, "03-map-search": { ids: ["03-hard-limit"] } });
    try {
      for (const [exercise, id] of [["05-commit-plan", "05-dry-run-ignored"], ["03-map-search", "03-hard-limit"]] as const) {
        const { file, source } = plainSolution(root, exercise);
        const written = readFileSync(join(target, exercise, file), "utf8");
        expect(written).toMatch(new RegExp(`^/\\*\\*\\n \\* A submission that makes one known mistake: ${id} \\(`));
        expect(written.slice(written.indexOf(" */\n") + 4)).toBe(applyEdits(source, MUTATIONS.find((m) => m.id === id)!.edits, id));
      }
      expect(existsSync(join(target, "01-pagerank")), "only the exercises asked for").toBe(false);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
