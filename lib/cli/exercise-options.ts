/**
 * Options shared by `grade`, `hint` and `reset`: which checkout (`--root`, default: the one containing the current
 * folder) and which progress file (`--state`, default: .workbench/progress.json in that checkout).
 */
import { resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { findProjectRoot } from "../core/project-root.js";
import { statePath } from "../grader/state.js";
import { outputFile, UsageError, userCwd } from "./command.js";

export const EXERCISE_PATH_OPTIONS = {
  root: { type: "string" },
  state: { type: "string" },
} as const;

export const EXERCISE_PATH_USAGE = `  --root DIR     the workbench checkout (default: the one containing the current folder)
  --state FILE   the progress file (default: .workbench/progress.json in the checkout): a regular file of at
                 most 4 MiB or a new name; a folder, device, FIFO or link is refused`;

/** The same options, for the Chinese `--help`. */
export const EXERCISE_PATH_USAGE_ZH = `  --root DIR     workbench 的检出目录（默认：包含当前目录的那一个）
  --state FILE   进度文件（默认：检出目录中的 .workbench/progress.json）：不超过 4 MiB 的普通文件或一个新名字；
                 目录、设备、FIFO 或链接会被拒绝`;

export { userCwd } from "./command.js";

/** The checkout and the progress file for a command's parsed options. */
export function exercisePaths(command: string, values: { root?: string | undefined; state?: string | undefined }): { root: string; state: string } {
  let root: string;
  try {
    root = findProjectRoot(values.root !== undefined ? resolve(userCwd(), values.root) : process.cwd());
  } catch (err) {
    if (err instanceof WorkbenchInputError) throw new UsageError(`${command}: ${values.root ?? "the current folder"} is not inside the aider-workbench checkout`);
    throw err;
  }
  return { root, state: values.state !== undefined ? checkStateFile(command, resolve(userCwd(), values.state)) : statePath(root) };
}

/**
 * A progress file the user named: a regular file or a new name in a folder that exists — never a folder, device,
 * FIFO or link (lib/core/safe-write.ts); no folder is created that the user did not name, and the temporary file of
 * the atomic write lands beside it, never at /.
 */
function checkStateFile(command: string, path: string): string {
  return outputFile(command, "--state", path);
}

/** A positive integer option, or a UsageError naming it. */
export function integerOption(command: string, name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`${command}: --${name} must be an integer ≥ ${min} (got "${value}")`);
  return n;
}
