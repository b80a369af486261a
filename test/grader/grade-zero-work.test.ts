/**
 * A submission that does no work earns nothing: for every exercise, forgeries made from its stub (each function
 * answering one constant, the given data emptied, made trivial or kept, by-hand answers all alike:
 * test/grader/forgeries.ts) and the attack run's three hand-written forgeries of 06, 08 and 09 (one trivial case
 * per name, answered to fit) all score 0, graded in one batch by the real grade child (lib/grader/class/). A
 * forgery that changed the given data is told so, in every test of the exercise.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeBatch, type StudentGradeOutcome } from "../../lib/grader/class/grade-student.js";
import { listExercises } from "../../lib/grader/catalog.js";
import { ISSUE_FORGERIES, VARIANTS, writeForgeries, writeIssueForgeries } from "./forgeries.js";
import { ROOT } from "./run-grade.js";

describe("zero-work forgeries score 0 on every exercise", () => {
  it("every variant, and the attack run's three, get 0 points; changed given data is named", { timeout: 900_000 }, async () => {
    const base = mkdtempSync(join(tmpdir(), "wb-forgeries-"));
    const students = [...writeForgeries(ROOT, base), writeIssueForgeries(join(base, "issue-forgeries"))];
    const exercises = listExercises(ROOT).map((e) => e.id);
    const graded = await gradeBatch({ root: ROOT, seed: 20261130, timeoutMs: 1500, judges: 1, students, exercises, hidden: false, limitMs: 10 * 60_000 });

    const report = (id: string): NonNullable<StudentGradeOutcome["report"]> => {
      const o = graded.get(id);
      expect(o?.report, `${id}: ${o?.problem ?? "no outcome"}`).toBeDefined();
      return o!.report!;
    };
    for (const s of students) {
      const r = report(s.id);
      const scored = r.exercises.filter((e) => e.points > 0).map((e) => `${e.id} ${e.points}/${e.maxPoints}: ${e.tests.filter((t) => t.passed).map((t) => t.name).join("; ")}`);
      expect(scored, `${s.id}: exercises where a forgery scored`).toEqual([]);
      expect(r.points, s.id).toBe(0);
    }
    // Each generated variant was graded on every exercise.
    for (const v of VARIANTS) expect(report(v.name).exercises.filter((e) => e.maxPoints > 0).map((e) => e.id), v.name).toEqual(exercises);

    // The given data was changed: every test says which export and how to put it back.
    const issue = report("issue-forgeries");
    for (const id of Object.keys(ISSUE_FORGERIES)) {
      const tests = issue.exercises.find((e) => e.id === id)!.tests;
      expect(tests.length, id).toBeGreaterThan(0);
      for (const t of tests) expect(t.message, `${id}: ${t.name}`).toMatch(/^(CASES|SESSIONS|BLOCKS|CALC|FILE|REPEATED) (was changed|is missing)\b.*graded tests use their own copy.*reset \d\d/);
    }
  });
});
