/**
 * The folder to grade for one submission. A plain folder is graded where it is (the grader only reads it, and
 * its sandbox can read nothing else); a git repository or bundle is cloned into a temporary folder first and its
 * HEAD commit checked out there. The clone is untrusted git (lib/core/untrusted-git.ts): no inherited `GIT_*`,
 * no system or global config, no hooks (`core.hooksPath` to the null device, an empty template folder), no
 * fsmonitor, no transport but local files (`protocol.allow=never`, `protocol.file.allow=always`: a submodule or an
 * alternate naming a URL is refused), `--no-local` (objects travel through git's pack protocol and are checked,
 * never copied or hard-linked from the student's `.git`). A repository whose `.git` borrows objects from another
 * one (`objects/info/alternates`, `commondir`) is refused: it could name the instructor's commits.
 *
 * Within the folder graded, the exercises are `exercises/` when there is such a folder (a student's whole
 * workbench checkout), else the folder itself.
 */
import { execFile } from "node:child_process";
import { existsSync, lstatSync, mkdirSync } from "node:fs";
import { devNull } from "node:os";
import { join } from "node:path";
import { GradingError } from "../../core/errors.js";
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

export const CHECKOUT_DEFAULTS = Object.freeze({ timeoutMs: 120_000 });

/** The folder to grade for `entry`; a repository or bundle is cloned into `workDir/<id>`. Throws `GradingError`. */
export async function checkOutSubmission(entry: SubmissionEntry, workDir: string): Promise<CheckedOut> {
  if (entry.problem !== undefined) throw new GradingError(entry.problem);
  if (entry.kind === "folder") return { targetDir: exercisesIn(entry.path) };
  if (entry.kind === "repository") {
    for (const borrowed of ["objects/info/alternates", "commondir"]) {
      if (existsSync(join(entry.path, ".git", borrowed))) throw new GradingError(`its .git/${borrowed} borrows from another repository; not graded`);
    }
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

/** `git args` in `cwd` with the clone settings above and the untrusted environment. */
export function git(cwd: string, args: readonly string[]): Promise<string> {
  const argv = ["--no-pager", ...CLONE_CONFIG.flatMap(([k, v]) => ["-c", `${k}=${v}`]), ...args];
  return new Promise((resolve, reject) => {
    execFile("git", argv, { cwd, env: untrustedGitEnv(), encoding: "utf8", timeout: CHECKOUT_DEFAULTS.timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) reject(Object.assign(err, { stderrText: stderr }));
      else resolve(stdout);
    });
  });
}

/** git's own complaint, one line, at most 160 characters. */
export function gitMessage(err: unknown): string {
  const text = String((err as { stderrText?: string }).stderrText ?? (err as Error).message ?? "");
  const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "") ?? "git failed";
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}
