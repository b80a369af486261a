/**
 * Runs the git command line for the sandbox: `execFile("git", args)` (never a shell string) in a hermetic
 * environment, so the user's own configuration, identity, hooks and repositories can never leak in or be touched.
 *
 * Hermetic means: every inherited `GIT_*` variable is dropped (a hook's `GIT_DIR`/`GIT_INDEX_FILE` would otherwise
 * point git at the caller's repository); system and global config are off (`GIT_CONFIG_NOSYSTEM`,
 * `GIT_CONFIG_GLOBAL=/dev/null`); HOME and XDG_CONFIG_HOME point inside the sandbox (no global excludes or
 * attributes); pathspecs are literal (`GIT_LITERAL_PATHSPECS`, so a file named `:x` or `*.py` is just a name);
 * messages are untranslated (`LC_ALL=C`).
 */
import { execFile } from "node:child_process";
import { devNull } from "node:os";
import { SandboxError } from "../../core/errors.js";

/** A git command that exited non-zero: carries the arguments, exit code and stderr for the "Unable to …" messages. */
export class GitError extends SandboxError {
  readonly args: readonly string[];
  readonly exitCode: number | null;
  readonly stderr: string;

  constructor(args: readonly string[], exitCode: number | null, stderr: string) {
    super(`git ${args.join(" ")} failed (exit ${exitCode ?? "?"}): ${stderr.trim() || "no message"}`);
    this.args = args;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** Where and how to run git: the work tree, the sandbox's private home, and the commit clock. */
export interface GitContext {
  /** The repository's work tree (cwd of every call). */
  readonly cwd: string;
  /** A private directory used as HOME and XDG_CONFIG_HOME (inside the sandbox). */
  readonly home: string;
}

/** The environment every sandbox git call runs with (see the header). */
export function hermeticGitEnv(home: string, extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("GIT_") && v !== undefined) env[k] = v;
  return {
    ...env,
    HOME: home,
    XDG_CONFIG_HOME: home,
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: devNull,
    GIT_TERMINAL_PROMPT: "0",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_OPTIONAL_LOCKS: "0",
    ...extra,
  };
}

export interface GitResult {
  stdout: string;
  exitCode: number;
}

/**
 * Runs `git <args>` in `ctx.cwd`. Resolves with stdout when the exit code is 0 or listed in `okCodes`
 * (e.g. `git check-ignore` exits 1 for "not ignored"); otherwise rejects with `GitError`. Only for repositories
 * the workbench made (`sandbox.ts`: no template, no hooks, no config of the user's); it does not itself switch off a
 * repository's hooks or config commands — a user's repository is read through `core/untrusted-git.ts`.
 */
export function runGit(
  ctx: GitContext,
  args: readonly string[],
  opts: { env?: Readonly<Record<string, string>>; okCodes?: readonly number[] } = {},
): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...args],
      { cwd: ctx.cwd, env: hermeticGitEnv(ctx.home, opts.env), maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, exitCode: 0 });
        const code = typeof err.code === "number" ? err.code : null;
        if (code !== null && opts.okCodes?.includes(code)) return resolve({ stdout, exitCode: code });
        if (code === null && (err as NodeJS.ErrnoException).code === "ENOENT") {
          return reject(new GitError(args, null, "the git executable was not found on PATH"));
        }
        reject(new GitError(args, code, stderr));
      },
    );
  });
}

/** Splits NUL-terminated output (`-z`) into its fields, dropping the final empty one. */
export function splitNul(out: string): string[] {
  const parts = out.split("\0");
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
