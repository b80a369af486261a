/** Telling variants apart (lib/misconceptions/pairs.ts): a pair is told apart only by a call where they answer differently. */
import { describe, expect, it } from "vitest";
import { misconceptionsOf } from "../../lib/misconceptions/catalogue.js";
import { variantPairsTold } from "../../lib/misconceptions/pairs.js";

const EX = "05-commit-plan";
const call = (d: string[], e: string[], s = {}) => ({ fn: "commitPlan", args: [d, e, s], output: null });

describe("variantPairsTold", () => {
  it("lists every pair of variants of one function", () => {
    const n = misconceptionsOf(EX).length;
    expect(variantPairsTold(EX, [])).toHaveLength((n * (n - 1)) / 2);
    expect(variantPairsTold(EX, []).every((p) => !p.told), "no input tells nothing apart").toBe(true);
  });

  it("all of D and D − E agree when D and E are disjoint, and differ on the seed's example", () => {
    const pair = (calls: ReturnType<typeof call>[]) => variantPairsTold(EX, calls).find((p) => p.a === "05-checkpoint-all-dirty" && p.b === "05-checkpoint-difference")!;
    expect(pair([call(["a.py"], ["b.py"])]).told).toBe(false);
    expect(pair([call(["a.py"], ["b.py"]), call(["app.py", "notes.md"], ["app.py", "new.py"])]).told).toBe(true);
  });

  it("calls of another function tell nothing", () => {
    expect(variantPairsTold(EX, [{ fn: "other", args: [["a"], ["a"], {}], output: null }]).some((p) => p.told)).toBe(false);
  });

  it("refuses calls that are not an array", () => {
    expect(() => variantPairsTold(EX, null as never)).toThrow(/variantPairsTold.*calls/);
  });
});
