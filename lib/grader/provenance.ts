/**
 * Who and what a report is about: the student (when known), the submission — a content hash of
 * the graded folder, and the commit when it came from git —, the grader's version (the workbench's package version
 * and, when the checkout is a git work tree, its commit), the fast-check seed, the per-test limit, when grading
 * started and how long it took. Every JSON and JUnit report carries it, so a grade can be traced and reproduced.
 *
 * The content hash reads the submission without following symbolic links (a link is hashed as its target's text:
 * a link out of the submission is never read) and skips `.git`, `node_modules` and `.workbench`.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { GradingError } from "../core/errors.js";
import { untrustedGitArgs, untrustedGitEnv } from "../core/untrusted-git.js";

export interface GraderVersion {
  /** The workbench's package.json version. */
  version: string;
  /** The workbench checkout's commit (HEAD), when it is a git work tree. */
  commit?: string;
}

export interface ReportProvenance {
  /** The student's id (`grade --student`, `grade-class`'s folder name), when known. */
  student?: string;
  /** "sha256:<hex>" of the graded folder's files (`submissionHash`). */
  submissionHash: string;
  /** The submission's commit, when it was graded from a git repository or bundle. */
  submissionCommit?: string;
  grader: GraderVersion;
  seed: number;
  timeoutMs: number;
  /** ISO 8601, UTC. */
  startedAt: string;
  durationMs: number;
}

/** Folders the content hash skips (tooling, not graded code); the import policy (sandbox/policy.ts) refuses them. */
export const HASH_SKIPPED = Object.freeze([".git", "node_modules", ".workbench"]);
/** Limits on what the content hash reads: a submission past them is refused, not hashed in part. */
export const HASH_LIMITS = Object.freeze({ files: 5000, bytes: 64 * 1024 * 1024 });

/** The "sha256:…" content hash of every file under `dir` (paths, kinds and contents), as described above. */
export function submissionHash(dir: string): string {
  const hash = createHash("sha256");
  let files = 0;
  let bytes = 0;
  const walk = (rel: string): void => {
    const names = readdirSync(join(dir, rel)).sort();
    for (const name of names) {
      const path = rel ? `${rel}/${name}` : name;
      const abs = join(dir, path);
      const st = lstatSync(abs);
      if (st.isDirectory()) {
        if (!HASH_SKIPPED.includes(name)) walk(path);
        continue;
      }
      if (++files > HASH_LIMITS.files) throw new GradingError(`the submission has more than ${HASH_LIMITS.files} files`);
      if (st.isSymbolicLink()) hash.update(`link\u0000${path}\u0000${readlinkSync(abs)}\u0000`);
      else if (st.isFile()) {
        bytes += st.size;
        if (bytes > HASH_LIMITS.bytes) throw new GradingError(`the submission holds more than ${HASH_LIMITS.bytes / 1024 / 1024} MB`);
        const body = readFileSync(abs);
        hash.update(`file\u0000${path}\u0000${body.length}\u0000`).update(body);
      } else hash.update(`other\u0000${path}\u0000`); // a fifo or device: named, never opened
    }
  };
  walk("");
  return `sha256:${hash.digest("hex")}`;
}

const versions = new Map<string, GraderVersion>();

/** The grader's version for the checkout at `root` (read once per process). */
export function graderVersion(root: string): GraderVersion {
  const known = versions.get(root);
  if (known) return known;
  let version = "unknown";
  try {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown };
    if (typeof pkg.version === "string") version = pkg.version;
  } catch {
    // a checkout without a readable package.json: the version stays "unknown"
  }
  const out: GraderVersion = { version };
  try {
    const commit = execFileSync("git", untrustedGitArgs(root, ["rev-parse", "--verify", "-q", "HEAD"]), {
      env: untrustedGitEnv(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    }).trim();
    if (/^[0-9a-f]{40,64}$/.test(commit)) out.commit = commit;
  } catch {
    // not a git work tree (a release folder copied without .git): no commit
  }
  versions.set(root, Object.freeze(out));
  return out;
}

/** "0.1.0 (d7a1b9f)" or "0.1.0". */
export function formatGraderVersion(v: GraderVersion): string {
  return v.commit ? `${v.version} (${v.commit.slice(0, 12)})` : v.version;
}

/** What a student id may be: a folder name that is safe everywhere (letters, digits, then also . _ -; ≤ 64). */
export const STUDENT_ID_RULE = "must be 1–64 letters, digits, '.', '_' or '-', starting with a letter or digit";
const STUDENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** True when `id` follows `STUDENT_ID_RULE`. */
export function isStudentId(id: string): boolean {
  return STUDENT_ID.test(id);
}
