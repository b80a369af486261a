/** testFeedback: what a platform shows for a test, bounded. */
import { describe, expect, it } from "vitest";
import { clip, FEEDBACK_LIMITS, testFeedback } from "../../../lib/grader/platforms/feedback-text.js";
import { sampleReport } from "./sample-report.js";

describe("testFeedback", () => {
  it("is empty for a pass and carries message, known mistake and output for a failure", () => {
    const [pass, fail] = sampleReport().exercises[0]!.tests;
    expect(testFeedback(pass!)).toBe("");
    expect(testFeedback(fail!).split("\n")).toEqual([
      "expected the fixed point to pass",
      "known mistake: normalising instead of sending the dangling mass back (read notebooks/01-personalized-pagerank.ipynb)",
      "your code printed:",
      "debug: 0.5",
      "",
    ]);
  });

  it("clips long messages and says how much was left out", () => {
    const [, fail] = sampleReport().exercises[0]!.tests;
    const long = testFeedback({ ...fail!, message: "x".repeat(FEEDBACK_LIMITS.messageChars + 10), misconception: undefined, output: undefined });
    expect(long).toBe("x".repeat(FEEDBACK_LIMITS.messageChars) + "\n… (10 more characters)");
    expect(clip("short", 10)).toBe("short");
  });
});
