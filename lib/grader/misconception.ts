/**
 * Naming the mistake behind a failing graded test (lib/misconceptions/README.md). The judge
 * records each call a test makes to the student's functions — its own arguments and the sandbox's decoded answer —
 * and, when the test fails, asks the catalogue which known wrong variant returns exactly those answers. This runs
 * in the JUDGE only: student answers are data here (V8-decoded, no code), compared by lib's `sameOutput`.
 */
import { misconceptionById, misconceptionsOf } from "../misconceptions/catalogue.js";
import { diagnoseExercise, type WrongCall } from "../misconceptions/diagnose.js";
import { matchMisconception, misconceptionReport, type MisconceptionReport, type ObservedCall } from "../misconceptions/match.js";
import { misconceptionText } from "../misconceptions/translations.js";
import type { Lang } from "../core/lang.js";
import { showValue } from "./values.js";

export type { MisconceptionReport } from "../misconceptions/match.js";

/** At most this many calls are kept per test (a property test's shrinking makes many); the first ones are kept. */
export const MAX_RECORDED_CALLS = 400;

/** The calls of one graded test, in order. */
export class CallRecorder {
  readonly calls: ObservedCall[] = [];
  /** True once the student's code threw (or was stopped) in this test: its failure is then not a wrong answer. */
  threw = false;

  /** One answered call. `args` are the judge's own values (never sent back from the sandbox). */
  record(fn: string, args: readonly unknown[], output: unknown): void {
    if (this.calls.length < MAX_RECORDED_CALLS) this.calls.push({ fn, args, output });
  }

  /**
   * The right answer the test compared the last recorded call's answer with, where lib has no function for it
   * (exercise 08's is lib's async loop): the matcher uses it instead of `RIGHT_ANSWERS`, and the `fromExpected`
   * variants apply their mistake to it. A call that was not recorded (past the cap) gets nothing.
   */
  expectLast(fn: string, expected: unknown): void {
    const last = this.calls.at(-1);
    if (last && last.fn === fn && !("expected" in last)) this.calls[this.calls.length - 1] = { ...last, expected };
  }
}

/**
 * The misconception that explains a failing test's calls, for exercise `exercise`, or null: none catalogued for
 * the exercise, no call recorded, the student's code threw, or no variant fits. Never throws: naming a mistake
 * is feedback, and a failure to name one must not change the grade.
 */
export function nameMisconception(exercise: string, recorder: CallRecorder): MisconceptionReport | null {
  if (recorder.threw || recorder.calls.length === 0 || misconceptionsOf(exercise).length === 0) return null;
  try {
    const m = matchMisconception(exercise, recorder.calls);
    return m ? misconceptionReport(m) : null;
  } catch {
    return null; // an answer too deep to compare, a variant's own bug: no name, the grade stands
  }
}

/** The longer text for a report: what the code does and why it is wrong (empty for an unknown id). */
export function misconceptionExplanation(id: string): string {
  return misconceptionById(id)?.explanation ?? "";
}

/**
 * What a learner reads of a named mistake in `lang`: the catalogue's title and explanation in that language (the
 * report's own English title and no explanation for an id the catalogue does not know).
 */
export function localizedMisconception(m: MisconceptionReport, lang: Lang): { title: string; explanation: string } {
  return misconceptionText(m.id, lang) ?? { title: m.title, explanation: "" };
}

/** True for a well-formed `{ id, title, notebook }` (the grader checks what it reads back from a judge's log). */
export function isMisconceptionReport(value: unknown): value is MisconceptionReport {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Object.keys(v).length === 3 && ["id", "title", "notebook"].every((k) => typeof v[k] === "string" && (v[k] as string).length <= 500);
}

/** One graded test as the judge saw it: its title, whether it failed on a wrong answer, and its recorded calls. */
export interface GradedTestCalls {
  test: string;
  /** Failed with a wrong answer (not a stub's "not implemented", a throw, a stop or a load failure). */
  wrongAnswer: boolean;
  recorder: CallRecorder;
}

/** What the judge writes on a failed test after the exercise's last test (protocol.ts, `diagnosis`). */
export type Diagnosis = { misconception: MisconceptionReport } | { unknownMistake: string };

/**
 * The diagnosis of each test of `tests` that failed on a wrong answer, from the calls of EVERY test of the exercise
 * (lib/misconceptions/diagnose.ts): the known mistake that explains them all, or the evidence that none does. Empty
 * for an exercise without a catalogue, or when the diagnosis itself fails (feedback never changes the grade).
 */
export function diagnoseTests(exercise: string, tests: readonly GradedTestCalls[]): Map<string, Diagnosis> {
  const out = new Map<string, Diagnosis>();
  if (misconceptionsOf(exercise).length === 0) return out;
  try {
    const input = tests.map((t) => ({ test: t.test, failed: t.wrongAnswer && !t.recorder.threw, calls: t.recorder.calls }));
    for (const [test, d] of diagnoseExercise(exercise, input)) {
      out.set(test, d.misconception ? { misconception: misconceptionReport(d.misconception) } : { unknownMistake: unknownMistakeText(d.evidence) });
    }
  } catch {
    return new Map(); // an answer too deep to compare, a variant's own bug: no name, the grade stands
  }
  return out;
}

/** The line under a failed test that no known mistake explains: the first call whose answer is wrong, expected vs yours. */
export function unknownMistakeText(evidence: WrongCall | null): string {
  const why = "no catalogued mistake gives your answers on every test";
  if (evidence === null) return `${why}; the message above shows where yours differs`;
  const args = evidence.args.map((a) => showValue(a, evidence.tolerance, 60)).join(", ");
  return `${why}. First difference: ${evidence.fn}(${args}) — expected ${showValue(evidence.expected, evidence.tolerance)}, yours ${showValue(evidence.output, evidence.tolerance)}`;
}
