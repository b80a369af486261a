import { AssertionError } from "node:assert";
import { describe, expect, it } from "vitest";
import { expectRanksClose, expectSame, firstDifference } from "../../../lib/grader/judge/compare.js";

describe("firstDifference", () => {
  it("finds nothing in equal values (NaN equals NaN, as Object.is says)", () => {
    expect(firstDifference({ a: [1, { b: "x" }], n: Number.NaN }, { a: [1, { b: "x" }], n: Number.NaN })).toBeNull();
  });

  it("names the path of the first difference: a value, a length, a missing or extra field, a kind", () => {
    expect(firstDifference({ a: [1, 2] }, { a: [1, 3] })).toEqual({ path: ".a[1]", actual: 2, expected: 3 });
    expect(firstDifference([1], [1, 2])).toEqual({ path: ".length", actual: 1, expected: 2 });
    expect(firstDifference({}, { k: 1 })).toEqual({ path: ".k", actual: "(missing)", expected: 1 });
    expect(firstDifference({ k: 1, z: 2 }, { k: 1 })).toEqual({ path: ".z", actual: 2, expected: "(no such field)" });
    expect(firstDifference("x", [])).toEqual({ path: "(value)", actual: "x", expected: [] });
    expect(firstDifference([], {})).toEqual({ path: "(value)", actual: [], expected: {} });
  });
});

describe("expectSame and expectRanksClose", () => {
  it("pass on equal values and throw an AssertionError naming the place otherwise", () => {
    expect(() => expectSame({ a: 1 }, { a: 1 }, "t")).not.toThrow();
    expect(() => expectSame({ a: 1 }, { a: 2 }, "t")).toThrow(/^t: at a expected 2 but got 1/);
    expect(() => expectSame(1, 2, "t")).toThrow(AssertionError);
  });

  it("compares rank maps within the tolerance, and says which file or which rank is off", () => {
    const want = new Map([["a", 0.5], ["b", 0.5]]);
    expect(() => expectRanksClose(new Map([["a", 0.5000001], ["b", 0.4999999]]), want, { tolerance: 1e-6, what: "r" })).not.toThrow();
    expect(() => expectRanksClose(new Map([["a", 0.6], ["b", 0.4]]), want, { tolerance: 1e-6, what: "r" })).toThrow(/rank of "a" is 0.6, expected 0.5/);
    expect(() => expectRanksClose(new Map([["a", 1]]), want, { tolerance: 1e-6, what: "r" })).toThrow(/missing \["b"\]/);
    expect(() => expectRanksClose({} as Map<string, number>, want, { tolerance: 1e-6, what: "r" })).toThrow(/expected a Map/);
  });
});
