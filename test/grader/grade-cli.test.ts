/**
 * The grader end to end, in both directions, through the real command in a child process:
 * every reference solution scores full points; every untouched stub scores zero on every graded test, each failure
 * being the stub's "not implemented" (a graded test that passes on a stub, or fails on it for another reason,
 * asserts nothing about the student's work); a half-done exercise gets partial points; code that loops forever,
 * exits or never finishes loading is contained and the other exercises are still graded.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import type { GradeReport } from "../../lib/grader/results.js";
import { isNotImplementedMessage, stubFromSolution } from "../../lib/grader/stubs.js";
import { ROOT, runCli } from "./run-grade.js";

const EXERCISES = listExercises(ROOT);
const FIXTURES = join(ROOT, "test", "fixtures", "exercises");

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

async function grade(args: string[]): Promise<{ code: number | null; out: string; err: string; report: GradeReport }> {
  const json = join(tempDir("wb-grade-"), "report.json");
  const r = await runCli(["grade", ...args, "--json", json]);
  let report: GradeReport;
  try {
    report = JSON.parse(readFileSync(json, "utf8")) as GradeReport;
  } catch {
    throw new Error(`grade wrote no report (exit ${r.code}):\n${r.out}\n${r.err}`);
  }
  return { ...r, report };
}

/** Writes every exercise's pristine stub (made from its solution) into a fresh folder laid out like exercises/. */
function pristineStubs(): string {
  const dir = tempDir("wb-stubs-");
  for (const e of EXERCISES) {
    mkdirSync(join(dir, e.id));
    for (const f of e.files) writeFileSync(join(dir, e.id, f), stubFromSolution(readFileSync(join(e.solutionDir, f), "utf8"), e.number));
  }
  return dir;
}

const byId = (report: GradeReport, id: string) => report.exercises.find((e) => e.id === id)!;

describe("workbench grade, end to end", () => {
  it("every reference solution scores full points (exit 0)", async () => {
    const { code, out, report } = await grade(["--target", "solutions"]);
    expect(report.exercises.map((e) => e.id)).toEqual(EXERCISES.map((e) => e.id));
    for (const e of report.exercises) {
      expect(e.error, e.id).toBeUndefined();
      expect(e.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.message}`), e.id).toEqual([]);
      expect(e.points, e.id).toBe(e.maxPoints);
    }
    expect(report.points).toBe(report.maxPoints);
    expect(out).toMatch(new RegExp(`total\\s+\\d+/\\d+\\s+${report.maxPoints}/${report.maxPoints}\\s+100 %, ${EXERCISES.length} of ${EXERCISES.length} done`));
    expect(code).toBe(0);
  });

  it("every untouched stub scores zero on every graded test, each failing at 'not implemented', with a hint per exercise", async () => {
    const { code, out, report } = await grade(["--target", pristineStubs()]);
    expect(report.points).toBe(0);
    for (const e of report.exercises) {
      expect(e.error, e.id).toBeUndefined();
      expect(e.tests.length, `${e.id} has graded tests`).toBeGreaterThan(0);
      for (const t of e.tests) {
        expect(t.passed, `${e.id} / ${t.name} passes on the stub: it asserts nothing`).toBe(false);
        expect(isNotImplementedMessage(t.message), `${e.id} / ${t.name} fails on the stub for another reason: ${t.message}`).toBe(true);
      }
      expect(out).toContain(`${e.id} — `);
    }
    expect(out.match(/^ {2}Hint 1 of \d+ — /gm)?.length).toBe(EXERCISES.length);
    expect(code).toBe(1);
  });

  it("a half-done exercise gets partial points: the parts written pass, the stub parts fail", async () => {
    const { code, out, report } = await grade(["01", "--target", join(FIXTURES, "half-done")]);
    const e = byId(report, "01-pagerank");
    expect(e.points).toBeGreaterThan(0);
    expect(e.points).toBeLessThan(e.maxPoints);
    for (const t of e.tests) {
      // parts 1 and 2 are written; every test of parts 3 and 4 stops at the stub
      const stubPart = /not implemented: (personalizedPageRank|massLostWithoutRedistribution)/.test(t.message);
      expect(t.passed !== stubPart, `${t.name}: ${t.message}`).toBe(true);
    }
    expect(out).toMatch(/01-pagerank\s+\d+\/8\s+\d+\/12\s+in progress/);
    expect(out).toContain("Hint 1 of 4");
    expect(code).toBe(1);
  });

  it("an endless loop is cut off with a clear message; process.exit and a module that never loads fail only their tests; the other exercises are graded", async () => {
    const t0 = Date.now();
    const { out, err, report } = await grade(["--target", join(FIXTURES, "misbehaving"), "--timeout", "1000"]);
    const elapsed = Date.now() - t0;
    const pagerank = byId(report, "01-pagerank");
    const loops = pagerank.tests.filter((t) => t.status === "cut-off");
    expect(loops.map((t) => t.name)).toEqual([
      "the seed's example: ranks and residual after 50 iterations",
      "random graphs: the teaching model's ranks and residual, and the total mass stays 1",
    ]);
    for (const t of loops) expect(t.message).toMatch(/^cut off after \d+\.\d s: still running when the 1\.0 s limit ran out, so the grader stopped its process \(an endless loop\?\)/);
    expect(pagerank.tests.filter((t) => t.status !== "cut-off").every((t) => t.passed), "the other parts of 01 still earn their points").toBe(true);
    expect(err).toMatch(/round 2: running the tests not reached in 01-pagerank/);

    const symbols = byId(report, "02-symbol-budget");
    const exits = symbols.tests.filter((t) => !t.passed);
    expect(exits.length).toBeGreaterThan(0);
    for (const t of exits) expect(t.message).toMatch(/process\.exit unexpectedly called with "3"/);
    expect(symbols.points, "strictBudgetPrefix's tests still pass").toBeGreaterThan(0);

    const stuck = byId(report, "04-search-replace");
    expect(stuck.points).toBe(0);
    expect(stuck.tests[0]!.status).toBe("timed-out");
    expect(stuck.tests.slice(1).every((t) => t.status === "not-run" && /never finished/.test(t.message))).toBe(true);

    const plan = byId(report, "05-commit-plan");
    expect(plan.points).toBe(plan.maxPoints);
    expect(out).toMatch(/05-commit-plan\s+7\/7\s+10\/10\s+done/);
    // two cut-offs at ~2 s each plus three rounds of start-up; far from "hangs forever"
    expect(elapsed).toBeLessThan(120_000);
  });

  it("writes JUnit XML beside the JSON, and rejects a bad option with one line and exit 2", async () => {
    const dir = tempDir("wb-junit-");
    const r = await runCli(["grade", "05", "--target", "solutions", "--junit", join(dir, "r.xml")]);
    expect(r.code).toBe(0);
    const xml = readFileSync(join(dir, "r.xml"), "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="aider-workbench exercises \(solutions\)" tests="7" failures="0" errors="0">/);
    const bad = await runCli(["grade", "42"]);
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split("\n")).toEqual([expect.stringMatching(/^grade: exercise must be one of 01-pagerank, .* \(got "42"\)$/)]);
  });
});
