/**
 * The misconception matcher: given what a student's functions returned on a failing graded
 * test's inputs, name the first catalogued wrong variant that returns exactly the same (numbers within the right
 * answer's tolerance, as the graded tests compare), or null. Pure: it only calls lib's functions and the variants.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { misconceptionsOf, rightAnswerOf } from "./catalogue.js";
import { sameOutput } from "./same.js";
import type { Misconception } from "./types.js";

/** One call of a student's function as the graded test made it: the arguments and what came back. */
export interface ObservedCall {
  /** The exported function's name, e.g. "pageRankStep". */
  readonly fn: string;
  readonly args: readonly unknown[];
  /** The student's return value (a call that threw is not an observation: leave it out). */
  readonly output: unknown;
  /** The right answer as the test computed it; when given, it is used instead of running `RIGHT_ANSWERS`. */
  readonly expected?: unknown;
}

/** What the grader's JSON report carries on a failing test. */
export interface MisconceptionReport {
  readonly id: string;
  readonly title: string;
  readonly notebook: string;
}

/** Runs `f`; a throw means "no value", so a variant that cannot handle an input does not match. */
function attempt(f: () => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: f() };
  } catch {
    return { ok: false };
  }
}

/**
 * The first misconception of `exercise` (catalogue order) that explains `calls`: among the calls of its function
 * there is at least one, the variant's output equals the student's on EVERY one of them, and on at least one the
 * right answer differs from the student's (a correct answer is never a misconception). A call on which the right
 * answer throws (an input lib refuses) is no evidence: the student's mistake there is not checking the input, not
 * this entry's. Calls of other functions are ignored by that entry. Null when none fits.
 */
export function matchMisconception(exercise: string, calls: readonly ObservedCall[]): Misconception | null {
  if (typeof exercise !== "string" || misconceptionsOf(exercise).length === 0) {
    throw new WorkbenchInputError("matchMisconception", "exercise", "must name an exercise with catalogued misconceptions", exercise);
  }
  if (!Array.isArray(calls)) throw new WorkbenchInputError("matchMisconception", "calls", "must be an array of { fn, args, output }", calls);
  for (const [i, c] of calls.entries()) {
    if (typeof c !== "object" || c === null || typeof c.fn !== "string" || !Array.isArray(c.args) || !("output" in c)) {
      throw new WorkbenchInputError("matchMisconception", `calls[${i}]`, "must be { fn: string, args: unknown[], output }", c);
    }
  }
  return misconceptionsOf(exercise).find((m) => explainsCalls(m, calls)) ?? null;
}

/**
 * True when `m` explains `calls` (already checked): among the calls of its function there is at least one, its
 * variant returns the student's output on every one (within the right answer's tolerance), and on at least one the
 * right answer differs. The matcher's rule, shared with `diagnoseExercise` (diagnose.ts).
 */
export function explainsCalls(m: Misconception, calls: readonly ObservedCall[]): boolean {
  const mine = calls.filter((c) => c.fn === m.fn && (!m.fromExpected || "expected" in c));
  const right = rightAnswerOf(m.exercise, m.fn);
  if (mine.length === 0 || (right === null && !mine.every((c) => "expected" in c))) return false;
  const tolerance = right?.tolerance ?? 0;
  let wrongSomewhere = false;
  const fits = mine.every((c) => {
    const variant = attempt(() => (m.fromExpected ? m.run(...c.args, c.expected) : m.run(...c.args)));
    if (!variant.ok || !sameOutput(c.output, variant.value, tolerance)) return false;
    const expected = rightOutput(m.exercise, c);
    if (expected.ok && !sameOutput(c.output, expected.value, tolerance)) wrongSomewhere = true;
    return true;
  });
  return fits && wrongSomewhere;
}

/**
 * The right answer for one recorded call: its `expected` when the test passed one, else `RIGHT_ANSWERS` run on its
 * arguments; `ok: false` when neither is known or lib refuses the input (no evidence either way).
 */
export function rightOutput(exercise: string, c: ObservedCall): { ok: true; value: unknown } | { ok: false } {
  if ("expected" in c) return { ok: true, value: c.expected };
  const right = rightAnswerOf(exercise, c.fn);
  return right === null ? { ok: false } : attempt(() => right.run(...c.args));
}

/** The `misconception` field of the grader's JSON report: `{ id, title, notebook: "<file> § <section>" }`. */
export function misconceptionReport(m: Misconception): MisconceptionReport {
  return { id: m.id, title: m.title, notebook: `${m.notebook.file} § ${m.notebook.section}` };
}
