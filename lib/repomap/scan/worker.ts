/**
 * Worker-thread entry for parallel scans (scan/pool.ts): loads grammars on first use, then answers each
 * `{ id, abs, lang }` with `{ id, body }` (scan/parse.ts). Not part of the lib's barrel: it is started by path.
 */
import { parentPort, workerData } from "node:worker_threads";
import { GrammarSet, packageResolverFrom } from "./grammars.js";
import { languageById } from "./languages.js";
import { parseFileBody } from "./parse.js";
import type { TagsOptions } from "./tags-raw.js";

/** What the pool gives each worker. */
export interface ScanWorkerData {
  packageBase: string;
  tagOpts: TagsOptions;
  maxBytes: number;
  /** Each file's parse and query budget (ms). */
  budgetMs: number;
}

if (parentPort) {
  const port = parentPort;
  const data = workerData as ScanWorkerData;
  const grammars = new GrammarSet({ resolvePackageDir: packageResolverFrom(data.packageBase) });
  port.on("message", (job: { id: number; abs: string; lang: string }) => {
    void (async () => {
      const spec = languageById(job.lang);
      const grammar = spec && (await grammars.get(spec));
      const body = grammar ? parseFileBody(job, grammar, data) : null;
      port.postMessage({ id: job.id, body });
    })();
  });
}
