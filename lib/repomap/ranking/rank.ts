/**
 * The middle of Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`, repomap.py 519-545): PageRank over the ranking graph
 * with `personalization = dangling = P` (retried without personalization on ZeroDivisionError, Aider issue #1536),
 * then each node's rank spread over its out-edges — `rank[src] · weight / Σ out-weights`, in networkx's out-edge
 * order — and summed per (definer, ident).
 *
 * Works on typed edge arrays (no graph object in the hot path); `rankingGraph` builds the graphology
 * MultiDirectedGraph of the same edges for a notebook to look at.
 */
import Graph from "graphology";
import { compareCodePoints } from "../../core/pystr.js";
import { networkxEdgeOrder } from "../pagerank/coo.js";
import { buildTransitionMatrixFromEdges, type EdgeArrays, type TransitionMatrix } from "../pagerank/matrix.js";
import {
  AIDER_PAGERANK_DEFAULTS,
  PageRankZeroDivisionError,
  powerIterate,
  type AiderPageRankResult,
} from "../pagerank/pagerank.js";
import { definitionKey, type RankingEdge } from "./graph.js";

/** One `nx.pagerank` call as Aider makes it, and how it ended. */
export interface PageRankCall {
  readonly personalization: ReadonlyMap<string, number> | null;
  readonly dangling: ReadonlyMap<string, number> | null;
  readonly result: "ok" | "ZeroDivisionError";
  readonly iterations?: number;
}

/** The ranking graph's nodes (networkx order: as edges first mention them, source before target) and edge arrays. */
export function rankingEdgeArrays(edges: readonly RankingEdge[]): { nodes: string[]; arrays: EdgeArrays } {
  const index = new Map<string, number>();
  const at = (node: string): number => index.get(node) ?? index.set(node, index.size).get(node)!;
  const src = new Int32Array(edges.length);
  const dst = new Int32Array(edges.length);
  const w = new Float64Array(edges.length);
  edges.forEach((e, i) => {
    src[i] = at(e.src);
    dst[i] = at(e.dst);
    w[i] = e.weight;
  });
  return { nodes: [...index.keys()], arrays: { src, dst, w } };
}

/** Aider's pagerank call with its fallback; `ranked` is null when both calls raised (Aider then returns []). */
export function rankFiles(
  nodes: readonly string[],
  arrays: EdgeArrays,
  personalization: ReadonlyMap<string, number>,
): { ranked: AiderPageRankResult | null; calls: PageRankCall[] } {
  return rankMatrix(buildTransitionMatrixFromEdges(nodes, arrays), personalization);
}

/** `rankFiles` on a matrix already built: `personalization = dangling = P`, retried with neither on ZeroDivisionError. */
export function rankMatrix(q: TransitionMatrix, personalization: ReadonlyMap<string, number>): { ranked: AiderPageRankResult | null; calls: PageRankCall[] } {
  const { alpha, maxIter, tol } = AIDER_PAGERANK_DEFAULTS;
  const calls: PageRankCall[] = [];
  for (const p of personalization.size > 0 ? [personalization, null] : [null]) {
    try {
      const ranked = powerIterate(q, { alpha, maxIter, tol, personalization: p, dangling: p });
      calls.push({ personalization: p, dangling: p, result: "ok", iterations: ranked.iterations });
      return { ranked, calls };
    } catch (err) {
      if (!(err instanceof PageRankZeroDivisionError)) throw err;
      calls.push({ personalization: p, dangling: p, result: "ZeroDivisionError" });
    }
  }
  return { ranked: null, calls };
}

/** A (definer file, ident) pair with the rank it received. */
export type DefinitionRank = readonly [file: string, ident: string, rank: number];

/** Descending by rank, then by the tuple after it (code-point order), as `sorted(..., reverse=True)` does. */
export const byRankDesc =
  <T>(rank: (x: T) => number, tie: (a: T, b: T) => number) =>
  (a: T, b: T): number =>
    rank(a) !== rank(b) ? (rank(a) > rank(b) ? -1 : 1) : -tie(a, b);

/** Spreads rank over the edges (networkx out-edge order) and returns each edge's share and the sorted definition ranks. */
export function spreadRank(
  graph: { edges: readonly RankingEdge[]; nodes: readonly string[]; arrays: EdgeArrays },
  ranks: ReadonlyMap<string, number>,
): { edgeRank: Float64Array; definitionRanks: DefinitionRank[] } {
  const { edges, nodes, arrays } = graph;
  const { rowPtr, order } = networkxEdgeOrder(nodes.length, arrays.src, arrays.dst);
  const edgeRank = new Float64Array(edges.length);
  const perDefinition = new Map<string, { file: string; ident: string; rank: number }>();
  nodes.forEach((node, i) => {
    let total = 0;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) total += arrays.w[order[k]!]!;
    for (let k = rowPtr[i]!; k < rowPtr[i + 1]!; k++) {
      const e = edges[order[k]!]!;
      const share = (ranks.get(node)! * e.weight) / total;
      edgeRank[order[k]!] = share;
      const key = definitionKey(e.dst, e.ident);
      const entry = perDefinition.get(key) ?? perDefinition.set(key, { file: e.dst, ident: e.ident, rank: 0 }).get(key)!;
      entry.rank += share;
    }
  });
  const definitionRanks = [...perDefinition.values()]
    .sort(byRankDesc((d) => d.rank, (x, y) => compareCodePoints(x.file, y.file) || compareCodePoints(x.ident, y.ident)))
    .map((d) => [d.file, d.ident, d.rank] as const);
  return { edgeRank, definitionRanks };
}

/** The ranking graph as a graphology MultiDirectedGraph (edge attributes: weight, ident and, if given, rank). */
export function rankingGraph(edges: readonly RankingEdge[], edgeRank?: ArrayLike<number>): Graph {
  const graph = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  edges.forEach((e, i) => {
    graph.mergeNode(e.src);
    graph.mergeNode(e.dst);
    graph.addDirectedEdge(e.src, e.dst, edgeRank ? { weight: e.weight, ident: e.ident, rank: edgeRank[i] } : { weight: e.weight, ident: e.ident });
  });
  return graph;
}
