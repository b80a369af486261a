/**
 * A grade report as Classroom 50's autograde runner reads `./result.json` (schema `classroom50/result/v1`): the
 * identity fields the runner hands the autograder in its environment (classroom, assignment, submission tag,
 * commit/release/review URLs), `datetime`, integer `score` and `max-score` (sums over the tests) and `tests[]` with
 * `test-name`, `passed`, `score`, `max-score` (a `message` beside them is kept by the runner as a diagnostic).
 */
import { WorkbenchInputError } from "../../core/errors.js";
import type { GradeReport } from "../results.js";
import { HIDDEN_FAILED, testFeedback } from "./feedback-text.js";

export const CLASSROOM50_SCHEMA = "classroom50/result/v1";

/** What the runner passes in the environment, by variable name. */
export const CLASSROOM50_ENV = Object.freeze({
  classroom: "CLASSROOM",
  assignment: "ASSIGNMENT",
  submission: "SUBMISSION_TAG",
  commit: "COMMIT_URL",
  release: "RELEASE_URL",
  review: "REVIEW_URL",
});

export type Classroom50Identity = Record<keyof typeof CLASSROOM50_ENV, string>;

export interface Classroom50Test {
  "test-name": string;
  passed: boolean;
  score: number;
  "max-score": number;
  message?: string;
}

export interface Classroom50Result extends Classroom50Identity {
  schema: typeof CLASSROOM50_SCHEMA;
  datetime: string;
  score: number;
  "max-score": number;
  tests: Classroom50Test[];
}

/** The identity from the runner's environment; a missing variable is named (the runner always sets them). */
export function classroom50Identity(env: Readonly<Record<string, string | undefined>>): Classroom50Identity {
  const out: Partial<Classroom50Identity> = {};
  for (const [key, name] of Object.entries(CLASSROOM50_ENV) as [keyof Classroom50Identity, string][]) {
    const value = env[name] ?? (key === "review" ? env[CLASSROOM50_ENV.commit] : undefined);
    if (typeof value !== "string" || value === "") throw new WorkbenchInputError("classroom50Identity", name, "must be set by Classroom 50's runner (a non-empty environment variable)");
    out[key] = value;
  }
  return out as Classroom50Identity;
}

/** One Classroom 50 test per graded test; `now` fills `datetime`, which the runner stamps again with the submission instant (the graded commit's date). */
export function classroom50Result(report: GradeReport, identity: Classroom50Identity, now: Date): Classroom50Result {
  const tests: Classroom50Test[] = [];
  for (const e of report.exercises) {
    if (e.error !== undefined && e.tests.length === 0) {
      tests.push({ "test-name": `${e.id}: graded tests`, passed: false, score: 0, "max-score": e.maxPoints, message: `could not be graded: ${e.error}` });
      continue;
    }
    for (const t of e.tests) {
      const hiddenFailure = t.hidden === true && !t.passed;
      const test: Classroom50Test = { "test-name": hiddenFailure ? `${e.id}: hidden test` : `${e.id}: ${t.name}`, passed: t.passed, score: t.points, "max-score": t.maxPoints };
      if (!t.passed) test.message = hiddenFailure ? HIDDEN_FAILED : testFeedback(t);
      tests.push(test);
    }
  }
  return {
    schema: CLASSROOM50_SCHEMA,
    ...identity,
    datetime: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    score: tests.reduce((n, t) => n + t.score, 0),
    "max-score": tests.reduce((n, t) => n + t["max-score"], 0),
    tests,
  };
}
