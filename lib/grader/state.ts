/**
 * The student's progress between runs, in `.workbench/progress.json` at the checkout's root (gitignored): per
 * exercise, whether it has been done (full points), the best and last score, and how many hints were shown.
 * Only grading the checkout's own exercises/ records progress; grading solutions or another folder does not.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { GradeReport } from "./results.js";

export interface ExerciseState {
  /** How many hints `workbench hint` (or a failed grade, for the first) has shown. */
  hintsShown: number;
  /** True once the exercise scored full points; a later regression shows as such but does not undo it. */
  done: boolean;
  doneAt?: string;
  bestPoints: number;
  lastPoints: number;
  maxPoints: number;
  lastGradedAt?: string;
}

export interface ProgressState {
  version: 1;
  exercises: Record<string, ExerciseState>;
}

/** Where progress is kept, relative to the checkout's root. */
export const STATE_FILE = ".workbench/progress.json";

export function statePath(root: string): string {
  return join(root, STATE_FILE);
}

export function emptyState(): ProgressState {
  return { version: 1, exercises: {} };
}

/**
 * What is wrong with a parsed progress file, or null when it is a valid one: version 1, exercise ids like
 * "01-name", whole non-negative numbers, points never above the maximum, `done` only with points (a later maximum may be higher).
 */
export function stateProblem(parsed: unknown): string | null {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return "it is not a JSON object";
  const p = parsed as Record<string, unknown>;
  if (p.version !== 1) return "its version is not 1";
  if (p.exercises === null || typeof p.exercises !== "object" || Array.isArray(p.exercises)) return "it has no exercises object";
  const count = (v: unknown): boolean => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
  for (const [id, raw] of Object.entries(p.exercises as Record<string, unknown>)) {
    if (!/^\d{2}-[a-z0-9-]+$/.test(id)) return `"${id}" is not an exercise id`;
    if (raw === null || typeof raw !== "object") return `${id} is not an object`;
    const e = raw as Record<string, unknown>;
    for (const k of ["hintsShown", "bestPoints", "lastPoints", "maxPoints"]) if (!count(e[k])) return `${id}.${k} is not a whole number ≥ 0`;
    if (typeof e.done !== "boolean") return `${id}.done is not true or false`;
    for (const k of ["doneAt", "lastGradedAt"]) if (e[k] !== undefined && (typeof e[k] !== "string" || Number.isNaN(Date.parse(e[k] as string)))) return `${id}.${k} is not a time`;
    const max = e.maxPoints as number;
    if ((e.bestPoints as number) > max || (e.lastPoints as number) > max) return `${id} has more points than its maximum (${max})`;
    if ((e.lastPoints as number) > (e.bestPoints as number)) return `${id}'s last points are above its best`;
    if (e.done && (max === 0 || e.bestPoints === 0)) return `${id} is marked done without any points`;
  }
  return null;
}

/**
 * Reads the state; a missing file is a fresh start. A file that is not valid (stateProblem) is not trusted and not
 * fatal: it is reported through `warn`, moved aside to `<path>.bad-<time>` for a person to look at, and replaced.
 */
export function loadState(path: string, warn: (line: string) => void = () => undefined): ProgressState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return emptyState();
  }
  let problem: string | null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    problem = stateProblem(parsed);
  } catch {
    problem = "it is not JSON";
  }
  if (problem === null) return parsed as ProgressState;
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
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(state, null, 2) + "\n");
  renameSync(tmp, path);
}

/** One exercise's entry, fresh if there is none. */
export function exerciseState(state: ProgressState, id: string): ExerciseState {
  return state.exercises[id] ?? { hintsShown: 0, done: false, bestPoints: 0, lastPoints: 0, maxPoints: 0 };
}

/** The state after a grade of the student's own exercises at time `now`. */
export function recordGrade(state: ProgressState, report: GradeReport, now: Date): ProgressState {
  const exercises = { ...state.exercises };
  for (const e of report.exercises) {
    if (e.error !== undefined) continue;
    const old = exerciseState(state, e.id);
    const full = e.maxPoints > 0 && e.points === e.maxPoints;
    const next: ExerciseState = {
      ...old,
      lastPoints: e.points,
      maxPoints: e.maxPoints,
      bestPoints: Math.max(old.bestPoints, e.points),
      lastGradedAt: now.toISOString(),
      done: old.done || full,
    };
    if (full && !old.done) next.doneAt = now.toISOString();
    exercises[e.id] = next;
  }
  return { version: 1, exercises };
}

/** The state with exercise `id`'s shown-hint count set to `count`. */
export function withHintsShown(state: ProgressState, id: string, count: number): ProgressState {
  return { version: 1, exercises: { ...state.exercises, [id]: { ...exerciseState(state, id), hintsShown: count } } };
}

/** The state after `workbench reset`: the exercise starts over (hints too, when `hints` is set). */
export function withReset(state: ProgressState, id: string, hints: boolean): ProgressState {
  const old = exerciseState(state, id);
  const fresh: ExerciseState = { hintsShown: hints ? 0 : old.hintsShown, done: false, bestPoints: 0, lastPoints: 0, maxPoints: old.maxPoints };
  return { version: 1, exercises: { ...state.exercises, [id]: fresh } };
}
