/**
 * The folder to grade for one submission. A plain folder is graded where it is (the grader only reads it, and
 * its sandbox can read nothing else); a git repository or bundle is cloned into a temporary folder first and its
 * HEAD commit checked out there. The clone is untrusted git (lib/core/untrusted-git.ts): no inherited `GIT_*`,
 * no system or global config, no hooks (`core.hooksPath` to the null device, an empty template folder), no
 * fsmonitor, no transport but local files (`protocol.allow=never`, `protocol.file.allow=always`: a submodule or an
 * alternate naming a URL is refused), `--no-local` (objects travel through git's pack protocol and are checked,
 * never copied or hard-linked from the student's `.git`). A repository whose `.git` borrows objects from another
 * one (`objects/info/alternates`, `http-alternates`, `commondir`, or a symbolic link anywhere inside `.git`, such as
 * `objects` linked into the instructor's checkout) is refused: it could name the instructor's commits.
 *
 * Within the folder graded, the exercises are `exercises/` when there is such a folder (a student's whole
 * workbench checkout), else the folder itself.
 */
import { execFile } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync } from "node:fs";
import { devNull } from "node:os";
import { join } from "node:path";
import { GradingError } from "../../core/errors.js";
import { requireString } from "../../core/validate.js";
import { UNTRUSTED_GIT_CONFIG, untrustedGitEnv } from "../../core/untrusted-git.js";
import type { SubmissionEntry } from "./submissions.js";

export interface CheckedOut {
  /** The folder laid out like exercises/ that is graded. */
  targetDir: string;
  /** The commit graded, for a repository or bundle. */
  commit?: string;
}

/** `-c` settings of a clone: the untrusted set, local files allowed as the one transport. */
const CLONE_CONFIG: readonly (readonly [string, string])[] = Object.freeze([
  ...UNTRUSTED_GIT_CONFIG,
  ["protocol.file.allow", "always"],
  ["safe.directory", "*"],
  ["submodule.recurse", "false"],
  ["core.hooksPath", devNull],
]);

export const CHECKOUT_DEFAULTS = Object.freeze({ timeoutMs: 120_000, maxGitEntries: 200_000 });

/** Files in a `.git` through which git reads another repository's objects or refs. */
const BORROWING_FILES = Object.freeze(["objects/info/alternates", "objects/info/http-alternates", "commondir"]);

/**
 * Why the `.git` folder `gitDir` may borrow from another repository, or null: one of `BORROWING_FILES` exists, or
 * some entry inside it is a symbolic link (found by `lstat`, never followed). A `.git` of more than
 * `maxGitEntries` entries is refused rather than walked.
 */
export function borrowingProblem(gitDir: string): string | null {
  requireString("borrowingProblem", "gitDir", gitDir);
  for (const f of BORROWING_FILES) {
    if (lstatSync(join(gitDir, f), { throwIfNoEntry: false })) return `its .git/${f} borrows from another repository; not graded`;
  }
  let seen = 0;
  const walk = (rel: string): string | null => {
    for (const e of readdirSync(join(gitDir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${e.name}` : e.name;
      if (++seen > CHECKOUT_DEFAULTS.maxGitEntries) return `its .git holds more than ${CHECKOUT_DEFAULTS.maxGitEntries} entries; not graded`;
      if (e.isSymbolicLink()) return `its .git/${path} is a symbolic link (it could borrow another repository's objects); not graded`;
      if (e.isDirectory()) {
        const inner = walk(path);
        if (inner !== null) return inner;
      }
    }
    return null;
  };
  return walk("");
}

/** The folder to grade for `entry`; a repository or bundle is cloned into `workDir/<id>`. Throws `GradingError`. */
export async function checkOutSubmission(entry: SubmissionEntry, workDir: string): Promise<CheckedOut> {
  if (entry.problem !== undefined) throw new GradingError(entry.problem);
  if (entry.kind === "folder") return { targetDir: exercisesIn(entry.path) };
  if (entry.kind === "repository") {
    const borrowed = borrowingProblem(join(entry.path, ".git"));
    if (borrowed !== null) throw new GradingError(borrowed);
  }
  mkdirSync(workDir, { recursive: true });
  const dest = join(workDir, entry.id);
  const source = entry.kind === "repository" ? join(entry.path, ".git") : entry.path;
  try {
    await git(workDir, ["clone", "--quiet", "--no-local", "--no-hardlinks", `--template=`, "--", source, dest]);
  } catch (err) {
    const why = gitMessage(err);
    throw new GradingError(entry.kind === "bundle" ? `is not a git bundle git can read (${why})` : `could not be cloned (${why})`);
  }
  let commit: string;
  try {
    commit = (await git(dest, ["rev-parse", "--verify", "-q", "HEAD^{commit}"])).trim();
  } catch {
    throw new GradingError(`has no commit checked out (an empty ${entry.kind === "bundle" ? "bundle, or one without HEAD" : "repository"})`);
  }
  return { targetDir: exercisesIn(dest), commit };
}

/** `dir/exercises` when it is a real folder (not a link), else `dir`. */
function exercisesIn(dir: string): string {
  const inner = join(dir, "exercises");
  return lstatSync(inner, { throwIfNoEntry: false })?.isDirectory() ? inner : dir;
}

/** `git argv` in `cwd` under `env` within `timeoutMs`: its stdout, or a rejection with git's stderr as `stderrText`. */
export function execGit(cwd: string, argv: readonly string[], { env, timeoutMs }: { env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("git", argv, { cwd, env, encoding: "utf8", timeout: timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) reject(Object.assign(err, { stderrText: stderr }));
      else resolve(stdout);
    });
  });
}

/** `git args` in `cwd` with the clone settings above and the untrusted environment. */
export function git(cwd: string, args: readonly string[]): Promise<string> {
  const argv = ["--no-pager", ...CLONE_CONFIG.flatMap(([k, v]) => ["-c", `${k}=${v}`]), ...args];
  return execGit(cwd, argv, { env: untrustedGitEnv(), timeoutMs: CHECKOUT_DEFAULTS.timeoutMs });
}

/** git's own complaint, one line, at most 160 characters. */
export function gitMessage(err: unknown): string {
  const text = String((err as { stderrText?: string }).stderrText ?? (err as Error).message ?? "");
  const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "git failed";
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}
