/**
 * Makes an exercise's stub from its reference solution, as classroom tools such as nbgrader do: the solution is the
 * one source, and every `// BEGIN SOLUTION` … `// END SOLUTION` region is taken out of it.
 *
 * - A region inside a function (its BEGIN line is indented) becomes a pointer to the README and a
 *   `throw new Error("not implemented: <function>")`, so signatures, types and doc comments stay identical.
 * - A region at the top level (not indented) is removed: imports and helpers that only the solution needs.
 *
 * The stubs in exercises/ are this function's output (`npm run -s exercises:stubs` writes them), and
 * `workbench reset` restores a student's file from it, so the pristine stub never depends on git history.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";

const BEGIN = "// BEGIN SOLUTION";
const END = "// END SOLUTION";
const WHERE = "stubFromSolution";
const FUNCTION_NAME = /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)/;

/** The message every stub throws, so the grader and the CI check can recognise an untouched function. */
export function notImplementedMessage(functionName: string): string {
  return `not implemented: ${functionName}`;
}

/** True for the error a stub throws (the grader says "not started" for those). */
export function isNotImplementedMessage(message: string): boolean {
  return /\bnot implemented: [A-Za-z_$][\w$]*/.test(message);
}

/**
 * The stub for `solution` (a TypeScript file with marked regions). `exerciseNumber` ("01") goes into the pointer
 * comment. Throws `WorkbenchInputError` on an unmatched marker or a region outside any function.
 */
export function stubFromSolution(solution: string, exerciseNumber: string): string {
  requireString(WHERE, "solution", solution);
  requireString(WHERE, "exerciseNumber", exerciseNumber);
  if (!/^\d{2}$/.test(exerciseNumber)) throw new WorkbenchInputError(WHERE, "exerciseNumber", "must be two digits", exerciseNumber);
  const lines = solution.split("\n");
  const out: string[] = [];
  let regions = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (trimmed === END) throw new WorkbenchInputError(WHERE, "solution", `has "${END}" without a "${BEGIN}" before it (line ${i + 1})`);
    if (trimmed !== BEGIN) {
      out.push(line);
      continue;
    }
    const end = lines.findIndex((l, j) => j > i && (l.trim() === END || l.trim() === BEGIN));
    if (end < 0 || lines[end]!.trim() !== END) {
      throw new WorkbenchInputError(WHERE, "solution", `has "${BEGIN}" at line ${i + 1} without its "${END}"`);
    }
    const indent = line.slice(0, line.length - line.trimStart().length);
    regions++;
    if (indent === "") {
      // A top-level region: drop it, and one blank line after it if that would leave two in a row.
      const before = out.length === 0 || out[out.length - 1]!.trim() === "";
      i = end + (before && (lines[end + 1] ?? "x").trim() === "" ? 1 : 0);
      continue;
    }
    const fn = enclosingFunction(lines, i);
    out.push(
      `${indent}// Exercise ${exerciseNumber}: your code goes here, in place of the throw (hints: \`npm run -s workbench -- hint ${exerciseNumber}\`).`,
      `${indent}throw new Error(${JSON.stringify(notImplementedMessage(fn))});`,
    );
    i = end;
  }
  if (regions === 0) throw new WorkbenchInputError(WHERE, "solution", `has no "${BEGIN}" region (the stub would be the solution)`);
  return out.join("\n");
}

function enclosingFunction(lines: readonly string[], from: number): string {
  for (let j = from - 1; j >= 0; j--) {
    const m = FUNCTION_NAME.exec(lines[j]!);
    if (m && lines[j]!.length - lines[j]!.trimStart().length < lines[from]!.length - lines[from]!.trimStart().length) return m[1]!;
  }
  throw new WorkbenchInputError(WHERE, "solution", `has an indented "${BEGIN}" at line ${from + 1} outside any function`);
}
