/**
 * The order of a graph's edges on the way into networkx's PageRank matrix (`aider/repomap.py` get_ranked_tags → networkx `pagerank`): networkx lists the
 * out-edges of each node in turn (targets in the order they first became neighbours, parallel edges in insertion
 * order), scipy turns that list into CSR rows and, when any row is out of column order, sorts every row with its
 * unstable introsort (`pagerank/csr-sort.ts`) before adding up repeated columns. The order decides in which order
 * parallel edges' weights are added, hence the last bit of every rank. Used by `pagerank/matrix.ts` and by
 * the ranking's rank spreading.
 *
 * Built for a million edges: typed arrays only, grouped by row with a counting sort, and the per-row work done in
 * place, so one PageRank call allocates little (a big graphology heap makes every forced full GC expensive).
 */
import { introsortPairs } from "./csr-sort.js";

/** Counts edges per source: row r's edges will sit at positions rowPtr[r] … rowPtr[r+1]-1. */
function rowPointers(n: number, src: Int32Array): Int32Array {
  const rowPtr = new Int32Array(n + 1);
  for (let e = 0; e < src.length; e++) rowPtr[src[e]! + 1]!++;
  for (let r = 0; r < n; r++) rowPtr[r + 1]! += rowPtr[r]!;
  return rowPtr;
}

/**
 * networkx's out-edge order (`G.edges()`, `G.out_edges(n)`): rows in node order; in a row, targets in the order
 * they first became neighbours, parallel edges in insertion order. `order[rowPtr[i] … rowPtr[i+1]-1]` are the
 * edge ids leaving node i. This is the COO input scipy converts to CSR, and the order Aider spreads rank in.
 */
export function networkxEdgeOrder(n: number, src: Int32Array, dst: Int32Array): { rowPtr: Int32Array; order: Int32Array } {
  const m = src.length;
  const rowPtr = rowPointers(n, src);
  const fill = rowPtr.slice(0, n);
  const byRow = new Int32Array(m); // edge ids grouped by row, insertion order inside a row
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

/** CSR rows before duplicate columns are summed: row r's columns and weights at rowPtr[r] … rowPtr[r+1]-1. */
export interface CooRows {
  readonly rowPtr: Int32Array;
  readonly cols: Int32Array;
  readonly ws: Float64Array;
}

/**
 * The (column, weight) entries of every row in the order scipy's `sum_duplicates` sees them: networkx's
 * out-edge order, then scipy's row sort (`sortRowsAsScipy`). `cols` and `ws` are new arrays, free to change.
 */
export function scipyCooRows(n: number, src: Int32Array, dst: Int32Array, w: Float64Array): CooRows {
  const m = src.length;
  const rowPtr = rowPointers(n, src);
  const fill = rowPtr.slice(0, n);
  const cols = new Int32Array(m);
  const ws = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    const at = fill[src[e]!]!++; // by row, insertion order inside a row
    cols[at] = dst[e]!;
    ws[at] = w[e]!;
  }
  const tripled = groupRowsByTarget(n, rowPtr, cols, ws);
  sortRowsAsScipy(n, { rowPtr, cols, ws }, tripled);
  return { rowPtr, cols, ws };
}

/**
 * Reorders each row in place so that equal targets are adjacent, in first-seen order, keeping insertion order
 * inside a target (networkx's adjacency order). Returns, per row, whether some target occurs 3 or more times.
 */
function groupRowsByTarget(n: number, rowPtr: Int32Array, cols: Int32Array, ws: Float64Array): Uint8Array {
  const tripled = new Uint8Array(n);
  const seenInRow = new Int32Array(n).fill(-1);
  const count = new Int32Array(n);
  const next = new Int32Array(n);
  let longest = 0;
  for (let r = 0; r < n; r++) longest = Math.max(longest, rowPtr[r + 1]! - rowPtr[r]!);
  const targets = new Int32Array(longest);
  const rowCols = new Int32Array(longest);
  const rowWs = new Float64Array(longest);
  for (let r = 0; r < n; r++) {
    const lo = rowPtr[r]!;
    const hi = rowPtr[r + 1]!;
    let distinct = 0;
    for (let k = lo; k < hi; k++) {
      const t = cols[k]!;
      if (seenInRow[t] !== r) {
        seenInRow[t] = r;
        count[t] = 0;
        targets[distinct++] = t;
      }
      if (++count[t]! === 3) tripled[r] = 1;
    }
    if (distinct === hi - lo) continue; // no target repeats: already grouped
    let pos = lo;
    for (let q = 0; q < distinct; q++) {
      next[targets[q]!] = pos;
      pos += count[targets[q]!]!;
    }
    rowCols.set(cols.subarray(lo, hi));
    rowWs.set(ws.subarray(lo, hi));
    for (let k = 0; k < hi - lo; k++) {
      const at = next[rowCols[k]!]!++;
      cols[at] = rowCols[k]!;
      ws[at] = rowWs[k]!;
    }
  }
  return tripled;
}

/** True when every row's columns are non-decreasing (scipy's `has_sorted_indices`). */
function rowsSorted(n: number, rowPtr: Int32Array, cols: Int32Array): boolean {
  for (let r = 0; r < n; r++) for (let k = rowPtr[r]! + 1; k < rowPtr[r + 1]!; k++) if (cols[k - 1]! > cols[k]!) return false;
  return true;
}

/**
 * scipy's row sort, done only where it can change a sum. When any row is out of order scipy sorts every row with
 * the unstable introsort; a row that is already in order and repeats no column 3 or more times comes out of it
 * with the same runs summed to the same values (a + b = b + a exactly), so it is left as is.
 */
function sortRowsAsScipy(n: number, { rowPtr, cols, ws }: CooRows, tripled: Uint8Array): void {
  if (rowsSorted(n, rowPtr, cols)) return;
  for (let r = 0; r < n; r++) {
    const lo = rowPtr[r]!;
    const hi = rowPtr[r + 1]!;
    if (hi - lo < 2) continue;
    if (tripled[r] === 0) {
      let inOrder = true;
      for (let k = lo + 1; k < hi && inOrder; k++) if (cols[k - 1]! > cols[k]!) inOrder = false;
      if (inOrder) continue;
    }
    introsortPairs(cols, ws, lo, hi);
  }
}
