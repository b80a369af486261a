/**
 * What makes `grade-class` resumable: for each student, the key their last grade was made with — a hash of the
 * submission's content (provenance.ts, `submissionHash`), the grader (version, commit, and a content hash of
 * lib/grader and test/exercises, so an uncommitted change to a graded test counts), the seed, the time limit,
 * the exercise set and whether hidden tests ran. A student whose key is unchanged, and whose report is still in
 * the output folder, is not graded again. The cache file is validated on load; a bad one is set aside and the
 * class is graded afresh (never trusted, never fatal).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { submissionHash, type GraderVersion } from "../provenance.js";

export const CACHE_FILE = "grade-class-cache.json";
const CACHE_VERSION = 1;

export interface CacheEntry {
  key: string;
  /** The submission's content hash and commit when graded (for the gradebook of an unchanged student). */
  submissionHash: string;
  submissionCommit?: string;
}

export interface ClassCache {
  version: number;
  entries: Record<string, CacheEntry>;
}

export interface GradeKeyInput {
  submissionHash: string;
  grader: GraderVersion;
  /** `graderFingerprint(root)`. */
  graderFingerprint: string;
  seed: number;
  timeoutMs: number;
  exercises: readonly string[];
  hidden: boolean;
}

/** The cache key of one grade (sha256 of the inputs in a fixed order). */
export function gradeKey(input: GradeKeyInput): string {
  const parts = [
    input.submissionHash,
    input.grader.version,
    input.grader.commit ?? "",
    input.graderFingerprint,
    String(input.seed),
    String(input.timeoutMs),
    [...input.exercises].sort().join(","),
    input.hidden ? "hidden" : "public",
  ];
  return createHash("sha256").update(parts.join("\u0000")).digest("hex");
}

/** A content hash of the grader's code and the graded tests of the checkout at `root`. */
export function graderFingerprint(root: string): string {
  return createHash("sha256")
    .update(submissionHash(join(root, "lib", "grader")))
    .update(submissionHash(join(root, "test", "exercises")))
    .digest("hex");
}

/** The cache in `outDir`; an empty one when there is none, and when it is unreadable (then `onProblem` says so). */
export function loadCache(outDir: string, onProblem: (line: string) => void): ClassCache {
  const path = join(outDir, CACHE_FILE);
  const empty: ClassCache = { version: CACHE_VERSION, entries: {} };
  if (!existsSync(path)) return empty;
  try {
    const c = JSON.parse(readFileSync(path, "utf8")) as Partial<ClassCache>;
    if (c.version !== CACHE_VERSION || typeof c.entries !== "object" || c.entries === null || Array.isArray(c.entries)) throw new Error("not a cache of this version");
    const entries: Record<string, CacheEntry> = Object.create(null) as Record<string, CacheEntry>;
    for (const [id, e] of Object.entries(c.entries)) {
      if (typeof e?.key !== "string" || typeof e.submissionHash !== "string") throw new Error(`entry ${id} is malformed`);
      entries[id] = { key: e.key, submissionHash: e.submissionHash, ...(typeof e.submissionCommit === "string" ? { submissionCommit: e.submissionCommit } : {}) };
    }
    return { version: CACHE_VERSION, entries };
  } catch (err) {
    const aside = `${path}.bad-${Date.now()}`;
    try {
      renameSync(path, aside);
    } catch {
      // could not move it: it is overwritten at the end
    }
    onProblem(`${CACHE_FILE} was unreadable (${(err as Error).message.split("\n")[0]}); moved aside, every student is graded again`);
    return empty;
  }
}

/** Writes the cache atomically (a temporary file, then a rename). */
export function saveCache(outDir: string, cache: ClassCache): void {
  const path = join(outDir, CACHE_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(cache, null, 2) + "\n");
  renameSync(tmp, path);
}
