/**
 * Where the exercises are. An exercise `NN-name` has a README and stub in `exercises/NN-name/`, its reference
 * solution in `solutions/NN-name/` (the same file names), its graded tests in `test/exercises/NN-name.test.ts` and,
 * optionally, hidden graded tests in `test/exercises/hidden/NN-name.ts` (left out of a student release, run only
 * by `grade --hidden`). The solutions folder is the source of truth for which files an exercise has; a student
 * release has none and reads `exercises/manifest.json` instead (manifest.ts).
 */
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";
import { MANIFEST_PATH, parseManifest } from "./manifest.js";
import { stubFromSolution } from "./stubs.js";

export interface ExerciseEntry {
  /** "01-pagerank". */
  id: string;
  /** "01". */
  number: string;
  /** exercises/NN-name/README.md (absolute). */
  readme: string;
  /** solutions/NN-name (absolute); null in a student release, which has no solutions. */
  solutionDir: string | null;
  /** test/exercises/NN-name.test.ts (absolute). */
  testFile: string;
  /** The TypeScript files a student edits, relative to the exercise folder ("pagerank.ts"). */
  files: string[];
  /** test/exercises/hidden/NN-name.ts (absolute): hidden graded tests, when the checkout has them (instructor only). */
  hiddenFile: string;
}

const ID = /^(\d{2})-[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The workbench checkout containing `start` (shared with the notebooks tooling). */

/**
 * Every exercise of the checkout at `root`, in number order: from the folders of `solutions/`, or, in a student
 * release without it, from `exercises/manifest.json` (a malformed manifest is a `WorkbenchInputError`).
 */
export function listExercises(root: string): ExerciseEntry[] {
  const solutions = join(root, "solutions");
  if (!existsSync(solutions)) return fromManifest(root);
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
      hiddenFile: hiddenTestFile(root, id),
    }));
}

/** Where exercise `id`'s hidden graded tests live (the file may not exist). */
export function hiddenTestFile(root: string, id: string): string {
  return join(root, "test", "exercises", "hidden", `${id}.ts`);
}

function fromManifest(root: string): ExerciseEntry[] {
  const path = join(root, MANIFEST_PATH);
  if (!existsSync(path)) return [];
  return parseManifest(readFileSync(path, "utf8")).exercises.map((m) => ({
    id: m.id,
    number: m.id.slice(0, 2),
    readme: join(root, "exercises", m.id, "README.md"),
    solutionDir: null,
    testFile: join(root, "test", "exercises", `${m.id}.test.ts`),
    files: Object.keys(m.stubs).sort(),
    hiddenFile: hiddenTestFile(root, m.id),
  }));
}

/**
 * The pristine stub of one of an exercise's files: made from the reference solution when the checkout has it,
 * otherwise the one recorded in the release's manifest.
 */
export function pristineStub(root: string, entry: ExerciseEntry, file: string): string {
  requireString("pristineStub", "file", file);
  if (!entry.files.includes(file)) throw new WorkbenchInputError("pristineStub", "file", `must be one of ${entry.id}'s files (${entry.files.join(", ")})`, file);
  if (entry.solutionDir !== null) return stubFromSolution(readFileSync(join(entry.solutionDir, file), "utf8"), entry.number);
  const m = parseManifest(readFileSync(join(root, MANIFEST_PATH), "utf8")).exercises.find((e) => e.id === entry.id);
  const stub = m?.stubs[file];
  if (stub === undefined) throw new WorkbenchInputError("pristineStub", "file", `has no stub in ${MANIFEST_PATH}`, file);
  return stub;
}

/**
 * True when every file of exercise `entry` in the checkout's exercises/ is exactly its pristine stub (the exercise
 * is not started). A file that is not a regular file of the stub's size is never read: it is not the stub.
 */
export function isUntouchedStub(root: string, entry: ExerciseEntry): boolean {
  try {
    return entry.files.every((f) => {
      const path = join(root, "exercises", entry.id, f);
      const stub = pristineStub(root, entry, f);
      const st = lstatSync(path, { throwIfNoEntry: false });
      return st !== undefined && st.isFile() && st.size === Buffer.byteLength(stub) && readFileSync(path, "utf8") === stub;
    });
  } catch {
    return false; // no stub can be made (a broken solution or manifest): not known to be untouched
  }
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
