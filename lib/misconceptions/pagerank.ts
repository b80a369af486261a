/**
 * Exercise 01's misconceptions: wrong variants of the personalized PageRank of seed 000, knowledge point 1
 * (`pageRankStep`, `personalizedPageRank`), built on lib's teaching model (lib/repomap/teaching/repo-map.ts).
 */
import { l1Change, teachingPageRank, teachingPageRankLeaky, teachingPageRankStep, type TeachingGraph } from "../repomap/teaching/repo-map.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "01-pagerank";
const NOTEBOOK = "01-personalized-pagerank.ipynb";
const SEED = "seed 000, knowledge point 1 (personalized PageRank, dangling mass back to the prior)";
type Rank = ReadonlyMap<string, number>;

/** One step with the dangling mass spread evenly over every node (networkx's default), not over the prior. */
export function stepDanglingUniform(graph: TeachingGraph, rank: Rank, damping: number): Map<string, number> {
  const next = teachingPageRankStep(graph, rank, { damping, redistributeDangling: false });
  let dangling = 0;
  for (const n of graph.nodes) if (graph.outgoing.get(n) === 0) dangling += rank.get(n)!;
  for (const n of graph.nodes) next.set(n, next.get(n)! + (damping * dangling) / graph.nodes.length);
  return next;
}

/** One step dividing each edge's share by the NUMBER of edges leaving its source instead of their total weight. */
export function stepOutDegreeCount(graph: TeachingGraph, rank: Rank, damping: number): Map<string, number> {
  const count = new Map<string, number>();
  for (const [src] of graph.edges) count.set(src, (count.get(src) ?? 0) + 1);
  const weighted = teachingPageRankStep(graph, rank, { damping });
  for (const [src, dst, , weight] of graph.edges) {
    const share = damping * rank.get(src)!;
    weighted.set(dst, weighted.get(dst)! - (share * weight) / graph.outgoing.get(src)! + (share * weight) / count.get(src)!);
  }
  return weighted;
}

/** One step without the dangling term, then every rank divided by their sum (the mass rescaled, not sent back). */
export function stepNormalised(graph: TeachingGraph, rank: Rank, damping: number): Map<string, number> {
  const next = teachingPageRankStep(graph, rank, { damping, redistributeDangling: false });
  let sum = 0;
  for (const v of next.values()) sum += v;
  for (const [n, v] of next) next.set(n, v / sum);
  return next;
}

/** Iterates `step` from the prior; the residual is the L1 change of the last step. */
function iterateWith(
  step: (g: TeachingGraph, r: Rank, d: number) => Map<string, number>,
  graph: TeachingGraph,
  damping: number,
  iterations: number,
): { rank: Map<string, number>; residualL1: number } {
  let rank = new Map(graph.prior);
  let residualL1 = 0;
  for (let t = 0; t < iterations; t++) {
    const next = step(graph, rank, damping);
    residualL1 = l1Change(graph, next, rank);
    rank = next;
  }
  return { rank, residualL1 };
}

export const PAGERANK_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "pageRankStep", tolerance: 1e-12, run: (g: TeachingGraph, r: Rank, d: number) => teachingPageRankStep(g, r, { damping: d }) }),
  rightAnswer({
    exercise: EXERCISE,
    fn: "personalizedPageRank",
    tolerance: 1e-9,
    run: (g: TeachingGraph, d: number, n: number) => {
      const { rank, residualL1 } = teachingPageRank(g, d, n);
      return { rank, residualL1 };
    },
  }),
];

export const PAGERANK_MISCONCEPTIONS: readonly Misconception[] = [
  misconception({
    id: "01-dangling-dropped",
    exercise: EXERCISE,
    fn: "pageRankStep",
    title: "dangling mass dropped",
    explanation:
      "The step adds (1−α)·p(v) and the edge shares but not α·d_t·p(v): the rank sitting on files with no out-edges " +
      "goes nowhere, so the total falls below 1 every step (on A→B, r_A ends near 0.15 instead of 0.5405).",
    notebook: { file: NOTEBOOK, section: "4. What leaks without the dangling term" },
    seed: SEED,
    run: (g: TeachingGraph, r: Rank, d: number) => teachingPageRankStep(g, r, { damping: d, redistributeDangling: false }),
  }),
  misconception({
    id: "01-dangling-uniform",
    exercise: EXERCISE,
    fn: "pageRankStep",
    title: "dangling mass spread evenly instead of back to the prior",
    explanation:
      "The dangling mass is kept but shared equally by every file (α·d_t/N), as plain PageRank does. The total stays 1, " +
      "but personalization is lost: the seed sends it back by the prior p(v), so files the user cares about get it.",
    notebook: { file: NOTEBOOK, section: "1. The formula" },
    seed: SEED,
    run: stepDanglingUniform,
  }),
  misconception({
    id: "01-out-degree-count",
    exercise: EXERCISE,
    fn: "pageRankStep",
    title: "edge share divided by the number of out-edges, not their total weight",
    explanation:
      "Each edge passes α·r(u)·w/k(u) with k(u) the count of edges leaving u; the seed divides by out(u) = Σ w. With " +
      "weights other than 1 the shares leaving a file no longer add up to α·r(u), so the ranks are not normalised.",
    notebook: { file: NOTEBOOK, section: "3. The total stays 1" },
    seed: SEED,
    run: stepOutDegreeCount,
  }),
  misconception({
    id: "01-dangling-normalised",
    exercise: EXERCISE,
    fn: "pageRankStep",
    title: "ranks normalised to sum 1 instead of sending the dangling mass back",
    explanation:
      "The step drops the dangling mass and then divides every rank by the total, so the sum is 1 again. That " +
      "rescales every file in proportion to what it already has; the seed gives the lost mass α·d_t back through " +
      "the prior p(v), so it lands on the files the personalization favours.",
    notebook: { file: NOTEBOOK, section: "4. What leaks without the dangling term" },
    seed: SEED,
    run: (g: TeachingGraph, r: Rank, d: number) => stepNormalised(g, r, d),
  }),
  misconception({
    id: "01-residual-first-step",
    exercise: EXERCISE,
    fn: "personalizedPageRank",
    title: "residual of the first step instead of the last",
    explanation:
      "The ranks are right but residualL1 is the L1 change of the FIRST iteration (computed once, or never updated): " +
      "the page's residual_l1 is the change of the LAST step, which shrinks as the iteration settles.",
    notebook: { file: NOTEBOOK, section: "5. The residual is not the error" },
    seed: SEED,
    run: (g: TeachingGraph, d: number, n: number) => {
      const { rank, residuals } = teachingPageRank(g, d, n);
      return { rank, residualL1: residuals[0] ?? 0 };
    },
  }),
  misconception({
    id: "01-iteration-leaks",
    exercise: EXERCISE,
    fn: "personalizedPageRank",
    title: "iteration without the dangling term (ranks not normalised)",
    explanation:
      "Every step drops the dangling mass, so after the iterations the ranks sum to less than 1: they are not a " +
      "probability distribution, and files referenced only by dangling-heavy parts of the graph are under-ranked.",
    notebook: { file: NOTEBOOK, section: "4. What leaks without the dangling term" },
    seed: SEED,
    run: (g: TeachingGraph, d: number, n: number) => {
      const { rank, residualL1 } = teachingPageRankLeaky(g, d, n);
      return { rank, residualL1 };
    },
  }),
  misconception({
    id: "01-iteration-uniform",
    exercise: EXERCISE,
    fn: "personalizedPageRank",
    title: "iteration spreading dangling mass evenly",
    explanation:
      "The iteration uses a step that shares dangling mass equally among all files instead of by the prior: the " +
      "total is 1 but the fixed point is plain PageRank's, not the personalized one the seed computes.",
    notebook: { file: NOTEBOOK, section: "1. The formula" },
    seed: SEED,
    run: (g: TeachingGraph, d: number, n: number) => iterateWith(stepDanglingUniform, g, d, n),
  }),
  misconception({
    id: "01-iteration-normalised",
    exercise: EXERCISE,
    fn: "personalizedPageRank",
    title: "iteration normalising the ranks instead of sending the dangling mass back",
    explanation:
      "Each step drops the dangling mass and rescales the ranks to sum 1. The total is right, but the mass goes to " +
      "every file in proportion to its rank instead of back through the prior, so the fixed point is not the seed's.",
    notebook: { file: NOTEBOOK, section: "4. What leaks without the dangling term" },
    seed: SEED,
    run: (g: TeachingGraph, d: number, n: number) => iterateWith(stepNormalised, g, d, n),
  }),
];
