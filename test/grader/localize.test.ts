import { describe, expect, it } from "vitest";
import { localizedReport } from "../../lib/grader/localize.js";
import { gradeReport, type TestResult } from "../../lib/grader/results.js";
import { misconceptionById, misconceptionReport } from "../../lib/misconceptions/index.js";

const DROPPED = misconceptionReport(misconceptionById("01-dangling-dropped")!);
const failed = (name: string, extra: Partial<TestResult>): TestResult => ({ name, kind: "example", passed: false, status: "failed", points: 0, maxPoints: 1, message: "m", ...extra });
const REPORT = gradeReport("exercises", [
  { id: "01-pagerank", title: "PageRank", points: 0, maxPoints: 3, tests: [failed("a", { misconception: DROPPED }), failed("b", { unknownMistake: "x" }), failed("c", {})] },
]);

describe("localizedReport", () => {
  it("leaves an English report as it is (the JSON stays byte-identical)", () => {
    expect(localizedReport(REPORT, "en")).toBe(REPORT);
  });

  it("keeps the English id, title and notebook and adds the Chinese beside them", () => {
    const before = JSON.stringify(REPORT);
    const zh = localizedReport(REPORT, "zh");
    const m = zh.exercises[0]!.tests[0]!.misconception as unknown as Record<string, string>;
    expect(m.id).toBe("01-dangling-dropped");
    expect(m.title).toBe(DROPPED.title);
    expect(m.notebook).toBe(DROPPED.notebook);
    expect(m.lang).toBe("zh");
    expect(m.titleLocalized).toBe("丢掉了悬空质量");
    expect(m.explanationLocalized).toMatch(/^这一步加上了/);
    expect(JSON.stringify(REPORT)).toBe(before); // the report itself is not changed
  });

  it("touches only the tests that name a mistake", () => {
    const zh = localizedReport(REPORT, "zh");
    expect(zh.exercises[0]!.tests.slice(1)).toEqual(REPORT.exercises[0]!.tests.slice(1));
    expect({ ...zh, exercises: [] }).toEqual({ ...REPORT, exercises: [] });
  });
});
