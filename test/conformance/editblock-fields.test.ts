import { describe, expect, it } from "vitest";
import { PythonError } from "../../lib/core/pyerror.js";
import { compareCase, editTuple, readEditTuples, readFence, readStringRecord, readStrings, readStringsOrNull } from "../../lib/conformance/editblock-fields.js";
import { CaseReader, VectorFormatError } from "../../lib/conformance/format.js";

const reader = (raw: Record<string, unknown>) => new CaseReader("e-1", raw);

describe("the SEARCH/REPLACE vectors' field readers", () => {
  it("readStrings names the first bad element and what it was", () => {
    expect(readStrings(reader({ l: ["a", "b"] }), "l")).toEqual(["a", "b"]);
    expect(() => readStrings(reader({ l: ["a", null] }), "l")).toThrow('case e-1: field "l[1]" must be string (got null)');
    expect(() => readStrings(reader({ l: [3] }), "l")).toThrow('field "l[0]" must be string (got number)');
  });

  it("readStringsOrNull accepts null or a string list, nothing else", () => {
    expect(readStringsOrNull(reader({ v: null }), "v")).toBeNull();
    expect(readStringsOrNull(reader({ v: ["x.py"] }), "v")).toEqual(["x.py"]);
    expect(() => readStringsOrNull(reader({ v: "x.py" }), "v")).toThrow('field "v" must be null or an array of strings');
    expect(() => readStringsOrNull(reader({}), "v")).toThrow('field "v" is missing');
  });

  it("readFence reads exactly two strings, from `fence` unless told another field", () => {
    expect(readFence(reader({ fence: ["<source>", "</source>"] }))).toEqual(["<source>", "</source>"]);
    expect(readFence(reader({ f: ["```", "```"] }), "f")).toEqual(["```", "```"]);
    expect(() => readFence(reader({ fence: ["```"] }))).toThrow('case e-1: field "fence" must hold 2 strings (got 1)');
    expect(() => readFence(reader({ fence: ["```", 1] }))).toThrow('field "fence[1]" must be string (got number)');
  });

  it("readEditTuples reads [path, search, replace] triples into edits", () => {
    expect(readEditTuples(reader({ e: [["a.py", "x\n", "y\n"]] }), "e")).toEqual([{ path: "a.py", search: "x\n", replace: "y\n" }]);
    for (const bad of [["a.py", "x\n"], ["a.py", "x\n", null], "a.py"]) {
      expect(() => readEditTuples(reader({ e: [["b", "", ""], bad] }), "e")).toThrow('case e-1: field "e[1]" must be [path, search, replace] (three strings)');
    }
  });

  it("readStringRecord names the key whose value is not a string", () => {
    expect(readStringRecord(reader({ f: { "a.py": "x" } }), "f")).toEqual({ "a.py": "x" });
    expect(() => readStringRecord(reader({ f: { "a.py": "x", "b.py": 1 } }), "f")).toThrow('field "f.b.py" must be string');
  });

  it("editTuple is the vectors' tuple form of an edit", () => {
    expect(editTuple({ path: "p", search: "s", replace: "r" })).toEqual(["p", "s", "r"]);
  });
});

describe("compareCase", () => {
  it("passes on deep equality, whatever the key order", () => {
    expect(compareCase("x", { a: 1, b: [2] }, () => ({ b: [2], a: 1 }))).toEqual({ id: "x", passed: true });
  });

  it("a difference fails, showing both sides and the first field that differs", () => {
    expect(compareCase("x", { result: "a\n", stage: "perfect" }, () => ({ result: "a\n", stage: "whitespace" }))).toEqual({
      id: "x",
      passed: false,
      expected: { result: "a\n", stage: "perfect" },
      actual: { result: "a\n", stage: "whitespace" },
      detail: "stage differs",
    });
    // a field only one side has differs too; non-objects have no field to name
    expect(compareCase("x", { a: 1 }, () => ({ a: 1, extra: 0 })).detail).toBe("extra differs");
    expect(compareCase("x", "a", () => "b")).toMatchObject({ passed: false, expected: "a", actual: "b", detail: undefined });
  });

  it("a Python exception of ours is compared as { error: '<Type>: <message>' }", () => {
    const raise = () => {
      throw new PythonError("ValueError", "bad block");
    };
    expect(compareCase("x", { error: "ValueError: bad block" }, raise)).toEqual({ id: "x", passed: true });
    expect(compareCase("x", { error: "ValueError: other" }, raise)).toMatchObject({ passed: false, actual: { error: "ValueError: bad block" }, detail: "error differs" });
  });

  it("any other exception is a failed case showing its name and message, not a crash", () => {
    const o = compareCase("x", "fine", () => {
      throw new TypeError("cannot read x");
    });
    expect(o).toMatchObject({ id: "x", passed: false, actual: { error: "TypeError: cannot read x" } });
  });

  it("a malformed-field error raised while computing is re-thrown, not turned into a failure", () => {
    const malformed = new VectorFormatError("x", "fence", "must hold 2 strings (got 1)");
    expect(() => compareCase("x", null, () => { throw malformed; })).toThrow(malformed);
  });
});
