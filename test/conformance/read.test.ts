import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { CaseReader, VectorFormatError } from "../../lib/conformance/format.js";
import { guardCase, RANK_REL_TOLERANCE, readNumberRecord, readStringList, relativeDifference, requireTuple, sameJson } from "../../lib/conformance/read.js";

const reader = (raw: Record<string, unknown>) => new CaseReader("k", raw);

describe("relativeDifference", () => {
  it("is |a − b| over the larger magnitude, 0 for equal values", () => {
    expect(relativeDifference(0, 0)).toBe(0);
    expect(relativeDifference(1, 1)).toBe(0);
    expect(relativeDifference(2, 1)).toBe(0.5);
    expect(relativeDifference(-1, 1)).toBe(2);
    expect(relativeDifference(0, 1e-300)).toBe(1);
  });

  it("is Infinity when a side is NaN or infinite, so a missing rank never passes the tolerance", () => {
    expect(relativeDifference(NaN, 1)).toBe(Infinity);
    expect(relativeDifference(Infinity, 1)).toBe(Infinity);
    expect(relativeDifference(NaN, 1) <= RANK_REL_TOLERANCE).toBe(false);
  });

  it("the rank tolerance separates a last-bits difference from a real one", () => {
    const r = 0.3508773619358619;
    expect(relativeDifference(r, r * (1 + 1e-15))).toBeLessThanOrEqual(RANK_REL_TOLERANCE);
    expect(relativeDifference(r, r * (1 + 1e-9))).toBeGreaterThan(RANK_REL_TOLERANCE);
  });
});

describe("readStringList, readNumberRecord, requireTuple", () => {
  it("readStringList names the first element that is not a string", () => {
    expect(readStringList(reader({ l: ["a", ""] }), "l")).toEqual(["a", ""]);
    expect(() => readStringList(reader({ l: ["a", 1, null] }), "l")).toThrow('case k: field "l[1]" must be a string');
    expect(() => readStringList(reader({ l: "a" }), "l")).toThrow('field "l" must be array (got string)');
  });

  it("readNumberRecord reads numbers by key, null only when nullable", () => {
    expect(readNumberRecord(reader({ r: { a: 1, b: 0.5 } }), "r", false)).toEqual({ a: 1, b: 0.5 });
    expect(readNumberRecord(reader({ r: null }), "r", true)).toBeNull();
    expect(() => readNumberRecord(reader({ r: null }), "r", false)).toThrow('field "r" must be object (got null)');
    expect(() => readNumberRecord(reader({ r: { a: 1, b: "2" } }), "r", false)).toThrow('case k: field "r.b" must be a number');
    expect(() => readNumberRecord(reader({ r: [1] }), "r", true)).toThrow('field "r" must be object|null (got array)');
  });

  it("requireTuple checks the length and names the path with the expected shape", () => {
    const c = reader({});
    expect(requireTuple(c, "e[0]", ["a", "b", 1], 3, "[u, v, w]")).toEqual(["a", "b", 1]);
    expect(() => requireTuple(c, "e[0]", ["a", "b"], 3, "[u, v, w]")).toThrow('case k: field "e[0]" must be [u, v, w]');
    expect(() => requireTuple(c, "e[1]", { 0: "a" }, 1, "[x]")).toThrow(VectorFormatError);
  });
});

describe("guardCase", () => {
  it("returns the run's value", () => {
    expect(guardCase(reader({}), () => 42)).toBe(42);
  });

  it("turns our own argument error on a case's input into a malformed-field error of that case", () => {
    const run = () => guardCase(reader({}), () => {
      throw new WorkbenchInputError("aiderMapSearch", "numTags", "must be a non-negative integer", -1);
    });
    expect(run).toThrow(VectorFormatError);
    expect(run).toThrow('case k: field "numTags" is not valid input: aiderMapSearch: numTags must be a non-negative integer (got -1)');
  });

  it("lets any other error through unchanged", () => {
    const boom = new RangeError("boom");
    expect(() => guardCase(reader({}), () => { throw boom; })).toThrow(boom);
  });
});

describe("sameJson", () => {
  it("compares as the files are written: key order matters, undefined fields vanish", () => {
    expect(sameJson({ a: 1, b: [2, null] }, { a: 1, b: [2, null] })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([1], [1, 2])).toBe(false);
    expect(sameJson(null, "null")).toBe(false);
  });
});
