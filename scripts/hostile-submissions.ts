/**
 * Writes issue 13's hostile submissions (test/grader/hostile.ts), one folder per attack, into a folder OUTSIDE the
 * checkout, and with --grade grades each through `workbench grade --json` and prints a table: the points it got,
 * the points its honest parts earn, whether anything appeared outside it, and whether a process was left.
 *   npx tsx scripts/hostile-submissions.ts DIR [--grade]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { GradeReport } from "../lib/grader/results.js";
import { ATTACKS, MORE_ATTACKS } from "../test/grader/hostile.js";

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const [dirArg, ...flags] = process.argv.slice(2);
if (!dirArg) {
  console.error("usage: npx tsx scripts/hostile-submissions.ts DIR [--grade]");
  process.exit(2);
}
const dir = resolve(dirArg);
if (dir === root || dir.startsWith(root + "/")) {
  console.error("hostile-submissions: DIR must be outside the checkout");
  process.exit(2);
}
const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 48);
const attacks = [...ATTACKS, ...MORE_ATTACKS];
const marker = `hostile${process.pid}`;
const checkout = (): string => execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" });
const before = checkout();
const rows: string[][] = [["#", "attack", "exercise", "points", "honest", "outside", "processes", "verdict"]];
attacks.forEach((a, i) => {
  const name = `${String(i + 1).padStart(2, "0")}-${slug(a.name)}`;
  const sub = join(dir, name);
  const outside = join(dir, `${name}.outside`);
  rmSync(sub, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
  mkdirSync(join(sub, a.exercise), { recursive: true });
  mkdirSync(outside, { recursive: true });
  const report = join(dir, `${name}.report.json`);
  writeFileSync(join(sub, a.exercise, a.file), a.source({ root, outside, report, marker }));
  if (!flags.includes("--grade")) return;
  spawnSync(process.execPath, ["--import", "tsx", "lib/cli.ts", "grade", a.exercise.slice(0, 2), "--target", sub, "--timeout", "2000", "--json", report], { cwd: root, stdio: "ignore" });
  const r = JSON.parse(readFileSync(report, "utf8")) as GradeReport;
  const e = r.exercises[0]!;
  const honest = a.honest[0] === "*" ? e.maxPoints : e.tests.filter((t) => a.honest.includes(t.name)).reduce((n, t) => n + t.maxPoints, 0);
  const left = readdirSync("/proc").filter((p) => {
    try {
      return /^\d+$/.test(p) && Number(p) !== process.pid && readFileSync(`/proc/${p}/cmdline`, "utf8").includes(marker);
    } catch {
      return false; // gone meanwhile
    }
  });
  const wrote = readdirSync(outside).length;
  const ok = e.points === honest && wrote === 0 && left.length === 0;
  rows.push([String(i + 1), a.name, a.exercise, `${e.points}/${e.maxPoints}`, String(honest), wrote ? `${wrote} files` : "nothing", left.length ? `${left.length} left` : "none", ok ? "ok" : "WRONG"]);
  console.error(`${name}: ${e.points}/${e.maxPoints} (honest ${honest})`);
});
if (flags.includes("--grade")) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c]!)).join("  ").trimEnd());
  console.log(`checkout unchanged: ${checkout() === before ? "yes" : "NO"}`);
} else console.log(`wrote ${attacks.length} submissions to ${dir}`);
