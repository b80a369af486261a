/**
 * `grade --classroom`'s result against the shape GitHub Classroom's reporter
 * (classroom-resources/autograding-grading-reporter@v1) reads: base64 of `{ version: 1, status, max_score, tests }`,
 * where the reporter adds up `tests[].score` against `max_score` and fails the job on a "fail" or "error" status.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classroomResult } from "../../lib/grader/classroom.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport, type GradeReport } from "../../lib/grader/results.js";
import type { GradeRecord } from "../../lib/grader/protocol.js";

/** A report from logs: exercise i has tests with the given points, passing where `pass` says. */
function report(exercises: { points: number[]; pass: boolean[]; hidden?: boolean[] }[]): GradeReport {
  return gradeReport(
    "exercises",
    exercises.map((e, i) => {
      const id = `0${i + 1}-ex`;
      const records: GradeRecord[] = e.points.map((p, j) => ({ type: "declare", test: `t${j}`, points: p, kind: "example", ...(e.hidden?.[j] ? { hidden: true } : {}) }));
      e.points.forEach((_, j) => {
        records.push({ type: "start", test: `t${j}`, pid: 1, t: 0 }, { type: "end", test: `t${j}`, status: e.pass[j] ? "passed" : "failed", message: e.pass[j] ? "" : `expected ${j}`, ms: 1500 });
      });
      const p = emptyProgress();
      foldRound(p, records, { limitMs: 5000 });
      return exerciseResult({ id, title: `Exercise ${i + 1}` }, p);
    }),
  );
}

/** What the reporter computes from a runner's env value (NotifyClassroom: Σ tests[].score of max_score). */
function asReporterReadsIt(value: string): { totalPoints: number; maxPoints: number; status: string; names: string[] } {
  const results = JSON.parse(Buffer.from(value, "base64").toString("utf8")) as { max_score: number; status: string; tests: { name: string; score: number }[] };
  return { totalPoints: results.tests.reduce((a, t) => a + t.score, 0), maxPoints: results.max_score, status: results.status, names: results.tests.map((t) => t.name) };
}

describe("classroomResult", () => {
  it("has exactly the documented top-level keys and per-test fields", () => {
    const r = classroomResult(report([{ points: [2, 1], pass: [true, false] }]));
    expect(Object.keys(r).sort()).toEqual(["max_score", "status", "tests", "version"]);
    expect(r.version).toBe(1);
    expect(r.status).toBe("fail");
    expect(r.max_score).toBe(3);
    expect(r.tests).toEqual([
      { name: "01-ex: t0", status: "pass", score: 2, max_score: 2, message: null, test_code: "workbench grade 01", filename: "test/exercises/01-ex.test.ts", line_no: 0, duration: 1.5 },
      { name: "01-ex: t1", status: "fail", score: 0, max_score: 1, message: "expected 1", test_code: "workbench grade 01", filename: "test/exercises/01-ex.test.ts", line_no: 0, duration: 1.5 },
    ]);
  });

  it("an exercise whose tests could not run is one error entry, worth its points, scoring none", () => {
    const broken = gradeReport("exercises", [exerciseResult({ id: "02-x", title: "X" }, emptyProgress(), "its graded tests are missing")]);
    const r = classroomResult(broken);
    expect(r.status).toBe("error");
    expect(r.tests).toHaveLength(1);
    expect(r.tests[0]).toMatchObject({ name: "02-x: graded tests", status: "error", score: 0, message: "its graded tests are missing" });
  });

  it("a hidden test points at its hidden file", () => {
    const r = classroomResult(report([{ points: [1, 1], pass: [true, true], hidden: [false, true] }]));
    expect(r.tests.map((t) => t.filename)).toEqual(["test/exercises/01-ex.test.ts", "test/exercises/hidden/01-ex.ts"]);
    expect(r.status).toBe("pass");
  });

  it("read back as the reporter does (base64 JSON), the points and maximum are the report's, and the status says pass only at full marks", () => {
    const exercise = fc
      .array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.boolean()), { minLength: 1, maxLength: 6 })
      .map((ts) => ({ points: ts.map((t) => t[0]), pass: ts.map((t) => t[1]) }));
    fc.assert(
      fc.property(fc.array(exercise, { minLength: 1, maxLength: 4 }), (exercises) => {
        const rep = report(exercises);
        const read = asReporterReadsIt(Buffer.from(JSON.stringify(classroomResult(rep))).toString("base64"));
        expect(read.totalPoints).toBe(rep.points);
        expect(read.maxPoints).toBe(rep.maxPoints);
        expect(read.status).toBe(rep.points === rep.maxPoints ? "pass" : "fail");
        expect(new Set(read.names).size).toBe(read.names.length);
      }),
    );
  });
});
