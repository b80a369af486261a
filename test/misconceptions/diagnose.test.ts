/**
 * The exercise-wide diagnosis (lib/misconceptions/diagnose.ts), on exercise 05's commit plans built by hand: a
 * variant is named for a failing test only when it reproduces the student's answers on every test's calls, failing
 * and passing; otherwise the test gets the first wrong call as evidence.
 */
import { describe, expect, it } from "vitest";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { diagnoseExercise, wrongCalls, type TestCalls } from "../../lib/misconceptions/diagnose.js";
import type { ObservedCall } from "../../lib/misconceptions/match.js";

const EX = "05-commit-plan";
const ALL_D = misconceptionById("05-checkpoint-all-dirty")!;
const D_MINUS_E = misconceptionById("05-checkpoint-difference")!;
const right = misconceptionById("05-dry-run-ignored")!; // right wherever dryRun is off
const as = (m: typeof ALL_D, d: string[], e: string[]): ObservedCall => ({ fn: "commitPlan", args: [d, e, {}], output: m.run(d, e, {}) });

/** D = {a}, E = {}: all of D and D − E both checkpoint a — they agree here. */
const AGREE: [string[], string[]] = [["a.py"], []];
/** The seed's example: they differ. */
const SEED: [string[], string[]] = [["app.py", "notes.md"], ["app.py", "new.py"]];

describe("diagnoseExercise", () => {
  it("two variants that agree on one failing test are told apart by the other tests' calls", () => {
    expect(ALL_D.run(...AGREE, {})).toEqual(D_MINUS_E.run(...AGREE, {}));
    const tests: TestCalls[] = [
      { test: "edge", failed: true, calls: [as(ALL_D, ...AGREE)] },
      { test: "seed", failed: true, calls: [as(ALL_D, ...SEED)] },
    ];
    const d = diagnoseExercise(EX, tests);
    expect(d.get("edge")).toEqual({ misconception: ALL_D });
    expect(d.get("seed")).toEqual({ misconception: ALL_D });
    // with only the call where they agree, catalogue order would pick D − E's sibling: the passing tests count too
    const alone = diagnoseExercise(EX, [tests[0]!]).get("edge")!;
    expect(alone.misconception?.id).not.toBe("05-checkpoint-all-dirty"); // not enough evidence to tell them apart
  });

  it("a passing test's calls rule a variant out", () => {
    const student = { fn: "commitPlan", args: [...SEED, {}], output: D_MINUS_E.run(...SEED, {}) };
    const passing = { fn: "commitPlan", args: [...AGREE, {}], output: right.run(...AGREE, {}) };
    // D − E would checkpoint a.py on AGREE; the student (right there) did not: no variant explains both
    expect(passing.output).not.toEqual(D_MINUS_E.run(...AGREE, {}));
    const d = diagnoseExercise(EX, [{ test: "seed", failed: true, calls: [student] }, { test: "edge", failed: false, calls: [passing] }]);
    const seed = d.get("seed")!;
    expect(seed.misconception).toBeNull();
    expect(seed.misconception === null && seed.evidence).toMatchObject({ fn: "commitPlan", args: [...SEED, {}], output: student.output, tolerance: 0 });
    expect(d.has("edge"), "only failing tests are diagnosed").toBe(false);
  });

  it("a failing test whose wrong answers come from another function is not named; evidence null without a known right answer", () => {
    const hand = { fn: "handCalculationAB", args: [0.85], output: { A: 0.15, B: 0.1275 } };
    const d = diagnoseExercise("01-pagerank", [{ test: "hand", failed: true, calls: [hand] }]);
    expect(d.get("hand")).toEqual({ misconception: null, evidence: null });
  });

  it("wrongCalls lists the calls whose answer differs from the right one, with the tolerance", () => {
    expect(wrongCalls(EX, [as(right, ...SEED)])).toEqual([]);
    expect(wrongCalls(EX, [as(ALL_D, ...SEED)]).map((w) => w.fn)).toEqual(["commitPlan"]);
  });

  it("refuses tests that are not an array", () => {
    expect(() => diagnoseExercise(EX, null as never)).toThrow(/diagnoseExercise.*tests/);
  });
});
