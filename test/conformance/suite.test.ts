import { describe, expect, it } from "vitest";
import { runSuite, VectorFormatError, type CaseOutcome, type ConformanceSuite } from "../../lib/conformance/suite.js";

/** A suite whose verdict on each case is the case itself: `{cases: [true, false, …]}`. */
const echo = (run: (file: unknown) => CaseOutcome[] | Promise<CaseOutcome[]>): ConformanceSuite => ({ name: "echo", description: "test suite", run });
const verdicts = (file: unknown) => (file as { cases: boolean[] }).cases.map((passed, i) => ({ id: `c${i}`, passed }));

describe("runSuite", () => {
  it("counts passed and failed outcomes and keeps them in order under the suite's name", async () => {
    const report = await runSuite(echo(verdicts), { cases: [true, false, true, false, false] });
    expect(report).toMatchObject({ suite: "echo", passed: 2, failed: 3 });
    expect(report.outcomes.map((o) => o.id)).toEqual(["c0", "c1", "c2", "c3", "c4"]);
  });

  it("awaits a suite that runs asynchronously", async () => {
    const report = await runSuite(echo(async (f) => verdicts(f)), { cases: [false] });
    expect([report.passed, report.failed]).toEqual([0, 1]);
  });

  it("an empty file is zero passed, zero failed", async () => {
    expect(await runSuite(echo(verdicts), { cases: [] })).toEqual({ suite: "echo", passed: 0, failed: 0, outcomes: [] });
  });

  it("a malformed file rejects with the suite's VectorFormatError instead of counting", async () => {
    const bad = echo(() => {
      throw new VectorFormatError("(file)", "cases", "must be an array of cases (got undefined)");
    });
    await expect(runSuite(bad, {})).rejects.toThrow('case (file): field "cases" must be an array of cases (got undefined)');
  });
});
