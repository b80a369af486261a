/**
 * lib/core/difflib-unified.ts: Python difflib's opcodes, grouped opcodes and unified_diff. The expected hunks
 * follow from difflib's documented format (`@@ -start,len +start,len @@`, a length of 1 left out, an empty range
 * starting one line early) and from get_grouped_opcodes' rule: a run of more than 2n equal lines splits hunks.
 */
import { describe, expect, it } from "vitest";
import { getGroupedOpcodes, getOpcodes, unifiedDiff } from "../../lib/core/difflib-unified.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";

const lines = (n: number): string[] => Array.from({ length: n }, (_, i) => `${i + 1}\n`);
const changed = (n: number, at: readonly number[]): string[] => lines(n).map((l, i) => (at.includes(i + 1) ? `line ${i + 1} changed\n` : l));
const hunkHeaders = (diff: readonly string[]): string[] => diff.filter((l) => l.startsWith("@@"));

describe("getOpcodes", () => {
  it("covers both sequences with equal, replace, delete and insert runs, in order", () => {
    expect(getOpcodes(["a", "b", "c", "d"], ["a", "x", "c", "d", "e"])).toEqual([
      ["equal", 0, 1, 0, 1],
      ["replace", 1, 2, 1, 2],
      ["equal", 2, 4, 2, 4],
      ["insert", 4, 4, 4, 5],
    ]);
    expect(getOpcodes(["a", "b"], ["b"])).toEqual([
      ["delete", 0, 1, 0, 0],
      ["equal", 1, 2, 0, 1],
    ]);
    expect(getOpcodes([], [])).toEqual([]);
    expect(getOpcodes([], ["x"])).toEqual([["insert", 0, 0, 0, 1]]);
  });
});

describe("getGroupedOpcodes", () => {
  it("trims the context to n each side and yields nothing for equal sequences", () => {
    expect(getGroupedOpcodes(lines(10), changed(10, [5]), 2)).toEqual([
      [
        ["equal", 2, 4, 2, 4],
        ["replace", 4, 5, 4, 5],
        ["equal", 5, 7, 5, 7],
      ],
    ]);
    expect(getGroupedOpcodes(lines(10), lines(10))).toEqual([]);
    expect(getGroupedOpcodes([], [])).toEqual([]);
  });
});

describe("unifiedDiff", () => {
  it("one changed line: the header lines, the hunk and its context", () => {
    expect(unifiedDiff(["a\n", "b\n", "c\n"], ["a\n", "B\n", "c\n"])).toEqual(["--- \n", "+++ \n", "@@ -1,3 +1,3 @@\n", " a\n", "-b\n", "+B\n", " c\n"]);
  });

  it("nothing at all for equal inputs, empty ones included", () => {
    expect(unifiedDiff(["a\n"], ["a\n"])).toEqual([]);
    expect(unifiedDiff([], [])).toEqual([]);
  });

  it("an empty side's range is 'start-1,0'; a range of one line has no length", () => {
    expect(unifiedDiff([], ["x\n"])).toEqual(["--- \n", "+++ \n", "@@ -0,0 +1 @@\n", "+x\n"]);
    expect(unifiedDiff(["x\n", "y\n"], [])).toEqual(["--- \n", "+++ \n", "@@ -1,2 +0,0 @@\n", "-x\n", "-y\n"]);
    expect(unifiedDiff(["a\n", "b\n"], ["c\n"])).toEqual(["--- \n", "+++ \n", "@@ -1,2 +1 @@\n", "-a\n", "-b\n", "+c\n"]);
  });

  it("n lines of context each side, as far as the file goes", () => {
    expect(hunkHeaders(unifiedDiff(lines(10), changed(10, [5])))).toEqual(["@@ -2,7 +2,7 @@\n"]);
    expect(hunkHeaders(unifiedDiff(lines(10), changed(10, [5]), 1))).toEqual(["@@ -4,3 +4,3 @@\n"]);
    expect(unifiedDiff(lines(10), changed(10, [5]), 0)).toEqual(["--- \n", "+++ \n", "@@ -5 +5 @@\n", "-5\n", "+line 5 changed\n"]);
    expect(hunkHeaders(unifiedDiff(lines(3), changed(3, [1]), 5))).toEqual(["@@ -1,3 +1,3 @@\n"]);
  });

  it("splits hunks only where more than 2n equal lines lie between two changes", () => {
    // changes at lines 2 and 9: 6 equal lines between = 2n, one hunk from line 1 to line 12
    expect(hunkHeaders(unifiedDiff(lines(20), changed(20, [2, 9])))).toEqual(["@@ -1,12 +1,12 @@\n"]);
    // changes at lines 2 and 10: 7 equal lines between, two hunks
    expect(hunkHeaders(unifiedDiff(lines(20), changed(20, [2, 10])))).toEqual(["@@ -1,5 +1,5 @@\n", "@@ -7,7 +7,7 @@\n"]);
    const two = unifiedDiff(lines(20), changed(20, [2, 18]));
    expect(hunkHeaders(two)).toEqual(["@@ -1,5 +1,5 @@\n", "@@ -15,6 +15,6 @@\n"]);
    expect(two.filter((l) => l === "--- \n")).toHaveLength(1); // the file header once, not per hunk
  });

  it("keeps a line without its newline as it is (difflib adds no 'No newline' marker)", () => {
    expect(unifiedDiff(["a"], ["b"])).toEqual(["--- \n", "+++ \n", "@@ -1 +1 @@\n", "-a", "+b"]);
    expect(unifiedDiff(["a\n"], ["a"])).toEqual(["--- \n", "+++ \n", "@@ -1 +1 @@\n", "-a\n", "+a"]);
  });

  it("rejects a non-array side and a bad n, naming the parameter", () => {
    expect(() => unifiedDiff("a\n" as unknown as string[], [])).toThrow(WorkbenchInputError);
    expect(() => unifiedDiff(["a\n", 3] as unknown as string[], [])).toThrow(/^unifiedDiff: a\[1\] must be a string/);
    expect(() => unifiedDiff([], [null] as unknown as string[])).toThrow(/^unifiedDiff: b\[0\] /);
    expect(() => unifiedDiff([], [], -1)).toThrow("unifiedDiff: n must be a non-negative integer (got -1)");
    expect(() => unifiedDiff([], [], 1.5)).toThrow("unifiedDiff: n must be a non-negative integer (got 1.5)");
  });
});
