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
  // BEGIN SOLUTION
  // r_A = (1−α)·1 + α·r_B   (B is dangling, so its mass returns to the prior, which is all on A)
  // r_B = α·r_A              (A's only out-edge goes to B)
  // ⇒ r_A = (1−α) + α²·r_A ⇒ r_A = (1−α)/(1−α²) = 1/(1+α), r_B = α/(1+α); at α = 0.85: 0.5405…, 0.4594…
  return { A: 1 / (1 + damping), B: damping / (1 + damping) };
  // END SOLUTION
}

/** Part 2: one step of the iteration above, from `rank` (a value for every node) to a new map. */
export function pageRankStep(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number): Map<string, number> {
  // BEGIN SOLUTION
  let dangling = 0;
  for (const n of graph.nodes) if (graph.outgoing.get(n) === 0) dangling += rank.get(n)!;
  const next = new Map<string, number>();
  for (const n of graph.nodes) {
    const p = graph.prior.get(n)!;
    next.set(n, (1 - damping) * p + damping * dangling * p);
  }
  for (const [src, dst, , weight] of graph.edges) {
    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);
  }
  return next;
  // END SOLUTION
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
  // BEGIN SOLUTION
  let rank = new Map(graph.prior);
  let residualL1 = 0;
  for (let t = 0; t < iterations; t++) {
    const next = pageRankStep(graph, rank, damping);
    residualL1 = 0;
    for (const n of graph.nodes) residualL1 += Math.abs(next.get(n)! - rank.get(n)!);
    rank = next;
  }
  return { rank, residualL1 };
  // END SOLUTION
}

/**
 * Part 4, the contrast: run the same iteration WITHOUT the α·d_t·p(v) term and return the total mass lost,
 * 1 − Σ_n r(n), after `iterations` steps from the prior.
 */
export function massLostWithoutRedistribution(graph: TeachingGraph, damping: number, iterations: number): number {
  // BEGIN SOLUTION
  let rank = new Map(graph.prior);
  for (let t = 0; t < iterations; t++) {
    const next = new Map<string, number>();
    for (const n of graph.nodes) next.set(n, (1 - damping) * graph.prior.get(n)!);
    for (const [src, dst, , weight] of graph.edges) {
      next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);
    }
    rank = next;
  }
  let total = 0;
  for (const n of graph.nodes) total += rank.get(n)!;
  return 1 - total;
  // END SOLUTION
}
