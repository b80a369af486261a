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

/**
 * Each row's edges in networkx's `G.edges()` order — targets in the order they first became neighbours, parallel
 * edges in insertion order — as (column, weight) pairs: the COO input scipy converts to CSR.
 */
function cooRows(graph: Graph, index: ReadonlyMap<string, number>, weight: string, where: string): Map<number, number[]>[] {
  const rows: Map<number, number[]>[] = Array.from({ length: index.size }, () => new Map<number, number[]>());
  graph.forEachEdge((edge, attrs, source, target) => {
    const row = rows[index.get(source)!]!;
    const j = index.get(target)!;
    const ws = row.get(j);
    const w = edgeWeight(where, attrs, weight, edge);
    if (ws === undefined) row.set(j, [w]);
    else ws.push(w);
  });
  return rows;
}

/** Builds Q from a directed graphology graph; `weight` names the edge attribute holding the weight. */
export function buildTransitionMatrix(graph: Graph, weight: string, where = "buildTransitionMatrix"): TransitionMatrix {
  const nodes = graph.nodes();
  const n = nodes.length;
  const index = new Map<string, number>();
  nodes.forEach((node, i) => index.set(node, i));
  const rows = cooRows(graph, index, weight, where);
  const rowPtr = new Int32Array(n + 1);
  rows.forEach((row, i) => (rowPtr[i + 1] = rowPtr[i]! + row.size));
  const cols = new Int32Array(rowPtr[n]!);
  const vals = new Float64Array(rowPtr[n]!);
  const rowSums = new Float64Array(n);
  const dangling: number[] = [];
  const coo = rows.map((row) => ({
    keys: Int32Array.from([...row.entries()].flatMap(([j, ws]) => ws.map(() => j))),
    ws: Float64Array.from([...row.values()].flat()),
  }));
  // scipy sorts the rows only when some row is out of column order, and then sorts every row (unstably).
  const sorted = coo.every(({ keys }) => keys.every((k, t) => t === 0 || keys[t - 1]! <= k));
  if (!sorted) for (const { keys, ws } of coo) introsortPairs(keys, ws, 0, keys.length);
  rows.forEach((row, i) => {
    // Then it adds up each run of equal columns, in order.
    const { keys, ws } = coo[i]!;
    const at = rowPtr[i]!;
    let out = at;
    for (let k = 0; k < keys.length; ) {
      let sum = ws[k]!;
      const j = keys[k++]!;
      while (k < keys.length && keys[k] === j) sum += ws[k++]!;
      cols[out] = j;
      vals[out++] = sum;
    }
    const s = row.size === 0 ? 0 : reduceAtSegment(vals, at, row.size);
    rowSums[i] = s;
    // networkx: S[S != 0] = 1/S, Q = diag(S)·A, dangling = (S == 0) — so a row whose sum overflows is dangling too.
    const inv = s === 0 ? 0 : 1 / s;
    if (inv === 0) dangling.push(i);
    for (let k = at; k < at + row.size; k++) vals[k] = inv * vals[k]!;
  });
  return { nodes, rowPtr, cols, vals, rowSums, dangling: Int32Array.from(dangling) };
}
