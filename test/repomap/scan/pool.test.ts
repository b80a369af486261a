/**
 * lib/repomap/scan/pool.ts: parsing on worker threads, with stand-in workers written by the test (no grammars): jobs
 * are fed a few at a time to each worker, every answer is passed on once, and what a dead or unstartable worker left
 * unanswered comes back to the caller to parse in-process.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IN_FLIGHT, parseInWorkers, type ParseJob } from "../../../lib/repomap/scan/pool.js";
import { TAGS_DEFAULTS } from "../../../lib/repomap/scan/tags-raw.js";
import { tempDirs } from "../../support/temp-dirs.js";

const temp = tempDirs();
const DATA = { packageBase: ".", tagOpts: TAGS_DEFAULTS, maxBytes: 1 << 20, budgetMs: 1000 };
const jobs = (n: number): ParseJob[] => Array.from({ length: n }, (_, i) => ({ abs: `/repo/f${i}.py`, lang: "python" }));

/** A stand-in worker: `body` is JavaScript run with `port` and `data` in scope. */
function workerScript(body: string): string {
  const file = join(temp("wb-pool-"), "worker.mjs");
  writeFileSync(file, `import { parentPort as port, workerData as data } from "node:worker_threads";\n${body}\n`);
  return file;
}

async function run(script: string, n: number, threads: number) {
  const answers: [number, unknown][] = [];
  const missed = await parseInWorkers(jobs(n), { parallel: { script, threads, execArgv: [] }, data: DATA }, (i, body) => answers.push([i, body]));
  return { answers: answers.sort((a, b) => a[0] - b[0]), missed };
}

describe("parseInWorkers", () => {
  it("answers every job once, with the worker's body for it, on several threads", async () => {
    const echo = workerScript(`port.on("message", (j) => port.postMessage({ id: j.id, body: { lang: j.lang, tags: [["def", j.abs, data.maxBytes]] } }));`);
    const { answers, missed } = await run(echo, 10, 3);
    expect(missed).toEqual([]);
    expect(answers).toEqual(jobs(10).map((j, i) => [i, { lang: "python", tags: [["def", j.abs, 1 << 20]] }]));
  });

  it(`keeps ${IN_FLIGHT} jobs queued at a worker: one that answers only in batches of ${IN_FLIGHT} still finishes`, async () => {
    const batching = workerScript(
      `const held = []; port.on("message", (j) => { held.push(j); if (held.length === ${IN_FLIGHT}) for (const h of held.splice(0)) port.postMessage({ id: h.id, body: null }); });`,
    );
    const { answers, missed } = await run(batching, 2 * IN_FLIGHT, 1);
    expect(missed).toEqual([]);
    expect(answers.map(([i]) => i)).toEqual(jobs(2 * IN_FLIGHT).map((_, i) => i));
  });

  it("returns the jobs a worker that dies had not answered", async () => {
    const dying = workerScript(`let n = 0; port.on("message", (j) => { if (++n > 2) process.exit(1); port.postMessage({ id: j.id, body: null }); });`);
    const { answers, missed } = await run(dying, 8, 1);
    expect(answers.map(([i]) => i)).toEqual([0, 1]);
    expect(missed).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("returns every job when no worker can start; with no jobs there is nothing to return", async () => {
    const missing = join(temp("wb-pool-none-"), "no-worker.mjs");
    expect((await run(missing, 3, 2)).missed).toEqual([0, 1, 2]);
    expect(await run(missing, 0, 2)).toEqual({ answers: [], missed: [] });
  });
});
