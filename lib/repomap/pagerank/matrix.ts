/**
 * The matrix networkx's `pagerank` iterates on (`aider/repomap.py` get_ranked_tags → networkx `pagerank`), built the way scipy builds it, so our ranks agree
 * with Aider's to the last bit: A[i][j] = Σ weights of all parallel edges i→j (a missing weight counts 1), added
 * in the order scipy leaves them (`pagerank/coo.ts`); row sums S[i] taken as numpy's `add.reduceat` takes
 * them (first entry + pairwise sum of the rest, in column order); Q[i][j] = (1/S[i])·A[i][j]; rows with S[i] = 0
 * are dangling.
 *
 * Everything is stored as CSR typed arrays (row pointers, column indices, values) so the power iteration in
 * `pagerank/pagerank.ts` runs without per-iteration objects. Node order is the graph's node insertion order.
 */
import type Graph from "graphology";
import { WorkbenchInputError } from "../../core/errors.js";
import { scipyCooRows } from "./coo.js";

/** Row-normalised transition matrix Q in CSR form, plus what the iteration needs about dangling rows. */
export interface TransitionMatrix {
  /** Node keys in insertion order: row/column i is `nodes[i]`. */
  readonly nodes: readonly string[];
  /** Row i's entries are `cols[rowPtr[i]] … cols[rowPtr[i+1]-1]` (ascending column), with `vals` = Q[i][col] (0 in dangling rows). */
  readonly rowPtr: Int32Array;
  readonly cols: Int32Array;
  readonly vals: Float64Array;
  /** S[i] = Σ_j A[i][j] (before the reciprocal): a node's total out-weight. */
  readonly rowSums: Float64Array;
  /** Indices i with S[i] = 0, ascending: their rank mass is redistributed by the dangling vector. */
  readonly dangling: Int32Array;
}

/** numpy's pairwise summation of `v[start … start+n-1]` (blocks of 128, eight accumulators, as numpy's C loop). */
export function pairwiseSum(v: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += v[start + i]!;
    return res;
  }
  if (n <= 128) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => v[start + k]!);
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let k = 0; k < 8; k++) r[k]! += v[start + i + k]!;
    let res = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < n; i++) res += v[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(v, start, n2) + pairwiseSum(v, start + n2, n - n2);
}

/** `np.sum` of a float vector: 0.0 + pairwise sum of all elements. */
export function numpySum(v: ArrayLike<number>): number {
  return 0 + pairwiseSum(v, 0, v.length);
}

/** One segment of `np.add.reduceat`: the first element + pairwise sum of the rest (n ≥ 1). */
function reduceAtSegment(v: ArrayLike<number>, start: number, n: number): number {
  return v[start]! + pairwiseSum(v, start + 1, n - 1);
}

/** The weight networkx reads for an edge: the attribute if present (a finite number), else 1. */
function edgeWeight(where: string, attrs: Record<string, unknown>, weight: string, edge: string): number {
  const w = attrs[weight];
  if (w === undefined) return 1;
  if (typeof w !== "number" || !Number.isFinite(w)) {
    throw new WorkbenchInputError(where, `graph edge ${JSON.stringify(edge)} attribute "${weight}"`, "must be a finite number or absent", w);
  }
  return w;
}

/** Node key → index. A null-prototype object: for a million lookups it is about a quarter faster than a Map. */
type NodeIndex = Record<string, number>;

/** The graph's edges as typed arrays in insertion order: source and target indices and weights. */
function edgeArrays(graph: Graph, index: NodeIndex, weight: string, where: string): EdgeArrays {
  const m = graph.size;
  const src = new Int32Array(m);
  const dst = new Int32Array(m);
  const w = new Float64Array(m);
  let e = 0;
  graph.forEachEdge((edge, attrs, source, target) => {
    src[e] = index[source]!;
    dst[e] = index[target]!;
    w[e++] = edgeWeight(where, attrs, weight, edge);
  });
  return { src, dst, w };
}

/** A graph as typed arrays: edge e goes from node `src[e]` to node `dst[e]` with weight `w[e]`, in insertion order. */
export interface EdgeArrays {
  readonly src: Int32Array;
  readonly dst: Int32Array;
  readonly w: Float64Array;
}

/** Builds Q from a directed graphology graph; `weight` names the edge attribute holding the weight. */
export function buildTransitionMatrix(graph: Graph, weight: string, where = "buildTransitionMatrix"): TransitionMatrix {
  const nodes = graph.nodes();
  const index: NodeIndex = Object.create(null);
  for (let i = 0; i < nodes.length; i++) index[nodes[i]!] = i;
  return buildTransitionMatrixFromEdges(nodes, edgeArrays(graph, index, weight, where));
}

/**
 * The part of Q that depends only on where the edges go, not on their weights: scipy's entry order and which
 * edges add up into each stored entry. Entry j of the summed matrix (row r: j in rowPtr[r] … rowPtr[r+1]-1,
 * column cols[j]) is the left-to-right sum of the weights of edges perm[runStart[j]] … perm[runStart[j+1]-1].
 * scipy's row sort compares columns only, so the permutation is the same whatever the weights.
 */
export interface MatrixPlan {
  readonly rowPtr: Int32Array;
  readonly cols: Int32Array;
  readonly runStart: Int32Array;
  readonly perm: Int32Array;
}

/** Plans Q for n nodes and edges `src[e] → dst[e]` (insertion order): done once, filled with any weights. */
export function planTransitionMatrix(n: number, src: Int32Array, dst: Int32Array): MatrixPlan {
  const m = src.length;
  const ids = new Float64Array(m);
  for (let e = 0; e < m; e++) ids[e] = e; // carried through scipy's row sort in place of the weights
  const { rowPtr: cooPtr, cols: cooCols, ws } = scipyCooRows(n, src, dst, ids);
  const perm = Int32Array.from(ws);
  const rowPtr = new Int32Array(n + 1);
  const cols = new Int32Array(m);
  const runStart = new Int32Array(m + 1);
  let out = 0;
  for (let r = 0; r < n; r++) {
    const end = cooPtr[r + 1]!;
    for (let k = cooPtr[r]!; k < end; ) {
      const j = cooCols[k]!;
      runStart[out] = k++;
      while (k < end && cooCols[k] === j) k++;
      cols[out++] = j;
    }
    rowPtr[r + 1] = out;
  }
  runStart[out] = m;
  return { rowPtr, cols: cols.slice(0, out), runStart: runStart.slice(0, out + 1), perm };
}

/**
 * Q for `nodes` from a plan and the edges' weights (`w[e]`, finite): sums each run in order, then normalises rows.
 * `vals`, if given, is overwritten and becomes the matrix's values (a caller re-ranking again and again reuses one).
 */
export function fillTransitionMatrix(nodes: readonly string[], plan: MatrixPlan, w: Float64Array, vals: Float64Array = new Float64Array(plan.cols.length)): TransitionMatrix {
  const n = nodes.length;
  const { rowPtr, cols, runStart, perm } = plan;
  if (vals.length !== cols.length) throw new WorkbenchInputError("fillTransitionMatrix", "vals", `must have one value per matrix entry (${cols.length})`, vals.length);
  const rowSums = new Float64Array(n);
  const dangling: number[] = [];
  for (let r = 0; r < n; r++) {
    const lo = rowPtr[r]!;
    const hi = rowPtr[r + 1]!;
    for (let j = lo; j < hi; j++) {
      const end = runStart[j + 1]!;
      let k = runStart[j]!;
      let sum = w[perm[k++]!]!;
      while (k < end) sum += w[perm[k++]!]!;
      vals[j] = sum;
    }
    const s = hi === lo ? 0 : reduceAtSegment(vals, lo, hi - lo);
    rowSums[r] = s;
    // networkx: S[S != 0] = 1/S, Q = diag(S)·A, dangling = (S == 0) — so a row whose sum overflows is dangling too.
    const inv = s === 0 ? 0 : 1 / s;
    if (inv === 0) dangling.push(r);
    for (let j = lo; j < hi; j++) vals[j] = inv * vals[j]!;
  }
  return { nodes: [...nodes], rowPtr, cols, vals, rowSums, dangling: Int32Array.from(dangling) };
}

/** Builds Q from nodes and typed edge arrays (indices into `nodes`); the weights must be finite. */
export function buildTransitionMatrixFromEdges(nodes: readonly string[], { src, dst, w }: EdgeArrays): TransitionMatrix {
  return fillTransitionMatrix(nodes, planTransitionMatrix(nodes.length, src, dst), w);
}
