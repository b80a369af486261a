/**
 * A student's feedback: passing and failing tests, the counterexample, the named mistake and where to read, the
 * README hint for the first failing test; a hidden test only as "hidden test failed" unless published; escaped.
 */
import { describe, expect, it } from "vitest";
import { attempted, feedbackHtml, feedbackMarkdown } from "../../../lib/grader/class/feedback.js";
import type { Hint } from "../../../lib/grader/readme.js";
import { gradeReport, type ExerciseResult, type TestResult } from "../../../lib/grader/results.js";

const t = (name: string, passed: boolean, extra: Partial<TestResult> = {}): TestResult => ({
  name, kind: "example", passed, status: passed ? "passed" : "failed", points: passed ? 2 : 0, maxPoints: 2, message: passed ? "" : "expected 0.25, got 0.5 for graph {a→b}", ...extra,
});
const ex = (id: string, tests: TestResult[]): ExerciseResult => ({ id, title: `T ${id}`, points: tests.reduce((n, x) => n + x.points, 0), maxPoints: tests.length * 2, tests });
const MISTAKE = { id: "no-damping", title: "forgets the damping", notebook: "01-pagerank.ipynb § 2" };
const HINT: Hint = { number: 1, title: "Damping first", body: "Multiply by d before adding.", tests: ["sums to one"] };
const report = gradeReport("s", [
  ex("01-pagerank", [t("uniform start", true), t("sums to one", false, { misconception: MISTAKE }), t("secret graph", false, { hidden: true, message: "SECRET INPUT 42" })]),
  ex("02-tokens", [t("a", false, { message: "not implemented: tokens" }), t("b", false, { message: "not implemented: tokens" })]),
]);
const hints = new Map([["01-pagerank", [HINT]]]);

describe("feedbackMarkdown / feedbackHtml", () => {
  const md = feedbackMarkdown("zoë", report, { hints });
  const html = feedbackHtml("zoë", report, { hints });

  it("shows what passed, what failed with its message, the named mistake, where to read and the hint", () => {
    for (const text of [md, html]) {
      expect(text).toContain("✓ uniform start");
      expect(text).toContain("✗ sums to one");
      expect(text).toContain("expected 0.25, got 0.5 for graph {a→b}");
      expect(text).toContain("forgets the damping");
      expect(text).toContain("notebooks/01-pagerank.ipynb § 2");
      expect(text).toContain("Multiply by d before adding.");
    }
    expect(md).toContain("## 02-tokens — T 02-tokens: 0 of 4 (not attempted)");
  });

  it("masks hidden tests unless published", () => {
    for (const text of [md, html]) {
      expect(text).toContain("hidden test failed");
      expect(text).not.toContain("secret graph");
      expect(text).not.toContain("SECRET INPUT");
    }
    const published = feedbackMarkdown("zoë", report, { hints, publishHidden: true });
    expect(published).toContain("secret graph");
    expect(published).toContain("SECRET INPUT 42");
    expect(published).not.toContain("hidden test failed");
  });

  it("gives no hint for a hidden test's failure alone, and escapes every text", () => {
    const onlyHidden = gradeReport("s", [ex("01-pagerank", [t("sums to one", false, { hidden: true })])]);
    expect(feedbackMarkdown("x", onlyHidden, { hints })).not.toContain("Multiply by d");
    const evil = gradeReport("s", [ex("01-pagerank", [t("x", false, { message: "<script>alert(1)</script> ```" })])]);
    const h = feedbackHtml("<img src=x>", evil);
    expect(h).not.toContain("<script>");
    expect(h).not.toContain("<img");
    expect(h).toContain("default-src 'none'");
    const m = feedbackMarkdown("a", evil);
    expect(m).toContain("````text\n<script>alert(1)</script> ```\n````");
  });

  it("calls an exercise attempted unless every test stops at the stub", () => {
    expect(report.exercises.map(attempted)).toEqual([true, false]);
  });
});
