/**
 * Where the exercises are. An exercise `NN-name` has a README and stub in `exercises/NN-name/`, its reference
 * solution in `solutions/NN-name/` (the same file names) and its graded tests in `test/exercises/NN-name.test.ts`.
 * The solutions folder is the source of truth for which files an exercise has.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";

export interface ExerciseEntry {
  /** "01-pagerank". */
  id: string;
  /** "01". */
  number: string;
  /** exercises/NN-name/README.md (absolute). */
  readme: string;
  /** solutions/NN-name (absolute). */
  solutionDir: string;
  /** test/exercises/NN-name.test.ts (absolute). */
  testFile: string;
  /** The TypeScript files a student edits, relative to the exercise folder ("pagerank.ts"). */
  files: string[];
}

const ID = /^(\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The workbench checkout containing `start` (shared with the notebooks tooling). */

/** Every exercise of the checkout at `root`, in number order (from the folders of `solutions/`). */
export function listExercises(root: string): ExerciseEntry[] {
  const solutions = join(root, "solutions");
  if (!existsSync(solutions)) return [];
  return readdirSync(solutions)
    .filter((d) => ID.test(d) && statSync(join(solutions, d)).isDirectory())
    .sort()
    .map((id) => ({
      id,
      number: ID.exec(id)![1]!,
      readme: join(root, "exercises", id, "README.md"),
      solutionDir: join(solutions, id),
      testFile: join(root, "test", "exercises", `${id}.test.ts`),
      files: readdirSync(join(solutions, id)).filter((f) => f.endsWith(".ts")).sort(),
    }));
}

/**
 * The exercises named by `wanted` ("1", "01", "01-pagerank" or "pagerank"), in catalog order, without repeats;
 * all of them when `wanted` is empty. An unknown name is a `WorkbenchInputError` listing the known ones.
 */
export function selectExercises(all: readonly ExerciseEntry[], wanted: readonly string[]): ExerciseEntry[] {
  if (wanted.length === 0) return [...all];
  const chosen = new Set<ExerciseEntry>();
  for (const w of wanted) {
    requireString("selectExercises", "exercise", w);
    const n = /^\d{1,2}$/.test(w) ? w.padStart(2, "0") : null;
    const hit = all.find((e) => e.id === w || e.number === n || e.id.slice(3) === w);
    if (!hit) {
      throw new WorkbenchInputError("selectExercises", "exercise", `must be one of ${all.map((e) => e.id).join(", ")}`, w);
    }
    chosen.add(hit);
  }
  return all.filter((e) => chosen.has(e));
}
