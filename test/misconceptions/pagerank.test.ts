/**
 * Exercise 01's wrong PageRank variants (lib/misconceptions/pagerank.ts) on graphs small enough to step by hand
 * (seed 000, knowledge point 1: r'(v) = (1−α)·p(v) + α·Σ r(u)·w/out(u) + α·d·p(v), d the rank on files with no
 * references): each variant gives another answer than lib's where its mistake matters, the same where it does not.
 */
import { describe, expect, it } from "vitest";
import { PAGERANK_MISCONCEPTIONS, PAGERANK_RIGHT, stepDanglingUniform, stepOutDegreeCount } from "../../lib/misconceptions/pagerank.js";
import { buildTeachingGraph } from "../../lib/repomap/teaching/repo-map.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const A = 0.85;
/** A → B, personalized on A: B is dangling. */
const AB = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
/** The same graph personalized evenly: "back to the prior" and "spread evenly" are then the same. */
const AB_EVEN = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1, B: 1 });
/** A → B (weight 1) and A → C (weight 3): out(A) = 4 but two edges. */
const WEIGHTED = buildTeachingGraph(["A", "B", "C"], [["A", "B", "f", 1], ["A", "C", "g", 3]], { A: 1 });
/** A ⇄ B: nothing dangling. */
const CYCLE = buildTeachingGraph(["A", "B"], [["A", "B", "f", 1], ["B", "A", "g", 1]], { A: 1 });

const step = rightFor(PAGERANK_RIGHT, "pageRankStep");
const iterate = rightFor(PAGERANK_RIGHT, "personalizedPageRank");
const ranks = (m: unknown) => Object.fromEntries(m as Map<string, number>);
const expectRanks = (m: unknown, want: Record<string, number>) => {
  const got = ranks(m);
  expect(Object.keys(got).sort()).toEqual(Object.keys(want).sort());
  for (const [k, v] of Object.entries(want)) expect(got[k], k).toBeCloseTo(v, 12);
};
/** From (0.15, 0.85), one step after the prior on A → B: B's 0.85 is dangling. */
const AFTER_ONE = new Map([["A", 1 - A], ["B", A]]);

describe("pageRankStep variants", () => {
  it("the right step sends B's dangling 0.85 back to the prior: A = 0.15 + 0.85·0.85, B = 0.85·0.15", () => {
    expectRanks(step.run(AB, AFTER_ONE, A), { A: 0.15 + A * A, B: A * 0.15 });
  });

  it("01-dangling-dropped loses the dangling mass; from the prior (B holds nothing yet) it is right", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-dangling-dropped");
    expectRanks(m.run(AB, AFTER_ONE, A), { A: 0.15, B: A * 0.15 });
    expectRanks(m.run(AB, AB.prior, A), { A: 0.15, B: A });
    expectRanks(step.run(AB, AB.prior, A), { A: 0.15, B: A });
  });

  it("01-dangling-uniform shares the dangling mass evenly: wrong with a skewed prior, right with an even one", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-dangling-uniform");
    expect(m.run).toBe(stepDanglingUniform);
    expectRanks(stepDanglingUniform(AB, AFTER_ONE, A), { A: 0.15 + (A * A) / 2, B: A * 0.15 + (A * A) / 2 });
    // even prior: back to the prior is half to each
    expectRanks(stepDanglingUniform(AB_EVEN, AFTER_ONE, A), ranks(step.run(AB_EVEN, AFTER_ONE, A)));
    expectRanks(step.run(AB_EVEN, AFTER_ONE, A), { A: 0.075 + (A * A) / 2, B: 0.075 + A * 0.15 + (A * A) / 2 });
  });

  it("01-out-degree-count divides by the two edges, not by the weight 4: B and C get twice and six times α/4", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-out-degree-count");
    expect(m.run).toBe(stepOutDegreeCount);
    expectRanks(step.run(WEIGHTED, WEIGHTED.prior, A), { A: 0.15, B: A / 4, C: (3 * A) / 4 });
    expectRanks(stepOutDegreeCount(WEIGHTED, WEIGHTED.prior, A), { A: 0.15, B: A / 2, C: (3 * A) / 2 });
    // weights of 1: the count is the total weight
    expectRanks(stepOutDegreeCount(AB, AFTER_ONE, A), ranks(step.run(AB, AFTER_ONE, A)));
  });
});

describe("personalizedPageRank variants", () => {
  it("the right iteration on A → B, 2 steps: (0.8725, 0.1275), residual = the second step's L1 change 2·0.7225", () => {
    const r = iterate.run(AB, A, 2) as { rank: Map<string, number>; residualL1: number };
    expectRanks(r.rank, { A: 0.15 + A * A, B: A * 0.15 });
    expect(r.residualL1).toBeCloseTo(2 * A * A, 12);
  });

  it("01-residual-first-step reports the first step's change 2·0.85: right ranks, wrong residual after 2 steps, right after 1", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-residual-first-step");
    const r = m.run(AB, A, 2) as { rank: Map<string, number>; residualL1: number };
    expectRanks(r.rank, { A: 0.15 + A * A, B: A * 0.15 });
    expect(r.residualL1).toBeCloseTo(2 * A, 12);
    expect(m.run(AB, A, 1)).toEqual(iterate.run(AB, A, 1));
  });

  it("01-iteration-leaks drops B's 0.85 at the second step; on a cycle nothing dangles and it is right", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-iteration-leaks");
    const r = m.run(AB, A, 2) as { rank: Map<string, number>; residualL1: number };
    expectRanks(r.rank, { A: 0.15, B: A * 0.15 });
    expect(r.residualL1).toBeCloseTo(A - A * 0.15, 12);
    const right = iterate.run(CYCLE, A, 5) as { rank: Map<string, number>; residualL1: number };
    const leaky = m.run(CYCLE, A, 5) as { rank: Map<string, number>; residualL1: number };
    expectRanks(leaky.rank, ranks(right.rank));
    expect(leaky.residualL1).toBeCloseTo(right.residualL1, 12);
  });

  it("01-iteration-uniform spreads B's mass evenly: wrong with the prior on A, right with an even prior", () => {
    const m = entry(PAGERANK_MISCONCEPTIONS, "01-iteration-uniform");
    const r = m.run(AB, A, 2) as { rank: Map<string, number> };
    expectRanks(r.rank, { A: 0.15 + (A * A) / 2, B: A * 0.15 + (A * A) / 2 });
    const even = m.run(AB_EVEN, A, 4) as { rank: Map<string, number>; residualL1: number };
    const right = iterate.run(AB_EVEN, A, 4) as { rank: Map<string, number>; residualL1: number };
    expectRanks(even.rank, ranks(right.rank));
    expect(even.residualL1).toBeCloseTo(right.residualL1, 12);
  });
});

describe("exercise 01's entries", () => {
  it("are the catalogue's, each for pageRankStep or personalizedPageRank", () => {
    expectEntries("01-pagerank", PAGERANK_MISCONCEPTIONS, PAGERANK_RIGHT);
    expect(PAGERANK_RIGHT.map((r) => [r.fn, r.tolerance])).toEqual([["pageRankStep", 1e-12], ["personalizedPageRank", 1e-9]]);
  });
});
