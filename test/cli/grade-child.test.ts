/**
 * lib/cli/grade-child.ts, the `grade` command alone (what grade-class starts per student): the same answers as
 * `workbench grade` for help, a bad option and a real grade — and as a process of its own, without the other
 * commands' modules.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runBatchChild, runGradeChild } from "../../lib/cli/grade-child.js";
import type { GradeReport } from "../../lib/grader/results.js";
import { childEnv, ROOT, SLOW } from "../grader/run-grade.js";
import { cli } from "./run-cli.js";

async function child(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runGradeChild(argv, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false });
  return { code, out, err };
}

describe("grade-child: `grade` without the rest of the CLI", () => {
  it("answers --help and a bad exercise exactly as `workbench grade` does", async () => {
    for (const args of [["--help"], ["42"], ["05", "--timeout", "soon"], ["05", "--judges", "0"]]) {
      const [mine, theirs] = [await child(...args), await cli("grade", ...args)];
      expect(mine, args.join(" ")).toEqual(theirs);
    }
    expect((await child("42")).code).toBe(2);
    const judges = await child("05", "--judges", "1.5");
    expect([judges.code, judges.err]).toEqual([2, 'grade: --judges must be an integer ≥ 1 (got "1.5")\n']);
  });

  it("--batch: a manifest that is not one is a single line naming the rule, exit 2, nothing graded", async () => {
    for (const [text, why] of [["{", /^grade --batch: the batch manifest is not JSON/], ['{"seed":1}', /^grade --batch: the batch manifest's timeoutMs must be an integer ≥ 1$/]] as const) {
      let out = "";
      let err = "";
      const code = await runBatchChild(text, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false }, ROOT);
      expect([code, out]).toEqual([2, ""]);
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err.trim()).toMatch(why);
    }
  });

  it("as a process: grades two exercises in one judge process to the same report as `workbench grade`, its stdout only the JSON", SLOW, () => {
    const run = (entry: string[]) => spawnSync(process.execPath, ["--import", "tsx", ...entry, "02", "05", "--target", "solutions", "--json", "-"], { cwd: ROOT, env: childEnv(), encoding: "utf8" });
    const strip = (r: GradeReport): unknown => ({ ...r, provenance: { ...r.provenance, startedAt: 0, durationMs: 0 }, exercises: r.exercises.map((e) => ({ ...e, tests: e.tests.map((t) => ({ ...t, ms: 0 })) })) });
    // one judge process, as grade-class runs it: the same grade
    const mine = run(["lib/cli/grade-child.ts", "--judges", "1"]);
    const theirs = run(["lib/cli.ts", "grade"]);
    expect(mine.status, mine.stderr).toBe(0);
    expect(theirs.status, theirs.stderr).toBe(0);
    const report = JSON.parse(mine.stdout) as GradeReport;
    expect(report.points).toBe(report.maxPoints);
    expect(strip(report)).toEqual(strip(JSON.parse(theirs.stdout) as GradeReport));
  });
});
