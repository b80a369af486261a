/**
 * Issue 13's attack classes, each graded through the real command on a hostile submission (test/grader/hostile.ts):
 * every attack gets exactly the points its honest parts earn, nothing appears outside the submission, no process
 * is left behind, the report is the grader's and stays so, and the checkout is unchanged.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { GradeReport } from "../../lib/grader/results.js";
import { ATTACKS, MORE_ATTACKS, type Attack, type AttackContext } from "./hostile.js";
import { spawn } from "node:child_process";
import { childEnv, ROOT, SLOW } from "./run-grade.js";

interface Graded {
  report: GradeReport;
  reportText: string;
  stdout: string;
  context: AttackContext;
  sandboxTmp: string;
}

/** A hash of every file the grader runs or grades with (lib without its build, the graded tests, solutions, exercises). */
function checkoutState(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, d.name);
      if (d.isDirectory()) {
        if (d.name !== "dist" && d.name !== "node_modules") walk(p);
      } else if (d.isFile()) hash.update(p).update(readFileSync(p));
    }
  };
  for (const d of ["lib", "test/exercises", "solutions", "exercises"]) walk(join(ROOT, d));
  return hash.digest("hex");
}
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Command lines of this machine's processes that mention `needle`. */
function processesWith(needle: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      if (cmd.includes(needle) && Number(pid) !== process.pid) found.push(`${pid}: ${cmd}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** Writes the attacks as one submission and grades it (`--json -`, so stdout must be exactly the report). */
async function gradeAttacks(attacks: readonly Attack[]): Promise<Graded> {
  const base = mkdtempSync(join(tmpdir(), "wb-hostile-"));
  const submission = join(base, "submission");
  const outside = join(base, "outside");
  const sandboxTmp = join(base, "tmp");
  for (const d of [outside, sandboxTmp]) mkdirSync(d, { recursive: true });
  const context: AttackContext = { root: ROOT, outside, report: join(base, "report.json"), marker: `hostile${process.pid}x${Date.now()}` };
  for (const a of attacks) {
    mkdirSync(join(submission, a.exercise), { recursive: true });
    writeFileSync(join(submission, a.exercise, a.file), a.source(context));
  }
  const ids = attacks.map((a) => a.exercise.slice(0, 2));
  const stdout = await new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "lib/cli.ts", "grade", ...ids, "--target", submission, "--timeout", "2000", "--json", "-"], {
      cwd: ROOT,
      env: { ...childEnv(), TMPDIR: sandboxTmp },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.resume();
    child.on("error", fail);
    child.on("close", () => done(out));
  });
  writeFileSync(context.report, stdout); // the report as the grader gave it; attacks try to rewrite this file later
  return { report: JSON.parse(stdout) as GradeReport, reportText: stdout, stdout, context, sandboxTmp };
}

function checkAttack(g: Graded, a: Attack): void {
  const e = g.report.exercises.find((x) => x.id === a.exercise)!;
  const passed = e.tests.filter((t) => t.passed).map((t) => t.name);
  const expected = a.honest[0] === "*" ? e.tests.map((t) => t.name) : [...a.honest];
  expect(passed.sort(), `${a.name}: only the honest parts pass\n${e.tests.map((t) => `${t.name}: ${t.message.slice(0, 200)}`).join("\n")}`).toEqual(expected.sort());
  expect(e.points, `${a.name}: points`).toBe(e.tests.filter((t) => expected.includes(t.name)).reduce((n, t) => n + t.maxPoints, 0));
  if (a.message) for (const t of e.tests) expect(t.message, `${a.name}: ${t.name}`).toMatch(a.message);
}

describe("hostile submissions get exactly the points their honest parts earn", () => {
  const before = checkoutState();
  let first: Graded;
  let second: Graded;
  beforeAll(async () => {
    first = await gradeAttacks(ATTACKS);
    second = await gradeAttacks(MORE_ATTACKS);
    await sleep(2500); // give any child that survived the time to rewrite the report
  }, 600_000);

  for (const a of ATTACKS) it(a.name, SLOW, () => checkAttack(first, a));
  for (const a of MORE_ATTACKS) it(a.name, SLOW, () => checkAttack(second, a));

  it("stdout of `grade --json -` is the report alone, and student output in it is cleaned and bounded", SLOW, () => {
    const e = second.report.exercises.find((x) => x.id === "07-token-estimate")!;
    const out = e.tests.map((t) => t.output ?? "").join("");
    expect(out).toContain("✓ all 90 points"); // shown, but without its escape codes …
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(out).toContain("\\u{202e}evil\\x07");
    for (const t of e.tests) expect((t.output ?? "").length, "bounded").toBeLessThan(4200);
    expect(second.stdout.trimEnd().split("\n")[0]).toBe("{");
  });

  it("the report stays the grader's: nothing rewrote it after the grader exited", SLOW, () => {
    for (const g of [first, second]) expect(readFileSync(g.context.report, "utf8")).toBe(g.reportText);
    expect(first.report.points).toBeLessThan(first.report.maxPoints);
  });

  it("nothing was written outside the submission, and no process is left", SLOW, () => {
    for (const g of [first, second]) {
      expect(readdirSync(g.context.outside), "the folder outside").toEqual([]);
      for (const p of [`/tmp/written-${g.context.marker}`, join(homedir(), `written-${g.context.marker}`)]) expect(existsSync(p), p).toBe(false);
      expect(processesWith(g.context.marker), "processes an attack started").toEqual([]);
      expect(processesWith(g.sandboxTmp), "sandboxes still running").toEqual([]);
      expect(readdirSync(g.sandboxTmp).filter((d) => d.startsWith("workbench-")), "sandbox folders left").toEqual([]);
    }
  });

  it("the checkout is unchanged", SLOW, () => {
    expect(checkoutState()).toBe(before);
  });
});
