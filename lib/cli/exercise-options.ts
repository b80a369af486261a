/**
 * Options shared by `grade`, `hint` and `reset`: which checkout (`--root`, default: the one containing the current
 * folder) and which progress file (`--state`, default: .workbench/progress.json in that checkout).
 */
import { resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { findProjectRoot } from "../core/project-root.js";
import { statePath } from "../grader/state.js";
import { UsageError } from "./command.js";

export const EXERCISE_PATH_OPTIONS = {
  root: { type: "string" },
  state: { type: "string" },
} as const;

export const EXERCISE_PATH_USAGE = `  --root DIR     the workbench checkout (default: the one containing the current folder)
  --state FILE   the progress file (default: .workbench/progress.json in the checkout)`;

/**
 * The folder the user ran the command from: `npm run` changes into the checkout, and keeps the original folder in
 * INIT_CWD, so relative paths on the command line are resolved against that.
 */
export function userCwd(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

/** The checkout and the progress file for a command's parsed options. */
export function exercisePaths(command: string, values: { root?: string | undefined; state?: string | undefined }): { root: string; state: string } {
  let root: string;
  try {
    root = findProjectRoot(values.root !== undefined ? resolve(userCwd(), values.root) : process.cwd());
  } catch (err) {
    if (err instanceof WorkbenchInputError) throw new UsageError(`${command}: ${values.root ?? "the current folder"} is not inside the aider-workbench checkout`);
    throw err;
  }
  return { root, state: values.state !== undefined ? resolve(userCwd(), values.state) : statePath(root) };
}

/** A positive integer option, or a UsageError naming it. */
export function integerOption(command: string, name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) throw new UsageError(`${command}: --${name} must be an integer ≥ ${min} (got "${value}")`);
  return n;
}
