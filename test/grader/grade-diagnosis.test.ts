/**
 * A misconception is named only when it explains the submission, end to end through the real command: committing
 * all of D before the edit (the `git commit -a` instinct) is named as itself in 05 — never "D − E as the checkpoint",
 * with which it agrees on some inputs — and refusing an ambiguous SEARCH is named in 04. A submission with two
 * mistakes in one function is explained by no single variant: its failures say "not a known mistake" with evidence.
 */
import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { writeMistakenSubmissions } from "../misconceptions/mutations.js";
import { gradeWithReport, ROOT, SLOW } from "./run-grade.js";

describe("the diagnosis names only the mistake that explains every answer", () => {
  it("05's all-of-D is named as itself (not D − E); 04's refused ambiguous SEARCH is named; two mistakes in one function are not a known one", SLOW, async () => {
    const target = writeMistakenSubmissions(ROOT, {
      "04-search-replace": { ids: ["04-ambiguous-refused"] },
      "05-commit-plan": { ids: ["05-checkpoint-all-dirty"] },
      "03-map-search": { ids: ["03-hard-limit", "03-no-early-stop"] },
    });
    try {
      const { out, report } = await gradeWithReport(["03", "04", "05", "--target", target]);
      const named = (id: string): string[] => report.exercises.find((e) => e.id === id)!.tests.flatMap((t) => (t.misconception ? [t.misconception.id] : []));
      const five = report.exercises.find((e) => e.id === "05-commit-plan")!;
      const seed = five.tests.find((t) => t.name.startsWith("the seed's example: app.py"))!;
      expect(seed.passed).toBe(false);
      expect(seed.misconception?.id).toBe("05-checkpoint-all-dirty");
      expect(named("05-commit-plan")).not.toContain("05-checkpoint-difference");
      expect(new Set(named("05-commit-plan"))).toEqual(new Set(["05-checkpoint-all-dirty"]));
      expect(out).toContain("→ known mistake: all of D as the checkpoint");

      const dup = report.exercises.find((e) => e.id === "04-search-replace")!.tests.find((t) => t.name.startsWith("duplicate SEARCH"))!;
      expect(dup.passed).toBe(false);
      expect(dup.misconception?.id).toBe("04-ambiguous-refused");
      expect(out).toContain("→ known mistake: an ambiguous SEARCH refused");

      const three = report.exercises.find((e) => e.id === "03-map-search")!;
      const failed = three.tests.filter((t) => !t.passed && t.status === "failed");
      expect(failed.length).toBeGreaterThan(0);
      for (const t of failed) {
        expect(t.misconception, `${t.name}: two mistakes at once are no single known one`).toBeUndefined();
        expect(t.unknownMistake, t.name).toMatch(/^no catalogued mistake gives your answers on every test/);
      }
      expect(out).toContain("→ not a known mistake: no catalogued mistake");
      expect(out).toMatch(/First difference: mapSearch\(.*\) — expected \{.*\}, yours \{/);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
