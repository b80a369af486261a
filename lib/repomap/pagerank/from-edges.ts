/**
 * `aiderPageRankFromEdges`: the same networkx PageRank as `aiderPageRank` (`aider/repomap.py` get_ranked_tags → networkx `pagerank`), bit for bit, on a graph
 * given as typed arrays — node names plus, per edge, a source index, a target index and a weight, in edge insertion
 * order — instead of a graphology graph. For big graphs: building a graphology MultiDirectedGraph of a million edges
 * and reading it back costs far more than the PageRank itself (`docs/performance.md`, "PageRank"), so code that already
 * holds its edges as numbers (Aider's ranking does: `ranking/rank.ts`) skips the graph object.
 *
 * The edge order matters as it does in networkx: it fixes each row's entry order, hence how parallel edges are summed.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { requireArray, requireRecord } from "../../core/validate.js";
import { buildTransitionMatrixFromEdges, type EdgeArrays } from "./matrix.js";
import { checkPageRankOptions, powerIterate, type AiderPageRankOptions, type AiderPageRankResult } from "./pagerank.js";

const WHERE = "aiderPageRankFromEdges";

/** Options of `aiderPageRankFromEdges`: those of `aiderPageRank` except `weight` (the weights are `edges.w`). */
export type AiderPageRankEdgesOptions = Omit<AiderPageRankOptions, "weight">;

/** Checks that `nodes` are distinct strings. */
function checkNodes(nodes: unknown): readonly string[] {
  const list = requireArray(WHERE, "nodes", nodes);
  const seen = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const node = list[i];
    if (typeof node !== "string") throw new WorkbenchInputError(WHERE, `nodes[${i}]`, "must be a string", node);
    if (seen.has(node)) throw new WorkbenchInputError(WHERE, `nodes[${i}]`, "must not repeat an earlier node", node);
    seen.add(node);
  }
  return list as string[];
}

/** Checks `edges`: Int32Array src/dst of node indices and a Float64Array of finite weights, all one length. */
function checkEdges(edges: unknown, n: number): EdgeArrays {
  const e = requireRecord(WHERE, "edges", edges);
  const { src, dst, w } = e;
  if (!(src instanceof Int32Array)) throw new WorkbenchInputError(WHERE, "edges.src", "must be an Int32Array", src);
  if (!(dst instanceof Int32Array)) throw new WorkbenchInputError(WHERE, "edges.dst", "must be an Int32Array", dst);
  if (!(w instanceof Float64Array)) throw new WorkbenchInputError(WHERE, "edges.w", "must be a Float64Array", w);
  if (dst.length !== src.length) throw new WorkbenchInputError(WHERE, "edges.dst", `must have the length of edges.src (${src.length})`, dst.length);
  if (w.length !== src.length) throw new WorkbenchInputError(WHERE, "edges.w", `must have the length of edges.src (${src.length})`, w.length);
  for (let k = 0; k < src.length; k++) {
    if (!(src[k]! >= 0 && src[k]! < n)) throw new WorkbenchInputError(WHERE, `edges.src[${k}]`, `must be a node index in [0, ${n})`, src[k]);
    if (!(dst[k]! >= 0 && dst[k]! < n)) throw new WorkbenchInputError(WHERE, `edges.dst[${k}]`, `must be a node index in [0, ${n})`, dst[k]);
    if (!Number.isFinite(w[k]!)) throw new WorkbenchInputError(WHERE, `edges.w[${k}]`, "must be a finite number", w[k]);
  }
  return { src, dst, w };
}

/**
 * networkx `pagerank` of the multigraph with `nodes` (in this order) and edge k from `nodes[edges.src[k]]` to
 * `nodes[edges.dst[k]]` weighing `edges.w[k]` (edges in insertion order). Same result, errors and options as
 * `aiderPageRank` on the equivalent graphology graph; the arrays are read, never changed.
 */
export function aiderPageRankFromEdges(
  nodes: readonly string[],
  edges: EdgeArrays,
  options: AiderPageRankEdgesOptions = {},
): AiderPageRankResult {
  const names = checkNodes(nodes);
  const arrays = checkEdges(edges, names.length);
  const o = checkPageRankOptions(WHERE, options, ["alpha", "maxIter", "tol", "personalization", "dangling"]);
  const q = buildTransitionMatrixFromEdges(names, arrays);
  return powerIterate(q, o);
}
