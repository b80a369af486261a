/** A grade report with every kind of test result the platform formats must carry, built by hand (no grading). */
import { gradeReport, type GradeReport, type TestResult } from "../../../lib/grader/results.js";

const test = (name: string, points: number, passed: boolean, extra: Partial<TestResult> = {}): TestResult => ({
  name,
  kind: "example",
  passed,
  status: passed ? "passed" : "failed",
  points: passed ? points : 0,
  maxPoints: points,
  message: passed ? "" : `expected ${name} to pass`,
  ...extra,
});

/** 01: a pass, a wrong answer with a known mistake and printed output, a hidden failure, a hidden pass; 02: could not run. */
export function sampleReport(): GradeReport {
  const tests = [
    test("sum stays 1", 2, true),
    test("the fixed point", 3, false, {
      misconception: { id: "pagerank/normalise", title: "normalising instead of sending the dangling mass back", notebook: "01-personalized-pagerank.ipynb" },
      output: "debug: 0.5\n",
    }),
    test("a large graph", 2, false, { hidden: true, message: "SECRET expected value 0.123" }),
    test("a tiny graph", 1, true, { hidden: true }),
  ];
  const first = { id: "01-pagerank", title: "PageRank", points: 3, maxPoints: 8, tests };
  const broken = { id: "02-symbol-budget", title: "Symbol budget", points: 0, maxPoints: 5, tests: [], error: "the graded tests could not start" };
  const r = gradeReport("submission", [first, broken]);
  r.provenance = { submissionHash: "sha256:00", grader: { version: "0.1.0" }, seed: 1, timeoutMs: 5000, startedAt: "2026-12-04T00:00:00.000Z", durationMs: 12_400 };
  return r;
}
