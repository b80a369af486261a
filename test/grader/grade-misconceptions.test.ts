/**
 * Feedback that names the mistake (issue 15, item 1), end to end through the real command: submissions that each
 * make one catalogued mistake (one per exercise 01–09, and a second one for eight of them) get partial points, and
 * the failing tests that see the mistake carry `misconception: { id, title, notebook }` in the JSON report, its
 * title in the terminal and in JUnit. A passing test never names one. The submissions are written at test time
 * into a temporary folder, each from the reference solution with its mistake's edit (test/misconceptions/mutations.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { mistakenSubmission, plainSolution, writeMistakenSubmissions } from "../misconceptions/mutations.js";
import { gradeWithReport as grade, ROOT, SLOW } from "./run-grade.js";

type Expected = Record<string, { id: string; tests: RegExp[] }>;

/** The mistake each exercise's first wrong submission makes, and the graded tests (by the start of their name) that must name it. */
const MISTAKEN: Expected = {
  "01-pagerank": { id: "01-dangling-dropped", tests: [/^one step on A→B/, /^edge case: a graph with no edges/] },
  "02-symbol-budget": { id: "02-cost-strictly-less", tests: [/^edge cases: budget 0, an exact fit/] },
  "03-map-search": { id: "03-tolerance-inclusive", tests: [/^the tolerance is strict/] },
  "04-search-replace": { id: "04-last-match", tests: [/^duplicate SEARCH/] },
  "05-commit-plan": { id: "05-checkpoint-union", tests: [/^the seed's example/] },
  "06-trace-the-path": { id: "06-empty-is-success", tests: [/^chainStage's traps/] },
  "07-token-estimate": { id: "07-newline-only", tests: [/^lines are Python's splitlines/] },
  "08-reflection-loop": { id: "08-partial-not-written", tests: [/^the loop's bound and its order/] },
  "09-predict-hunk": { id: "09-unknown-op-as-context", tests: [/^beforeAfter on Part 1's hunks/] },
};

/** A second mistake for eight of the exercises: a different mistake must get a different name. */
const MISTAKEN_MORE: Expected = {
  "01-pagerank": { id: "01-residual-first-step", tests: [/^the seed's example: ranks and residual/] },
  "02-symbol-budget": { id: "02-skip-and-go-on", tests: [/^the seed's three symbols/] },
  "04-search-replace": { id: "04-blanks-unchecked", tests: [/^blank SEARCH lines must face blank lines/] },
  "05-commit-plan": { id: "05-dry-run-ignored", tests: [/^each switch/] },
  "06-trace-the-path": { id: "06-dots-before-blank", tests: [/^chainStage's traps/] },
  "07-token-estimate": { id: "07-scaled-by-lines", tests: [/^step = /] },
  "08-reflection-loop": { id: "08-retry-counted-as-request", tests: [/^the model client/] },
  "09-predict-hunk": { id: "09-tiny-any-count", tests: [/^refusesTinyContext/] },
};

/** Writes the submissions of `expected` and grades them; checks every named mistake; returns the ids named. */
async function gradeMistakes(expected: Expected): Promise<Set<string>> {
  const target = writeMistakenSubmissions(ROOT, Object.fromEntries(Object.entries(expected).map(([exercise, { id }]) => [exercise, { ids: [id] }])));
  try {
    return await gradeWritten(target, expected);
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

/** Grades the submissions folder `target` with the real command, JSON report and JUnit; checks each of `expected`. */
async function gradeWritten(target: string, expected: Expected): Promise<Set<string>> {
  const junit = join(mkdtempSync(join(tmpdir(), "wb-junit-")), "grade.xml");
  const { code, out, report } = await grade([...Object.keys(expected).map((id) => id.slice(0, 2)), "--target", target, "--junit", junit]);
  expect(code).toBe(1);
  expect(report.exercises.map((e) => e.id)).toEqual(Object.keys(expected));
  const xml = readFileSync(junit, "utf8");
  for (const e of report.exercises) {
    const want = expected[e.id]!;
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
  return new Set(report.exercises.flatMap((e) => e.tests.flatMap((t) => (t.misconception ? [t.misconception.id] : []))));
}

describe("the wrong submissions are the reference solutions with one catalogued edit", () => {
  it("each mistake used is one of its exercise's, and its edit applies exactly once and changes the code", () => {
    for (const [exercise, { id }] of [...Object.entries(MISTAKEN), ...Object.entries(MISTAKEN_MORE)]) {
      expect(misconceptionById(id)?.exercise, id).toBe(exercise);
      // mistakenSubmission throws when an edit's `find` is missing from the solution or occurs twice.
      const wrong = mistakenSubmission(ROOT, exercise, [id]);
      const right = plainSolution(ROOT, exercise);
      expect(wrong.file).toBe(right.file);
      expect(wrong.source.endsWith(right.source), `${id}: the edit changes the solution`).toBe(false);
      expect(wrong.source, id).toContain("MISTAKE");
    }
  });
});

describe("workbench grade: a wrong answer that is a known mistake is named", () => {
  it("each of the nine mistaken submissions gets partial points and its mistake's id on the failing tests", SLOW, async () => {
    const named = await gradeMistakes(MISTAKEN);
    for (const { id } of Object.values(MISTAKEN)) expect(named).toContain(id);
  });

  it("a second mistake in 01, 02 and 04–09 gets a different name than the first", SLOW, async () => {
    const named = await gradeMistakes(MISTAKEN_MORE);
    for (const [exercise, { id }] of Object.entries(MISTAKEN_MORE)) {
      expect(named).toContain(id);
      expect(id).not.toBe(MISTAKEN[exercise]!.id);
    }
  });
});
