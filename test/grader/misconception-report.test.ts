/**
 * How a named mistake travels from the judge's log to the reports (issue 15, item 1): `foldRound` keeps a
 * well-formed `misconception` only on a failed test, the terminal shows its title, a line of why and where to
 * read, JUnit its title and id; and `nameMisconception` names nothing for no calls, a throw, or a right answer.
 */
import { describe, expect, it } from "vitest";
import { toJunitXml } from "../../lib/grader/junit.js";
import { CallRecorder, isMisconceptionReport, MAX_RECORDED_CALLS, nameMisconception } from "../../lib/grader/misconception.js";
import type { GradeRecord } from "../../lib/grader/protocol.js";
import { formatFailures } from "../../lib/grader/report.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport } from "../../lib/grader/results.js";
import { buildTeachingGraph, teachingPageRankStep } from "../../lib/index.js";
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
    expect(isMisconceptionReport(DROPPED)).toBe(true);
    expect(isMisconceptionReport([DROPPED])).toBe(false);
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
});

describe("nameMisconception (in the judge)", () => {
  const AB = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
  const dropped = (rank: ReadonlyMap<string, number>): Map<string, number> => {
    const next = new Map([...AB.nodes].map((n) => [n, 0.15 * AB.prior.get(n)!] as const));
    next.set("B", next.get("B")! + 0.85 * rank.get("A")!);
    return next;
  };

  const half = new Map([["A", 0.5], ["B", 0.5]]); // B holds mass: the dangling term matters

  it("names the mistake whose answers the student's are, and nothing for a right answer, a throw or no call", () => {
    const wrong = new CallRecorder();
    wrong.record("pageRankStep", [AB, half, 0.85], dropped(half));
    expect(nameMisconception("01-pagerank", wrong)).toEqual(DROPPED);

    const right = new CallRecorder();
    right.record("pageRankStep", [AB, half, 0.85], teachingPageRankStep(AB, half, { damping: 0.85 }));
    expect(nameMisconception("01-pagerank", right)).toBeNull();

    wrong.threw = true;
    expect(nameMisconception("01-pagerank", wrong)).toBeNull();
    expect(nameMisconception("01-pagerank", new CallRecorder())).toBeNull();
    expect(nameMisconception("99-nothing", right), "an exercise without a catalogue: no name, no throw").toBeNull();
  });

  it("an answer that cannot be compared names nothing instead of throwing; the recorder keeps at most its cap", () => {
    const hostile = new CallRecorder();
    let deep: unknown[] = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    hostile.record("pageRankStep", [AB, AB.prior, 0.85], deep);
    expect(nameMisconception("01-pagerank", hostile)).toBeNull();
    const many = new CallRecorder();
    for (let i = 0; i < MAX_RECORDED_CALLS + 10; i++) many.record("f", [i], i);
    expect(many.calls).toHaveLength(MAX_RECORDED_CALLS);
  });
});
