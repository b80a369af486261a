/**
 * Issue 15's must-show: writes one wrong solution per catalogued mistake (lib/misconceptions; the edits are
 * test/misconceptions/mutations.ts) into a folder OUTSIDE the checkout, grades each through the real
 * `workbench grade --json`, and prints a table: the points it got and the misconception named on its failing tests.
 * A row is "ok" when the submission gets partial points and its OWN mistake is named on a failing test; the last
 * lines check that different mistakes were named differently, and the checkout was not changed.
 *   npx tsx scripts/misconception-submissions.ts DIR [--only 01,04] [--two]
 * `--two` grades the submissions with two core mistakes per exercise instead (mutations.ts, TWO_MISTAKES): each
 * must score at most a third of the exercise's points.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { GradeReport } from "../lib/grader/results.js";
import { misconceptionById } from "../lib/misconceptions/catalogue.js";
import { mistakenSubmission, MUTATIONS, TWO_MISTAKES } from "../test/misconceptions/mutations.js";

const USAGE = "usage: npx tsx scripts/misconception-submissions.ts DIR [--only 01,04] [--two]";
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const args = process.argv.slice(2);
const fail = (why: string): never => {
  console.error(`misconception-submissions: ${why}\n${USAGE}`);
  process.exit(2);
};
const dirArg = args[0];
if (!dirArg || dirArg.startsWith("--")) fail("DIR is required");
const dir = resolve(dirArg!);
if (dir === root || dir.startsWith(root + "/")) fail("DIR must be outside the checkout");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? fail("--only needs a comma-separated list of exercise numbers")).split(",") : null;
if (only && !only.every((n) => /^\d{2}$/.test(n))) fail("--only must list two-digit exercise numbers, e.g. 01,04");
const two = args.includes("--two");

interface Job {
  name: string;
  exercise: string;
  ids: string[];
  folder: string;
}
const jobs: Job[] = (two
  ? Object.entries(TWO_MISTAKES).map(([exercise, t]) => ({ name: `${exercise.slice(0, 2)}-two-mistakes`, exercise, ids: [...t.ids], hand: t.hand ?? [] }))
  : MUTATIONS.map((m) => ({ name: m.id, exercise: misconceptionById(m.id)!.exercise, ids: [m.id], hand: [] }))
)
  .filter((j) => !only || only.includes(j.exercise.slice(0, 2)))
  .map((j) => {
    const folder = join(dir, j.name);
    rmSync(folder, { recursive: true, force: true });
    const { file, source } = mistakenSubmission(root, j.exercise, j.ids, j.hand);
    mkdirSync(join(folder, j.exercise), { recursive: true });
    writeFileSync(join(folder, j.exercise, file), source);
    return { name: j.name, exercise: j.exercise, ids: j.ids, folder };
  });
console.error(`wrote ${jobs.length} submission(s) to ${dir}; grading ${Math.min(2, availableParallelism())} at a time…`);

const checkout = (): string => execFileSync("git", ["status", "--porcelain", "--untracked-files=all"], { cwd: root, encoding: "utf8" });
const before = checkout();

/** Grades one submission with the real command; resolves to its report. */
function grade(job: Job): Promise<GradeReport> {
  const json = join(dir, `${job.name}.report.json`);
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "lib/cli.ts", "grade", job.exercise.slice(0, 2), "--target", job.folder, "--json", json], { cwd: root, stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => {
      try {
        done(JSON.parse(readFileSync(json, "utf8")) as GradeReport);
      } catch {
        reject(new Error(`${job.name}: grade wrote no report`));
      }
    });
  });
}

const results = new Map<string, GradeReport>();
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: Math.min(2, availableParallelism()) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const report = await grade(job);
      results.set(job.name, report);
      const e = report.exercises[0]!;
      console.error(`  ${job.name}: ${e.points}/${e.maxPoints} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }),
);

const rows: string[][] = [two ? ["exercise", "mistakes", "points", "≤ ⅓?", "named on failing tests"] : ["mistake", "points", "named on failing tests", "verdict"]];
const namedBy = new Map<string, Set<string>>();
let wrong = 0;
for (const job of jobs) {
  const e = results.get(job.name)!.exercises[0]!;
  const named = [...new Set(e.tests.filter((t) => !t.passed && t.misconception).map((t) => t.misconception!.id))];
  const shown = named.length ? named.map((id) => (job.ids.includes(id) ? id : `${id} (other)`)).join(", ") : "—";
  if (two) {
    const ok = e.points * 3 <= e.maxPoints;
    if (!ok) wrong++;
    rows.push([job.exercise, job.ids.join(" + "), `${e.points}/${e.maxPoints}`, ok ? "yes" : "NO", shown]);
  } else {
    const id = job.ids[0]!;
    namedBy.set(id, new Set(named));
    const ok = e.points > 0 && e.points < e.maxPoints && named.includes(id);
    if (!ok) wrong++;
    rows.push([id, `${e.points}/${e.maxPoints}`, shown, ok ? "ok" : e.points === 0 ? "no points" : named.includes(id) ? "WRONG" : "not named"]);
  }
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => [...r[c]!].length)));
for (const r of rows) console.log(r.map((cell, c) => cell + " ".repeat(widths[c]! - [...cell].length)).join("  ").trimEnd());
if (!two) {
  const own = [...namedBy].filter(([id, named]) => named.has(id)).length;
  const sets = new Set([...namedBy.values()].map((named) => [...named].sort().join(" ")));
  console.log(`${own} of ${jobs.length} mistakes named as themselves on a failing test; ${sets.size} different sets of names for ${jobs.length} mistakes`);
}
console.log(`checkout unchanged: ${checkout() === before ? "yes" : "NO"}; ${wrong === 0 ? "all rows ok" : `${wrong} row(s) not ok`}`);
process.exitCode = wrong === 0 ? 0 : 1;
