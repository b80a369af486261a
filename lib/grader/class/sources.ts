/**
 * Reads what the similarity report compares from disk: each student's exercise files from a
 * folder of submissions, the checkout's reference solutions, and the lib files that implement each exercise.
 *
 * A submission is hostile input (docs/hostile-inputs.md): a student folder is `SUBMISSIONS/<id>/`, laid out like
 * the student repository (`exercises/NN-name/file.ts`) or like `exercises/` itself (`NN-name/file.ts`). A file is
 * read only when it is a regular file whose real path stays inside the student's folder (a symlink out — to the
 * solutions, to /etc — is skipped and named), under `maxFileBytes`, and valid UTF-8 without NUL bytes. A student
 * folder that is itself a symlink, a hidden entry or a git bundle (which `grade-class` unpacks) is skipped.
 * Nothing is run.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { listExercises } from "../catalog.js";
import type { SimilaritySource } from "./similarity.js";

/**
 * The lib files holding the lib's own version of each exercise's functions (from the graded tests, which grade
 * against them). Exercise 08's loop prediction is graded against the whole loop, which has no one function to match.
 */
export const LIB_COUNTERPARTS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "01-pagerank": ["lib/repomap/teaching/repo-map.ts"],
  "02-symbol-budget": ["lib/repomap/teaching/repo-map.ts"],
  "03-map-search": ["lib/repomap/budget/map-search.ts"],
  "04-search-replace": ["lib/editblock/teaching/search-replace.ts"],
  "05-commit-plan": ["lib/git/teaching/commit-plan.ts"],
  "06-trace-the-path": ["lib/editblock/replace.ts"],
  "07-token-estimate": ["lib/repomap/budget/token-count.ts"],
  "09-predict-hunk": ["lib/editformats/udiff/apply.ts", "lib/editformats/udiff/parse.ts"],
});

/** A file or folder that was not read, and why. */
export interface SkippedSource {
  path: string;
  why: string;
}

export interface SourceFolderOptions {
  /** A student's files over this size are skipped (the checkout's own files may be up to 1 MiB). */
  maxFileBytes: number;
  /** Called for each file or folder left out. */
  onSkip: (skipped: SkippedSource) => void;
}

export const SOURCE_FOLDER_DEFAULTS: Readonly<SourceFolderOptions> = Object.freeze({ maxFileBytes: 256 * 1024, onSkip: () => {} });

const WHERE = "sourcesFromFolder";
const CHECKOUT_MAX_BYTES = 1024 * 1024;

/**
 * Every source for `findSimilarPairs`: the students' exercise files under `submissionsDir` (one sub-folder per
 * student, sorted by id), then the solutions and lib files of the checkout at `root`.
 */
export function sourcesFromFolder(root: string, submissionsDir: string, options: Partial<SourceFolderOptions> = {}): SimilaritySource[] {
  requireString(WHERE, "submissionsDir", submissionsDir);
  const o = checkSourceOptions(WHERE, root, options);
  if (!isDir(submissionsDir)) throw new WorkbenchInputError(WHERE, "submissionsDir", "must be an existing folder", submissionsDir);
  const students: StudentFolder[] = [];
  for (const id of readdirSync(submissionsDir).sort()) {
    const dir = join(submissionsDir, id);
    if (id.startsWith(".")) continue;
    const stat = lstatSync(dir);
    if (stat.isSymbolicLink()) {
      o.onSkip({ path: dir, why: "a symlink, not a student folder" });
      continue;
    }
    if (!stat.isDirectory()) {
      o.onSkip({ path: dir, why: id.endsWith(".bundle") ? "a git bundle: unpack it first (grade-class does)" : "not a folder" });
      continue;
    }
    students.push({ id, dir });
  }
  return collectSources(root, students, o);
}

/** One student's folder: laid out like exercises/, or holding an exercises/ folder. */
export interface StudentFolder {
  id: string;
  dir: string;
}

/**
 * The same sources for students given one by one (grade-class's checked-out submissions, where a repository or a
 * bundle was cloned to a temporary folder), in the order given.
 */
export function sourcesFromStudents(root: string, students: readonly StudentFolder[], options: Partial<SourceFolderOptions> = {}): SimilaritySource[] {
  const where = "sourcesFromStudents";
  const o = checkSourceOptions(where, root, options);
  if (!Array.isArray(students)) throw new WorkbenchInputError(where, "students", "must be an array of { id, dir }", students);
  for (const [i, s] of students.entries()) {
    requireString(where, `students[${i}].id`, requireRecord(where, `students[${i}]`, s).id);
    requireString(where, `students[${i}].dir`, s.dir);
  }
  return collectSources(root, students.filter((s) => isDir(s.dir)), o);
}

function checkSourceOptions(where: string, root: string, options: Partial<SourceFolderOptions>): SourceFolderOptions {
  requireString(where, "root", root);
  rejectUnknownKeys(where, "options", requireRecord(where, "options", options), Object.keys(SOURCE_FOLDER_DEFAULTS));
  const o = { ...SOURCE_FOLDER_DEFAULTS, ...options };
  requireInteger(where, "options.maxFileBytes", o.maxFileBytes, 1);
  if (typeof o.onSkip !== "function") throw new WorkbenchInputError(where, "options.onSkip", "must be a function", o.onSkip);
  return o;
}

function collectSources(root: string, students: readonly StudentFolder[], o: SourceFolderOptions): SimilaritySource[] {
  const exercises = listExercises(root);
  if (exercises.length === 0) throw new WorkbenchInputError(WHERE, "root", "must be a workbench checkout (it has no solutions/NN-name/ folders)", root);
  const sources: SimilaritySource[] = [];
  for (const { id, dir } of students) {
    const real = realpathSync.native(dir);
    const base = isDir(join(dir, "exercises")) ? join(dir, "exercises") : dir;
    const before = sources.length;
    for (const e of exercises) {
      for (const file of e.files) {
        const path = join(base, e.id, file);
        const text = readInside(real, path, o, o.maxFileBytes);
        if (text !== undefined) sources.push({ id, kind: "student", exercise: e.id, file: `${e.id}/${file}`, text });
      }
    }
    if (sources.length === before) o.onSkip({ path: dir, why: "no exercise file in it (exercises/NN-name/… or NN-name/…; a bare git repository has none)" });
  }
  const realRoot = realpathSync.native(root);
  for (const e of exercises) {
    // a checkout without solutions/ (a student release, lib/grader/release/) has none to compare with
    for (const file of e.solutionDir === null ? [] : e.files) {
      const text = readInside(realRoot, join(e.solutionDir!, file), o, CHECKOUT_MAX_BYTES);
      if (text !== undefined) sources.push({ id: "solution", kind: "solution", exercise: e.id, file: `solutions/${e.id}/${file}`, text });
    }
    for (const file of LIB_COUNTERPARTS[e.id] ?? []) {
      const text = readInside(realRoot, join(root, file), o, CHECKOUT_MAX_BYTES);
      if (text !== undefined) sources.push({ id: "lib", kind: "lib", exercise: e.id, file, text });
    }
  }
  return sources;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The text of `path` when it is a small UTF-8 regular file whose real path is inside `realRoot`; else undefined. */
function readInside(realRoot: string, path: string, o: SourceFolderOptions, maxBytes: number): string | undefined {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch {
    return undefined; // not there: an exercise the student has not got, nothing to compare
  }
  const skip = (why: string): undefined => void o.onSkip({ path, why });
  if (real !== realRoot && !real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return skip("a symlink that leaves its folder");
  // Opened once, then checked on the descriptor: a file swapped for a FIFO or a symlink after the check is not read.
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    return skip(`unreadable (${(err as NodeJS.ErrnoException).code ?? "error"})`);
  }
  let bytes: Buffer;
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return skip("not a regular file");
    if (stat.size > maxBytes) return skip(`over ${maxBytes} bytes (${stat.size})`);
    bytes = Buffer.alloc(stat.size);
    const n = readSync(fd, bytes, 0, stat.size, 0);
    bytes = bytes.subarray(0, n);
  } finally {
    closeSync(fd);
  }
  if (bytes.includes(0)) return skip("binary (a NUL byte)");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return skip("not valid UTF-8");
  }
}
