/**
 * The live server's memory under a page that stops reading: a server in its own process (so its memory is its own),
 * a client that posts a cell printing 50 MiB and never reads the answer. The server must hold at most an increment
 * for it, cut it off after the stall bound, and end the run; its peak resident memory stays within a bound of where
 * it started, its heap after a GC where it was, and the session runs the next cell. Before the server streamed
 * increments with backpressure, the same run took it from 62 MB to a 654 MB peak and kept 388 MB of heap.
 */
import { fork, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../../support/temp-dirs.js";

const root = join(__dirname, "..", "..", "..");
const tempDir = tempDirs();
const MiB = 2 ** 20;
/** What the server may grow by while the client holds 50 MiB of output back: far below the output, far above noise. */
const PEAK_GROWTH_BOUND_MB = 40;

const SERVER = `const [lib, file, edits, stallMs] = process.argv.slice(2);
const { serveSite } = await import(lib + "/notebooks/serve.js");
const { createSite } = await import(lib + "/notebooks/site.js");
const { projectPaths } = await import(lib + "/notebooks/project.js");
const root = process.env.WORKBENCH_ROOT;
const site = createSite(projectPaths(root), [file], { live: true, jupyterInstalled: false, editsDir: edits });
const served = await serveSite(site, 0, { stallMs: Number(stallMs) });
process.on("message", () => {
  globalThis.gc();
  globalThis.gc();
  process.send({ heapUsed: process.memoryUsage().heapUsed });
});
process.send({ url: served.url, token: served.token });
`;

/** The resident memory of process `pid` now and at its peak, in MB (Linux /proc). */
function resident(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  return { now: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

describe("the live server under a client that never reads", () => {
  let server: ChildProcess;
  let base: URL;
  let token: string;
  const ask = <T>(): Promise<T> => new Promise((resolve) => (server.once("message", (m) => resolve(m as T)), server.send("gc")));

  /** Posts to the API; the response unread (paused) when `read` is false, else its whole text. */
  const post = (action: string, body: Record<string, unknown>, read: boolean): Promise<{ res: IncomingMessage; text: string }> =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: base.hostname, port: base.port, path: `/api/${action}`, method: "POST", headers: { host: base.host, authorization: `token ${token}`, "content-type": "application/json" } },
        (res) => {
          if (!read) {
            res.pause();
            resolve({ res, text: "" });
            return;
          }
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => (text += d));
          res.on("end", () => resolve({ res, text }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ notebook: "01-memory", ...body }));
    });

  beforeAll(async () => {
    const dir = tempDir("live-memory-");
    mkdirSync(join(dir, "notebooks"));
    const file = join(dir, "notebooks", "01-memory.ipynb");
    cpSync(join(root, "test", "fixtures", "notebooks", "passing.ipynb"), file);
    const script = join(dir, "server.mjs");
    writeFileSync(script, SERVER);
    const lib = pathToFileURL(join(root, "lib", "dist")).href;
    server = fork(script, [lib, file, join(dir, "edits"), "2000"], {
      execArgv: ["--expose-gc"],
      env: { ...process.env, WORKBENCH_ROOT: root },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const first = await new Promise<{ url: string; token: string }>((resolve) => server.once("message", (m) => resolve(m as { url: string; token: string })));
    base = new URL(first.url);
    token = first.token;
    const warm = await post("run", { code: "console.log('warm')" }, true); // the session's process and tslab are up
    expect(warm.text).toContain("warm");
  }, 120_000);
  afterAll(() => {
    server?.kill("SIGKILL");
  });

  it("holds its memory within the bound, cuts the client off, ends the run and runs the next cell", async () => {
    const heapBefore = (await ask<{ heapUsed: number }>()).heapUsed / MiB;
    const before = resident(server.pid!);
    // 50 MiB in bursts of 100 KiB, the way a cell printing in a loop with awaits sends it
    const lines = (50 * MiB) / 100;
    const code = `const line = "x".repeat(99);\nfor (let i = 0; i < ${lines}; i++) {\n  console.log(line);\n  if (i % 1000 === 999) await new Promise((d) => setImmediate(d));\n}`;
    const started = Date.now();
    const { res } = await post("run", { code }, false);
    let peak = before.now;
    for (;;) {
      await new Promise((d) => setTimeout(d, 100));
      peak = Math.max(peak, resident(server.pid!).now);
      const state = JSON.parse((await post("state", {}, true)).text) as { busy: boolean };
      if (!state.busy) break;
      expect(Date.now() - started).toBeLessThan(100_000);
    }
    const after = resident(server.pid!);
    const heapAfter = (await ask<{ heapUsed: number }>()).heapUsed / MiB;
    // the client, reading at last, finds its answer cut short: no "done", far less than was printed
    let got = 0;
    let tail = "";
    res.on("data", (d: Buffer) => {
      got += d.length;
      tail = (tail + d.toString("utf8")).slice(-300);
    });
    await new Promise((d) => {
      res.on("end", d);
      res.on("aborted", d);
      res.on("error", d);
      res.resume();
    });
    console.log(
      `server RSS ${before.now.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the highest sample (VmHWM ${after.peak.toFixed(0)} MB), ${after.now.toFixed(0)} MB after; ` +
        `heap after GC ${heapBefore.toFixed(1)} → ${heapAfter.toFixed(1)} MB; the client got ${(got / MiB).toFixed(1)} MiB of 50 before the cut, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(peak - before.now).toBeLessThan(PEAK_GROWTH_BOUND_MB);
    expect(after.peak - before.now).toBeLessThan(PEAK_GROWTH_BOUND_MB);
    expect(heapAfter - heapBefore).toBeLessThan(5);
    expect(got).toBeLessThan(25 * MiB);
    expect(tail).not.toMatch(/"type":"done"/);
    const next = await post("run", { code: "console.log('still here')" }, true);
    expect(next.text).toContain("still here");
    expect(next.text).toMatch(/"type":"done","ok":true/);
  }, 180_000);
});
