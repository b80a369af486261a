/**
 * `npm run bench:collect [-- --students N] [--jobs J]`: how long `workbench collect` takes for a class whose
 * repositories are on a git host. A report, not a test: it checks no target. N students (default 300) each get a
 * bare repository (exercise 05's solution, one commit before the deadline and one after) served over git's
 * smart-HTTP protocol by `git http-backend` on 127.0.0.1 (test/support/git-http-server.ts), so every clone and
 * fetch goes through the network protocol — but not over a real network: a host such as GitHub adds its latency
 * per request, which more jobs hide. Three runs: the first collect with --jobs 1 (every mirror cloned), the first
 * with --jobs J (default 4), and a second with --jobs J (every mirror listed and found up to date). Prints wall
 * time, students per minute and the load average before and after.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runCli } from "../lib/cli.js";
import { gitHttpServer } from "../test/support/git-http-server.js";

function usage(message: string): never {
  console.error(message);
  process.exit(2);
}
let values: { students: string; jobs: string };
try {
  ({ values } = parseArgs({ options: { students: { type: "string", default: "300" }, jobs: { type: "string", default: "4" } } }));
} catch (err) {
  usage(`bench-collect: ${(err as Error).message.split("\n")[0]} (options: --students N, --jobs J)`);
}
const whole = (name: string, raw: string): number => (/^[1-9]\d*$/.test(raw) ? Number(raw) : usage(`bench-collect: --${name} must be a whole number ≥ 1 (got ${JSON.stringify(raw)})`));
const students = whole("students", values.students);
const jobs = whole("jobs", values.jobs);

const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), "bench-collect-"));
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(" ");

try {
  // One student's history, copied for every student (a bare repository is plain files).
  const work = join(dir, "work");
  mkdirSync(join(work, "05-commit-plan"), { recursive: true });
  const git = (args: string[], when?: string): void =>
    void execFileSync("git", ["-c", "user.name=s", "-c", "user.email=s@x", "-C", work, ...args], { env: { ...process.env, ...(when ? { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } : {}) } });
  git(["init", "-q", "-b", "main"]);
  const solution = join(ROOT, "solutions", "05-commit-plan");
  for (const f of readdirSync(solution)) writeFileSync(join(work, "05-commit-plan", f), readFileSync(join(solution, f)));
  git(["add", "-A"]);
  git(["commit", "-qm", "due"], "2026-12-01T10:00:00Z");
  writeFileSync(join(work, "NOTES.md"), "late\n");
  git(["add", "-A"]);
  git(["commit", "-qm", "late"], "2026-12-01T20:00:00Z");
  const served = join(dir, "host");
  mkdirSync(served);
  execFileSync("git", ["clone", "-q", "--bare", work, join(served, "template.git")]);
  const lines = ["student,repository"];
  const host = await gitHttpServer(served);
  for (let i = 0; i < students; i++) {
    cpSync(join(served, "template.git"), join(served, `s${i}.git`), { recursive: true });
    lines.push(`student${i}@uni.edu,${host.url}/s${i}.git`);
  }
  writeFileSync(join(dir, "roster.csv"), lines.join("\n") + "\n");

  const run = async (label: string, j: number, mirrors: string): Promise<void> => {
    const before = load();
    const t0 = performance.now();
    let out = "";
    const code = await runCli(["collect", join(dir, "roster.csv"), "--deadline", "2026-12-01T12:00:00Z", "--into", join(dir, `subs-${label}`), "--mirrors", join(dir, mirrors), "--jobs", String(j), "--root", ROOT], {
      stdout: (t) => void (out += t),
      stderr: (t) => void process.stderr.write(t),
      isTTY: false,
    });
    const s = (performance.now() - t0) / 1000;
    const collected = (out.match(/: (cloned|fetched|up to date), commit /g) ?? []).length;
    console.log(`${label.padEnd(18)} --jobs ${j}: ${s.toFixed(1)} s, ${(students / (s / 60)).toFixed(0)} students a minute, ${collected}/${students} collected, exit ${code} (load ${before} → ${load()})`);
  };
  console.log(`bench-collect: ${students} students on ${host.url} (git http-backend), load ${load()}`);
  await run("first, alone", 1, "mirrors-1");
  await run("first, together", jobs, "mirrors-j");
  await run("again, together", jobs, "mirrors-j");
  await host.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
