/**
 * Hints climb one rung at a time, end to end through the real commands: after a grade of a wrong attempt at 01
 * (showing hint 1), `hint 01` three times gives hints 2, 3 and 4 in order — the near answer last, never straight
 * after hint 1 — and an untouched stub's hints are shown but never recorded as seen, by `grade` or by `hint`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseReadme } from "../../lib/grader/readme.js";
import { cli } from "../cli/run-cli.js";
import { mistakenSubmission, TWO_MISTAKES } from "../misconceptions/mutations.js";
import { fakeCheckout, gradeWithReport, ROOT, SLOW } from "./run-grade.js";

const HINTS = parseReadme(readFileSync(join(ROOT, "exercises", "01-pagerank", "README.md"), "utf8")).hints;
const seen = (root: string): number[] =>
  (JSON.parse(readFileSync(join(root, ".workbench", "progress.json"), "utf8")) as { exercises: Record<string, { hintsSeen: number[] }> }).exercises["01-pagerank"]?.hintsSeen ?? [];

describe("hints climb one rung at a time", () => {
  it("grade 01 shows hint 1; then hint 01 three times shows hints 2, 3 and 4 in order", SLOW, async () => {
    expect(HINTS.map((h) => h.number)).toEqual([1, 2, 3, 4]);
    const root = fakeCheckout({ "01-pagerank": "stub" });
    const { ids, hand } = TWO_MISTAKES["01-pagerank"]!;
    const wrong = mistakenSubmission(ROOT, "01-pagerank", ids, hand ?? []);
    writeFileSync(join(root, "exercises", "01-pagerank", wrong.file), wrong.source);
    const { code, out } = await gradeWithReport(["01", "--root", root]);
    expect(code).toBe(1);
    expect(out).toContain(`Hint 1 of 4 — ${HINTS[0]!.title}`);
    expect(seen(root)).toEqual([1]);
    for (const n of [2, 3, 4]) {
      const r = await cli("hint", "01", "--root", root);
      expect(r.code).toBe(0);
      expect(r.out.match(/^Hint (\d) of 4/m)?.[1], r.out).toBe(String(n));
      expect(r.out).toContain(`Hint ${n} of 4 — ${HINTS[n - 1]!.title}`);
      expect(seen(root)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
    const reset = await cli("reset", "01", "--root", root);
    expect(reset.code).toBe(0);
    expect(seen(root), "reset starts the hints over").toEqual([]);
  });

  it("an untouched stub: grade and hint show hint 1 but record nothing, so the ladder starts at the first edit", SLOW, async () => {
    const root = fakeCheckout({ "01-pagerank": "stub" });
    const { out } = await gradeWithReport(["01", "--root", root]);
    expect(out).toContain("not started");
    expect(out).toContain(`Hint 1 of 4 — ${HINTS[0]!.title}`);
    expect(seen(root), "a grade of the stub records no hint").toEqual([]);
    for (let i = 0; i < 2; i++) {
      const r = await cli("hint", "01", "--root", root);
      expect(r.out).toContain(`Hint 1 of 4 — ${HINTS[0]!.title}`);
      expect(r.out).toContain("Not recorded as seen");
    }
    expect(seen(root), "nor does hint").toEqual([]);
  });
});
