/**
 * sameOutput (lib/misconceptions/same.ts): the graded tests' "same answer" — numbers within an absolute tolerance
 * (NaN and the infinities only themselves), arrays element by element, Maps by entries, Sets by members, plain
 * objects by keys, anything else only itself.
 */
import { describe, expect, it } from "vitest";
import { sameOutput } from "../../lib/misconceptions/same.js";

describe("sameOutput", () => {
  it("numbers: within the tolerance, inclusive; 0 = exact; NaN only NaN; ±Infinity only itself", () => {
    expect(sameOutput(0.5, 0.5 + 1e-10, 1e-9)).toBe(true);
    expect(sameOutput(0.5, 0.5 + 1e-8, 1e-9)).toBe(false);
    expect(sameOutput(1, 1.25, 0.25)).toBe(true);
    expect(sameOutput(1, 1 + Number.EPSILON, 0)).toBe(false);
    expect(sameOutput(0, -0, 0)).toBe(true);
    // NaN is the same as NaN (as toEqual has it), and no number is within any tolerance of it
    expect(sameOutput(NaN, NaN, 0)).toBe(true);
    expect(sameOutput(NaN, 0, Infinity)).toBe(false);
    expect(sameOutput(Infinity, Infinity, 0)).toBe(true);
    expect(sameOutput(Infinity, 1e308, Infinity)).toBe(false);
  });

  it("other primitives and null only equal themselves; types never mix", () => {
    expect(sameOutput("a", "a", 0)).toBe(true);
    expect(sameOutput("1", 1, 1)).toBe(false);
    expect(sameOutput(null, null, 0)).toBe(true);
    expect(sameOutput(null, {}, 0)).toBe(false);
    expect(sameOutput(undefined, null, 0)).toBe(false);
    expect(sameOutput(true, 1, 1)).toBe(false);
  });

  it("arrays element by element, of the same length; an array is not an object with index keys", () => {
    expect(sameOutput([1, [2, 3]], [1, [2, 3 + 1e-12]], 1e-9)).toBe(true);
    expect(sameOutput([1, 2], [1, 2, 3], 0)).toBe(false);
    expect(sameOutput([1], { 0: 1 }, 0)).toBe(false);
  });

  it("Maps by their entries, in any order, values within the tolerance", () => {
    expect(sameOutput(new Map([["a", 0.1], ["b", 0.2]]), new Map([["b", 0.2 + 1e-13], ["a", 0.1]]), 1e-12)).toBe(true);
    expect(sameOutput(new Map([["a", 1]]), new Map([["b", 1]]), 0)).toBe(false);
    expect(sameOutput(new Map([["a", 1]]), new Map([["a", 1], ["b", 2]]), 0)).toBe(false);
    expect(sameOutput(new Map([["a", 1]]), { a: 1 }, 0)).toBe(false);
  });

  it("Sets by their members, exactly", () => {
    expect(sameOutput(new Set(["x", "y"]), new Set(["y", "x"]), 0)).toBe(true);
    expect(sameOutput(new Set([1]), new Set([1.0000001]), 1)).toBe(false);
    expect(sameOutput(new Set([1]), [1], 0)).toBe(false);
  });

  it("plain objects by their own keys, values compared the same way", () => {
    expect(sameOutput({ rank: new Map([["A", 0.5]]), residualL1: 1e-3 }, { residualL1: 1e-3 + 1e-12, rank: new Map([["A", 0.5]]) }, 1e-9)).toBe(true);
    expect(sameOutput({ a: 1 }, { a: 1, b: undefined }, 0)).toBe(false);
    expect(sameOutput({ a: 1, c: 2 }, { a: 1, b: 2 }, 0)).toBe(false);
  });
});
