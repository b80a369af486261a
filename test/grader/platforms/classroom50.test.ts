/** classroom50Result against the `classroom50/result/v1` contract the Classroom 50 runner validates. */
import { describe, expect, it } from "vitest";
import { CLASSROOM50_SCHEMA, classroom50Identity, classroom50Result } from "../../../lib/grader/platforms/classroom50.js";
import { sampleReport } from "./sample-report.js";

const ENV = { CLASSROOM: "cs-fall", ASSIGNMENT: "aider", SUBMISSION_TAG: "submit/2026-12-01T10-00-00Z-abc", COMMIT_URL: "https://example.test/c", RELEASE_URL: "https://example.test/r", REVIEW_URL: "https://example.test/v" };

describe("classroom50Result", () => {
  it("has the schema, the identity, integer sums and the per-test fields", () => {
    const r = classroom50Result(sampleReport(), classroom50Identity(ENV), new Date("2026-12-04T10:11:12.345Z"));
    expect(r.schema).toBe(CLASSROOM50_SCHEMA);
    expect(r).toMatchObject({ classroom: "cs-fall", assignment: "aider", submission: ENV.SUBMISSION_TAG, commit: ENV.COMMIT_URL, release: ENV.RELEASE_URL, review: ENV.REVIEW_URL });
    expect(r.datetime).toBe("2026-12-04T10:11:12Z");
    expect(Number.isInteger(r.score) && Number.isInteger(r["max-score"])).toBe(true);
    expect(r.score).toBe(r.tests.reduce((n, t) => n + t.score, 0));
    expect(r["max-score"]).toBe(r.tests.reduce((n, t) => n + t["max-score"], 0));
    for (const t of r.tests) {
      expect(["test-name", "passed", "score", "max-score"].every((k) => k in t)).toBe(true);
      expect(typeof t.passed).toBe("boolean");
    }
    expect(JSON.stringify(r)).not.toContain("SECRET");
  });

  it("takes the review URL from the commit when the runner gives none, and names a missing variable", () => {
    const { REVIEW_URL: _, ...noReview } = ENV;
    expect(classroom50Identity(noReview).review).toBe(ENV.COMMIT_URL);
    const { SUBMISSION_TAG: __, ...noTag } = ENV;
    expect(() => classroom50Identity(noTag)).toThrow(/SUBMISSION_TAG must be set/);
  });
});
