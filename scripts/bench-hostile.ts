/**
 * `npm run bench:hostile [-- --budget MS]`: how long a scan takes on pathologically nested files, with the
 * per-file parse budget (issue 18, item 3) and, for the smaller ones, without it (a report, not a test: it prints
 * numbers and checks no target). Each case is one file in a fresh folder, scanned cold with no cache, in-process;
 * wall time and CPU time of the whole `scanRepo` call, and what the scan recorded for the file.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { GrammarSet } from "../lib/repomap/scan/grammars.js";
import { PARSE_BUDGET_MS } from "../lib/repomap/scan/parse.js";
import { scanRepo } from "../lib/repomap/scan/scan.js";
import { nestedCalls } from "./hostile-corpus.js";

const args = process.argv.slice(2);
const budgetAt = args.indexOf("--budget");
const budget = budgetAt >= 0 ? Number(args[budgetAt + 1]) : PARSE_BUDGET_MS;
if (!Number.isInteger(budget) || budget < 1) throw new Error(`bench-hostile: --budget must be a positive integer (got ${args[budgetAt + 1]})`);

const wrap = (open: string, close: string, leaf: string) => (n: number) => `def f(x):\n    return x\n\ny = ${open.repeat(n)}${leaf}${close.repeat(n)}\n`;
const CASES: [string, (n: number) => string, number[]][] = [
  ["nested calls f(f(…))", nestedCalls, [5_000, 20_000, 80_000, 150_000]],
  ["nested subscripts a[a[…]]", wrap("a[", "]", "1"), [20_000, 80_000]],
  ["nested parentheses ((…))", wrap("(", ")", "1"), [80_000]],
  ["nested lists [[…]]", wrap("[", "]", "a"), [80_000]],
];

const grammars = new GrammarSet();
async function timeScan(text: string, budgetMs: number): Promise<{ wall: number; cpu: number; outcome: string }> {
  const dir = mkdtempSync(join(tmpdir(), "wb-bench-hostile-"));
  try {
    writeFileSync(join(dir, "deep.py"), text);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const scan = await scanRepo(dir, { cacheDir: null, grammars, parseBudgetMs: budgetMs });
    const wall = performance.now() - t0;
    const c = process.cpuUsage(cpu0);
    const f = scan.files[0]!;
    return { wall, cpu: (c.user + c.system) / 1000, outcome: f.skipped ?? `${f.tags.length} tags` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await timeScan("x = 1\n", budget); // load the grammar outside the timings
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; budget ${budget} ms per file`);
console.log("| file | depth | size | budget | wall ms | CPU ms | outcome |\n|---|---:|---:|---:|---:|---:|---|");
for (const [what, make, depths] of CASES) {
  for (const n of depths) {
    const text = make(n);
    const kb = `${Math.round(text.length / 1024)} KiB`;
    const withBudget = await timeScan(text, budget);
    console.log(`| ${what} | ${n} | ${kb} | ${budget} | ${withBudget.wall.toFixed(0)} | ${withBudget.cpu.toFixed(0)} | ${withBudget.outcome} |`);
    if (n <= 20_000) {
      const unbounded = await timeScan(text, 10 * 60 * 1000);
      console.log(`| ${what} | ${n} | ${kb} | none | ${unbounded.wall.toFixed(0)} | ${unbounded.cpu.toFixed(0)} | ${unbounded.outcome} |`);
    }
  }
}
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
