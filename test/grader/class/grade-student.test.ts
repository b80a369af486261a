/**
 * One student's grade in a child process of its own (kept small: the batching of several students per process is
 * being written, and grade-class.test.ts grades real submissions). `parseReport` takes only a report-shaped JSON;
 * a grade that writes none becomes a one-line problem with the last line of its stderr, and one past its limit is
 * killed and says so.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeStudent, parseReport, stopAllStudentGrades, type StudentGradeInput } from "../../../lib/grader/class/grade-student.js";
import { gradeReport } from "../../../lib/grader/results.js";
import { tempDirs } from "../../support/temp-dirs.js";
import { ROOT } from "../run-grade.js";

const temp = tempDirs();

describe("parseReport", () => {
  it("takes a report's JSON, and nothing else, as null", () => {
    const report = gradeReport("s1", [{ id: "01-x", title: "X", points: 1, maxPoints: 2, tests: [] }]);
    expect(parseReport(JSON.stringify(report))).toEqual(report);
    for (const bad of ["", "not json", "null", "[]", '{"exercises":[],"points":"1","maxPoints":2}', '{"exercises":{},"points":1,"maxPoints":2}', '{"points":1,"maxPoints":2}']) {
      expect(parseReport(bad), bad).toBeNull();
    }
  });
});

describe("gradeStudent", { timeout: 120_000 }, () => {
  const input = (over: Partial<StudentGradeInput>): StudentGradeInput => ({
    root: ROOT, student: "s1", targetDir: join(temp("wb-student-"), "missing"), exercises: ["01"], seed: 1, timeoutMs: 1000,
    extraArgs: [], statePath: join(temp("wb-student-state-"), "progress.json"), limitMs: 60_000, judges: 1, ...over,
  });

  it("a grade that writes no report (the folder does not exist): the problem with its exit code and last line", async () => {
    const r = await gradeStudent(input({}));
    expect(r.report).toBeUndefined();
    expect(r.problem).toMatch(/^the grader wrote no report \(exit 2\): .*target.*must be exercises, solutions or an existing folder/);
    expect(r.wallMs).toBeGreaterThan(0);
  });

  it("a grade past its limit is killed, and says so; stopAllStudentGrades with none running is harmless", async () => {
    const r = await gradeStudent(input({ targetDir: temp("wb-student-sub-"), limitMs: 50 }));
    expect(r).toMatchObject({ problem: "grading did not finish within 0 s; stopped" });
    expect(() => stopAllStudentGrades()).not.toThrow();
  });
});
