import { describe, expect, it } from "vitest";
import { exerciseStatus, formatFailures, formatTable } from "../../lib/grader/report.js";
import { gradeReport, type ExerciseResult, type TestResult } from "../../lib/grader/results.js";

const t = (name: string, passed: boolean, points: number, message = ""): TestResult => ({
  name,
  kind: "example",
  passed,
  status: passed ? "passed" : "failed",
  points: passed ? points : 0,
  maxPoints: points,
  message,
});
const ex = (id: string, tests: TestResult[], error?: string): ExerciseResult => {
  const e: ExerciseResult = { id, title: `Title ${id}`, points: tests.reduce((n, x) => n + x.points, 0), maxPoints: tests.reduce((n, x) => n + x.maxPoints, 0), tests };
  if (error) e.error = error;
  return e;
};

const REPORT = gradeReport("exercises", [
  ex("01-done", [t("a", true, 2), t("b", true, 1)]),
  ex("02-stub", [t("c", false, 2, "not implemented: f"), t("d", false, 1, "Property failed\nFailed because: not implemented: g")]),
  ex("03-half", [t("e", true, 1), t("f <&> \"quoted\"", false, 3, "expected 1 to be 2\nsecond line")]),
  ex("04-broken", [], "its graded tests are missing"),
  ex("05-absent", [t("g", false, 1, "there is nothing to grade: the graded folder has no 05-absent/x.ts"), t("h", false, 1, "there is nothing to grade: the graded folder has no 05-absent/x.ts")]),
]);

describe("text report", () => {
  it("classifies exercises: done, not started (every failure a stub's), in progress, error", () => {
    expect(REPORT.exercises.map(exerciseStatus)).toEqual(["done", "not started", "in progress", "error", "no file"]);
  });

  it("the table has a row per exercise with tests passed/total and points, and the total", () => {
    const table = formatTable(REPORT, { states: { "02-stub": { hintsSeen: [1], done: true, bestPoints: 3, lastPoints: 3, maxPoints: 3 } } });
    const rows = table.split("\n");
    expect(rows.find((r) => r.startsWith("01-done"))).toMatch(/^01-done\s+2\/2\s+3\/3\s+done$/);
    expect(rows.find((r) => r.startsWith("02-stub"))).toMatch(/0\/2\s+0\/3\s+not started \(was done before\)$/);
    expect(rows.find((r) => r.startsWith("03-half"))).toMatch(/1\/2\s+1\/4\s+in progress$/);
    expect(rows.find((r) => r.startsWith("05-absent"))).toMatch(/0\/2\s+0\/2\s+no file$/);
    expect(rows.find((r) => r.startsWith("total"))).toMatch(/^total\s+3\/8\s+4\/12\s+33 %, 1 of 5 done$/);
  });

  it("failures: each failing test with its points and message, the hint after; stubs summarised; done ones omitted", () => {
    const text = formatFailures(REPORT, {
      hintFor: (id) => (id === "03-half" ? { hint: { hint: { number: 2, title: "Look here", body: "body line", tests: ["e"] }, test: 'f <&> "quoted"', fresh: true }, total: 3 } : null),
    });
    expect(text).not.toContain("01-done");
    expect(text).toContain('02-stub — Title 02-stub\n  not started: every test stops at "not implemented" (f, g)');
    expect(text).toContain(`  ✗ f <&> "quoted" (3 points)\n      expected 1 to be 2\n      second line\n  Hint 2 of 3 — Look here (for ✗ f <&> "quoted")\n    body line\n  (more: npm run -s workbench -- hint 03)`);
    expect(text).toContain("04-broken: could not be graded: its graded tests are missing");
    expect(text).toContain("05-absent — Title 05-absent\n  there is nothing to grade: the graded folder has no 05-absent/x.ts\n");
  });

  it("a hint seen before is a one-line reminder; the last hint points to the solution", () => {
    const h = { number: 3, title: "Last", body: "the body", tests: [] };
    const seen = formatFailures(REPORT, { hintFor: (id) => (id === "03-half" ? { hint: { hint: h, test: "f", fresh: false }, total: 3 } : null) });
    expect(seen).toContain("  Hint 3 of 3 — Last (for ✗ f) was shown before: npm run -s workbench -- hint 03 --shown shows it again, npm run -s workbench -- hint 03 the next one\n");
    expect(seen).not.toContain("the body");
    const last = formatFailures(REPORT, { hintFor: (id) => (id === "03-half" ? { hint: { hint: h, test: "f", fresh: true }, total: 3 } : null) });
    expect(last).toContain("  Hint 3 of 3 — Last (for ✗ f)\n    the body\n  (that is the last hint; the reference solution is in solutions/03-half/)");
  });
});

describe("text report in Chinese", () => {
  it("says in one line when a hint is English because the exercise has no Chinese README", () => {
    const h = { number: 1, title: "First", body: "the body", tests: [] };
    const shown = (englishOnly: boolean) =>
      formatFailures(REPORT, { lang: "zh", hintFor: (id) => (id === "03-half" ? { hint: { hint: h, test: "f", fresh: true }, total: 3, ...(englishOnly ? { englishOnly } : {}) } : null) });
    expect(shown(true)).toContain("  （03-half 还没有中文 README：提示以英文显示。）\n  提示 1/3 — First（针对 ✗ f）\n    the body");
    expect(shown(false)).not.toContain("还没有中文 README");
  });

  it("translates the table's fixed words and keeps its columns aligned by display width", () => {
    const table = formatTable(REPORT, { lang: "zh" });
    const rows = table.split("\n").filter((r) => r !== "");
    expect(rows[0]).toMatch(/^练习\s+测试\s+得分\s+状态$/);
    expect(rows.find((r) => r.startsWith("01-done"))).toMatch(/已完成$/);
    expect(rows.find((r) => r.startsWith("02-stub"))).toMatch(/未开始$/);
    expect(rows.at(-1)).toMatch(/^合计\s+3\/8\s+4\/12\s+33 %，已完成 1\/5$/);
    // the "tests" column ends at the same terminal column on every row (CJK characters are two columns wide)
    const cols = (r: string): number => [...r.slice(0, r.search(/\d+\/\d+/) + r.match(/\d+\/\d+/)![0].length)].reduce((n, c) => n + (/\p{Script=Han}/u.test(c) ? 2 : 1), 0);
    const dataRows = rows.filter((r) => /\d+\/\d+/.test(r));
    expect(new Set(dataRows.map(cols)).size).toBe(1);
  });

  it("names a known mistake in Chinese, with the first sentence of why", () => {
    const r = gradeReport("exercises", [
      ex("01-pagerank", [t("a", true, 1), { ...t("step", false, 2, "expected 0.54 to be 0.15"), misconception: { id: "01-dangling-dropped", title: "dangling mass dropped", notebook: "01.ipynb § 4" } }]),
    ]);
    const text = formatFailures(r, { lang: "zh" });
    expect(text).toContain("2 个测试中有 1 个未通过：");
    expect(text).toContain("      → 已知错误：丢掉了悬空质量\n");
    expect(text).toContain("        这一步加上了 (1−α)·p(v) 和沿边传出的份额，却漏了 α·d_t·p(v)。\n");
    expect(text).toContain("        阅读：notebooks/01.ipynb § 4");
    // the section as the learner reads it, when the session knows its heading in their language
    expect(formatFailures(r, { lang: "zh", notebookRef: (ref) => `${ref}. 没有悬空项时流失了什么` })).toContain("        阅读：notebooks/01.ipynb § 4. 没有悬空项时流失了什么\n");
    expect(formatFailures(r)).toContain("      → known mistake: dangling mass dropped\n");
  });
});
