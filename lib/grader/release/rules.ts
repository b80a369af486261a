/**
 * What a student release (`workbench release`) leaves out of the checkout, and why. Pure: it decides
 * from paths and file texts, the writer (write.ts) does the I/O.
 *
 * - The instructor-only paths below: the reference solutions, the hidden graded tests, the instructor's CI.
 * - Tests and scripts that read the solutions: a TypeScript file under test/ or scripts/ that names the folder
 *   (`"solutions"`, `/solutions/`) or an exercise's `solutionDir` (`readsSolutions`).
 * - Then, to a fixed point, every TypeScript file that imports (by a relative path) a file left out — so the
 *   release's typecheck and test suite never reach for a missing solution. `leftOutByImports` names the import.
 */
import { posix } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";

export interface LeftOut {
  path: string;
  reason: string;
}

/** Folder prefixes (ending in "/") and files that only the instructor's checkout has. */
export const INSTRUCTOR_ONLY: readonly { path: string; reason: string }[] = Object.freeze([
  { path: "solutions/", reason: "the reference solutions" },
  { path: "test/exercises/hidden/", reason: "hidden graded tests (run by the instructor with grade --hidden)" },
  { path: "test/system/release-clone.test.ts", reason: "releases this checkout (needs the solutions)" },
  { path: "scripts/write-exercise-stubs.ts", reason: "writes the stubs from the reference solutions" },
  { path: ".ci/", reason: "the instructor's CI; the release gives feedback with .github/workflows/workbench-feedback.yml" },
  { path: "test/system/diagrams.test.ts", reason: "renders the diagrams with mermaid-cli, an instructor's devDependency the release does not install" },
]);

/** Why `path` (relative, "/"-separated) is instructor-only, or null. */
export function instructorOnly(path: string): string | null {
  for (const rule of INSTRUCTOR_ONLY) {
    if (rule.path.endsWith("/") ? path.startsWith(rule.path) : path === rule.path) return rule.reason;
  }
  return null;
}

/**
 * True for a path a grade needs in the release: lib (the judge is lib/grader/judge/) and the graded test files
 * `test/exercises/NN-name.test.ts`. Nothing else under test/ is needed to grade.
 */
export function neededToGrade(path: string): boolean {
  return path.startsWith("lib/") || /^test\/exercises\/\d{2}-[a-z0-9-]+\.test\.ts$/.test(path);
}

const NAMES_SOLUTIONS = /["'`]solutions["'`/]|\/solutions\/|\bsolutionDir\b/;

/** Why a test or script reads the reference solutions (it names their folder or `solutionDir`), or null. */
export function readsSolutions(path: string, text: string): string | null {
  if (!/^(test|scripts)\//.test(path) || !/\.(ts|mjs|js)$/.test(path)) return null;
  const m = NAMES_SOLUTIONS.exec(text);
  return m ? `reads the reference solutions (it names ${m[0].replace(/["'`]/g, "")})` : null;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']+)\1/g;

/** The repository paths a TypeScript file's relative imports point at (".js" read as ".ts"). */
export function relativeImports(path: string, text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(IMPORT)) {
    const target = posix.normalize(posix.join(posix.dirname(path), m[2]!));
    out.add(target.replace(/\.js$/, ".ts"));
  }
  return [...out];
}

/**
 * Of `files` (path → text, the files kept so far), the TypeScript files that import a left-out file, directly or
 * through another, each with the import that pulls it out. `isLeftOut` says which paths are already out.
 */
export function leftOutByImports(files: ReadonlyMap<string, string>, isLeftOut: (path: string) => boolean): LeftOut[] {
  const out: LeftOut[] = [];
  const gone = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [path, text] of files) {
      if (gone.has(path) || !path.endsWith(".ts")) continue;
      const bad = relativeImports(path, text).find((t) => gone.has(t) || isLeftOut(t));
      if (bad === undefined) continue;
      gone.add(path);
      out.push({ path, reason: `imports ${bad}, which is left out` });
      changed = true;
    }
  }
  return out;
}

/**
 * The release's package.json: the same, without the npm scripts that run a file the release does not have
 * (`tsx scripts/x.ts`, `bash scripts/y.sh`), without `devDependencies` (the instructor's tooling: diagram
 * rendering, the ssh host of the tests; what students need is in `dependencies`) and without `optionalDependencies` (the checkout's pinned
 * Node binary, 190 MB: students run their own Node 22 or 24). Returns the text and the names of the scripts dropped.
 */
export function releasePackageJson(text: string, has: (path: string) => boolean): { text: string; dropped: string[] } {
  const parsed = JSON.parse(text) as { scripts?: Record<string, string>; devDependencies?: unknown; optionalDependencies?: unknown };
  const { devDependencies: _instructorOnly, optionalDependencies: _nodeBinary, ...pkg } = parsed;
  const dropped: string[] = [];
  const scripts: Record<string, string> = {};
  for (const [name, command] of Object.entries(pkg.scripts ?? {})) {
    const files = [...command.matchAll(/(?:^|\s)((?:scripts|lib)\/[\w./-]+\.(?:ts|sh|mjs|js|py))(?=\s|$)/g)].map((m) => m[1]!);
    if (files.some((f) => !has(f))) dropped.push(name);
    else scripts[name] = command;
  }
  return { text: JSON.stringify({ ...pkg, scripts }, null, 2) + "\n", dropped };
}

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * The release's package-lock.json, matching `releasePackageJson`: the root's `devDependencies` and every package
 * npm marks `"dev": true` (reachable only through them) are gone, and so are the root's `optionalDependencies`
 * (each a package without dependencies of its own, such as the Node binary); one both dev and optional becomes
 * optional. The rest is kept as locked, so the release installs the same versions with `npm ci`.
 */
export function releaseLockfile(text: string): string {
  const lock = JSON.parse(text) as { packages?: Record<string, LockEntry> };
  if (typeof lock.packages !== "object" || lock.packages === null || typeof lock.packages[""] !== "object") {
    throw new WorkbenchInputError("releaseLockfile", "text", "must be a package-lock.json with a \"packages\" object and a root entry (lockfileVersion 2 or 3)", text.slice(0, 80));
  }
  const optional = new Set(Object.keys(lock.packages[""]!.optionalDependencies ?? {}).map((name) => `node_modules/${name}`));
  const packages: Record<string, LockEntry> = {};
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (entry.dev === true) continue;
    if (optional.has(path)) {
      if (Object.keys(entry.dependencies ?? {}).length > 0) {
        throw new WorkbenchInputError("releaseLockfile", "text", "must have root optionalDependencies without dependencies of their own", path);
      }
      continue;
    }
    if (path === "") {
      const { devDependencies: _instructorOnly, optionalDependencies: _nodeBinary, ...root } = entry;
      packages[path] = root;
    } else if (entry.devOptional === true) {
      const { devOptional: _dev, ...rest } = entry;
      packages[path] = { ...rest, optional: true };
    } else packages[path] = entry;
  }
  return JSON.stringify({ ...lock, packages }, null, 2) + "\n";
}
