/**
 * Graded tests for exercise 01 (personalized PageRank). The trusted reference is lib's teaching model
 * (lib/repomap/teaching/repo-map.ts), which matches the seed page's Python bit for bit.
 * The task: exercises/01-pagerank/README.md; the student's file: exercises/01-pagerank/pagerank.ts.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { buildTeachingGraph, teachingPageRank, teachingPageRankLeaky, teachingPageRankStep, type TeachingGraph } from "../../lib/index.js";
import { repoMapInput } from "../../lib/grader/judge/arbitraries.js";
import { exercise } from "../../lib/grader/judge/grading.js";
import { expectRanksClose } from "../../lib/grader/judge/compare.js";

const ex = exercise<typeof import("@target/01-pagerank/pagerank.js")>("01-pagerank", "pagerank.ts", { lib: [] });

const AB = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
const graphOf = (input: { files: readonly string[]; edges: readonly (readonly [string, string, string, number])[]; personalization: Record<string, number> }): TeachingGraph =>
  buildTeachingGraph(input.files, input.edges as never, input.personalization);
const total = (m: ReadonlyMap<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);

ex.test("hand calculation: A→B at damping 0.85 gives the seed's 0.5405 and 0.4595", 1, ({ handCalculationAB }) => {
  const r = handCalculationAB(0.85);
  expect(r.A, "r_A (the seed page says about 0.5405)").toBeCloseTo(0.5405, 4);
  expect(r.B, "r_B (the seed page says about 0.4595)").toBeCloseTo(0.4595, 4);
  expect(r.A + r.B, "r_A + r_B: a probability distribution").toBeCloseTo(1, 12);
});

ex.property("hand calculation: your closed form is the iteration's limit for every damping", 2, ({ handCalculationAB }) => {
  fc.assert(
    fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (damping) => {
      const { rank } = teachingPageRank(AB, damping, 800);
      const r = handCalculationAB(damping);
      expect(r.A, `r_A at damping ${damping}`).toBeCloseTo(rank.get("A")!, 10);
      expect(r.B, `r_B at damping ${damping}`).toBeCloseTo(rank.get("B")!, 10);
    }),
    { numRuns: 50 },
  );
});

ex.test("one step on A→B: B is dangling, so its mass goes back to the prior (on A)", 2, ({ pageRankStep }) => {
  let mine: ReadonlyMap<string, number> = AB.prior;
  let ref: ReadonlyMap<string, number> = AB.prior;
  for (let step = 1; step <= 3; step++) {
    const before = mine;
    mine = pageRankStep(AB, before, 0.85);
    ref = teachingPageRankStep(AB, ref, { damping: 0.85 });
    expectRanksClose(mine, ref, { tolerance: 1e-12, what: `after step ${step}` });
    expect(total(mine), `total mass after step ${step}`).toBeCloseTo(1, 12);
  }
});

ex.test("edge case: a graph with no edges (every node dangling) stays at the prior", 1, ({ pageRankStep }) => {
  const g = buildTeachingGraph(["a", "b", "c"], [], { a: 3, b: 1 });
  const next = pageRankStep(g, g.prior, 0.85);
  expectRanksClose(next, g.prior, { tolerance: 1e-12, what: "one step from the prior" });
  expect(next.get("c"), "c has no personalization and no in-edges").toBe(0);
});

ex.test("edge case: parallel edges and weights (out-weight is the sum over all edges leaving a file)", 1, ({ pageRankStep }) => {
  const g = buildTeachingGraph(
    ["a", "b", "c"],
    [["a", "b", "f", 1], ["a", "b", "g", 2], ["a", "c", "h", 5], ["c", "a", "k", 0.5]],
    { a: 1, b: 1, c: 2 },
  );
  const start = new Map([["a", 0.5], ["b", 0.3], ["c", 0.2]]);
  expectRanksClose(pageRankStep(g, start, 0.7), teachingPageRankStep(g, start, { damping: 0.7 }), { tolerance: 1e-12, what: "one step from a non-prior rank" });
});

ex.test("the seed's example: ranks and residual after 50 iterations", 2, ({ personalizedPageRank }) => {
  const mine = personalizedPageRank(AB, 0.85, 50);
  const ref = teachingPageRank(AB, 0.85, 50);
  expectRanksClose(mine.rank, ref.rank, { tolerance: 1e-12, what: "ranks after 50 iterations" });
  expect(mine.residualL1, "residualL1 (the L1 change of the LAST iteration)").toBeCloseTo(ref.residualL1, 14);
  expect(mine.residualL1, "50 iterations are not the exact fixed point: the residual is small but not 0").toBeGreaterThan(0);
});

ex.property("random graphs: the teaching model's ranks and residual, and the total mass stays 1", 2, ({ personalizedPageRank }) => {
  fc.assert(
    fc.property(repoMapInput, (input) => {
      const g = graphOf(input);
      const mine = personalizedPageRank(g, input.damping!, input.iterations!);
      const ref = teachingPageRank(g, input.damping!, input.iterations!);
      expectRanksClose(mine.rank, ref.rank, { tolerance: 1e-9, what: `ranks (damping ${input.damping}, ${input.iterations} iterations)` });
      expect(mine.residualL1, "residualL1").toBeCloseTo(ref.residualL1, 9);
      expect(total(mine.rank), "total mass").toBeCloseTo(1, 9);
    }),
    { numRuns: 60 },
  );
});

ex.property("without redistribution the dangling mass leaks away", 1, ({ massLostWithoutRedistribution }) => {
  fc.assert(
    fc.property(repoMapInput, (input) => {
      const g = graphOf(input);
      const lost = 1 - total(teachingPageRankLeaky(g, input.damping!, input.iterations!).rank);
      expect(massLostWithoutRedistribution(g, input.damping!, input.iterations!), "mass lost").toBeCloseTo(lost, 9);
    }),
    { numRuns: 60 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
