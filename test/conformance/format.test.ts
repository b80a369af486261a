import { describe, expect, it } from "vitest";
import { InputError } from "../../lib/core/errors.js";
import { CaseReader, readCases, VectorFormatError } from "../../lib/conformance/format.js";

const reader = (raw: Record<string, unknown>) => new CaseReader("c-1", raw);

describe("VectorFormatError", () => {
  it("is an InputError naming the case and the field in one line", () => {
    const e = new VectorFormatError("c-7", "edges[3][2]", "must be a number");
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toBe('case c-7: field "edges[3][2]" must be a number');
    expect([e.caseId, e.field]).toEqual(["c-7", "edges[3][2]"]);
  });
});

describe("CaseReader.get", () => {
  const c = reader({ s: "x", n: 0, b: false, a: [], o: { p: { q: null } }, z: null });

  it("returns a field of the asked kind, following dots into nested objects", () => {
    expect(c.get("s", "string")).toBe("x");
    expect(c.get("n", "number")).toBe(0);
    expect(c.get("b", "boolean")).toBe(false);
    expect(c.get("a", "array")).toEqual([]);
    expect(c.get("o.p", "object")).toEqual({ q: null });
    expect(c.get("o.p.q", "object|null")).toBeNull();
    expect(c.get("z", "string|null")).toBeNull();
    expect(c.get("n", "number|null")).toBe(0);
    expect(c.get("z", "any")).toBeNull();
  });

  it("tells an array, null and an object apart", () => {
    expect(() => c.get("a", "object")).toThrow('case c-1: field "a" must be object (got array)');
    expect(() => c.get("z", "object")).toThrow('field "z" must be object (got null)');
    expect(() => c.get("o", "array")).toThrow('field "o" must be array (got object)');
    expect(() => c.get("s", "number|null")).toThrow('field "s" must be number|null (got string)');
  });

  it("names the whole path when a part is missing or is not an object", () => {
    expect(() => c.get("missing", "string")).toThrow('case c-1: field "missing" is missing (expected string)');
    expect(() => c.get("o.p.r", "number")).toThrow('field "o.p.r" is missing (expected number)');
    expect(() => c.get("s.length", "number")).toThrow('field "s.length" is missing');
    expect(() => c.get("z.q", "any")).toThrow('field "z.q" is missing');
    expect(() => c.get("s", "number")).toThrow(VectorFormatError);
  });
});

describe("CaseReader.optional and has", () => {
  const c = reader({ s: "x", z: null, o: {} });

  it("optional is undefined only for an absent field; a wrong kind still throws", () => {
    expect(c.optional("nope", "string")).toBeUndefined();
    expect(c.optional("o.deep", "number")).toBeUndefined();
    expect(c.optional("s", "string")).toBe("x");
    expect(() => c.optional("s", "number")).toThrow('field "s" must be number (got string)');
  });

  it("has is true for a present field, null included", () => {
    expect([c.has("s"), c.has("z"), c.has("o"), c.has("nope"), c.has("o.x")]).toEqual([true, true, true, false, false]);
  });
});

describe("readCases", () => {
  it("reads a list of cases; the id is the case's id, else <label>[<index>]", () => {
    const cases = readCases({ cases: [{ id: "a" }, { id: 7 }, { x: 1 }, { id: true }] }, "cases");
    expect(cases.map((c) => c.id)).toEqual(["a", "7", "cases[2]", "cases[3]"]);
    expect(cases[2]!.raw).toEqual({ x: 1 });
    expect(readCases({ token_count: { cases: [{}] } }.token_count, "cases", "token_count.cases")[0]!.id).toBe("token_count.cases[0]");
    expect(readCases({ cases: [] }, "cases")).toEqual([]);
  });

  it("a file that is not an object, a missing list or a non-object case is one clear error", () => {
    for (const file of [null, [], "x", 3]) {
      expect(() => readCases(file, "cases")).toThrow('case (file): field "cases" cannot be read: the file is not a JSON object');
    }
    expect(() => readCases({}, "cases")).toThrow('case (file): field "cases" must be an array of cases (got undefined)');
    expect(() => readCases({ cases: {} }, "cases", "outer.cases")).toThrow('field "outer.cases" must be an array of cases (got object)');
    expect(() => readCases({ cases: [{}, [1]] }, "cases")).toThrow('case cases[1]: field "(case)" must be an object');
    expect(() => readCases({ cases: [null] }, "cases")).toThrow(VectorFormatError);
  });
});
