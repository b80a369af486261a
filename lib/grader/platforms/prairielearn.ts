/**
 * A grade report as PrairieLearn's external grader reads `/grade/results/results.json`: `gradable`, `score` as a
 * fraction in [0, 1], `message`, `output`, and `tests[]` with `name`, `description`, `points`, `max_points`,
 * `message` and `output`. A submission that cannot be graded is `gradable: false` with a message, never a silent 0.
 */
import type { GradeReport } from "../results.js";
import { HIDDEN_FAILED, testFeedback } from "./feedback-text.js";

export interface PrairieLearnTest {
  name: string;
  description: string;
  points: number;
  max_points: number;
  message: string;
  output: string;
}

export interface PrairieLearnResults {
  gradable: boolean;
  score: number;
  message: string;
  output?: string;
  tests?: PrairieLearnTest[];
}

/** One PrairieLearn test per graded test; a hidden test's details are withheld until it passes. */
export function prairielearnResults(report: GradeReport): PrairieLearnResults {
  const tests: PrairieLearnTest[] = [];
  for (const e of report.exercises) {
    if (e.error !== undefined && e.tests.length === 0) {
      tests.push({ name: `${e.id}: graded tests`, description: e.title, points: 0, max_points: e.maxPoints, message: `could not be graded: ${e.error}`, output: "" });
      continue;
    }
    for (const t of e.tests) {
      const hiddenFailure = t.hidden === true && !t.passed;
      tests.push({
        name: hiddenFailure ? `${e.id}: hidden test` : `${e.id}: ${t.name}`,
        description: e.title,
        points: t.points,
        max_points: t.maxPoints,
        message: hiddenFailure ? HIDDEN_FAILED : t.passed ? "passed" : firstLine(t.message),
        output: hiddenFailure ? "" : testFeedback(t),
      });
    }
  }
  const score = report.maxPoints > 0 ? report.points / report.maxPoints : 0;
  return { gradable: true, score: Math.min(1, Math.max(0, score)), message: `${report.points} of ${report.maxPoints} points`, tests };
}

/** The results for a submission that cannot be graded (no exercise file, an unreadable upload …). */
export function prairielearnUngradable(reason: string): PrairieLearnResults {
  return { gradable: false, score: 0, message: `Your submission could not be graded: ${reason}` };
}

function firstLine(text: string): string {
  const i = text.indexOf("\n");
  return i < 0 ? text : text.slice(0, i);
}
