/**
 * Several students in one grade process (grade-class's `--batch`): what the parent sends the batch child (a
 * manifest, on its stdin), what the child answers (one JSON line per student on its stdout), and how a class is cut
 * into batches. The child runs `runGradingBatch` (run.ts): one vitest run, the judge processes started once, each
 * student with its own sandboxes, logs, time limit and report (lib/grader/README.md, "Grading a class").
 */
import { resolveTarget } from "../target.js";
import { runGradingBatch, type BatchOutcome } from "../run.js";
import { loadCatalog } from "../session.js";
import { isStudentId } from "../provenance.js";
import type { GradeReport } from "../results.js";

/** What the batch child is asked to grade. */
export interface BatchManifest {
  /** Exercise ids (empty: all). */
  exercises: string[];
  seed: number;
  timeoutMs: number;
  hidden: boolean;
  /** Judge processes at once. */
  judges: number;
  /** How long one student's tests may be running in all, ms. */
  studentLimitMs: number;
  students: { id: string; targetDir: string }[];
}

/** One line of the batch child's stdout. */
export type BatchLine = { student: string; report: GradeReport } | { student: string; problem: string };

/** The manifest from its JSON, or a one-line reason it is not one. */
export function parseBatchManifest(text: string): BatchManifest | string {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch (err) {
    return `the batch manifest is not JSON (${(err as Error).message})`;
  }
  if (typeof m !== "object" || m === null) return "the batch manifest must be an object";
  const o = m as Record<string, unknown>;
  const whole = (k: string, min: number): boolean => Number.isSafeInteger(o[k]) && (o[k] as number) >= min;
  for (const [k, min] of [["seed", 0], ["timeoutMs", 1], ["judges", 1], ["studentLimitMs", 1]] as const) {
    if (!whole(k, min)) return `the batch manifest's ${k} must be an integer ≥ ${min}`;
  }
  if (typeof o.hidden !== "boolean") return "the batch manifest's hidden must be true or false";
  if (!Array.isArray(o.exercises) || !o.exercises.every((e) => typeof e === "string")) return "the batch manifest's exercises must be a list of exercise ids";
  const students = o.students;
  if (!Array.isArray(students) || students.length === 0) return "the batch manifest's students must be a non-empty list";
  const ids = new Set<string>();
  for (const s of students as unknown[]) {
    const st = s as Record<string, unknown> | null;
    if (typeof st !== "object" || st === null || typeof st.id !== "string" || !isStudentId(st.id) || typeof st.targetDir !== "string") {
      return "each student of the batch manifest must be { id: a student id, targetDir: a folder }";
    }
    if (ids.has(st.id)) return `the batch manifest names ${st.id} twice`;
    ids.add(st.id);
  }
  return o as unknown as BatchManifest;
}

/** Grades the manifest's students in one batch; one line per student, in the manifest's order. */
export async function gradeBatchManifest(root: string, m: BatchManifest, onStatus?: (line: string) => void): Promise<BatchLine[]> {
  const outcomes: BatchOutcome[] = await runGradingBatch({
    root,
    exercises: loadCatalog(root, m.exercises),
    targets: m.students.map((s) => ({ target: resolveTarget(root, s.targetDir), student: s.id })),
    timeoutMs: m.timeoutMs,
    seed: m.seed,
    hidden: m.hidden,
    maxWorkers: m.judges,
    targetLimitMs: m.studentLimitMs,
    ...(onStatus ? { onStatus } : {}),
  });
  return m.students.map((s, i) => ({ student: s.id, ...outcomes[i]! }));
}

/**
 * Cuts `items` into batches of at most `size`, as even as they can be, and a multiple of `jobs` batches where there
 * are enough items (so the last round of batches does not leave a core idle while one batch runs alone).
 */
export function planBatches<T>(items: readonly T[], size: number, jobs: number): T[][] {
  if (items.length === 0) return [];
  const per = Math.max(1, size) * Math.max(1, jobs);
  const count = Math.min(items.length, Math.max(1, jobs) * Math.ceil(items.length / per));
  const out: T[][] = [];
  let at = 0;
  for (let b = 0; b < count; b++) {
    const n = Math.floor(items.length / count) + (b < items.length % count ? 1 : 0);
    out.push(items.slice(at, at + n));
    at += n;
  }
  return out;
}
