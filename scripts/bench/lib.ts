/**
 * The lib as the benchmarks measure it: its build (lib/dist, made by `npm run build`, which `npm run bench` runs
 * first), loaded by its path (the code a notebook loads by package name), and typed from the sources. Also the scan settings the
 * repo-map benchmarks share: grammars resolved from the project, parsing on one worker thread per core (the built
 * worker), as `workbench map` does.
 */
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** lib/dist, by path: under tsx the package name resolves to lib/index.ts (tsconfig `paths`), not to the build. */
const dist = resolve(import.meta.dirname, "../../lib/dist");
const built = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(dist, file)).href)) as T;

/** The root entry plus the internal stages the benchmarks time on their own (not part of the public entries). */
export const lib = {
  ...(await built<typeof import("../../lib/index.js")>("index.js")),
  ...(await built<typeof import("../../lib/repomap/scan/grammars.js")>("repomap/scan/grammars.js")),
  ...(await built<typeof import("../../lib/repomap/pagerank/pagerank.js")>("repomap/pagerank/pagerank.js")),
  ...(await built<typeof import("../../lib/repomap/pagerank/from-edges.js")>("repomap/pagerank/from-edges.js")),
  ...(await built<typeof import("../../lib/repomap/pagerank/matrix.js")>("repomap/pagerank/matrix.js")),
  ...(await built<typeof import("../../lib/repomap/ranking/fast/prepared-tags.js")>("repomap/ranking/fast/prepared-tags.js")),
  ...(await built<typeof import("../../lib/repomap/repo-map.js")>("repomap/repo-map.js")),
};
type Lib = typeof lib;

/** A fresh GrammarSet loading the grammar packages installed under `root`. */
export const grammarSet = (root: string): InstanceType<Lib["GrammarSet"]> => new lib.GrammarSet({ resolvePackageDir: lib.packageResolverFrom(root) });

/** `scanRepo`'s `parallel` option: the built worker script on one thread per core. */
export function scanParallel(root: string): { script: string; threads: number; packageBase: string } {
  const script = join(dist, "repomap", "scan", "worker.js");
  return { script, threads: availableParallelism(), packageBase: root };
}
