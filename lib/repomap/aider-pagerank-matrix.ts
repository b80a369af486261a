/**
 * The matrix networkx's `pagerank` iterates on (reference §1.4), built the way scipy builds it, so our ranks agree
 * with Aider's to the last bit or nearly: A[i][j] = Σ weights of all parallel edges i→j (summed in insertion order,
 * a missing weight counts 1), row sums S[i] taken as numpy's `add.reduceat` takes them (first entry + pairwise sum
 * of the rest, in column order), Q[i][j] = (1/S[i])·A[i][j], and rows with S[i] = 0 are dangling.
 *
 * Everything is stored as CSR typed arrays (row pointers, column indices, values) so the power iteration in
 * `aider-pagerank.ts` runs without per-iteration objects. Node order is the graph's node insertion order.
 */
import type Graph from "graphology";
import { WorkbenchInputError } from "../core/errors.js";
import { introsortPairs } from "./aider-csr-sort.js";

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

/** The graph's edges as typed arrays in insertion order: source and target indices and weights. */
function edgeArrays(graph: Graph, index: ReadonlyMap<string, number>, weight: string, where: string): EdgeArrays {
  const m = graph.size;
  const src = new Int32Array(m);
  const dst = new Int32Array(m);
  const w = new Float64Array(m);
  let e = 0;
  graph.forEachEdge((edge, attrs, source, target) => {
    src[e] = index.get(source)!;
    dst[e] = index.get(target)!;
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

/**
 * networkx's out-edge order (`G.edges()`, `G.out_edges(n)`): rows in node order; in a row, targets in the order
 * they first became neighbours, parallel edges in insertion order. `order[rowPtr[i] … rowPtr[i+1]-1]` are the
 * edge ids leaving node i. This is the COO input scipy converts to CSR, and the order Aider spreads rank in.
 */
export function networkxEdgeOrder(n: number, src: Int32Array, dst: Int32Array): { rowPtr: Int32Array; order: Int32Array } {
  const m = src.length;
  const rowPtr = new Int32Array(n + 1);
  for (let e = 0; e < m; e++) rowPtr[src[e]! + 1]!++;
  for (let r = 0; r < n; r++) rowPtr[r + 1]! += rowPtr[r]!;
  const byRow = new Int32Array(m); // edge ids grouped by row, insertion order inside a row
  const fill = rowPtr.slice(0, n);
  for (let e = 0; e < m; e++) byRow[fill[src[e]!]!++] = e;
  const order = new Int32Array(m);
  const seenInRow = new Int32Array(n).fill(-1);
  const count = new Int32Array(n);
  const next = new Int32Array(n);
  const targets = new Int32Array(n);
  for (let r = 0; r < n; r++) {
    let distinct = 0;
    for (let k = rowPtr[r]!; k < rowPtr[r + 1]!; k++) {
      const t = dst[byRow[k]!]!;
      if (seenInRow[t] !== r) {
        seenInRow[t] = r;
        count[t] = 0;
        targets[distinct++] = t;
      }
      count[t]!++;
    }
    let pos = rowPtr[r]!;
    for (let q = 0; q < distinct; q++) {
      next[targets[q]!] = pos;
      pos += count[targets[q]!]!;
    }
    for (let k = rowPtr[r]!; k < rowPtr[r + 1]!; k++) order[next[dst[byRow[k]!]!]!++] = byRow[k]!;
  }
  return { rowPtr, order };
}

/** Builds Q from a directed graphology graph; `weight` names the edge attribute holding the weight. */
export function buildTransitionMatrix(graph: Graph, weight: string, where = "buildTransitionMatrix"): TransitionMatrix {
  const nodes = graph.nodes();
  const index = new Map<string, number>();
  nodes.forEach((node, i) => index.set(node, i));
  return buildTransitionMatrixFromEdges(nodes, edgeArrays(graph, index, weight, where));
}

/** Builds Q from nodes and typed edge arrays (indices into `nodes`); the weights must be finite. */
export function buildTransitionMatrixFromEdges(nodes: readonly string[], { src, dst, w }: EdgeArrays): TransitionMatrix {
  const n = nodes.length;
  const coo = networkxEdgeOrder(n, src, dst);
  const keys = Int32Array.from(coo.order, (e) => dst[e]!);
  const ws = Float64Array.from(coo.order, (e) => w[e]!);
  // scipy sorts the rows only when some row is out of column order, and then sorts every row (unstably).
  let sorted = true;
  for (let r = 0; r < n && sorted; r++) for (let k = coo.rowPtr[r]! + 1; k < coo.rowPtr[r + 1]!; k++) if (keys[k - 1]! > keys[k]!) sorted = false;
  if (!sorted) for (let r = 0; r < n; r++) introsortPairs(keys, ws, coo.rowPtr[r]!, coo.rowPtr[r + 1]!);
  // Then it adds up each run of equal columns, in order, and normalises every row by its sum.
  const rowPtr = new Int32Array(n + 1);
  const cols = new Int32Array(keys.length);
  const vals = new Float64Array(keys.length);
  const rowSums = new Float64Array(n);
  const dangling: number[] = [];
  let out = 0;
  for (let r = 0; r < n; r++) {
    for (let k = coo.rowPtr[r]!; k < coo.rowPtr[r + 1]!; ) {
      const j = keys[k]!;
      let sum = ws[k++]!;
      while (k < coo.rowPtr[r + 1]! && keys[k] === j) sum += ws[k++]!;
      cols[out] = j;
      vals[out++] = sum;
    }
    rowPtr[r + 1] = out;
    const s = out === rowPtr[r] ? 0 : reduceAtSegment(vals, rowPtr[r]!, out - rowPtr[r]!);
    rowSums[r] = s;
    // networkx: S[S != 0] = 1/S, Q = diag(S)·A, dangling = (S == 0) — so a row whose sum overflows is dangling too.
    const inv = s === 0 ? 0 : 1 / s;
    if (inv === 0) dangling.push(r);
    for (let k = rowPtr[r]!; k < out; k++) vals[k] = inv * vals[k]!;
  }
  return { nodes: [...nodes], rowPtr, cols: cols.slice(0, out), vals: vals.slice(0, out), rowSums, dangling: Int32Array.from(dangling) };
}
