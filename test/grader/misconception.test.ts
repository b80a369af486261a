/**
 * Naming the mistake in the judge: the recorder keeps a test's calls (at most its cap) and the right answer its
 * last call was compared with; `nameMisconception` names the catalogued variant whose answers the student's are,
 * and nothing — never a throw — for no calls, a throw, a right answer or an answer too deep to compare; the grader
 * keeps only a well-formed report read back from a log.
 */
import { describe, expect, it } from "vitest";
import { CallRecorder, isMisconceptionReport, MAX_RECORDED_CALLS, misconceptionExplanation, nameMisconception } from "../../lib/grader/misconception.js";
import { buildTeachingGraph, teachingPageRankStep } from "../../lib/index.js";
import { misconceptionById, misconceptionReport } from "../../lib/misconceptions/index.js";

const DROPPED = misconceptionReport(misconceptionById("01-dangling-dropped")!);

describe("CallRecorder", () => {
  it("expectLast sets the right answer on the last call only when it is that function's and has none yet", () => {
    const r = new CallRecorder();
    r.expectLast("f", 1);
    expect(r.calls).toEqual([]);
    r.record("f", [1], 2);
    r.record("g", [1], 3);
    r.expectLast("f", 9);
    expect(r.calls.map((c) => "expected" in c)).toEqual([false, false]);
    r.expectLast("g", 4);
    r.expectLast("g", 5);
    expect(r.calls[1]).toEqual({ fn: "g", args: [1], output: 3, expected: 4 });
  });

  it("past the cap, a call is not recorded and expectLast does not touch the last recorded one", () => {
    const r = new CallRecorder();
    for (let i = 0; i < MAX_RECORDED_CALLS; i++) r.record("f", [i], i);
    r.record("g", ["late"], "late");
    r.expectLast("g", "right");
    expect(r.calls).toHaveLength(MAX_RECORDED_CALLS);
    expect(r.calls.at(-1)).toEqual({ fn: "f", args: [MAX_RECORDED_CALLS - 1], output: MAX_RECORDED_CALLS - 1 });
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

describe("reading a named mistake back", () => {
  it("isMisconceptionReport takes exactly { id, title, notebook }, strings of at most 500 characters", () => {
    expect(isMisconceptionReport(DROPPED)).toBe(true);
    expect(isMisconceptionReport({ id: "a", title: "b", notebook: "x".repeat(500) })).toBe(true);
    for (const bad of [[DROPPED], null, "x", { ...DROPPED, extra: "<script>" }, { id: "a", title: "b" }, { id: "a", title: 3, notebook: "n" }, { id: "a", title: "b", notebook: "x".repeat(501) }]) {
      expect(isMisconceptionReport(bad), JSON.stringify(bad)?.slice(0, 60)).toBe(false);
    }
  });

  it("misconceptionExplanation: the catalogue's explanation, or empty for an unknown id", () => {
    expect(misconceptionExplanation(DROPPED.id)).toBe(misconceptionById(DROPPED.id)!.explanation);
    expect(misconceptionExplanation(DROPPED.id).length).toBeGreaterThan(0);
    expect(misconceptionExplanation("99-nothing")).toBe("");
  });
});
