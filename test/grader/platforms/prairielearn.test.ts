/** prairielearnResults against PrairieLearn's external-grader results.json (gradable, score in [0,1], tests[]). */
import { describe, expect, it } from "vitest";
import { prairielearnResults, prairielearnUngradable } from "../../../lib/grader/platforms/prairielearn.js";
import { gradeReport } from "../../../lib/grader/results.js";
import { sampleReport } from "./sample-report.js";

describe("prairielearnResults", () => {
  it("gives the score as the fraction of points and every test its points and max_points", () => {
    const report = sampleReport();
    const r = prairielearnResults(report);
    expect(r.gradable).toBe(true);
    expect(r.score).toBeCloseTo(report.points / report.maxPoints, 12);
    expect(r.tests).toHaveLength(5);
    for (const t of r.tests!) expect(Object.keys(t).sort()).toEqual(["description", "max_points", "message", "name", "output", "points"]);
    expect(r.tests!.reduce((n, t) => n + t.points, 0)).toBe(report.points);
  });

  it("withholds a failing hidden test's name and message", () => {
    const text = JSON.stringify(prairielearnResults(sampleReport()));
    expect(text).not.toContain("SECRET");
    expect(text).not.toContain("a large graph");
    expect(text).toContain("a tiny graph"); // a passing hidden test gives nothing away
  });

  it("keeps the score in [0, 1] for a report with no points at all", () => {
    expect(prairielearnResults(gradeReport("x", [])).score).toBe(0);
  });

  it("an ungradable submission is gradable: false with the reason", () => {
    expect(prairielearnUngradable("no exercise found")).toEqual({ gradable: false, score: 0, message: "Your submission could not be graded: no exercise found" });
  });
});
