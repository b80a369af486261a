import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { explore, WorkbenchInputError } from "../../lib/index.js";

/** A law with a counterexample known in advance: every integer of 0–1000 is below 500 (500 is the smallest failure). */
const below500: explore.Law<number> = {
  id: "test/below-500",
  mechanism: "budget",
  statement: "every integer is below 500",
  verdict: "fails",
  lesson: "",
  arbitrary: (f) => f.integer({ min: 0, max: 1000 }),
  check: (n) => (n < 500 ? null : `${n} is not below 500`),
  rows: (n) => [{ what: "n", value: n }],
};

describe("exploreLaw", () => {
  it("finds and shrinks a counterexample, with its seed, path, reason, rows and literal", () => {
    const r = explore.exploreLaw(fc, below500, { seed: 42, numRuns: 200 });
    expect(r).toMatchObject({ refuted: true, asExpected: true, seed: 42, counterexample: 500, why: "500 is not below 500", literal: "500" });
    expect(r.rows).toEqual([{ what: "n", value: 500 }]);
    expect(r.path).toMatch(/^\d+(:\d+)*$/);
    // the seed and path replay exactly that input, without shrinking further
    expect(explore.replayCounterexample(fc, below500, { seed: 42, path: r.path! })).toMatchObject({ counterexample: 500, numShrinks: 0 });
  });

  it("reports a law that holds, and whether that was the catalogued verdict", () => {
    const holds = { ...below500, verdict: "holds" as const, check: (n: number) => (n <= 1000 ? null : "too big") };
    expect(explore.exploreLaw(fc, holds, { seed: 1, numRuns: 50 })).toMatchObject({ refuted: false, asExpected: true, counterexample: null, path: null, rows: [], numRuns: 50 });
    expect(explore.exploreLaw(fc, { ...holds, verdict: "fails" }, { seed: 1, numRuns: 50 }).asExpected).toBe(false);
  });

  it("uses another arbitrary when given one (the notebook's 'change the arbitrary')", () => {
    const r = explore.exploreLaw(fc, below500, { seed: 3, arbitrary: fc.integer({ min: 0, max: 499 }) });
    expect(r.refuted).toBe(false);
  });

  it("an input that makes the check throw is a counterexample too, named by its error", () => {
    const crash = {
      ...below500,
      check(n: number): string | null {
        if (n > 10) (null as unknown as { x: () => void }).x();
        return null;
      },
    };
    const r = explore.exploreLaw(fc, crash, { seed: 5 });
    expect(r).toMatchObject({ refuted: true, counterexample: 11 });
    expect(r.why).toMatch(/^TypeError: /);
  });

  it("inputs outside the precondition are skipped; too many skips is reported, not taken for a verdict", () => {
    const r = explore.exploreLaw(fc, { ...below500, precondition: () => false }, { seed: 1, numRuns: 10 });
    expect(r).toMatchObject({ refuted: false, tooManySkips: true, asExpected: false });
  });

  it("checks its arguments", () => {
    const bad: [unknown, unknown, unknown, RegExp][] = [
      [{}, below500, {}, /exploreLaw: fc must be the fast-check module/],
      [fc, { id: "x" }, {}, /law.mechanism must be present/],
      [fc, { ...below500, verdict: "maybe" }, {}, /law.verdict must be "holds" or "fails"/],
      [fc, below500, { seeds: 1 }, /options.seeds is not a known option/],
      [fc, below500, { path: "1:2" }, /options.seed must be given with options.path/],
      [fc, below500, { seed: 1, path: "a" }, /options.path must be a fast-check path/],
      [fc, below500, { numRuns: 0 }, /options.numRuns must be a positive integer/],
      [fc, below500, { seed: 1.5 }, /options.seed must be an integer/],
    ];
    for (const [f, law, options, message] of bad) {
      const call = () => explore.exploreLaw(f as never, law as never, options as never);
      expect(call).toThrow(WorkbenchInputError);
      expect(call).toThrow(message);
    }
  });
});
