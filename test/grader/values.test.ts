/** Values in grader messages (lib/grader/values.ts): numbers rounded to the test's tolerance, never float noise. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalsFor, roundCloseToMessage, roundedNumber, showValue } from "../../lib/grader/values.js";

describe("roundedNumber", () => {
  it("rounds to the tolerance and drops trailing zeros", () => {
    expect(roundedNumber(0.15000000000000002, 1e-12)).toBe("0.15");
    expect(roundedNumber(0.5405405405405406, 1e-4)).toBe("0.5405");
    expect(roundedNumber(2, 1e-9)).toBe("2");
    expect(roundedNumber(-1e-20, 1e-9)).toBe("0");
    expect(roundedNumber(0.15000000000000002, 0), "exact comparison: the number as it is").toBe("0.15000000000000002");
    expect(roundedNumber(Number.NaN, 1e-9)).toBe("NaN");
    expect(decimalsFor(0)).toBeNull();
    expect(decimalsFor(5e-5)).toBe(5);
  });

  it("property: the rounded number is within the tolerance of the number", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 12 }), (x, p) => {
        const tol = 10 ** -p;
        expect(Math.abs(Number(roundedNumber(x, tol)) - x)).toBeLessThanOrEqual(tol);
      }),
    );
  });
});

describe("showValue", () => {
  it("shows Maps as objects and Sets as lists, rounded and cut", () => {
    expect(showValue(new Map([["A", 0.15000000000000002]]), 1e-12)).toBe('{"A":0.15}');
    expect(showValue(new Set(["a"]))).toBe('["a"]');
    expect(showValue("x".repeat(500), 0, 20)).toHaveLength(20);
    expect(showValue(undefined)).toBe("undefined");
  });
});

describe("roundCloseToMessage", () => {
  it("rounds vitest's toBeCloseTo numbers to the precision it states", () => {
    const raw = "r_A: expected 0.15000000000000002 to be close to 0.5405, received difference is 0.39049999999999996, but expected 0.000049999999999999996";
    expect(roundCloseToMessage(raw)).toBe("r_A: expected 0.15 to be close to 0.5405, received difference is 0.3905, but expected 0.00005");
    expect(roundCloseToMessage("expected 1 to be 2")).toBe("expected 1 to be 2");
  });
});
