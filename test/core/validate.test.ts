/** lib/core/validate.ts: the argument checks every public function uses — one error naming the parameter and the rule. */
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import {
  rejectUnknownKeys,
  requireArray,
  requireBoolean,
  requireFinite,
  requireInteger,
  requireRecord,
  requireString,
  requireStringArray,
} from "../../lib/core/validate.js";

describe("the checks return the value they accept, unchanged", () => {
  it("never coerces", () => {
    const arr = ["a"];
    const rec = { k: 1 };
    expect(requireString("f", "p", "")).toBe("");
    expect(requireFinite("f", "p", -0.5)).toBe(-0.5);
    expect(requireInteger("f", "p", 3, 3)).toBe(3);
    expect(requireBoolean("f", "p", false)).toBe(false);
    expect(requireArray("f", "p", arr)).toBe(arr);
    expect(requireRecord("f", "p", rec)).toBe(rec);
    expect(requireStringArray("f", "p", arr)).toBe(arr);
    expect(() => rejectUnknownKeys("f", "p", rec, ["k"])).not.toThrow();
  });
});

describe("and reject everything else with a WorkbenchInputError", () => {
  const cases: [string, () => unknown, string][] = [
    ["a number for a string", () => requireString("f", "p", 1), "f: p must be a string (got 1)"],
    ["NaN", () => requireFinite("f", "p", NaN), "f: p must be a finite number"],
    ["Infinity", () => requireFinite("f", "p", Infinity), "f: p must be a finite number"],
    ["a numeric string", () => requireFinite("f", "p", "1"), "f: p must be a finite number"],
    ["-1 for min 0", () => requireInteger("f", "p", -1, 0), "f: p must be a non-negative integer"],
    ["0 for min 1", () => requireInteger("f", "p", 0, 1), "f: p must be a positive integer"],
    ["2 for min 5", () => requireInteger("f", "p", 2, 5), "f: p must be an integer ≥ 5"],
    ["1.5", () => requireInteger("f", "p", 1.5, 0), "f: p must be a non-negative integer"],
    ["1 for a boolean", () => requireBoolean("f", "p", 1), "f: p must be a boolean"],
    ["an object for an array", () => requireArray("f", "p", {}), "f: p must be an array"],
    ["null for an object", () => requireRecord("f", "p", null), "f: p must be an object"],
    ["an array for an object", () => requireRecord("f", "p", []), "f: p must be an object"],
    ["a bad element", () => requireStringArray("f", "p", ["a", null]), "f: p[1] must be a string"],
    ["an unknown key", () => rejectUnknownKeys("f", "options", { dampng: 1 }, ["damping"]), "f: options.dampng is not a known option (known: damping)"],
  ];
  it.each(cases)("%s", (_, call, message) => {
    expect(call).toThrow(WorkbenchInputError);
    expect(call).toThrow(message);
  });
});
