/**
 * Hints follow the failure (issue 15, item 2), end to end through the real command: a student's file that makes one
 * mistake (05-dry-run-ignored, written at test time from the reference solution by test/misconceptions/mutations.ts)
 * fails the "each switch" test first, so the grade shows that test's own hint — not hint 1 — records it as seen
 * with the failing tests, and `workbench hint` then goes on from that grade's failures. An exercise whose file is missing shows no hint, and
 * none is counted as seen.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hintsForTest, requestedHint } from "../../lib/grader/hints.js";
import { parseReadme } from "../../lib/grader/readme.js";
import { cli } from "../cli/run-cli.js";
import { mistakenSubmission } from "../misconceptions/mutations.js";
import { fakeCheckout, gradeWithReport, ROOT, SLOW } from "./run-grade.js";

const HINTS = parseReadme(readFileSync(join(ROOT, "exercises", "05-commit-plan", "README.md"), "utf8")).hints;

describe("a failing grade shows the hint for its first failing test", () => {
  it("the own hint of the first failing test, remembered with the failures; then `hint` follows them", SLOW, async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub", "07-token-estimate": "stub" });
    rmSync(join(root, "exercises", "07-token-estimate", "token-estimate.ts"));
    const wrong = mistakenSubmission(ROOT, "05-commit-plan", ["05-dry-run-ignored"]);
    writeFileSync(join(root, "exercises", "05-commit-plan", wrong.file), wrong.source);
    const { code, out, report } = await gradeWithReport(["05", "07", "--root", root]);
    expect(code).toBe(1);
    const tests = report.exercises.find((e) => e.id === "05-commit-plan")!.tests;
    const failing = tests.filter((t) => !t.passed).map((t) => t.name);
    expect(failing[0]).toMatch(/^each switch/);
    expect(tests.some((t) => t.passed), "partial points").toBe(true);
    const own = hintsForTest(HINTS, failing[0]!)[0]!;
    expect(own.number, "not simply hint 1").not.toBe(1);
    expect(out).toContain(`Hint ${own.number} of ${HINTS.length} — ${own.title} (for ✗ ${failing[0]})`);
    expect(out.match(/^ {2}Hint \d of/gm), "one hint, for 05: 07 has no file, so nothing a hint could follow").toHaveLength(1);
    const states = (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: Record<string, { hintsSeen: number[]; failing: string[] }> }).exercises;
    expect(states["05-commit-plan"]).toMatchObject({ hintsSeen: [own.number], failing });
    expect(states["07-token-estimate"]!.hintsSeen, "a hint not shown is not seen").toEqual([]);

    const next = requestedHint(HINTS, failing, [own.number])!;
    const r = await cli("hint", "05", "--root", root);
    expect(r.out).toContain(`Hint ${next.hint.number} of ${HINTS.length} — ${next.hint.title}`);
    if (next.reason === "failing") {
      expect(failing).toContain(next.test);
      expect(r.out).toContain(`For the failing test of your last grade: ✗ ${next.test}`);
    } else expect(r.out).toContain("You have seen every hint for the tests that failed in your last grade");
  });
});
