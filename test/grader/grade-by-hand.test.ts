/**
 * Issue 15, item 3, end to end: a "by hand" part says how many answers are right, never which, and a new answer
 * to a part is checked at most ATTEMPT_DEFAULTS.perHour times an hour when the student grades their own exercises
 * (lib/grader/attempts.ts): past the limit even a right answer is not checked, an answer already checked is
 * re-graded for free, and the ledger holds fingerprints, not answers.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ATTEMPT_DEFAULTS, ATTEMPTS_DIR, type AttemptLedger } from "../../lib/grader/attempts.js";
import { fakeCheckout, gradeWithReport, SLOW } from "./run-grade.js";

const PART = "by hand: the first two steps (exact, then leading whitespace)";

describe("by-hand parts: how many, not which, and a limit on new answers", () => {
  it("counts right answers, refuses a new answer past the limit, re-grades a known one for free", SLOW, async () => {
    const root = fakeCheckout({ "06-trace-the-path": "solution" });
    const file = join(root, "exercises", "06-trace-the-path", "trace.ts");
    const right = readFileSync(file, "utf8");
    const wrong = right.replace('duplicate: "perfect",', 'duplicate: "leading_whitespace",');
    expect(wrong).not.toBe(right);
    const part = async (): Promise<{ passed: boolean; message: string; others: boolean[] }> => {
      const { report } = await gradeWithReport(["06", "--root", root]);
      const tests = report.exercises[0]!.tests;
      const t = tests.find((x) => x.name === PART)!;
      return { passed: t.passed, message: t.message, others: tests.filter((x) => !x.name.startsWith("by hand")).map((x) => x.passed) };
    };

    writeFileSync(file, wrong);
    const first = await part();
    expect(first.passed).toBe(false);
    expect(first.message).toMatch(new RegExp(`^4 of 5 right: .*how many, not which \\(1 of ${ATTEMPT_DEFAULTS.perHour} new answers`));
    expect(first.message).not.toMatch(/duplicate|leading_whitespace|perfect/);
    const ledgerFile = join(root, ATTEMPTS_DIR, "06-trace-the-path.json");
    const ledger = JSON.parse(readFileSync(ledgerFile, "utf8")) as AttemptLedger;
    expect(ledger.parts[PART]).toHaveLength(1);
    expect(JSON.stringify(ledger)).not.toContain("leading_whitespace");

    // Four more new answers in the last ten minutes: the budget is used up; even the right answer is not checked.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const full = { ...ledger, parts: { ...ledger.parts, [PART]: [...ledger.parts[PART]!, ...Array.from({ length: ATTEMPT_DEFAULTS.perHour - 1 }, (_, i) => ({ answer: `earlier-${i}`, at: tenMinutesAgo }))] } };
    writeFileSync(ledgerFile, JSON.stringify(full));
    writeFileSync(file, right);
    const refused = await part();
    expect(refused.passed).toBe(false);
    expect(refused.message).toMatch(new RegExp(`^not checked: ${ATTEMPT_DEFAULTS.perHour} different answers .* after \\d\\d:\\d\\d UTC`));
    expect(refused.others.every(Boolean), "the code parts are graded as usual").toBe(true);

    // The answer checked first is checked again, for free.
    writeFileSync(file, wrong);
    const again = await part();
    expect(again.message).toMatch(/^4 of 5 right: /);
    expect((JSON.parse(readFileSync(ledgerFile, "utf8")) as AttemptLedger).parts[PART]).toHaveLength(ATTEMPT_DEFAULTS.perHour);
  });
});
