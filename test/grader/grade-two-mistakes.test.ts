/**
 * Issue 15, item 3: an exercise whose two core ideas are both wrong earns at most a third of its points. For every
 * exercise, the submission carrying two core misconceptions of the catalogue (test/misconceptions/mutations.ts,
 * TWO_MISTAKES — by-hand answers included, where the belief changes them) is graded end to end in one run.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mistakenSubmission, TWO_MISTAKES } from "../misconceptions/mutations.js";
import { gradeWithReport, ROOT, SLOW } from "./run-grade.js";

describe("two core mistakes earn at most a third", () => {
  it("every exercise's two-mistake submission scores ≤ ⅓", SLOW, async () => {
    const target = mkdtempSync(join(tmpdir(), "wb-two-mistakes-"));
    for (const [exercise, t] of Object.entries(TWO_MISTAKES)) {
      const { file, source } = mistakenSubmission(ROOT, exercise, t.ids, t.hand);
      mkdirSync(join(target, exercise), { recursive: true });
      writeFileSync(join(target, exercise, file), source);
    }
    const { report } = await gradeWithReport(["--target", target]);
    expect(report.exercises.map((e) => e.id)).toEqual(Object.keys(TWO_MISTAKES));
    for (const e of report.exercises) {
      const ids = TWO_MISTAKES[e.id]!.ids;
      expect(e.points * 3, `${e.id}: ${e.points}/${e.maxPoints} with ${ids.join(" + ")}`).toBeLessThanOrEqual(e.maxPoints);
      // Two mistakes in one function make an answer no single catalogue entry gives, so a test may name neither;
      // what is named must still be a known mistake on a failing test.
      for (const t of e.tests) if (t.misconception) expect(t.passed, `${e.id} / ${t.name}`).toBe(false);
    }
  });
});
