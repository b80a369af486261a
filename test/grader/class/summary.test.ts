/**
 * The class summary: the distribution, the share failing each test, the common messages and the named mistakes
 * are counted from the reports (rendered as HTML and Markdown: test/grader/class/summary-render.test.ts).
 */
import { describe, expect, it } from "vitest";
import type { ClassRow } from "../../../lib/grader/class/gradebook.js";
import { classSummary } from "../../../lib/grader/class/summary.js";
import { gradeReport, type TestResult } from "../../../lib/grader/results.js";

const test = (name: string, passed: boolean, message = "", misconception?: TestResult["misconception"]): TestResult => ({
  name, kind: "example", passed, status: passed ? "passed" : "failed", points: passed ? 5 : 0, maxPoints: 5, message, ...(misconception ? { misconception } : {}),
});
const MISTAKE = { id: "m1", title: "forgets <damping>", notebook: "01-pagerank.ipynb" };
const row = (id: string, a: boolean, b: boolean, message = "expected <script>1</script> | 2"): ClassRow => {
  const tests = [test("a", a, a ? "" : message, a ? undefined : MISTAKE), test("b", b, b ? "" : "not implemented: f")];
  return { id, status: "graded", report: gradeReport(id, [{ id: "01-x", title: "X", points: tests.reduce((n, t) => n + t.points, 0), maxPoints: 10, tests }]) };
};

describe("classSummary", () => {
  const rows: ClassRow[] = [row("s1", true, true), row("s2", false, true), row("s3", false, false), { id: "s4", status: "not graded", problem: "is not a git bundle" }];
  const s = classSummary(rows);

  it("counts students, the distribution by tenths, mean and median", () => {
    expect([s.students, s.graded, s.maxPoints]).toEqual([4, 3, 10]);
    expect(s.distribution.find((b) => b.label === "100 %")!.count).toBe(1);
    expect(s.distribution.find((b) => b.label === "50–59 %")!.count).toBe(1);
    expect(s.distribution.find((b) => b.label === "0–9 %")!.count).toBe(1);
    expect(s.distribution.reduce((n, b) => n + b.count, 0)).toBe(3);
    expect([s.meanPoints, s.medianPoints]).toEqual([5, 5]);
    expect(s.notGraded).toEqual([{ id: "s4", problem: "is not a git bundle" }]);
  });

  it("gives per test the share failing, the common messages and the known mistakes, most frequent first", () => {
    // s3's stub of b is not a failure of b: b's share is over the two who attempted it
    expect(s.tests.map((t) => [t.name, t.failing, t.of])).toEqual([["a", 2, 3], ["b", 0, 2]]);
    expect(s.messages.map((m) => [m.message, m.count, m.students])).toEqual([["expected <script>1</script> | 2", 2, 2]]);
    expect(s.misconceptions).toEqual([{ ...MISTAKE, count: 2, tests: ["01 a"] }]);
    expect(s.exercises).toEqual([{ id: "01-x", title: "X", meanPoints: 5, maxPoints: 10, fullMarks: 1, notAttempted: 0, attemptedWrong: 2, of: 3 }]);
  });

  it("separates not attempted (every test at the stub) from attempted and wrong, and counts students, not tests", () => {
    const stub = (id: string): ClassRow => {
      const tests = [test("a", false, "not implemented: f"), test("b", false, "not implemented: f")];
      return { id, status: "graded", report: gradeReport(id, [{ id: "01-x", title: "X", points: 0, maxPoints: 10, tests }]) };
    };
    const twice = (id: string): ClassRow => {
      const tests = [test("a", false, "wrong", MISTAKE), test("b", false, "wrong", MISTAKE)];
      return { id, status: "graded", report: gradeReport(id, [{ id: "01-x", title: "X", points: 0, maxPoints: 10, tests }]) };
    };
    const c = classSummary([stub("s1"), stub("s2"), stub("s3"), twice("s4"), row("s5", true, true)]);
    expect(c.exercises.map((e) => [e.fullMarks, e.attemptedWrong, e.notAttempted, e.of])).toEqual([[1, 1, 3, 5]]);
    expect(c.misconceptions.map((m) => [m.id, m.count])).toEqual([["m1", 1]]); // one student, two tests
    expect(c.messages.map((m) => [m.message, m.count, m.students])).toEqual([["wrong", 2, 1]]);
    expect(c.tests.map((t) => [t.name, t.failing, t.of])).toEqual([["a", 1, 2], ["b", 1, 2]]);
  });
});
