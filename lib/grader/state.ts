/**
 * The student's progress between runs, in `.workbench/progress.json` at the checkout's root (gitignored): per
 * exercise, whether it has been done (full points), the best and last score, which hints were seen, and which
 * graded tests failed in the last grade (so `workbench hint` can follow the failure, hints.ts).
 * Only grading the checkout's own exercises/ records progress; grading solutions or another folder does not.
 * Version 1 files (a count of hints shown, always from hint 1 on) are read and upgraded: count n → hints 1…n seen.
 */
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { writeOutputFile } from "../core/safe-write.js";
import { readUserFile } from "../core/user-file.js";
import type { GradeReport } from "./results.js";

/** The largest progress file read (a class's worth of exercises fits in a few KiB). */
export const MAX_STATE_BYTES = 4 << 20;

export interface ExerciseState {
  /** The numbers of the hints seen (shown by `workbench hint` or by a failed grade), ascending, no repeats. */
  hintsSeen: number[];
  /** The titles of the graded tests that failed in the last grade, in report order; absent when none is recorded. */
  failing?: string[];
  /** True once the exercise scored full points; a later regression shows as such but does not undo it. */
  done: boolean;
  doneAt?: string;
  bestPoints: number;
  lastPoints: number;
  maxPoints: number;
  lastGradedAt?: string;
}

export interface ProgressState {
  version: 2;
  exercises: Record<string, ExerciseState>;
}

/** Limits a progress file must keep to (a hint number, the failing tests recorded, a test title's length). */
export const STATE_LIMITS = Object.freeze({ maxHint: 99, maxFailing: 500, maxTitle: 1000 });

/** Where progress is kept, relative to the checkout's root. */
export const STATE_FILE = ".workbench/progress.json";

export function statePath(root: string): string {
  return join(root, STATE_FILE);
}

export function emptyState(): ProgressState {
  return { version: 2, exercises: {} };
}

/**
 * What is wrong with a parsed progress file, or null when it is a valid one: version 2 (or 1, which loadState
 * upgrades), exercise ids like "01-name", whole non-negative numbers, points never above the maximum, `done` only
 * with points (a later maximum may be higher), hint numbers 1…99 ascending without repeats, failing tests as a list
 * of titles.
 */
export function stateProblem(parsed: unknown): string | null {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return "it is not a JSON object";
  const p = parsed as Record<string, unknown>;
  if (p.version !== 1 && p.version !== 2) return "its version is not 1 or 2";
  if (p.exercises === null || typeof p.exercises !== "object" || Array.isArray(p.exercises)) return "it has no exercises object";
  const count = (v: unknown): boolean => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  for (const [id, raw] of Object.entries(p.exercises as Record<string, unknown>)) {
    if (!/^\d{2}-[a-z0-9-]+$/.test(id)) return `"${id}" is not an exercise id`;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return `${id} is not an object`;
    const e = raw as Record<string, unknown>;
    const hints = p.version === 1 ? hintsShownProblem(id, e.hintsShown) : hintsSeenProblem(id, e.hintsSeen) ?? failingProblem(id, e.failing);
    if (hints) return hints;
    for (const k of ["bestPoints", "lastPoints", "maxPoints"]) if (!count(e[k])) return `${id}.${k} is not a whole number ≥ 0`;
    if (typeof e.done !== "boolean") return `${id}.done is not true or false`;
    for (const k of ["doneAt", "lastGradedAt"]) if (e[k] !== undefined && (typeof e[k] !== "string" || Number.isNaN(Date.parse(e[k] as string)))) return `${id}.${k} is not a time`;
    const max = e.maxPoints as number;
    if ((e.bestPoints as number) > max || (e.lastPoints as number) > max) return `${id} has more points than its maximum (${max})`;
    if ((e.lastPoints as number) > (e.bestPoints as number)) return `${id}'s last points are above its best`;
    if (e.done && (max === 0 || e.bestPoints === 0)) return `${id} is marked done without any points`;
  }
  return null;
}

function hintsShownProblem(id: string, v: unknown): string | null {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) return `${id}.hintsShown is not a whole number ≥ 0`;
  return v > STATE_LIMITS.maxHint ? `${id}.hintsShown is above ${STATE_LIMITS.maxHint}` : null;
}

function hintsSeenProblem(id: string, v: unknown): string | null {
  if (!Array.isArray(v)) return `${id}.hintsSeen is not a list`;
  for (let i = 0; i < v.length; i++) {
    const n: unknown = v[i];
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1 || n > STATE_LIMITS.maxHint) return `${id}.hintsSeen holds ${JSON.stringify(n)}, not a hint number 1…${STATE_LIMITS.maxHint}`;
    if (i > 0 && n <= (v[i - 1] as number)) return `${id}.hintsSeen is not ascending without repeats`;
  }
  return null;
}

function failingProblem(id: string, v: unknown): string | null {
  if (v === undefined) return null;
  if (!Array.isArray(v) || v.length > STATE_LIMITS.maxFailing) return `${id}.failing is not a list of at most ${STATE_LIMITS.maxFailing} test titles`;
  if (!v.every((t) => typeof t === "string" && t.length > 0 && t.length <= STATE_LIMITS.maxTitle)) return `${id}.failing holds something that is not a test title`;
  return null;
}

/** A valid version 1 state (stateProblem null) as version 2: a count n of hints shown becomes hints 1…n seen. */
export function upgradeState(parsed: { version: 1 | 2; exercises: Record<string, Record<string, unknown>> }): ProgressState {
  if (parsed.version === 2) return parsed as unknown as ProgressState;
  const exercises: Record<string, ExerciseState> = {};
  for (const [id, raw] of Object.entries(parsed.exercises)) {
    const { hintsShown, ...rest } = raw;
    exercises[id] = { ...(rest as Omit<ExerciseState, "hintsSeen">), hintsSeen: Array.from({ length: hintsShown as number }, (_, i) => i + 1) };
  }
  return { version: 2, exercises };
}

/**
 * Reads the state; a missing file is a fresh start. A file that is not valid (stateProblem) is not trusted and not
 * fatal: it is reported through `warn`, moved aside to `<path>.bad-<time>` for a person to look at, and replaced.
 */
export function loadState(path: string, warn: (line: string) => void = () => undefined): ProgressState {
  let text: string;
  try {
    text = readUserFile(path, { maxBytes: MAX_STATE_BYTES, param: "--state" }).toString("utf8");
  } catch (err) {
    if (!existsSync(path)) return emptyState(); // no progress yet (a dangling link is refused when written)
    throw err; // a FIFO, device, folder or oversized file: one line, never waited on nor replaced
  }
  let problem: string | null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    problem = stateProblem(parsed);
  } catch {
    problem = "it is not JSON";
  }
  if (problem === null) return upgradeState(parsed as Parameters<typeof upgradeState>[0]);
  const aside = `${path}.bad-${new Date().toISOString().replace(/:/g, "-")}`;
  let moved = false;
  try {
    if (!existsSync(aside)) {
      renameSync(path, aside);
      moved = true;
    }
  } catch {
    // cannot move it: it is still not used
  }
  warn(`${path} is not a valid progress file (${problem}); ${moved ? `it was moved to ${aside} and ` : ""}progress starts from scratch`);
  return emptyState();
}

/** Writes the state (through a temporary file and a rename, so an interrupted write never leaves half a file). */
export function saveState(path: string, state: ProgressState): void {
  mkdirSync(dirname(path), { recursive: true });
  writeOutputFile(path, JSON.stringify(state, null, 2) + "\n", "--state"); // a regular file only, never through a link
}

/** One exercise's entry, fresh if there is none. */
export function exerciseState(state: ProgressState, id: string): ExerciseState {
  return state.exercises[id] ?? { hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: 0 };
}

/** The state after a grade of the student's own exercises at time `now` (its failing tests recorded for `hint`). */
export function recordGrade(state: ProgressState, report: GradeReport, now: Date): ProgressState {
  const exercises = { ...state.exercises };
  for (const e of report.exercises) {
    if (e.error !== undefined) continue;
    const old = exerciseState(state, e.id);
    const full = e.maxPoints > 0 && e.points === e.maxPoints;
    const failing = e.tests.filter((t) => !t.passed).map((t) => t.name.slice(0, STATE_LIMITS.maxTitle)).slice(0, STATE_LIMITS.maxFailing);
    const next: ExerciseState = {
      ...old,
      failing,
      lastPoints: e.points,
      maxPoints: e.maxPoints,
      bestPoints: Math.max(old.bestPoints, e.points),
      lastGradedAt: now.toISOString(),
      done: old.done || full,
    };
    if (full && !old.done) next.doneAt = now.toISOString();
    exercises[e.id] = next;
  }
  return { version: 2, exercises };
}

/** The state with hint `number` of exercise `id` seen. */
export function withHintSeen(state: ProgressState, id: string, number: number): ProgressState {
  if (!Number.isSafeInteger(number) || number < 1 || number > STATE_LIMITS.maxHint) {
    throw new WorkbenchInputError("withHintSeen", "number", `must be a hint number 1…${STATE_LIMITS.maxHint}`, number);
  }
  const old = exerciseState(state, id);
  if (old.hintsSeen.includes(number)) return state;
  const hintsSeen = [...old.hintsSeen, number].sort((a, b) => a - b);
  return { version: 2, exercises: { ...state.exercises, [id]: { ...old, hintsSeen } } };
}

/** The state after `workbench reset`: the exercise starts over, hints included, and no grade is recorded. */
export function withReset(state: ProgressState, id: string): ProgressState {
  const old = exerciseState(state, id);
  const fresh: ExerciseState = { hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: old.maxPoints };
  return { version: 2, exercises: { ...state.exercises, [id]: fresh } };
}
