/**
 * lib/grader/judge/grading.ts: the messages a student sees (`describeFailure`), and that a grade needs nothing under
 * test/ but the graded test files: a checkout whose test/ holds only test/exercises/ grades the reference solutions
 * to full marks (end to end, through the real command).
 */
import { AssertionError } from "node:assert";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeFailure } from "../../../lib/grader/judge/grading.js";
import { SandboxStop, StudentError } from "../../../lib/grader/sandbox/link.js";
import { gradeWithReport, ROOT, SLOW } from "../run-grade.js";

describe("describeFailure", () => {
  it("an assertion is its message; a non-Error says so; escape codes are cleaned and the length bounded", () => {
    expect(describeFailure(new AssertionError({ message: "expected 1 but got 2" }))).toBe("expected 1 but got 2");
    expect(describeFailure("boom")).toBe("threw a non-Error value: boom");
    expect(describeFailure(new Error("red \x1b[31mtext\x1b[0m"))).toBe("red text");
    expect(describeFailure(new Error("x".repeat(10_000))).length).toBe(4000);
  });

  it("a student's error keeps its name and the first frame of their own code, not the runtime's", () => {
    const err = new StudentError({ name: "RangeError", message: "bad index", stack: "RangeError: bad index\n    at runtime (/tmp/sb/runtime.mjs:1:1)\n    at pick (/tmp/sb/submission.mjs:12:7)" });
    expect(describeFailure(err)).toBe("RangeError: bad index\n    at pick (/tmp/sb/submission.mjs:12:7)");
    expect(describeFailure(new SandboxStop("cut-off", "cut off after 5.0 s"))).toBe("cut off after 5.0 s");
  });

  it("a failed property: the runs, the counterexample and why, without fast-check's advice", () => {
    let caught: unknown;
    try {
      fc.assert(fc.property(fc.constant(3), (n) => expect(n, "n").toBe(4)), { seed: 1 });
    } catch (err) {
      caught = err;
    }
    const text = describeFailure(caught);
    expect(text).toMatch(/^Property failed after 1 tests\nCounterexample: \[3\]\nFailed because: n: expected 3 to be 4/);
    expect(text).not.toMatch(/verbose/);
  });
});

describe("a grade needs nothing under test/ but the graded tests", () => {
  it("a checkout whose test/ is only test/exercises/ grades the solutions to full marks", SLOW, async () => {
    const root = mkdtempSync(join(tmpdir(), "wb-judge-only-"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "aider-workbench", private: true, type: "module" }));
    for (const d of ["lib", "solutions", "node_modules", "exercises"]) symlinkSync(join(ROOT, d), join(root, d));
    mkdirSync(join(root, "test"));
    cpSync(join(ROOT, "test", "exercises"), join(root, "test", "exercises"), { recursive: true });
    expect(readdirSync(join(root, "test"))).toEqual(["exercises"]);
    const { report } = await gradeWithReport(["--root", root, "--target", "solutions"]);
    expect(report.exercises.length).toBeGreaterThanOrEqual(9);
    expect(report.exercises.filter((e) => e.points !== e.maxPoints).map((e) => e.id)).toEqual([]);
    expect(report.points).toBe(report.maxPoints);
  });
});
