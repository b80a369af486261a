/**
 * The student's progress between runs, in `.workbench/progress.json` at the checkout's root (gitignored): per
 * exercise, whether it has been done (full points), the best and last score, and how many hints were shown.
 * Only grading the checkout's own exercises/ records progress; grading solutions or another folder does not.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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

/** Reads the state; a missing file is a fresh start, an unreadable one is reported through `warn` and replaced. */
export function loadState(path: string, warn: (line: string) => void = () => undefined): ProgressState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return emptyState();
  }
  try {
    const parsed = JSON.parse(text) as Partial<ProgressState>;
    if (parsed.version === 1 && typeof parsed.exercises === "object" && parsed.exercises !== null) return parsed as ProgressState;
  } catch {
    // fall through
  }
  warn(`${path} is not a progress file this workbench understands; starting from scratch`);
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
