/**
 * The lib as the benchmarks measure it: its build (lib/dist, made by `npm run build`, which `npm run bench` runs
 * first), loaded by package name as a notebook loads it, and typed from the sources. Also the scan settings the
 * repo-map benchmarks share: grammars resolved from the project, parsing on one worker thread per core (the built
 * worker), as `workbench map` does.
 */
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";

type Lib = typeof import("../../lib/index.js");

const name = "@aider-workbench/lib"; // a variable, so the type checker does not need lib/dist
export const lib = (await import(name)) as Lib;

/** A fresh GrammarSet loading the grammar packages installed under `root`. */
export const grammarSet = (root: string): InstanceType<Lib["GrammarSet"]> => new lib.GrammarSet({ resolvePackageDir: lib.packageResolverFrom(root) });

/** `scanRepo`'s `parallel` option: the built worker script on one thread per core. */
export function scanParallel(root: string): { script: string; threads: number; packageBase: string } {
  const script = join(dirname(createRequire(import.meta.url).resolve(name)), "repomap", "aider-scan-worker.js");
  return { script, threads: availableParallelism(), packageBase: root };
}
