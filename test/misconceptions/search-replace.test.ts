/**
 * Exercise 04's wrong variants (lib/misconceptions/search-replace.ts) on hand-built texts (seed 000, knowledge point 2:
 * the FIRST window equal to SEARCH line for line, overlapping windows counted; only when there is none, the first
 * window that adds ONE whitespace prefix to every non-blank SEARCH line, blank lines facing blank lines): each variant
 * differs from lib's where its mistake matters and agrees where it does not.
 */
import { describe, expect, it } from "vitest";
import { SEARCH_REPLACE_MISCONCEPTIONS, SEARCH_REPLACE_RIGHT } from "../../lib/misconceptions/search-replace.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const searchReplace = rightFor(SEARCH_REPLACE_RIGHT, "searchReplace");
const exactMatches = rightFor(SEARCH_REPLACE_RIGHT, "exactMatches");
const missingIndent = rightFor(SEARCH_REPLACE_RIGHT, "missingIndent");

describe("searchReplace variants", () => {
  const twice = ["x = 1\ny = 2\nx = 1\n", "x = 1\n", "x = 42\n"] as const;

  it("04-last-match edits the second of two equal lines; with one occurrence it is right", () => {
    const m = entry(SEARCH_REPLACE_MISCONCEPTIONS, "04-last-match");
    expect(searchReplace.run(...twice)).toEqual({ text: "x = 42\ny = 2\nx = 1\n", mode: "exact", matchCount: 2, startLine: 1 });
    expect(m.run(...twice)).toEqual({ text: "x = 1\ny = 2\nx = 42\n", mode: "exact", matchCount: 2, startLine: 3 });
    const once = ["a\nx = 1\n", "x = 1\n", "z\n"] as const;
    expect(m.run(...once)).toEqual(searchReplace.run(...once));
  });

  it("04-indent-before-exact takes the indented 'a' on line 1 over the exact 'a' on line 3; with no exact match it is right", () => {
    const m = entry(SEARCH_REPLACE_MISCONCEPTIONS, "04-indent-before-exact");
    const args = ["    a\nb\na\n", "a\n", "c\n"] as const;
    expect(searchReplace.run(...args)).toEqual({ text: "    a\nb\nc\n", mode: "exact", matchCount: 1, startLine: 3 });
    expect(m.run(...args)).toEqual({ text: "    c\nb\na\n", mode: "indent", matchCount: null, startLine: 1 });
    const indented = ["def f():\n    x = 1\n", "x = 1\n", "x = 2\n"] as const;
    expect(m.run(...indented)).toEqual(searchReplace.run(...indented));
    expect(searchReplace.run(...indented)).toMatchObject({ text: "def f():\n    x = 2\n", mode: "indent" });
  });
});

describe("missingIndent variants", () => {
  it("04-nonuniform-indent accepts two spaces on one line and four on the next; a uniform prefix is the same", () => {
    const m = entry(SEARCH_REPLACE_MISCONCEPTIONS, "04-nonuniform-indent");
    const args = [["  a\n", "    b\n"], ["a\n", "b\n"], 0] as const;
    expect(missingIndent.run(...args)).toBeNull();
    expect(m.run(...args)).toBe("  ");
    const uniform = [["  a\n", "  b\n"], ["a\n", "b\n"], 0] as const;
    expect([m.run(...uniform), missingIndent.run(...uniform)]).toEqual(["  ", "  "]);
  });

  it("04-blanks-unchecked lets a blank SEARCH line face '  x'; facing a blank line it is right", () => {
    const m = entry(SEARCH_REPLACE_MISCONCEPTIONS, "04-blanks-unchecked");
    const args = [["  a\n", "  x\n", "  b\n"], ["a\n", "\n", "b\n"], 0] as const;
    expect(missingIndent.run(...args)).toBeNull();
    expect(m.run(...args)).toBe("  ");
    const blank = [["  a\n", "\n", "  b\n"], ["a\n", "\n", "b\n"], 0] as const;
    expect([m.run(...blank), missingIndent.run(...blank)]).toEqual(["  ", "  "]);
  });
});

describe("exactMatches variants", () => {
  it("04-matches-not-overlapping finds 'a, a' once in three a's (lib: at 0 and 1); apart, the matches are the same", () => {
    const m = entry(SEARCH_REPLACE_MISCONCEPTIONS, "04-matches-not-overlapping");
    expect(exactMatches.run(["a\n", "a\n", "a\n"], ["a\n", "a\n"])).toEqual([0, 1]);
    expect(m.run(["a\n", "a\n", "a\n"], ["a\n", "a\n"])).toEqual([0]);
    expect(m.run(["a\n", "b\n", "a\n"], ["a\n"])).toEqual([0, 2]);
    expect(exactMatches.run(["a\n", "b\n", "a\n"], ["a\n"])).toEqual([0, 2]);
  });
});

describe("exercise 04's entries", () => {
  it("are the catalogue's, each for searchReplace, exactMatches or missingIndent", () => {
    expectEntries("04-search-replace", SEARCH_REPLACE_MISCONCEPTIONS, SEARCH_REPLACE_RIGHT);
  });
});
