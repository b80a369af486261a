import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { formatGivenData, GIVEN_DATA_PATH, givenDataProblem, givenValuesOf, loadGivenData, parseGivenData } from "../../../lib/grader/judge/given.js";

const CASES = { one: ["a\n", "a\n", "b\n"], two: ["x\n", "", "y\n"] };

describe("givenValuesOf", () => {
  it("keeps a module's value exports, sorted, and leaves its functions out", () => {
    const values = givenValuesOf({ solve: () => 1, CASES, FILE: "f\n", DEFAULTS: Object.freeze({ on: true, n: 3 }) });
    expect(values).toEqual({ CASES, DEFAULTS: { on: true, n: 3 }, FILE: "f\n" });
    expect(Object.keys(values)).toEqual(["CASES", "DEFAULTS", "FILE"]);
  });

  it("refuses what JSON would change: a Map, undefined, NaN, a class instance", () => {
    for (const bad of [new Map([["a", 1]]), undefined, Number.NaN, { at: new Date(0) }]) {
      expect(() => givenValuesOf({ X: bad }), String(bad)).toThrow(WorkbenchInputError);
    }
    expect(() => givenValuesOf(null as unknown as Record<string, unknown>)).toThrow(/module/);
  });
});

describe("the judge's copy on disk", () => {
  it("formats and parses back to the same data, exercises sorted", () => {
    const data = { "09-b": { CASES }, "06-a": { FILE: "x" } };
    const text = formatGivenData(data);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(["06-a", "09-b"]);
    expect(parseGivenData(text)).toEqual(data);
  });

  it("refuses text that is not JSON, not an object, an unknown id or a bad export name, naming what", () => {
    expect(() => parseGivenData("{")).toThrow(/must be JSON/);
    expect(() => parseGivenData("[]")).toThrow(/JSON object of exercises/);
    expect(() => parseGivenData('{"six": {}}')).toThrow(/"six" that is no exercise id/);
    expect(() => parseGivenData('{"06-a": []}')).toThrow(/06-a must be an object of exports/);
    expect(() => parseGivenData('{"06-a": {"1x": 1}}')).toThrow(/"1x", which is no export name/);
  });

  it("loadGivenData reads the checkout's file, and a checkout without one gives nothing", () => {
    const root = mkdtempSync(join(tmpdir(), "wb-given-"));
    expect(loadGivenData(root)).toEqual({});
    mkdirSync(dirname(join(root, GIVEN_DATA_PATH)), { recursive: true });
    writeFileSync(join(root, GIVEN_DATA_PATH), formatGivenData({ "06-a": { CASES } }));
    expect(loadGivenData(root)).toEqual({ "06-a": { CASES } });
  });
});

describe("givenDataProblem", () => {
  it("is null when every given export is there and equal, whatever else the student exports", () => {
    expect(givenDataProblem("06", { CASES }, { CASES: structuredClone(CASES), MINE: 1 })).toBeNull();
    expect(givenDataProblem("06", {}, { CASES: 1 })).toBeNull();
  });

  it("names a missing export and a changed one, where it differs, and how to put it back", () => {
    expect(givenDataProblem("06", { CASES }, {})).toMatch(/^CASES is missing: .*their own copy.*reset 06/);
    const changed = givenDataProblem("06", { CASES }, { CASES: { ...CASES, two: ["x\n", "x\n", "y\n"] } });
    expect(changed).toMatch(/^CASES was changed \(at two\[1\]: given "", found "x\\n"\): the exercise gives CASES/);
    expect(givenDataProblem("06", { CASES }, { CASES: { ...CASES, three: ["", "", ""] } })).toMatch(/at three: given "\(no such field\)"/);
    expect(givenDataProblem("06", { FILE: "a" }, { FILE: "b" })).toMatch(/at the top: given "a", found "b"/);
  });
});
