/**
 * Where the notebooks tooling finds things: the project root (found from a folder inside it, since lib modules
 * may not use `import.meta`), the notebooks, the build folder for executed copies, and whether lib's build
 * (`lib/dist`, which notebooks `require` as `@aider-workbench/lib`) is older than lib's sources.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { findProjectRoot } from "../core/project-root.js";


export interface ProjectPaths {
  root: string;
  notebooks: string;
  diagrams: string;
  /** Executed copies: build/notebooks/<mode>/. */
  build: string;
  /** The project-local Jupyter data dir the kernelspec is generated into (git-ignored). */
  jupyterData: string;
}

export function projectPaths(root: string = findProjectRoot()): ProjectPaths {
  return {
    root,
    notebooks: join(root, "notebooks"),
    diagrams: join(root, "diagrams"),
    build: join(root, "build", "notebooks"),
    jupyterData: join(root, ".jupyter", "share", "jupyter"),
  };
}

/** The study notebooks in learning order (their names start with a two-digit number). */
export function listNotebooks(notebooksDir: string): string[] {
  if (!existsSync(notebooksDir)) return [];
  return readdirSync(notebooksDir)
    .filter((f) => /^\d\d-.*\.ipynb$/.test(f))
    .sort()
    .map((f) => join(notebooksDir, f));
}

/**
 * Resolves what a user typed to notebook files: an existing path, or a study notebook named by its number
 * ("01"), its stem ("01-pagerank") or its file name. Unknown names throw, listing what exists.
 */
export function resolveNotebooks(names: readonly string[], notebooksDir: string, cwd: string = process.cwd()): string[] {
  const all = listNotebooks(notebooksDir);
  if (names.length === 0) return all;
  return names.map((name) => {
    const asPath = resolve(cwd, name);
    if (name.endsWith(".ipynb") && existsSync(asPath) && statSync(asPath).isFile()) return asPath;
    const hit = all.filter((f) => {
      const file = basename(f);
      return file === name || file === `${name}.ipynb` || file.startsWith(`${name}-`);
    });
    if (hit.length === 1) return hit[0]!;
    const known = all.map((f) => basename(f, ".ipynb")).join(", ") || "none";
    const rule = hit.length > 1 ? `is ambiguous (matches ${hit.length} notebooks)` : `names no notebook (known: ${known})`;
    throw new WorkbenchInputError("notebooks", "NAME", rule, name);
  });
}

/** The newest modification time (ms) of the files under `dir` that `keep` accepts; 0 when there are none. */
function newestMtime(dir: string, keep: (file: string) => boolean, skip: ReadonlySet<string>): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) newest = Math.max(newest, newestMtime(path, keep, skip));
    } else if (keep(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Why lib's build is unusable by notebooks, or null when it is current: missing, or older than a lib source
 * (a `.ts` file or lib/package.json) — notebooks would silently run yesterday's lib.
 */
export function libBuildProblem(root: string): string | null {
  const lib = join(root, "lib");
  const entry = join(lib, "dist", "index.js");
  if (!existsSync(entry)) return "lib/dist/index.js does not exist (lib has not been built)";
  const built = statSync(entry).mtimeMs;
  const source = newestMtime(lib, (f) => f.endsWith(".ts") || f === "package.json", new Set(["dist", "node_modules"]));
  return source > built ? "lib/dist is older than lib's sources" : null;
}

/**
 * Rebuilds lib (`tsc -p lib/tsconfig.build.json`, what `npm run build` runs) when `libBuildProblem` finds its
 * build missing or stale; `say` reports why. Throws with the compiler's output when the build fails.
 */
export function ensureLibBuilt(root: string, say: (line: string) => void): void {
  const problem = libBuildProblem(root);
  if (problem === null) return;
  say(`${problem}: rebuilding it (npm run build)…`);
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const run = spawnSync(process.execPath, [tsc, "-p", join(root, "lib", "tsconfig.build.json")], { cwd: root, encoding: "utf8" });
  if (run.status !== 0) {
    throw new Error(`npm run build failed; notebooks need lib's build:\n${(run.stdout + run.stderr).trim()}`);
  }
}
