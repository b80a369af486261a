/** gradescopeResults against Gradescope's documented results.json fields (score, execution_time, output, tests[]). */
import { describe, expect, it } from "vitest";
import { gradescopeResults, gradescopeUngradable } from "../../../lib/grader/platforms/gradescope.js";
import { sampleReport } from "./sample-report.js";

const TEST_KEYS = ["max_score", "name", "output", "score", "status", "visibility"];

describe("gradescopeResults", () => {
  it("has the documented fields, one test per graded test and one for an exercise that could not run", () => {
    const r = gradescopeResults(sampleReport());
    expect(Object.keys(r).sort()).toEqual(["execution_time", "output", "score", "stdout_visibility", "tests"]);
    expect(r.tests).toHaveLength(5);
    for (const t of r.tests) {
      expect(Object.keys(t).sort()).toEqual(TEST_KEYS);
      expect(["passed", "failed"]).toContain(t.status);
      expect(t.score).toBeLessThanOrEqual(t.max_score);
    }
    expect(r.score).toBe(r.tests.reduce((n, t) => n + t.score, 0));
    expect(r.execution_time).toBe(12);
    expect(r.tests.at(-1)).toMatchObject({ name: "02-symbol-budget: graded tests", score: 0, max_score: 5, status: "failed" });
  });

  it("shows hidden tests after publication by default, never with hidden, and says a hidden test failed", () => {
    const hiddenOnes = (v?: "hidden" | "after_published") => gradescopeResults(sampleReport(), v ? { hiddenVisibility: v } : {}).tests.filter((t) => t.name.includes("graph"));
    expect(hiddenOnes().map((t) => t.visibility)).toEqual(["after_published", "after_published"]);
    expect(hiddenOnes("hidden").map((t) => t.visibility)).toEqual(["hidden", "hidden"]);
    expect(hiddenOnes()[0]!.output).toMatch(/^hidden test failed/);
  });

  it("puts the message, the known mistake and the printed output of a failure in its output", () => {
    const t = gradescopeResults(sampleReport()).tests[1]!;
    expect(t.output).toContain("expected the fixed point to pass");
    expect(t.output).toContain("known mistake: normalising instead of sending the dangling mass back");
    expect(t.output).toContain("debug: 0.5");
    expect(gradescopeResults(sampleReport()).tests[0]!.output).toBe("");
  });

  it("refuses an unknown visibility by name", () => {
    expect(() => gradescopeResults(sampleReport(), { hiddenVisibility: "visible" as never })).toThrow(/hiddenVisibility must be/);
  });

  it("an ungradable submission scores 0 and says why", () => {
    const r = gradescopeUngradable("the submission is empty");
    expect(r).toMatchObject({ score: 0, tests: [] });
    expect(r.output).toContain("the submission is empty");
  });
});
