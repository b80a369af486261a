/**
 * Exercise 01 — personalized PageRank with the dangling mass sent back to the prior (seed 000, knowledge point 1).
 *
 * The graph comes ready-made: `buildTeachingGraph` (in the workbench) has validated it and computed
 *   graph.nodes     the files, sorted
 *   graph.prior     p(n), the personalization normalised to sum 1
 *   graph.outgoing  Σ w over the edges leaving n (0 for a dangling node)
 *   graph.edges     [referencer, definer, symbol, weight] in input order (parallel edges allowed)
 * One step of the page's iteration, with d_t the mass sitting on dangling nodes:
 *   r_{t+1}(v) = (1−α)·p(v) + α·d_t·p(v) + Σ_{u→v} α·r_t(u)·w_uv / out(u)
 * Read exercises/01-pagerank/README.md first; grade with `npm run -s workbench -- grade 01`.
 * Graded by test/exercises/01-pagerank.test.ts (this file is exercises/01-pagerank/pagerank.ts).
 */
import type { TeachingGraph } from "@aider-workbench/lib";

/**
 * Part 1, by hand: the exact fixed point of the page's A→B example (one edge A→B, all personalization on A, B
 * dangling) as a function of the damping α. Solve the two stable equations on paper, then type the result in.
 */
export function handCalculationAB(damping: number): { A: number; B: number } {
  // Exercise 01: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 01`).
  throw new Error("not implemented: handCalculationAB");
}

/** Part 2: one step of the iteration above, from `rank` (a value for every node) to a new map. */
export function pageRankStep(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number): Map<string, number> {
  // Exercise 01: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 01`).
  throw new Error("not implemented: pageRankStep");
}

/**
 * Part 3: `iterations` steps starting from the prior. `residualL1` is the L1 change of the last step,
 * Σ_n |r_last(n) − r_before_last(n)| (the page's `residual_l1`).
 */
export function personalizedPageRank(
  graph: TeachingGraph,
  damping: number,
  iterations: number,
): { rank: Map<string, number>; residualL1: number } {
  // Exercise 01: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 01`).
  throw new Error("not implemented: personalizedPageRank");
}

/**
 * Part 4, the contrast: run the same iteration WITHOUT the α·d_t·p(v) term and return the total mass lost,
 * 1 − Σ_n r(n), after `iterations` steps from the prior.
 */
export function massLostWithoutRedistribution(graph: TeachingGraph, damping: number, iterations: number): number {
  // Exercise 01: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 01`).
  throw new Error("not implemented: massLostWithoutRedistribution");
}
