/**
 * The grader end to end in both directions, through the real command in a child process: every reference solution
 * scores full points; every untouched stub scores zero on every graded test, each failure being the stub's
 * "not implemented" (a graded test that passes on a stub, or fails on it for another reason, asserts nothing about
 * the student's work).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import { submissionHash } from "../../lib/grader/provenance.js";
import { GRADE_DEFAULTS } from "../../lib/grader/run.js";
import { isNotImplementedMessage, stubFromSolution } from "../../lib/grader/stubs.js";
import { gradeWithReport as grade, ROOT, SLOW } from "./run-grade.js";

const EXERCISES = listExercises(ROOT);

/** Writes every exercise's pristine stub (made from its solution) into a fresh folder laid out like exercises/. */
function pristineStubs(): string {
  const dir = mkdtempSync(join(tmpdir(), "wb-stubs-"));
  for (const e of EXERCISES) {
    mkdirSync(join(dir, e.id));
    for (const f of e.files) writeFileSync(join(dir, e.id, f), stubFromSolution(readFileSync(join(e.solutionDir!, f), "utf8"), e.number));
  }
  return dir;
}

describe("workbench grade: solutions full, stubs zero", () => {
  it("every reference solution scores full points (exit 0)", SLOW, async () => {
    const { code, out, report } = await grade(["--target", "solutions"]);
    expect(report.exercises.map((e) => e.id)).toEqual(EXERCISES.map((e) => e.id));
    for (const e of report.exercises) {
      expect(e.error, e.id).toBeUndefined();
      expect(e.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.message}`), e.id).toEqual([]);
      expect(e.points, e.id).toBe(e.maxPoints);
      expect(e.tests.filter((t) => t.misconception).map((t) => t.name), `${e.id}: a right answer is never a known mistake`).toEqual([]);
    }
    expect(report.points).toBe(report.maxPoints);
    expect(out).toMatch(new RegExp(`total\\s+\\d+/\\d+\\s+${report.maxPoints}/${report.maxPoints}\\s+100 %, ${EXERCISES.length} of ${EXERCISES.length} done`));
    expect(code).toBe(0);
  });

  it("every untouched stub scores zero on every graded test, each failing at 'not implemented', with a hint per exercise", SLOW, async () => {
    const stubs = pristineStubs();
    const before = Date.now();
    const { code, out, report } = await grade(["--target", stubs, "--student", "s-01"]);
    // the report says who and what (issue 14, item 4)
    const p = report.provenance!;
    expect([p.student, p.submissionHash, p.seed, p.timeoutMs]).toEqual(["s-01", submissionHash(stubs), GRADE_DEFAULTS.seed, GRADE_DEFAULTS.timeoutMs]);
    expect(p.grader.version).toBe((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version);
    expect(Date.parse(p.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(p.durationMs).toBeGreaterThan(0);
    expect(p.durationMs).toBeLessThan(Date.now() - before);
    expect(report.points).toBe(0);
    for (const e of report.exercises) {
      expect(e.error, e.id).toBeUndefined();
      expect(e.tests.length, `${e.id} has graded tests`).toBeGreaterThan(0);
      for (const t of e.tests) {
        expect(t.passed, `${e.id} / ${t.name} passes on the stub: it asserts nothing`).toBe(false);
        expect(isNotImplementedMessage(t.message), `${e.id} / ${t.name} fails on the stub for another reason: ${t.message}`).toBe(true);
        expect(t.misconception, `${e.id} / ${t.name}: a stub is not a known mistake`).toBeUndefined();
      }
      expect(out).toContain(`${e.id} — `);
    }
    expect(out.match(/^ {2}Hint 1 of \d+ — /gm)?.length).toBe(EXERCISES.length);
    expect(out).not.toContain("known mistake");
    expect(code).toBe(1);
  });
});
