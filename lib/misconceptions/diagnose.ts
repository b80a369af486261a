/**
 * A diagnosis for a whole exercise: a known mistake is named for a failing test only when it explains the
 * submission — its variant reproduces the student's answers on every recorded call of its function, in the failing
 * tests AND the passing ones — and the test's wrong answers all come from that function. Otherwise the test gets the
 * first call where the student's answer differs from the right one, as evidence ("not a known mistake").
 */
import { WorkbenchInputError } from "../core/errors.js";
import { misconceptionsOf, rightAnswerOf } from "./catalogue.js";
import { explainsCalls, rightOutput, type ObservedCall } from "./match.js";
import { sameOutput } from "./same.js";
import type { Misconception } from "./types.js";

/** What one graded test recorded: its title, whether it failed with a wrong answer, and its calls. */
export interface TestCalls {
  readonly test: string;
  /** True when the test failed on a wrong answer (not a stub, a throw, a stop). */
  readonly failed: boolean;
  readonly calls: readonly ObservedCall[];
}

/** A call on which the student's answer is not the right one. */
export interface WrongCall {
  readonly fn: string;
  readonly args: readonly unknown[];
  readonly expected: unknown;
  readonly output: unknown;
  /** The tolerance the graded tests allow on this function's numbers (0: exact). */
  readonly tolerance: number;
}

/** The diagnosis of one failing test: the mistake that explains it, or the evidence that none does. */
export type TestDiagnosis = { readonly misconception: Misconception } | { readonly misconception: null; readonly evidence: WrongCall | null };

/** The recorded calls of `test` whose answer differs from the right one (a call with no known right answer is left out). */
export function wrongCalls(exercise: string, calls: readonly ObservedCall[]): WrongCall[] {
  const out: WrongCall[] = [];
  for (const c of calls) {
    const tolerance = rightAnswerOf(exercise, c.fn)?.tolerance ?? 0;
    const right = rightOutput(exercise, c);
    if (right.ok && !sameOutput(c.output, right.value, tolerance)) out.push({ fn: c.fn, args: c.args, expected: right.value, output: c.output, tolerance });
  }
  return out;
}

/**
 * Every failing test of `tests` (one exercise's graded tests, each with the calls it recorded) with its diagnosis.
 * Per function, the first catalogued variant (catalogue order) that explains all the exercise's calls of it is the
 * candidate; a failing test is named for it when it has wrong answers and every one is from that function.
 */
export function diagnoseExercise(exercise: string, tests: readonly TestCalls[]): Map<string, TestDiagnosis> {
  if (!Array.isArray(tests)) throw new WorkbenchInputError("diagnoseExercise", "tests", "must be an array of { test, failed, calls }", tests);
  const all = tests.flatMap((t) => t.calls);
  const candidates = new Map<string, Misconception>();
  for (const fn of new Set(all.map((c) => c.fn))) {
    const m = misconceptionsOf(exercise).find((v) => v.fn === fn && explainsCalls(v, all));
    if (m) candidates.set(fn, m);
  }
  const out = new Map<string, TestDiagnosis>();
  for (const t of tests.filter((x) => x.failed)) {
    const wrong = wrongCalls(exercise, t.calls);
    const fns = new Set(wrong.map((w) => w.fn));
    const m = fns.size === 1 ? candidates.get([...fns][0]!) : undefined;
    out.set(t.test, m ? { misconception: m } : { misconception: null, evidence: wrong[0] ?? null });
  }
  return out;
}
