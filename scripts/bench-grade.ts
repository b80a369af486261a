/**
 * How long grading the 8 reference solutions takes: runs `workbench grade --target solutions` N times (default 3)
 * in the checkout ROOT (default this one; give an older checkout to compare) and prints each run's wall time and
 * CPU time (the grade's whole process tree, from /proc/self/stat's cutime + cstime: Linux only), then the medians.
 * The machine's load average is printed too: on a shared machine wall time moves with it, CPU time much less.
 *   npx tsx scripts/bench-grade.ts [--runs N] [--root DIR]
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, root: { type: "string" } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`bench-grade: --runs must be a whole number ≥ 1 (got ${values.runs})`);
const root = resolve(values.root ?? fileURLToPath(new URL("..", import.meta.url)));
const tick = 100; // USER_HZ on Linux
const childCpu = (): number => {
  if (!existsSync("/proc/self/stat")) return NaN;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / tick; // cutime, cstime (fields 16 and 17 of stat)
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const walls: number[] = [];
const cpus: number[] = [];
for (let i = 1; i <= runs; i++) {
  const cpu0 = childCpu();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--import", "tsx", "lib/cli.ts", "grade", "--target", "solutions"], { cwd: root, encoding: "utf8" });
  const wall = (performance.now() - t0) / 1000;
  const cpu = childCpu() - cpu0;
  const total = /total\s+\S+\s+(\d+\/\d+)/.exec(r.stdout)?.[1] ?? "?";
  walls.push(wall);
  cpus.push(cpu);
  console.log(`run ${i}: ${wall.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU, ${total} points, exit ${r.status}, load ${loadavg()[0]!.toFixed(1)}`);
}
console.log(`median: ${median(walls).toFixed(1)} s wall, ${median(cpus).toFixed(1)} s CPU (${root})`);
