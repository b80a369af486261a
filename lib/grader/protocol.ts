/**
 * The side channel between the graded tests (the judge) and the grader. Each graded test file writes one JSON line
 * per event to `<logDir>/<exercise id>.jsonl` as it happens (synchronously), so the grader knows which tests exist
 * and what they are worth before any student code runs, and which test was running if it had to stop a judge
 * process. Only judge code writes these logs: student code runs in a sandbox that can write no file
 * (lib/grader/README.md), and its output reaches a log only as a string field of an `end` record.
 */
import type { MisconceptionReport } from "../misconceptions/match.js";

/**
 * One submission the judge grades. A batch (grade-class) has several, each with its own log folder, skip list and
 * sandbox processes; the judge registers every graded test once per target.
 */
export interface GradeTargetContext {
  /** Put before each test's title when a judge grades several targets ("s001 · …"); "" alone. */
  name: string;
  /** Folder holding one `<exercise id>.jsonl` log per exercise of this target (and `STOP_FILE` once stopped). */
  logDir: string;
  /** Names of tests already graded in an earlier round, per exercise id: they are registered as skipped. */
  skip: Record<string, string[]>;
  /** The graded folder (exercises/, solutions/ or a submission), laid out like exercises/. */
  targetDir: string;
  /** The exercise ids graded for this target in this round; a test file of another exercise registers nothing for it. */
  exercises: string[];
  /** Where the by-hand parts' ledgers are kept (attempts.ts); absent: no limit (not the student's own exercises/). */
  attemptsDir?: string;
}

/** What the grader hands to the graded tests through vitest's `provide`/`inject`, under `GRADE_CONTEXT_KEY`. */
export interface GradeContext {
  targets: GradeTargetContext[];
  /** Per-test time limit in milliseconds. */
  timeoutMs: number;
  /** fast-check seed, so a grade is reproducible. */
  seed: number;
  /** The workbench checkout (for the import policy and the sandbox runtime). */
  root: string;
  /** Also run the hidden graded tests (test/exercises/hidden/, instructor only; `grade --hidden`). */
  hidden?: boolean;
}

/** Written by the grader into a target's log folder when its time in a batch ran out: its tests left end at once. */
export const STOP_FILE = "stopped";

/** The `end` message of a test not run because its student's time in the batch ran out (STOP_FILE). */
export const STOPPED_MESSAGE = "not run: this submission's grading time ran out";

/** The problem of a student whose grading ran past its limit (`limitMs`), in a batch or alone (grade-class's words). */
export function stoppedProblem(limitMs: number): string {
  return `grading did not finish within ${Math.round(limitMs / 1000)} s; stopped`;
}

export const GRADE_CONTEXT_KEY = "workbenchGrade";

/** The judge's own work in a test (reference models, assertions) may take this many times the student's limit. */
export const JUDGE_FACTOR = 4;

/** How a test's message starts when the graded folder lacks the exercise's file (a submission without it). */
export const MISSING_FILE_MESSAGE = "there is nothing to grade: the graded folder has no";

export type TestKind = "example" | "property";

/**
 * How a graded test ended. `passed`/`failed`: it ran to the end; `timed-out`: the judge's own work did not settle;
 * `cut-off`: student code (or, rarely, the judge's process) ran past the limit and was stopped; `crashed`: the
 * sandbox (or a judge process) died while it ran; `not-run`: it never started (the test file could not run at all).
 */
export type TestStatus = "passed" | "failed" | "timed-out" | "cut-off" | "crashed" | "not-run";

export type GradeRecord =
  | { type: "declare"; test: string; points: number; kind: TestKind; hidden?: boolean }
  | { type: "start"; test: string; pid: number; t: number }
  | { type: "loaded"; pid: number }
  | { type: "end"; test: string; status: "passed" | "failed" | "timed-out" | "cut-off" | "crashed" | "not-run"; message: string; ms: number; output?: string; misconception?: MisconceptionReport }
  | { type: "cut-off"; test: string; afterMs: number }
  /**
   * Written after the exercise's last test, for a failed test: the known mistake that explains the whole submission
   * (its answers on every test, failing and passing), or `unknownMistake`, the evidence that none does.
   */
  | { type: "diagnosis"; test: string; misconception?: MisconceptionReport; unknownMistake?: string };

/** The log file of one exercise. */
export function logFileName(exerciseId: string): string {
  return `${exerciseId}.jsonl`;
}

/** Parses a log; a torn last line (the process was killed mid-write) is ignored, other bad lines are errors. */
export function parseRecords(text: string): GradeRecord[] {
  const lines = text.split("\n");
  const out: GradeRecord[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      out.push(JSON.parse(line) as GradeRecord);
    } catch (err) {
      if (i === lines.length - 1) return;
      throw new Error(`grade log line ${i + 1} is not JSON: ${(err as Error).message}`);
    }
  });
  return out;
}

/** One record as a log line. */
export function formatRecord(record: GradeRecord): string {
  return JSON.stringify(record) + "\n";
}

/** The test that has started and not ended (nor been cut off) by the end of `records`, or null. */
export function runningTest(records: readonly GradeRecord[]): Extract<GradeRecord, { type: "start" }> | null {
  let open: Extract<GradeRecord, { type: "start" }> | null = null;
  for (const r of records) {
    if (r.type === "start") open = r;
    else if ((r.type === "end" || r.type === "cut-off") && open?.test === r.test) open = null;
  }
  return open;
}
