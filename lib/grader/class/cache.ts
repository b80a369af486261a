/**
 * What makes `grade-class` resumable: for each student, the key their last grade was made with — a hash of the
 * submission's content (provenance.ts, `submissionHash`), the grader (version, commit, and a content hash of
 * lib/grader and test/exercises, so an uncommitted change to a graded test counts), the seed, the time limit,
 * the exercise set and whether hidden tests ran. A student whose key is unchanged, and whose stored report still
 * carries the MAC written with it, is not graded again. The MAC (HMAC-SHA256 over the student's id, the key and
 * the exact bytes of report.json and report.xml) is keyed by a secret kept in the grading checkout's
 * `.workbench/`, outside the output folder: write access to `--out` cannot forge an "unchanged" grade, and a
 * hand-edited report is graded again. The cache file is validated on load; a bad one is set aside and the class
 * is graded afresh (never trusted, never fatal).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { closeSync, constants, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { GradingError, WorkbenchInputError } from "../../core/errors.js";
import { requireString } from "../../core/validate.js";
import { submissionHash, type GraderVersion } from "../provenance.js";

export const CACHE_FILE = "grade-class-cache.json";
const CACHE_VERSION = 2;
/** The MAC secret, in the grading checkout (git-ignored, never released, never inside `--out`). */
export const SECRET_FILE = join(".workbench", "grade-class.key");
/** Largest stored report read back for its MAC; a bigger one is graded again. */
export const STORED_REPORT_MAX_BYTES = 16 * 1024 * 1024;

export interface CacheEntry {
  key: string;
  /** The submission's content hash and commit when graded (for the gradebook of an unchanged student). */
  submissionHash: string;
  submissionCommit?: string;
  /** `reportMac` of the reports written for this key. */
  mac: string;
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
      if (typeof e?.key !== "string" || typeof e.submissionHash !== "string" || typeof e.mac !== "string") throw new Error(`entry ${id} is malformed`);
      entries[id] = { key: e.key, submissionHash: e.submissionHash, ...(typeof e.submissionCommit === "string" ? { submissionCommit: e.submissionCommit } : {}), mac: e.mac };
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

/** What a stored grade's MAC covers: whose it is, the key it was made with, and the report files' exact bytes. */
export interface MacInput {
  id: string;
  key: string;
  files: readonly Buffer[];
}

/** HMAC-SHA256 (hex) of `input` under `secret`; each part length-prefixed so no two inputs share a message. */
export function reportMac(secret: Buffer, input: MacInput): string {
  if (!Buffer.isBuffer(secret) || secret.length < 16) throw new WorkbenchInputError("reportMac", "secret", "must be a Buffer of at least 16 bytes", secret);
  requireString("reportMac", "input.id", input.id);
  requireString("reportMac", "input.key", input.key);
  if (!Array.isArray(input.files) || !input.files.every((f) => Buffer.isBuffer(f))) throw new WorkbenchInputError("reportMac", "input.files", "must be an array of Buffers", input.files);
  const mac = createHmac("sha256", secret);
  for (const part of [Buffer.from(input.id), Buffer.from(input.key), ...input.files]) mac.update(`${part.length}\u0000`).update(part);
  return mac.digest("hex");
}

/** True when `mac` is `reportMac(secret, input)` (compared in constant time). */
export function macMatches(secret: Buffer, input: MacInput, mac: string): boolean {
  const want = Buffer.from(reportMac(secret, input), "hex");
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(mac) ? mac : "", "hex");
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * The MAC secret of the checkout at `root` (`SECRET_FILE`): created on first use, 32 random bytes, mode 0600,
 * never through a link. Throws `GradingError` when it is not a private regular file of this user.
 */
export function classSecret(root: string): Buffer {
  requireString("classSecret", "root", root);
  const path = join(root, SECRET_FILE);
  mkdirSync(join(root, ".workbench"), { recursive: true });
  if (!existsSync(path)) {
    try {
      const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
      writeSync(fd, randomBytes(32).toString("hex"));
      closeSync(fd);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw new GradingError(`cannot create the grade MAC secret ${path}: ${(err as Error).message}`);
    }
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    throw new GradingError(`cannot read the grade MAC secret ${path} (${(err as NodeJS.ErrnoException).code ?? "error"}): it must be a regular file, not a link`);
  }
  try {
    const st = fstatSync(fd);
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    if (!st.isFile() || (st.mode & 0o077) !== 0 || st.uid !== uid || st.size !== 64) throw new GradingError(`the grade MAC secret ${path} must be a 64-character file readable by its owner only (mode 0600); delete it to make a new one`);
    const text = Buffer.alloc(64);
    readSync(fd, text, 0, 64, 0);
    if (!/^[0-9a-f]{64}$/.test(text.toString("latin1"))) throw new GradingError(`the grade MAC secret ${path} is not 64 hex digits; delete it to make a new one`);
    return Buffer.from(text.toString("latin1"), "hex");
  } finally {
    closeSync(fd);
  }
}
