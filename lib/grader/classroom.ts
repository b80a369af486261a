/**
 * The grade report in the shape GitHub Classroom's autograding reads. Its reporter action,
 * `classroom-resources/autograding-grading-reporter@v1`, takes from each runner step an environment variable
 * `<RUNNER-ID>_RESULTS` holding base64 of a JSON object
 *   { version: 1, status: "pass" | "fail" | "error", max_score, tests: [{ name, status, score, message, … }] }
 * sums `tests[].score` against `max_score`, prints a table and posts "Points N/M" (what Classroom recorded).
 * The workflow the release carries (release-files.ts) runs `workbench grade --classroom FILE` and hands FILE,
 * base64-encoded, to that reporter. GitHub retired the Classroom service on 28 Aug 2026; the reporter action still
 * runs in GitHub Actions and its format is what Classroom-style tools read, so it is the one kept here.
 */
import type { GradeReport } from "./results.js";

export interface ClassroomTest {
  name: string;
  status: "pass" | "fail" | "error";
  score: number;
  max_score: number;
  message: string | null;
  test_code: string;
  filename: string;
  line_no: number;
  duration: number;
}

export interface ClassroomResult {
  version: 1;
  status: "pass" | "fail" | "error";
  max_score: number;
  tests: ClassroomTest[];
}

/**
 * One Classroom result for the whole report: one entry per graded test ("01-pagerank: <test>"), its points as
 * `score`; an exercise whose tests could not run at all is one `error` entry worth its points (0 scored).
 */
export function classroomResult(report: GradeReport): ClassroomResult {
  const tests: ClassroomTest[] = [];
  for (const e of report.exercises) {
    const filename = `test/exercises/${e.id}.test.ts`;
    if (e.error !== undefined && e.tests.length === 0) {
      tests.push({ name: `${e.id}: graded tests`, status: "error", score: 0, max_score: e.maxPoints, message: e.error, test_code: `workbench grade ${e.id.slice(0, 2)}`, filename, line_no: 0, duration: 0 });
      continue;
    }
    for (const t of e.tests) {
      tests.push({
        name: `${e.id}: ${t.name}`,
        status: t.passed ? "pass" : t.status === "failed" ? "fail" : "error",
        score: t.points,
        max_score: t.maxPoints,
        message: t.passed ? null : t.message,
        test_code: `workbench grade ${e.id.slice(0, 2)}`,
        filename: t.hidden ? `test/exercises/hidden/${e.id}.ts` : filename,
        line_no: 0,
        duration: Math.round((t.ms ?? 0)) / 1000,
      });
    }
  }
  const status = tests.some((t) => t.status === "error") ? "error" : tests.every((t) => t.status === "pass") ? "pass" : "fail";
  return { version: 1, status, max_score: report.maxPoints, tests };
}
