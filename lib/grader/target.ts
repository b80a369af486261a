/**
 * The one switch between the student's code and the reference solutions: which folder is graded — `exercises/`
 * (the default), `solutions/`, or any folder laid out like `exercises/` (a student's submission, a test fixture).
 * Both the grader and `lib/grader/judge/vitest.config.ts` (for running graded tests with plain vitest) use it.
 * Graded tests name the module under test as `@target/NN-name/<file>.js` in types only (tsconfig maps it to
 * exercises/); its code is built and run in the sandbox (sandbox/policy.ts, sandbox/link.ts).
 */
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";

export interface Target {
  /** What was asked for: "exercises", "solutions" or the folder as given. */
  label: string;
  /** The folder `@target` stands for (absolute). */
  dir: string;
  /** True for the checkout's own exercises/: only then is the student's progress recorded. */
  isStudentWork: boolean;
}

/** The import prefix of the module under test. */
export const TARGET_PREFIX = "@target";
/** The package name exercise files use for the workbench. */
export const LIB_PACKAGE = "@aider-workbench/lib";

/** Resolves `--target` (relative folders against `cwd`); a missing folder is a `WorkbenchInputError`. */
export function resolveTarget(root: string, target = "exercises", cwd = process.cwd()): Target {
  requireString("resolveTarget", "target", target);
  if (target === "exercises" || target === "solutions") {
    return { label: target, dir: join(root, target), isStudentWork: target === "exercises" };
  }
  const dir = isAbsolute(target) ? target : resolve(cwd, target);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new WorkbenchInputError("resolveTarget", "target", "must be exercises, solutions or an existing folder", target);
  }
  return { label: target, dir, isStudentWork: resolve(dir) === join(root, "exercises") };
}

/** The package's entry points per mechanism (lib/package.json `exports`), besides its root. */
export const LIB_ENTRIES: readonly string[] = Object.freeze(["repomap", "editblock", "editformats", "git", "loop", "show", "explore", "grader"]);

/**
 * Vite aliases for the judge: the lib package and each of its entry points → lib's sources. `@target` is
 * deliberately NOT resolvable in the judge: graded tests name the module under test only in types; its code runs
 * in the sandbox.
 */
export function gradingAliases(root: string): { find: RegExp; replacement: string }[] {
  const name = LIB_PACKAGE.replace("/", "\\/");
  return [
    { find: new RegExp(`^${name}$`), replacement: join(root, "lib", "index.ts") },
    { find: new RegExp(`^${name}\\/(${LIB_ENTRIES.join("|")})$`), replacement: join(root, "lib", "$1", "index.ts") },
  ];
}
