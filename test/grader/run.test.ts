/**
 * The judge's watchdog and rounds (lib/grader/run.ts) with judge processes that run several exercises in turn
 * (`isolate: false`): a submission whose answer makes the judge's own model run away (test/fixtures/judge-runaway)
 * gets that test cut off, the rest of its exercise graded in a second round — and the exercises the killed process
 * had not reached yet graded there too, not reported as broken. The same when the judge process dies instead. No
 * process is left behind, and no sandbox folder (each grade runs with a temporary folder of its own to look in).
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { GradeReport } from "../../lib/grader/results.js";
import { childEnv, ROOT, SLOW } from "./run-grade.js";

/** Pids of live processes whose environment holds `marker` (the grade's judge forks and sandboxes inherit it). */
function processesWith(marker: string): number[] {
  const pids: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(join("/proc", d, "environ"), "latin1").includes(marker)) pids.push(Number(d));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

/** Every path under `dir` whose name starts with "workbench-sandbox". */
function sandboxFolders(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((p) => p.split("/").some((part) => part.startsWith("workbench-sandbox")));
}

function gradeRunaway(maxWorkers: number, marker: string, submission = "submission"): Promise<{ report: GradeReport; status: string[]; err: string; tmp: string }> {
  const tmp = mkdtempSync(join(tmpdir(), "wb-runaway-tmp-"));
  chmodSync(tmp, 0o711); // as /tmp lets it: a sandbox running as nobody reaches its folder by name
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/fixtures/judge-runaway/grade.ts", String(maxWorkers), submission], {
      cwd: ROOT,
      env: { ...childEnv(), WB_RUNAWAY_MARK: marker, TMPDIR: tmp },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", fail);
    child.on("close", () => {
      try {
        done({ ...(JSON.parse(out) as { report: GradeReport; status: string[] }), err, tmp });
      } catch {
        fail(new Error(`no report; stderr: ${err.slice(-2000)}`));
      }
    });
  });
}

describe("runGrading: a judge process killed or dead part-way", () => {
  it("cuts off the runaway test, grades the rest of its exercise and the exercises its process had not reached in round 2, leaves no process", SLOW, async () => {
    const marker = `wb-runaway-${process.pid}-${Date.now()}`;
    // One judge process for all three exercises: killing it for the first one takes the other two along.
    const { report, status, err, tmp } = await gradeRunaway(1, marker);
    const ids = ["91-runaway", "92-runaway", "93-runaway"];
    expect(report.exercises.map((e) => e.id)).toEqual(ids);
    for (const e of report.exercises) {
      expect(e.error, `${e.id} was not reached, not broken: ${err.slice(-500)}`).toBeUndefined();
      expect(e.tests.map((t) => [t.name, t.status]), e.id).toEqual([
        ["first: the answer is a word", "passed"],
        ["second: the reference model agrees with the answer", "cut-off"],
        ["third: reached only after the judge was stopped", "passed"],
      ]);
      expect(e.tests[1]!.message).toMatch(/^cut off after \d+\.\d s: the grader's own checks of your answers were still running past 1\.5 s × 4/);
      expect(e.points).toBe(2);
    }
    for (const id of ids) {
      expect(status.filter((l) => l.startsWith(`${id}: the judge's checks for "second: the reference model agrees with the answer" were still running`)), status.join("\n")).toHaveLength(1);
    }
    // One process in turn: each round's first exercise is killed, taking the ones not reached into the next round.
    const rounds = status.filter((l) => l.startsWith("round "));
    expect(rounds.length, status.join("\n")).toBeGreaterThanOrEqual(2);
    expect(rounds[0]).toBe("round 2: running the tests not reached in 91-runaway, 92-runaway, 93-runaway");
    expect(processesWith(marker), "no judge process or sandbox outlives the grade").toEqual([]);
    expect(sandboxFolders(tmp), "the killed judges' sandbox folders (the student's bundled code) are gone").toEqual([]);
  });

  it("a judge process that dies (as out of memory) loses only its test: the rest of its exercise and the exercises not reached run in later rounds", SLOW, async () => {
    const marker = `wb-dies-${process.pid}-${Date.now()}`;
    const { report, status, err, tmp } = await gradeRunaway(1, marker, "submission-dies");
    for (const e of report.exercises) {
      expect(e.error, `${e.id} was not reached, not broken: ${err.slice(-500)}`).toBeUndefined();
      expect(e.tests.map((t) => t.status), e.id).toEqual(["passed", "crashed", "passed"]);
      expect(e.tests[1]!.message).toBe("the judge's test process died while this test was running (out of memory checking your answers?)");
    }
    expect(report.points).toBe(6);
    expect(status.filter((l) => l.startsWith("round "))[0]).toBe("round 2: running the tests not reached in 91-runaway, 92-runaway, 93-runaway");
    expect(processesWith(marker), "no judge process or sandbox outlives the grade").toEqual([]);
    expect(sandboxFolders(tmp), "the dead judges' sandbox folders are gone").toEqual([]);
  });
});
