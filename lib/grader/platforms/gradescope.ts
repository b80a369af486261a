/**
 * A grade report as Gradescope's autograder harness reads `/autograder/results/results.json`: a `score`, an
 * `output` for the whole submission, `execution_time` in seconds, and `tests[]` with `name`, `score`,
 * `max_score`, `status` ("passed" | "failed"), `output` and `visibility`. Hidden graded tests are shown
 * `after_published` (or never, `hidden`); a submission that could not be graded is a 0 with the reason as output.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import type { GradeReport } from "../results.js";
import { HIDDEN_FAILED, testFeedback } from "./feedback-text.js";

export type GradescopeVisibility = "hidden" | "after_due_date" | "after_published" | "visible";

export interface GradescopeTest {
  name: string;
  score: number;
  max_score: number;
  status: "passed" | "failed";
  output: string;
  visibility: GradescopeVisibility;
}

export interface GradescopeResults {
  score: number;
  execution_time: number;
  output: string;
  stdout_visibility: "hidden" | "visible";
  tests: GradescopeTest[];
}

export interface GradescopeOptions {
  /** When a hidden graded test is shown to the student. */
  hiddenVisibility: "hidden" | "after_published";
}

export const GRADESCOPE_DEFAULTS: Readonly<GradescopeOptions> = Object.freeze({ hiddenVisibility: "after_published" });

/** One Gradescope test per graded test ("01-pagerank: <test>"); an exercise that could not run is one failed test. */
export function gradescopeResults(report: GradeReport, options: Partial<GradescopeOptions> = {}): GradescopeResults {
  const { hiddenVisibility } = { ...GRADESCOPE_DEFAULTS, ...options };
  if (hiddenVisibility !== "hidden" && hiddenVisibility !== "after_published") {
    throw new WorkbenchInputError("gradescopeResults", "options.hiddenVisibility", 'must be "hidden" or "after_published"', hiddenVisibility);
  }
  const tests: GradescopeTest[] = [];
  for (const e of report.exercises) {
    if (e.error !== undefined && e.tests.length === 0) {
      tests.push({ name: `${e.id}: graded tests`, score: 0, max_score: e.maxPoints, status: "failed", output: `could not be graded: ${e.error}`, visibility: "visible" });
      continue;
    }
    for (const t of e.tests) {
      tests.push({
        name: `${e.id}: ${t.name}`,
        score: t.points,
        max_score: t.maxPoints,
        status: t.passed ? "passed" : "failed",
        output: t.hidden && !t.passed ? `${HIDDEN_FAILED}\n${testFeedback(t)}` : testFeedback(t),
        visibility: t.hidden ? hiddenVisibility : "visible",
      });
    }
  }
  const seconds = (report.provenance?.durationMs ?? 0) / 1000;
  return {
    score: report.points,
    execution_time: Math.round(seconds),
    output: `${report.points} of ${report.maxPoints} points over ${report.exercises.length} exercise${report.exercises.length === 1 ? "" : "s"}.`,
    stdout_visibility: "hidden",
    tests,
  };
}

/** The results for a submission that could not be graded at all: 0 points and why, for the student to read. */
export function gradescopeUngradable(reason: string): GradescopeResults {
  return { score: 0, execution_time: 0, output: `Your submission could not be graded: ${reason}`, stdout_visibility: "hidden", tests: [] };
}
