/**
 * The element order scipy's `csr_sort_indices` leaves a matrix row in: it sorts (column, value) pairs by column
 * with C++ `std::sort`, which in libstdc++ (the library scipy's Linux builds use) is an introsort: median-of-three
 * quicksort down to blocks of 16, heapsort when the recursion gets too deep, then one insertion sort. It is not
 * stable, so when a row holds three or more parallel edges to one node, the order in which their weights are then
 * added (and hence the last bit of the sum) depends on exactly these steps. Used by `pagerank/matrix.ts`;
 * written from the algorithm's published description, to reproduce networkx/scipy ranks bit for bit.
 */

const THRESHOLD = 16;

/** Sorts `keys[lo…hi-1]` ascending, moving `vals` along, in the exact element order libstdc++ `std::sort` gives. */
export function introsortPairs(keys: Int32Array, vals: Float64Array, lo: number, hi: number): void {
  if (hi - lo < 2) return;
  introsortLoop(keys, vals, lo, hi, 2 * (31 - Math.clz32(hi - lo)));
  if (hi - lo > THRESHOLD) {
    insertionSort(keys, vals, lo, lo + THRESHOLD);
    for (let i = lo + THRESHOLD; i < hi; i++) linearInsert(keys, vals, i);
  } else insertionSort(keys, vals, lo, hi);
}

function swap(keys: Int32Array, vals: Float64Array, a: number, b: number): void {
  const k = keys[a]!;
  keys[a] = keys[b]!;
  keys[b] = k;
  const v = vals[a]!;
  vals[a] = vals[b]!;
  vals[b] = v;
}

/** Moves the median of keys at a, b, c to `result` (libstdc++'s __move_median_to_first). */
function medianToFirst(keys: Int32Array, vals: Float64Array, result: number, a: number, b: number, c: number): void {
  const ka = keys[a]!;
  const kb = keys[b]!;
  const kc = keys[c]!;
  if (ka < kb) {
    if (kb < kc) swap(keys, vals, result, b);
    else if (ka < kc) swap(keys, vals, result, c);
    else swap(keys, vals, result, a);
  } else if (ka < kc) swap(keys, vals, result, a);
  else if (kb < kc) swap(keys, vals, result, c);
  else swap(keys, vals, result, b);
}

/** Hoare-style partition around the pivot at `pivot`, with no bounds checks (the median guards both ends). */
function partition(keys: Int32Array, vals: Float64Array, first: number, last: number, pivot: number): number {
  const p = keys[pivot]!;
  for (;;) {
    while (keys[first]! < p) first++;
    last--;
    while (p < keys[last]!) last--;
    if (!(first < last)) return first;
    swap(keys, vals, first, last);
    first++;
  }
}

/** Quicksort down to blocks of THRESHOLD, heapsort when `depth` runs out (libstdc++'s __introsort_loop). */
function introsortLoop(keys: Int32Array, vals: Float64Array, first: number, last: number, depth: number): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      heapsort(keys, vals, first, last);
      return;
    }
    depth--;
    const mid = first + Math.floor((last - first) / 2);
    medianToFirst(keys, vals, first, first + 1, mid, last - 1);
    const cut = partition(keys, vals, first + 1, last, first);
    introsortLoop(keys, vals, cut, last, depth);
    last = cut;
  }
}

/** Moves element `i` left past every larger key (assumes a smaller-or-equal key exists to its left). */
function linearInsert(keys: Int32Array, vals: Float64Array, i: number): void {
  const k = keys[i]!;
  const v = vals[i]!;
  let j = i;
  while (k < keys[j - 1]!) {
    keys[j] = keys[j - 1]!;
    vals[j] = vals[j - 1]!;
    j--;
  }
  keys[j] = k;
  vals[j] = v;
}

function insertionSort(keys: Int32Array, vals: Float64Array, first: number, last: number): void {
  for (let i = first + 1; i < last; i++) {
    if (keys[i]! < keys[first]!) {
      const k = keys[i]!;
      const v = vals[i]!;
      keys.copyWithin(first + 1, first, i);
      vals.copyWithin(first + 1, first, i);
      keys[first] = k;
      vals[first] = v;
    } else linearInsert(keys, vals, i);
  }
}

/** libstdc++'s fallback: make_heap then sort_heap over [first, last). */
function heapsort(keys: Int32Array, vals: Float64Array, first: number, last: number): void {
  const len = last - first;
  if (len >= 2) {
    for (let parent = Math.floor((len - 2) / 2); parent >= 0; parent--) {
      adjustHeap(keys, vals, first, parent, len, keys[first + parent]!, vals[first + parent]!);
    }
  }
  for (let end = last - 1; end - first > 0; end--) {
    const k = keys[end]!;
    const v = vals[end]!;
    keys[end] = keys[first]!;
    vals[end] = vals[first]!;
    adjustHeap(keys, vals, first, 0, end - first, k, v);
  }
}

/** Sifts the hole at `hole` down to a leaf, then pushes (k, v) back up (libstdc++'s __adjust_heap). */
function adjustHeap(keys: Int32Array, vals: Float64Array, base: number, hole: number, len: number, k: number, v: number): void {
  const top = hole;
  let child = hole;
  while (child < Math.floor((len - 1) / 2)) {
    child = 2 * (child + 1);
    if (keys[base + child]! < keys[base + child - 1]!) child--;
    keys[base + hole] = keys[base + child]!;
    vals[base + hole] = vals[base + child]!;
    hole = child;
  }
  if ((len & 1) === 0 && child === Math.floor((len - 2) / 2)) {
    child = 2 * (child + 1);
    keys[base + hole] = keys[base + child - 1]!;
    vals[base + hole] = vals[base + child - 1]!;
    hole = child - 1;
  }
  let parent = Math.trunc((hole - 1) / 2);
  while (hole > top && keys[base + parent]! < k) {
    keys[base + hole] = keys[base + parent]!;
    vals[base + hole] = vals[base + parent]!;
    hole = parent;
    parent = Math.trunc((hole - 1) / 2);
  }
  keys[base + hole] = k;
  vals[base + hole] = v;
}
