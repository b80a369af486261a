/**
 * The workbench's one error family. Everything the workbench throws on purpose is a `WorkbenchError`:
 *
 * - `InputError` — bad input, the caller's to fix: `WorkbenchInputError` (a function's argument, message
 *   `<function>: <parameter> <rule> (got <value>)`), the CLI's `UsageError`, conformance's `VectorFormatError`;
 * - `PythonError` (core/pyerror.ts) — an exception Aider's own Python raises, reproduced by the port, carrying the
 *   Python type and `str(e)` the one way: `pythonType`, `pythonMessage` (networkx's ZeroDivisionError, a ValueError
 *   of the SEARCH/REPLACE parser, a provider's RateLimitError …);
 * - `SandboxError` — a git sandbox or scenario could not do what was asked (`GitError`: git exited non-zero);
 * - `GradingError` — the grader could not grade (a malformed exercise README, a test run that did not report).
 *
 * The CLI turns each kind into its exit status in one place (lib/cli/exit-status.ts).
 */

/** Base of every error the workbench throws on purpose; `name` is the class's own name. */
export class WorkbenchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad input of any kind: the caller's to fix (the CLI exits 2). */
export class InputError extends WorkbenchError {}

/** Bad input: names the function or module, the parameter and the rule it broke. */
export class WorkbenchInputError extends InputError {
  /** The function or module that rejected the input, e.g. "teachingRepoMap". */
  readonly where: string;
  /** The parameter (or a path into it, e.g. "edges[2][3]") that broke the rule. */
  readonly parameter: string;
  /** The rule, in words, e.g. "must be a non-negative integer". */
  readonly rule: string;

  constructor(where: string, parameter: string, rule: string, got?: unknown) {
    const shown = arguments.length >= 4 ? ` (got ${describeValue(got)})` : "";
    super(`${where}: ${parameter} ${rule}${shown}`);
    this.where = where;
    this.parameter = parameter;
    this.rule = rule;
  }
}

/** A git sandbox or scenario could not do what was asked (not the user's input, not Aider's behaviour). */
export class SandboxError extends WorkbenchError {}

/** The grader could not grade: the exercise's files or the test run were not as the grader needs them. */
export class GradingError extends WorkbenchError {}

/** A short, safe rendering of a value for error messages (never throws, never huge). */
export function describeValue(value: unknown): string {
  if (typeof value === "string") {
    const s = JSON.stringify(value.length > 60 ? value.slice(0, 57) + "..." : value);
    return s;
  }
  if (typeof value === "number") {
    return Object.is(value, -0) ? "-0" : String(value);
  }
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof value === "object") return `an object`;
  return typeof value;
}
