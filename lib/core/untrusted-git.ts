/**
 * Git on a folder the user named (which may be someone else's repository): the only way the workbench runs git
 * outside its own sandboxes. A repository's `.git/config` can name commands that git runs by itself
 * (`core.fsmonitor`, `core.hooksPath`, `diff.external`, textconv and filter drivers, pagers); mapping an
 * untrusted repository must run none of them.
 *
 * Three layers:
 * - only read-only plumbing that never runs a diff, textconv or filter driver is allowed (`rev-parse`,
 *   `ls-files`); anything else is refused before git starts. This is the guard for those drivers: config cannot
 *   turn them off (their names are the repository's own, and `-c diff.external=` makes git run "" instead);
 * - command-line config (`-c`, stronger than the repository's) turns off every knob that can start a command in
 *   these calls: fsmonitor, hooks, pagers, the untracked cache, credential helpers;
 * - the environment drops every inherited `GIT_*` variable (a `GIT_DIR` or `GIT_EXTERNAL_DIFF` from the caller),
 *   ignores system and global config (`GIT_CONFIG_NOSYSTEM`, `GIT_CONFIG_GLOBAL`), sets pagers to `cat` and
 *   never prompts.
 */
import { execFile } from "node:child_process";
import { devNull } from "node:os";
import { WorkbenchInputError } from "./errors.js";

/** The git sub-commands `runUntrustedGit` accepts: none of them runs a diff, textconv or filter driver. */
export const UNTRUSTED_GIT_COMMANDS: ReadonlySet<string> = new Set(["rev-parse", "ls-files"]);

/** `-c` settings given before every untrusted call (command-line config outranks `.git/config`). */
export const UNTRUSTED_GIT_CONFIG: readonly (readonly [string, string])[] = Object.freeze([
  ["core.fsmonitor", "false"],
  ["core.hooksPath", devNull],
  ["core.pager", "cat"],
  ["pager.ls-files", "false"],
  ["pager.rev-parse", "false"],
  ["core.untrackedCache", "false"],
  ["core.askPass", ""],
  ["credential.helper", ""],
  ["protocol.allow", "never"],
]);

/** The environment of an untrusted call: no inherited `GIT_*`, no system or global config, no pager or prompt. */
export function untrustedGitEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!k.startsWith("GIT_") && v !== undefined) env[k] = v;
  return {
    ...env,
    LC_ALL: "C",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: devNull,
    GIT_ATTR_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_PAGER: "cat",
    PAGER: "cat",
    GIT_OPTIONAL_LOCKS: "0",
  };
}

/** The full argument list of an untrusted call: `--no-pager`, the `-c` settings, `-C dir`, then `args`. */
export function untrustedGitArgs(dir: string, args: readonly string[]): string[] {
  const sub = args[0];
  if (sub === undefined || !UNTRUSTED_GIT_COMMANDS.has(sub)) {
    throw new WorkbenchInputError("runUntrustedGit", "args[0]", `must be one of ${[...UNTRUSTED_GIT_COMMANDS].join(", ")}`, sub);
  }
  return ["--no-pager", ...UNTRUSTED_GIT_CONFIG.flatMap(([k, v]) => ["-c", `${k}=${v}`]), "-C", dir, ...args];
}

/**
 * Runs `git <args>` on the user's folder `dir` as described in the header; resolves with stdout, rejects with
 * the git error (callers treat any failure as "not a git work tree").
 */
export function runUntrustedGit(dir: string, args: readonly string[], maxBuffer = 1 << 28): Promise<string> {
  return new Promise((resolve, reject) => {
    const argv = untrustedGitArgs(dir, args); // a refused sub-command rejects, as a failing one does
    execFile("git", argv, { env: untrustedGitEnv(), encoding: "utf8", maxBuffer, timeout: 120_000 }, (err, stdout) => {
      if (err) reject(err);
      else resolve(stdout);
    });
  });
}
