/**
 * Turns the graded tests' logs (see protocol.ts) into results. The grader runs the test files in rounds: when a
 * process had to be stopped (or died) part-way, the tests it had not reached run again in the next round with the
 * finished ones skipped. `foldRound` adds one round's log to what is known and says whether another round helps.
 */
import { isMisconceptionReport, type MisconceptionReport } from "./misconception.js";
import type { ReportProvenance } from "./provenance.js";
import { JUDGE_FACTOR, type GradeRecord, type TestKind, type TestStatus } from "./protocol.js";

export interface TestResult {
  name: string;
  kind: TestKind;
  passed: boolean;
  status: TestStatus;
  points: number;
  maxPoints: number;
  /** Empty when passed; otherwise why it failed (the assertion message, the error, or what stopped it). */
  message: string;
  /** How long it ran (milliseconds), when it ran to the end. */
  ms?: number;
  /** What the student's code printed (console.log and friends) during the test, if anything. */
  output?: string;
  /** On a failed test: the known mistake whose answers the student's are (lib/misconceptions), if one fits. */
  misconception?: MisconceptionReport;
  /** On a failed test no known mistake explains: where the answer differs, expected vs yours (lib/grader/misconception.ts). */
  unknownMistake?: string;
  /** A hidden test (test/exercises/hidden/): not in the student release, graded only with `grade --hidden`. */
  hidden?: true;
}

export interface ExerciseResult {
  id: string;
  title: string;
  points: number;
  maxPoints: number;
  tests: TestResult[];
  /** Set when the graded tests themselves could not run (a problem in the workbench, not in the student's code). */
  error?: string;
}

export interface GradeReport {
  /** What was graded: "exercises", "solutions" or a folder. */
  target: string;
  points: number;
  maxPoints: number;
  exercises: ExerciseResult[];
  /** Who and what was graded, by which grader, with which seed, when (provenance.ts); set by every grading run. */
  provenance?: ReportProvenance;
}

/** What is known about one exercise between rounds. */
export interface ExerciseProgress {
  declared: { test: string; points: number; kind: TestKind; hidden?: boolean }[];
  done: Map<string, { status: TestStatus; message: string; ms?: number; output?: string; misconception?: MisconceptionReport; unknownMistake?: string }>;
}

export function emptyProgress(): ExerciseProgress {
  return { declared: [], done: new Map() };
}

/** Messages for the ways a test can be stopped, shared with the report so wording stays in one place. */
export const STOP_MESSAGES = {
  cutOff: (afterMs: number, limitMs: number, loaded: boolean) =>
    `cut off after ${(afterMs / 1000).toFixed(1)} s: the grader's own checks ${loaded ? "of your answers" : "before your module was loaded"} were still running ` +
    `past ${(limitMs / 1000).toFixed(1)} s × ${JUDGE_FACTOR}, so it stopped them (an answer that makes the reference model work very long?); grading went on with the next test`,
  crashed: "the judge's test process died while this test was running (out of memory checking your answers?)",
  moduleHung: "not run: importing your module never finished in an earlier test (an endless loop at its top level?)",
  notReached: (why: string) => `not run: ${why}`,
} as const;

/**
 * Adds one round's records. Returns `rerun: true` when some declared tests have no result yet and this round made
 * progress (so running the rest again can finish them); otherwise the unfinished ones are closed as not run.
 */
export function foldRound(
  progress: ExerciseProgress,
  records: readonly GradeRecord[],
  round: { limitMs: number; fileError?: string },
): { rerun: boolean } {
  const { limitMs, fileError } = round;
  if (progress.declared.length === 0) {
    for (const r of records) if (r.type === "declare") progress.declared.push({ test: r.test, points: r.points, kind: r.kind, ...(r.hidden === true ? { hidden: true } : {}) });
  }
  const before = progress.done.size;
  const loadedPids = new Set<number>();
  let running: { test: string; pid: number } | null = null;
  let moduleHung = false;
  for (const r of records) {
    if (r.type === "loaded") loadedPids.add(r.pid);
    else if (r.type === "start") running = { test: r.test, pid: r.pid };
    else if (r.type === "end") {
      const named = r.status === "failed" && isMisconceptionReport(r.misconception) ? { misconception: r.misconception } : {};
      progress.done.set(r.test, { status: r.status, message: r.message, ms: r.ms, ...(r.output ? { output: r.output } : {}), ...named });
      running = null;
    } else if (r.type === "diagnosis") {
      const done = progress.done.get(r.test);
      if (done?.status !== "failed") continue;
      if (isMisconceptionReport(r.misconception)) progress.done.set(r.test, { ...done, misconception: r.misconception });
      else if (typeof r.unknownMistake === "string" && r.unknownMistake.length <= 2000) progress.done.set(r.test, { ...done, unknownMistake: r.unknownMistake });
    } else if (r.type === "cut-off") {
      // Stopped while importing the module (no "loaded" from that process yet) or while running the test?
      const loaded = running?.test === r.test ? loadedPids.has(running.pid) : true;
      progress.done.set(r.test, { status: "cut-off", message: STOP_MESSAGES.cutOff(r.afterMs, limitMs, loaded) });
      moduleHung ||= !loaded;
      running = null;
    }
  }
  if (running && !progress.done.has(running.test)) {
    progress.done.set(running.test, { status: "crashed", message: STOP_MESSAGES.crashed });
  }
  const pending = progress.declared.filter((d) => !progress.done.has(d.test));
  if (pending.length === 0) return { rerun: false };
  if (moduleHung) {
    for (const d of pending) progress.done.set(d.test, { status: "not-run", message: STOP_MESSAGES.moduleHung });
    return { rerun: false };
  }
  if (progress.done.size > before && !fileError) return { rerun: true };
  const why = fileError ?? "the test process stopped before reaching this test";
  for (const d of pending) progress.done.set(d.test, { status: "not-run", message: STOP_MESSAGES.notReached(why) });
  return { rerun: false };
}

/** The final result of one exercise from its progress. */
export function exerciseResult(exercise: { id: string; title: string }, progress: ExerciseProgress, error?: string): ExerciseResult {
  const { id, title } = exercise;
  const tests = progress.declared.map((d): TestResult => {
    const done = progress.done.get(d.test) ?? { status: "not-run" as const, message: STOP_MESSAGES.notReached("never started") };
    const passed = done.status === "passed";
    const t: TestResult = { name: d.test, kind: d.kind, passed, status: done.status, points: passed ? d.points : 0, maxPoints: d.points, message: passed ? "" : done.message };
    if (done.ms !== undefined) t.ms = done.ms;
    if (done.output) t.output = done.output;
    if (!passed && "misconception" in done && done.misconception) t.misconception = done.misconception;
    else if (!passed && "unknownMistake" in done && done.unknownMistake) t.unknownMistake = done.unknownMistake;
    if (d.hidden === true) t.hidden = true;
    return t;
  });
  const result: ExerciseResult = {
    id,
    title,
    points: sum(tests.map((t) => t.points)),
    maxPoints: sum(tests.map((t) => t.maxPoints)),
    tests,
  };
  if (error !== undefined) result.error = error;
  return result;
}

/** The whole report, totals included. */
export function gradeReport(target: string, exercises: ExerciseResult[]): GradeReport {
  return { target, points: sum(exercises.map((e) => e.points)), maxPoints: sum(exercises.map((e) => e.maxPoints)), exercises };
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
