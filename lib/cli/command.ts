/**
 * The shape every `workbench` sub-command has, and the small helpers they share: argument parsing that turns
 * mistakes into one clear line (exit 2), bounded reading of the user's files and safe writing of its outputs,
 * with errors that name the file.
 */
import type { Lang } from "../core/lang.js";
import { resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { InputError, WorkbenchInputError } from "../core/errors.js";
import { checkOutputFolder, checkOutputPath, writeOutputFile } from "../core/safe-write.js";
import { formatBytes, readUserFd, readUserFile } from "../core/user-file.js";
import { escapeControls } from "../core/terminal-text.js";

/** Where a command writes; injected so tests can capture output. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** True when stderr is a terminal (progress bars are drawn only then). */
  isTTY: boolean;
  /** Writes terminal control sequences (a progress bar's \r and erase) unescaped; `stderr` escapes them. */
  control?(text: string): void;
  /** The learner's language (`--lang`, WORKBENCH_LANG or the locale: lib/core/lang.ts); English when absent. */
  lang?: Lang;
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
  /** The same in Chinese, for the commands a learner reads (`--help --lang zh`); English when absent. */
  usageZh?: string;
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
 * The most bytes each kind of input file may hold, checked before it is read (a session or recording holds whole
 * files and prompts; the golden vectors here reach 1.2 MB; progress and teaching inputs are small).
 */
export const INPUT_LIMITS = Object.freeze({
  teach: 4 << 20,
  session: 16 << 20,
  recording: 64 << 20,
  vectors: 64 << 20,
  scenario: 16 << 20,
  notebook: 16 << 20,
  progress: 4 << 20,
});

export type InputKind = keyof typeof INPUT_LIMITS;

/** "4 MiB" for a kind of input: what the usage texts say. */
export const inputLimitText = (kind: InputKind): string => formatBytes(INPUT_LIMITS[kind]);

/** What a user file is to the command, for its error line: the option that named it, if any. */
export interface UserFileRef {
  kind: InputKind;
  /** The option that named the file ("--replay"), shown before the path. */
  option?: string;
}

/** A `readUserFile`/`checkOutputPath` refusal as the command's one line: "<command>: [--opt ]<path> <rule>". */
export function userFileError(command: string, shown: string, err: unknown): unknown {
  if (!(err instanceof WorkbenchInputError) || !/^(readUserFile|checkOutputPath|checkOutputFolder|writeOutputFile)$/.test(err.where)) return err;
  const cannot = /^(cannot be read|could not be written|cannot be checked) (\(.*\))$/.exec(err.rule);
  if (cannot) return new UsageError(`${command}: cannot ${cannot[1]!.startsWith("cannot be read") ? "read" : "write"} ${shown} ${cannot[2]}`);
  return new UsageError(`${command}: ${shown} ${err.rule}`);
}

/**
 * The text of a user's file ("-" = stdin, a relative path from the user's folder, `userCwd`), at most its kind's
 * `INPUT_LIMITS`, a regular file (or stdin's pipe): anything else is a `UsageError` naming the file.
 */
export function readUserText(command: string, path: string, ref: UserFileRef): string {
  const shown = (ref.option ? `${ref.option} ` : "") + (path === "-" ? "standard input (-)" : path);
  try {
    const options = { maxBytes: INPUT_LIMITS[ref.kind], param: ref.option ?? ref.kind };
    return (path === "-" ? readUserFd(0, options) : readUserFile(resolve(userCwd(), path), options)).toString("utf8"); // relative to where the user stands
  } catch (err) {
    throw userFileError(command, shown, err);
  }
}

/** `readUserText`, then JSON: bad JSON is a `UsageError` naming the file. */
export function readJsonFile(command: string, path: string, ref: UserFileRef): unknown {
  const text = readUserText(command, path, ref);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    // V8 quotes a piece of the input, newlines and all: escape them so the error stays on one line
    const why = (err as Error).message.replace(/\r\n|\r|\n/g, "\\n");
    throw new UsageError(`${command}: ${path} is not valid JSON: ${why}`);
  }
}

/** The user's output path made absolute and checked by `check`; a refusal is the command's one line. */
function checkedOutput(command: string, option: string, value: string, check: (path: string, param: string) => unknown): string {
  const path = resolve(userCwd(), value);
  try {
    check(path, option);
  } catch (err) {
    throw userFileError(command, `${option} ${value}`, err);
  }
  return path;
}

/**
 * The absolute path of a file a command will write, checked now (before minutes of work): a regular file or a new
 * name in an existing folder, never a device, FIFO, socket, folder or link (lib/core/safe-write.ts).
 */
export function outputFile(command: string, option: string, value: string): string {
  return checkedOutput(command, option, value, checkOutputPath);
}

/** The absolute path of a folder a command will write into: a folder or a new name, never a link or special file. */
export function outputFolder(command: string, option: string, value: string): string {
  return checkedOutput(command, option, value, checkOutputFolder);
}

/** Writes a file `outputFile` accepted, atomically; a refusal or failure is the command's one line. */
export function writeOutput(command: string, option: string, file: { path: string; text: string | Uint8Array }): void {
  try {
    writeOutputFile(file.path, file.text, option);
  } catch (err) {
    throw userFileError(command, `${option} ${file.path}`, err);
  }
}

/**
 * A decimal integer option within [min, max] (no exponent, no hex, no silent wrap or
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
