/**
 * The one place the CLI turns an error into its exit status and the line it prints (lib/core/errors.ts has the
 * family). Every `WorkbenchError` ends the command with one line on stderr, never a stack trace; anything else is
 * an internal error (a bug): the caller prints its stack and exits 1.
 */
import { GradingError, InputError, SandboxError, WorkbenchError } from "../core/errors.js";
import { PythonError } from "../core/pyerror.js";

/** Exit statuses: 0 and 1 are the commands' own (done / something checked failed). */
export const EXIT_STATUS = Object.freeze({
  ok: 0,
  failed: 1,
  /** Bad input: a command's arguments, a file it was given, a function's argument. */
  input: 2,
  /** A git sandbox or scenario could not do what was asked. */
  sandbox: 3,
  /** The grader could not grade. */
  grading: 4,
  /** Aider's own Python would have raised here (the port reproduces the exception). */
  python: 5,
  /** Any other error the workbench raises on purpose. */
  other: 1,
});

/** Most specific first: a subclass is listed before the class it extends. */
const BY_KIND: readonly (readonly [abstract new (...args: never[]) => WorkbenchError, number])[] = [
  [InputError, EXIT_STATUS.input],
  [SandboxError, EXIT_STATUS.sandbox],
  [GradingError, EXIT_STATUS.grading],
  [PythonError, EXIT_STATUS.python],
  [WorkbenchError, EXIT_STATUS.other],
];

/** The exit status and the one line to print for an error the workbench raised; null for an internal error. */
export function exitFor(err: unknown): { status: number; line: string } | null {
  if (!(err instanceof WorkbenchError)) return null;
  const status = BY_KIND.find(([kind]) => err instanceof kind)![1];
  return { status, line: err.message };
}
