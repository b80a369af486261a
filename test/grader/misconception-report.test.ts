/**
 * How a named mistake travels from the judge's log to the reports (issue 15, item 1): `foldRound` keeps a
 * well-formed `misconception` only on a failed test, the terminal shows its title, a line of why and where to
 * read, JUnit its title and id (naming it in the judge: test/grader/misconception.test.ts).
 */
import { describe, expect, it } from "vitest";
import { toJunitXml } from "../../lib/grader/junit.js";
import type { GradeRecord } from "../../lib/grader/protocol.js";
import { formatFailures } from "../../lib/grader/report.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport } from "../../lib/grader/results.js";
import { misconceptionById, misconceptionReport } from "../../lib/misconceptions/index.js";

const DROPPED = misconceptionReport(misconceptionById("01-dangling-dropped")!);
const declare = (test: string): GradeRecord => ({ type: "declare", test, points: 2, kind: "example" });
const end = (test: string, status: "passed" | "failed", misconception?: unknown): GradeRecord =>
  ({ type: "end", test, status, message: status === "failed" ? "expected 0.8725, got 0.15" : "", ms: 1, ...(misconception === undefined ? {} : { misconception }) }) as GradeRecord;

function graded(records: GradeRecord[]) {
  const p = emptyProgress();
  foldRound(p, records, { limitMs: 3000 });
  return exerciseResult({ id: "01-pagerank", title: "PageRank" }, p);
}

describe("a named mistake in the grade's results", () => {
  it("is kept on a failed test, and dropped from a passed one or when malformed", () => {
    const e = graded([
      declare("a"), declare("b"), declare("c"), declare("d"),
      end("a", "failed", DROPPED),
      end("b", "passed", DROPPED),
      end("c", "failed", { id: "x", title: 3, notebook: "n" }),
      end("d", "failed", { ...DROPPED, extra: "<script>" }),
    ]);
    expect(e.tests.map((t) => t.misconception ?? null)).toEqual([DROPPED, null, null, null]);
  });

  it("the terminal shows the title, one sentence of why and the notebook section; JUnit the title and id", () => {
    const report = gradeReport("x", [graded([declare("a"), declare("b"), end("a", "failed", DROPPED), end("b", "failed")])]);
    const text = formatFailures(report);
    expect(text).toContain(`→ known mistake: ${DROPPED.title}`);
    expect(text).toContain(`read: notebooks/${DROPPED.notebook}`);
    expect(text.match(/known mistake/g)).toHaveLength(1); // test b names none
    const why = text.split("\n")[text.split("\n").findIndex((l) => l.includes("→ known mistake")) + 1]!.trim();
    expect(misconceptionById(DROPPED.id)!.explanation.startsWith(why.replace(/\.$/, ""))).toBe(true);
    const xml = toJunitXml(report);
    expect(xml).toContain(`message="known mistake: ${DROPPED.title} — expected 0.8725, got 0.15"`);
    expect(xml).toContain(`<property name="misconception" value="01-dangling-dropped"/>`);
    expect(xml.match(/name="misconception"/g)).toHaveLength(1);
  });

  it("a diagnosis record written after the last test names the mistake, or gives the evidence that none explains it", () => {
    const e = graded([
      declare("a"), declare("b"), declare("c"), declare("d"),
      end("a", "failed"), end("b", "failed"), end("c", "passed"), end("d", "failed"),
      { type: "diagnosis", test: "a", misconception: DROPPED },
      { type: "diagnosis", test: "b", unknownMistake: "no catalogued mistake gives your answers on every test. First difference: f(1) — expected 2, yours 3" },
      { type: "diagnosis", test: "c", misconception: DROPPED },
      { type: "diagnosis", test: "d", misconception: { ...DROPPED, extra: 1 } as never },
    ]);
    expect(e.tests.map((t) => t.misconception?.id ?? null)).toEqual([DROPPED.id, null, null, null]);
    expect(e.tests.map((t) => t.unknownMistake ?? null)).toEqual([null, expect.stringMatching(/^no catalogued mistake/), null, null]);
    const text = formatFailures(gradeReport("x", [e]));
    expect(text).toContain("→ not a known mistake: no catalogued mistake gives your answers on every test. First difference: f(1) — expected 2, yours 3");
  });
});
