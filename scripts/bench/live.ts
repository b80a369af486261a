/**
 * Benchmark 5: the live pages of the embedded `npm start` (issue 16) — how long after `npm start` the first
 * notebook's page is served with its outputs when the executed copies exist, how long a new session takes to
 * answer its first cell (tslab's compiler starting), and how long a cell that calls lib answers once it runs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createKernelSession } from "../../lib/notebooks/live/kernel-session.js";
import { collectOutputs } from "../../lib/notebooks/live/output-delta.js";
import { load1, series, spread, loadText, type Sample } from "./measure.js";
import { table, type Section } from "./report.js";

/** Starts `npm start --embedded` as the user would (tsx included); resolves its printed URL. */
function start(root: string, log: (l: string) => void): { child: ChildProcess; url: Promise<string>; allRun: Promise<void> } {
  const child = spawn(join(root, "node_modules", ".bin", "tsx"), [join(root, "lib", "cli.ts"), "start", "--embedded", "--port", "0"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let onUrl: (u: string) => void = () => {};
  let onAll: () => void = () => {};
  const url = new Promise<string>((r) => (onUrl = r));
  const allRun = new Promise<void>((r) => (onAll = r));
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString("utf8");
    const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/.exec(out);
    if (m) onUrl(m[1]!);
    if (/\d+ passed, \d+ failed/.test(out)) onAll();
  });
  child.on("exit", (code) => log(`npm start ended (${code})`));
  return { child, url, allRun };
}

const stop = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, "SIGTERM"); // the group this script started: tsx, node and the notebook processes
  } catch {
    /* already gone */
  }
};

/** Time from spawning `npm start` to the first notebook's page served with its outputs. */
async function firstPage(root: string, log: (l: string) => void): Promise<number> {
  const t0 = performance.now();
  const s = start(root, log);
  try {
    const url = await s.url;
    const base = url.replace(/\?.*$/, "");
    const token = url.replace(/^.*token=/, "");
    for (;;) {
      const res = await fetch(base, { headers: { authorization: `token ${token}` } }).catch(() => null);
      const href = res?.ok ? /<a href="(\d\d-[^"]+\.html)">/.exec(await res.text())?.[1] : undefined;
      if (href) {
        const page = await fetch(base + href, { headers: { authorization: `token ${token}` } });
        if (page.ok && (await page.text()).includes("ran without errors")) return performance.now() - t0;
      }
      await new Promise((d) => setTimeout(d, 50));
    }
  } finally {
    stop(s.child);
  }
}

const CELL = `const r = teachingRepoMap({ files: ["A", "B"], edges: [["A", "B", "f", 1]], personalization: { A: 1 }, symbolCosts: { B: { f: 1 } }, budget: 5 });
console.log(r.fileRank);`;

export async function liveSection(root: string, runs: number, log: (l: string) => void): Promise<Section> {
  const title = "5. Live pages (`npm start` without Jupyter)";
  log("live: npm start once, to make the executed copies");
  const warm = start(root, log);
  await warm.url;
  await warm.allRun;
  stop(warm.child);
  const pageSamples: Sample[] = [];
  const before = load1();
  for (let i = 0; i < runs; i++) {
    log(`live: first page, run ${i + 1} of ${runs}`);
    pageSamples.push({ wallMs: await firstPage(root, log), cpuMs: NaN });
  }
  const firstCell: Sample[] = [];
  const libCell: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    log(`live: a new session's first cell and a cell calling lib, run ${i + 1} of ${runs}`);
    const session = createKernelSession(root, join(root, "notebooks"));
    let t = performance.now();
    const imported = await session.run('import { teachingRepoMap } from "@aider-workbench/lib";');
    firstCell.push({ wallMs: performance.now() - t, cpuMs: NaN });
    for (let k = 0; k < 3 && imported.ok; k++) {
      t = performance.now();
      const seen = collectOutputs();
      const r = await session.run(CELL, seen.listen);
      if (!r.ok) throw new Error(`bench live: the cell failed: ${JSON.stringify(seen.outputs)}`);
      libCell.push({ wallMs: performance.now() - t, cpuMs: NaN });
    }
    session.close();
  }
  const load: [number, number] = [before, load1()];
  const rows = [
    ["first notebook page with its outputs, after `npm start` (executed copies exist)", spread(series(pageSamples, load)), "< 3 s"],
    ["a new session's first cell (tslab's compiler starts; the page warms a session when it opens)", spread(series(firstCell, load)), "—"],
    ["a cell calling lib (`teachingRepoMap`) in a running session", spread(series(libCell, load)), "< 1 s"],
  ];
  return {
    title,
    blocks: [
      `Median of ${runs} runs [min–max] (the lib cell: 3 per session). The page time is from spawning ` +
        "`npm start -- --embedded` (tsx included) to the first notebook's page served with its outputs.",
      table(["what", "time", "target"], rows),
      `Load: ${loadText(series(pageSamples, load))}.`,
    ],
    data: { firstPage: pageSamples, firstCell, libCell },
  };
}
