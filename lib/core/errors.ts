/**
 * The one error class for bad input anywhere in the workbench.
 *
 * Every public function checks its arguments and throws `WorkbenchInputError` with a message of the form
 * `<module>: <parameter> <rule> (got <value>)`, so a learner sees which argument broke which rule.
 */

/** Bad input: names the function or module, the parameter and the rule it broke. */
export class WorkbenchInputError extends Error {
  /** The function or module that rejected the input, e.g. "repoMap". */
  readonly where: string;
  /** The parameter (or a path into it, e.g. "edges[2][3]") that broke the rule. */
  readonly parameter: string;
  /** The rule, in words, e.g. "must be a non-negative integer". */
  readonly rule: string;

  constructor(where: string, parameter: string, rule: string, got?: unknown) {
    const shown = arguments.length >= 4 ? ` (got ${describeValue(got)})` : "";
    super(`${where}: ${parameter} ${rule}${shown}`);
    this.name = "WorkbenchInputError";
    this.where = where;
    this.parameter = parameter;
    this.rule = rule;
  }
}

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
