/**
 * lib/repomap/pagerank/coo.ts: networkx's out-edge order and the (column, weight) rows scipy's `sum_duplicates`
 * sees (`aider/repomap.py` get_ranked_tags → networkx `pagerank`). Hand-built multigraphs whose orders follow from the two rules: rows in node order, and in a
 * row targets in first-neighbour order with parallel edges in insertion order; scipy then sorts rows by column.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { networkxEdgeOrder, scipyCooRows } from "../../../lib/repomap/pagerank/coo.js";

const i32 = (xs: number[]): Int32Array => Int32Array.from(xs);
const f64 = (xs: number[]): Float64Array => Float64Array.from(xs);

describe("networkxEdgeOrder", () => {
  it("groups a row's parallel edges under the target they first reached, keeping insertion order inside a target", () => {
    // edges: 0→2, 0→1, 0→2, 1→0, 2→2 (ids 0…4); row 0's targets first seen: 2, then 1
    const { rowPtr, order } = networkxEdgeOrder(3, i32([0, 0, 0, 1, 2]), i32([2, 1, 2, 0, 2]));
    expect([...rowPtr]).toEqual([0, 3, 4, 5]);
    expect([...order]).toEqual([0, 2, 1, 3, 4]);
  });

  it("lists rows in node order whatever order the edges were inserted in; a node without out-edges has an empty row", () => {
    // edges inserted from node 2 first: 2→0, 0→1, 2→1, 2→0
    const { rowPtr, order } = networkxEdgeOrder(4, i32([2, 0, 2, 2]), i32([0, 1, 1, 0]));
    expect([...rowPtr]).toEqual([0, 1, 1, 4, 4]);
    expect([...order]).toEqual([1, 0, 3, 2]);
  });

  it("an empty graph has empty rows", () => {
    const { rowPtr, order } = networkxEdgeOrder(2, i32([]), i32([]));
    expect([...rowPtr]).toEqual([0, 0, 0]);
    expect(order.length).toBe(0);
  });

  it("is a permutation of the edges, each inside its source's row", () => {
    const graph = fc.integer({ min: 1, max: 6 }).chain((n) =>
      fc.record({ n: fc.constant(n), edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 40 }) }),
    );
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const src = i32(edges.map(([s]) => s));
        const { rowPtr, order } = networkxEdgeOrder(n, src, i32(edges.map(([, d]) => d)));
        expect([...order].sort((a, b) => a - b)).toEqual(edges.map((_, e) => e));
        for (let r = 0; r < n; r++) for (let k = rowPtr[r]!; k < rowPtr[r + 1]!; k++) expect(src[order[k]!]).toBe(r);
      }),
      { numRuns: 100 },
    );
  });
});

describe("scipyCooRows", () => {
  it("rows already in column order are kept as networkx lists them", () => {
    const { rowPtr, cols, ws } = scipyCooRows(3, i32([0, 0, 1]), i32([1, 2, 2]), f64([5, 6, 7]));
    expect([...rowPtr]).toEqual([0, 2, 3, 3]);
    expect([...cols]).toEqual([1, 2, 2]);
    expect([...ws]).toEqual([5, 6, 7]);
  });

  it("when a row is out of column order every row is sorted by column, weights moving with their columns", () => {
    // row 0 in networkx order: →2 (10), →2 (30), →1 (20); sorted (a short row: stable) →1 (20), →2 (10), →2 (30)
    const { rowPtr, cols, ws } = scipyCooRows(3, i32([0, 0, 0, 1, 2]), i32([2, 1, 2, 0, 2]), f64([10, 20, 30, 40, 50]));
    expect([...rowPtr]).toEqual([0, 3, 4, 5]);
    expect([...cols]).toEqual([1, 2, 2, 0, 2]);
    expect([...ws]).toEqual([20, 10, 30, 40, 50]);
  });

  it("returns new arrays: the caller's weights are not touched", () => {
    const w = f64([1, 2]);
    const out = scipyCooRows(2, i32([0, 0]), i32([1, 0]), w);
    out.ws[0] = 99;
    expect([...w]).toEqual([1, 2]);
  });

  it("every row comes out in column order, holding exactly its edges' (column, weight) pairs", () => {
    const graph = fc.integer({ min: 1, max: 5 }).chain((n) =>
      fc.record({ n: fc.constant(n), edges: fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 60 }) }),
    );
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const { rowPtr, cols, ws } = scipyCooRows(n, i32(edges.map(([s]) => s)), i32(edges.map(([, d]) => d)), f64(edges.map((_, e) => e)));
        for (let r = 0; r < n; r++) {
          const row = [...cols.subarray(rowPtr[r]!, rowPtr[r + 1]!)];
          expect(row).toEqual([...row].sort((a, b) => a - b));
          const pairs = Array.from({ length: row.length }, (_, k) => `${cols[rowPtr[r]! + k]}:${ws[rowPtr[r]! + k]}`).sort();
          const expected = edges.flatMap(([s, d], e) => (s === r ? [`${d}:${e}`] : [])).sort();
          expect(pairs).toEqual(expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});
