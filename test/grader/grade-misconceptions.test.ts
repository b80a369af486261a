/**
 * Feedback that names the mistake (issue 15, item 1), end to end through the real command: submissions that each
 * make one catalogued mistake (test/fixtures/exercises/mistaken/, one per exercise 01–05) get partial points, and
 * the failing tests that see the mistake carry `misconception: { id, title, notebook }` in the JSON report, its
 * title in the terminal and in JUnit. A passing test never names one.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { gradeWithReport as grade, ROOT, SLOW } from "./run-grade.js";

const MISTAKEN = join(ROOT, "test", "fixtures", "exercises", "mistaken");

/** The mistake each fixture makes, and the graded tests (by a word of their name) that must name it. */
const EXPECTED: Record<string, { id: string; tests: RegExp[] }> = {
  "01-pagerank": { id: "01-dangling-dropped", tests: [/^one step on A→B/, /^edge case: a graph with no edges/] },
  "02-symbol-budget": { id: "02-cost-strictly-less", tests: [/^edge cases: budget 0, an exact fit/] },
  "03-map-search": { id: "03-tolerance-inclusive", tests: [/^the tolerance is strict/] },
  "04-search-replace": { id: "04-last-match", tests: [/^duplicate SEARCH/] },
  "05-commit-plan": { id: "05-checkpoint-union", tests: [/^the seed's example/] },
};

describe("workbench grade: a wrong answer that is a known mistake is named", () => {
  it("each of the five mistaken submissions gets partial points and its mistake's id on the failing tests", SLOW, async () => {
    const junit = join(mkdtempSync(join(tmpdir(), "wb-junit-")), "grade.xml");
    const { code, out, report } = await grade(["01", "02", "03", "04", "05", "--target", MISTAKEN, "--junit", junit]);
    expect(code).toBe(1);
    expect(report.exercises.map((e) => e.id)).toEqual(Object.keys(EXPECTED));
    const xml = readFileSync(junit, "utf8");
    for (const e of report.exercises) {
      const want = EXPECTED[e.id]!;
      const m = misconceptionById(want.id)!;
      expect(e.points, `${e.id}: the parts without the mistake still earn points`).toBeGreaterThan(0);
      expect(e.points, e.id).toBeLessThan(e.maxPoints);
      for (const t of e.tests.filter((t) => t.passed)) expect(t.misconception, `${e.id} / ${t.name} passed`).toBeUndefined();
      for (const pattern of want.tests) {
        const t = e.tests.find((t) => pattern.test(t.name));
        expect(t, `${e.id}: no test matches ${pattern}`).toBeDefined();
        expect(t!.passed, `${e.id} / ${t!.name}`).toBe(false);
        expect(t!.misconception, `${e.id} / ${t!.name}: ${t!.message}`).toEqual({ id: want.id, title: m.title, notebook: `${m.notebook.file} § ${m.notebook.section}` });
      }
      expect(out, `${e.id}: the terminal names the mistake`).toContain(`→ known mistake: ${m.title}`);
      expect(out).toContain(`read: notebooks/${m.notebook.file} § ${m.notebook.section}`);
      expect(xml, `${e.id}: JUnit carries the id`).toContain(`<property name="misconception" value="${want.id}"/>`);
    }
    // Different mistakes are named differently.
    const named = new Set(report.exercises.flatMap((e) => e.tests.flatMap((t) => (t.misconception ? [t.misconception.id] : []))));
    expect(named.size).toBeGreaterThanOrEqual(5);
  });
});
