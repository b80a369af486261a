/**
 * Parsing files on several threads (the scan's cold path is tree-sitter's wasm parser and query: one core does
 * about 2 MB/s, 110 files/s, of the Python standard library; `docs/performance.md`, "Scans and re-ranks"). Each worker keeps a few jobs
 * queued and takes the next as it answers one. If a worker cannot start or dies, the jobs it had not answered are
 * returned unanswered and the scan parses them in-process: threads only ever make a scan faster, never fail it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileBody } from "./parse.js";
import type { ScanWorkerData } from "./worker.js";

/** How to start workers: the worker script (scan/worker.js or .ts), how many, and Node options for them. */
export interface ParallelOptions {
  script: string;
  threads: number;
  /** Node options for the workers (default: the parent's, which carry tsx's loader when run through tsx). */
  execArgv?: string[];
}

export interface ParseJob {
  readonly abs: string;
  readonly lang: string;
}

/**
 * tsx's ESM registration entry, from tsx's own package.json `exports` (found from the worker script's folder).
 * Node 20 does not carry tsx's `--import` hooks into a worker's entry module, so a `.ts` worker registers them first.
 */
function tsxRegisterEntry(script: string): string {
  const pkgJson = createRequire(script).resolve("tsx/package.json");
  const exportsField = (JSON.parse(readFileSync(pkgJson, "utf8")) as { exports: Record<string, { import: { default: string } }> }).exports;
  return join(dirname(pkgJson), exportsField["./esm/api"]!.import.default);
}

function startWorker(parallel: ParallelOptions, data: ScanWorkerData): Worker {
  const options = { workerData: data, ...(parallel.execArgv ? { execArgv: parallel.execArgv } : {}) };
  if (!parallel.script.endsWith(".ts")) return new Worker(parallel.script, options);
  const api = pathToFileURL(tsxRegisterEntry(parallel.script)).href;
  const entry = pathToFileURL(parallel.script).href;
  const boot = `(async () => { const { register } = await import(${JSON.stringify(api)}); register(); await import(${JSON.stringify(entry)}); })()`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Jobs queued at each worker at once: it starts the next file as soon as it posts an answer, instead of idling
 * until the main thread (maybe descheduled on a busy machine) hands it one. Small, so the threads stay balanced.
 */
export const IN_FLIGHT = 4;

/**
 * Runs the jobs on `threads` workers; calls `onDone(index, body)` as answers come. Resolves to the indices of the
 * jobs no worker answered (empty when all went well).
 */
export async function parseInWorkers(
  jobs: readonly ParseJob[],
  workers: { parallel: ParallelOptions; data: ScanWorkerData },
  onDone: (index: number, body: FileBody | null) => void,
): Promise<number[]> {
  const { parallel, data } = workers;
  let next = 0;
  const answered = new Uint8Array(jobs.length);
  const runOne = (): Promise<void> =>
    new Promise((resolve) => {
      let worker: Worker;
      try {
        worker = startWorker(parallel, data);
      } catch {
        resolve();
        return;
      }
      let pending = 0;
      const feed = (): void => {
        while (pending < IN_FLIGHT && next < jobs.length) {
          pending++;
          const id = next++;
          worker.postMessage({ id, ...jobs[id] });
        }
        if (pending === 0) void worker.terminate();
      };
      worker.on("message", (msg: { id: number; body: FileBody | null }) => {
        pending--;
        answered[msg.id] = 1;
        onDone(msg.id, msg.body);
        feed();
      });
      worker.on("error", () => void worker.terminate());
      worker.on("exit", () => resolve());
      feed();
    });
  const threads = Math.max(1, Math.min(parallel.threads, jobs.length));
  await Promise.all(Array.from({ length: threads }, runOne));
  const missed: number[] = [];
  answered.forEach((a, i) => {
    if (!a) missed.push(i);
  });
  return missed;
}
