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
    expect(s.tests.map((t) => [t.name, t.failing, t.of])).toEqual([["a", 2, 3], ["b", 1, 3]]);
    expect(s.messages.map((m) => [m.message, m.count, m.students])).toEqual([["expected <script>1</script> | 2", 2, 2], ["not implemented: f", 1, 1]]);
    expect(s.misconceptions).toEqual([{ ...MISTAKE, count: 2, tests: ["01 a"] }]);
    expect(s.exercises).toEqual([{ id: "01-x", title: "X", meanPoints: 5, maxPoints: 10, fullMarks: 1, of: 3 }]);
  });
});
