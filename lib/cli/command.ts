/**
 * The shape every `workbench` sub-command has, and the small helpers they share: argument parsing that turns
 * mistakes into one clear line (exit 2), and JSON input reading with errors that name the file.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { InputError } from "../core/errors.js";
import { escapeControls } from "../core/terminal-text.js";

/** Where a command writes; injected so tests can capture output. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal (progress bars are drawn only then). */
  isTTY: boolean;
  /** Writes terminal control sequences (a progress bar's \r and erase) unescaped; `stderr` escapes them. */
  control?(text: string): void;
}

/** A `CliIO` over two streams that escapes control characters in everything printed (names, messages). */
export function terminalIO(out: { write(t: string): unknown }, err: { write(t: string): unknown; isTTY?: boolean }): CliIO {
  return {
    stdout: (t) => void out.write(escapeControls(t)),
    stderr: (t) => void err.write(escapeControls(t)),
    control: (t) => void err.write(t),
    isTTY: Boolean(err.isTTY),
  };
}

export interface Command {
  /** The word after `workbench`. */
  name: string;
  /** One line for `workbench --help`. */
  summary: string;
  /** The full usage text for `workbench <name> --help`. */
  usage: string;
  /** Runs the command; resolves to the process exit code. */
  run(args: string[], io: CliIO): Promise<number>;
}

/** A mistake in how a command was called: printed as one line, exit code 2. */
export class UsageError extends InputError {}

/** `util.parseArgs` in strict mode, positionals allowed, with its errors turned into `UsageError`. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig["options"]>>(
  command: string,
  args: string[],
  options: T,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: true; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    // Some of parseArgs' messages span lines (an ambiguous "--seed -1"); the CLI promises one line.
    const message = (err as Error).message.replace(/\s*\n\s*/g, " ");
    throw new UsageError(`${command}: ${message} (see: workbench ${command} --help)`);
  }
}

/** A command that takes no arguments: a UsageError naming the first one given. */
export function rejectPositionals(command: string, positionals: readonly string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command}: takes no arguments (got ${JSON.stringify(positionals[0])}; see: workbench ${command} --help)`);
}

/**
 * Reads and parses a JSON file ("-" = stdin, a relative path from the user's folder, `userCwd`); a missing file or
 * bad JSON is a `UsageError` naming the file.
 */
export function readJsonFile(command: string, path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path === "-" ? 0 : resolve(userCwd(), path), "utf8"); // relative to where the user stands
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${command}: cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    // V8 quotes a piece of the input, newlines and all: escape them so the error stays on one line
    const why = (err as Error).message.replace(/\r\n|\r|\n/g, "\\n");
    throw new UsageError(`${command}: ${path} is not valid JSON: ${why}`);
  }
}

/**
 * A decimal integer option within [min, max] (issue 18, item 6: no exponent, no hex, no silent wrap or
 * rounding), or a `UsageError` naming the option and the bounds.
 */
export function boundedInteger(command: string, name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${command}: ${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return n;
}

/**
 * The folder the user ran the command from: `npm run` changes into the checkout and keeps the original folder
 * in INIT_CWD, so relative paths on the command line are resolved against that.
 */
export function userCwd(): string {
  return process.env.INIT_CWD || process.cwd();
}
