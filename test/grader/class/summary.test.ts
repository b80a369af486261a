/**
 * The class summary: the distribution, the share failing each test, the common messages and the named mistakes
 * are counted from the reports; the HTML and Markdown escape what the reports say (messages quote students'
 * answers) and carry the extra sections (the similarity report's plug) after their own.
 */
import { describe, expect, it } from "vitest";
import type { ClassRow } from "../../../lib/grader/class/gradebook.js";
import { summaryHtml, summaryMarkdown } from "../../../lib/grader/class/summary-render.js";
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

  it("renders HTML with the chart, escaped text and the extra sections last", () => {
    const extra = [{ title: "Similar <pairs>", html: "<p id=sim>pairs</p>", markdown: "PAIRS-MD" }];
    const html = summaryHtml(s, { extraSections: extra });
    expect(html).toContain("<svg");
    expect(html).not.toContain("<script>");
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`);
    expect(html).toContain("expected &lt;script&gt;1&lt;/script&gt; | 2");
    expect(html).toContain("forgets &lt;damping&gt;");
    expect(html.indexOf("<h2>Similar &lt;pairs&gt;</h2>\n<p id=sim>pairs</p>")).toBeGreaterThan(html.indexOf("Known mistakes"));
    const md = summaryMarkdown(s, { extraSections: extra });
    expect(md).toContain("| 2 | 2 | expected &lt;script&gt;1&lt;/script&gt; \\| 2 | 01 a |");
    expect(md.trimEnd().endsWith("## Similar &lt;pairs&gt;\n\nPAIRS-MD")).toBe(true);
    expect(md).toMatch(/100 % █+\s+1/);
  });
});
