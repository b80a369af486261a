/**
 * lib/repomap/pagerank/matrix.ts: the row-normalised matrix networkx iterates on, built as scipy builds it
 * (`aider/repomap.py` get_ranked_tags → networkx `pagerank`): parallel edges summed in scipy's order, row sums as numpy's `add.reduceat`, dangling rows.
 */
import Graph from "graphology";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import {
  buildTransitionMatrix,
  buildTransitionMatrixFromEdges,
  fillTransitionMatrix,
  numpySum,
  pairwiseSum,
  planTransitionMatrix,
} from "../../../lib/repomap/pagerank/matrix.js";

const i32 = (xs: number[]): Int32Array => Int32Array.from(xs);
const f64 = (xs: number[]): Float64Array => Float64Array.from(xs);

describe("numpy's sums", () => {
  it("pairwiseSum adds eight running sums pairwise (numpy), not left to right", () => {
    const v = [1e16, 1, 1, 1, 1, 1, 1, 1, -1e16];
    // left to right every +1 is lost (1e16 + 1 rounds back to 1e16); numpy: ((1e16+1)+(1+1)) + ((1+1)+(1+1)) − 1e16 = 6
    expect(v.reduce((a, b) => a + b, 0)).toBe(0);
    expect(pairwiseSum(v, 0, v.length)).toBe(6);
    expect(numpySum([0.1, 0.2, 0.3])).toBe(0.1 + 0.2 + 0.3);
  });

  it("under eight elements it is the plain left-to-right sum; past 128 it halves on a multiple of 8", () => {
    expect(pairwiseSum([1e16, 1, 1, -1e16], 0, 4)).toBe(0);
    expect(pairwiseSum([5, 1e16, 1, 1, -1e16, 7], 1, 4)).toBe(0); // starts at index 1
    const v = Array.from({ length: 300 }, (_, i) => (i === 0 ? 1e16 : i === 299 ? -1e16 : 1));
    // 300 elements split at 144 (half of 300, rounded down to a multiple of 8): 144 + 156
    const half = (start: number, n: number): number => pairwiseSum(v, start, n);
    expect(pairwiseSum(v, 0, 300)).toBe(half(0, 144) + half(144, 156));
    expect(numpySum([])).toBe(0);
  });
});

describe("planTransitionMatrix and fillTransitionMatrix", () => {
  // edges: 0→2 (10), 0→1 (20), 0→2 (30), 1→0 (40), 2→2 (50); node 3 has none
  const src = i32([0, 0, 0, 1, 2]);
  const dst = i32([2, 1, 2, 0, 2]);

  it("plans one stored entry per (row, column), in column order, with the runs of edges that add into it", () => {
    const plan = planTransitionMatrix(4, src, dst);
    expect([...plan.rowPtr]).toEqual([0, 2, 3, 4, 4]);
    expect([...plan.cols]).toEqual([1, 2, 0, 2]);
    expect([...plan.runStart]).toEqual([0, 1, 3, 4, 5]);
    // row 0 in scipy's order: 0→1 (edge 1), 0→2 (edge 0), 0→2 (edge 2)
    expect([...plan.perm]).toEqual([1, 0, 2, 3, 4]);
  });

  it("fills Q = A / row sum from a plan; rows without out-weight are dangling", () => {
    const nodes = ["a", "b", "c", "d"];
    const q = fillTransitionMatrix(nodes, planTransitionMatrix(4, src, dst), f64([10, 20, 30, 40, 50]));
    expect(q.nodes).toEqual(nodes);
    expect([...q.rowSums]).toEqual([60, 40, 50, 0]);
    expect([...q.vals]).toEqual([(1 / 60) * 20, (1 / 60) * 40, 1, 1]);
    expect([...q.dangling]).toEqual([3]);
  });

  it("one plan serves any weights; a row whose weights are all 0 is dangling, and so is one whose sum overflows", () => {
    const plan = planTransitionMatrix(4, src, dst);
    const zeroRow = fillTransitionMatrix(["a", "b", "c", "d"], plan, f64([0, 0, 0, 1, 1]));
    expect([...zeroRow.dangling]).toEqual([0, 3]);
    expect([...zeroRow.vals.subarray(0, 2)]).toEqual([0, 0]);
    const huge = fillTransitionMatrix(["a", "b", "c", "d"], plan, f64([1e308, 1, 1e308, 1, 1]));
    expect(huge.rowSums[0]).toBe(Infinity);
    expect([...huge.dangling]).toEqual([0, 3]); // networkx: 1/inf = 0, so the row counts as dangling
  });

  it("writes into a given values buffer, which must have one slot per entry", () => {
    const plan = planTransitionMatrix(4, src, dst);
    const vals = new Float64Array(4);
    const q = fillTransitionMatrix(["a", "b", "c", "d"], plan, f64([10, 20, 30, 40, 50]), vals);
    expect(q.vals).toBe(vals);
    expect(() => fillTransitionMatrix(["a", "b", "c", "d"], plan, f64([1, 1, 1, 1, 1]), new Float64Array(3))).toThrow(
      /fillTransitionMatrix: vals must have one value per matrix entry \(4\)/,
    );
  });
});

describe("building from a graph", () => {
  it("reads weights from the named attribute (1 when absent), in node insertion order", () => {
    const g = new Graph({ type: "directed", multi: true });
    for (const n of ["z", "a"]) g.addNode(n);
    g.addDirectedEdge("z", "a", { w: 3 });
    g.addDirectedEdge("z", "a");
    g.addDirectedEdge("a", "z", { w: 2 });
    const q = buildTransitionMatrix(g, "w");
    expect(q.nodes).toEqual(["z", "a"]);
    expect([...q.rowSums]).toEqual([4, 2]);
    expect([...q.cols]).toEqual([1, 0]);
    expect([...q.vals]).toEqual([1, 1]);
  });

  it("rejects a weight that is not a finite number, naming the edge, the attribute and the caller", () => {
    const g = new Graph({ type: "directed" });
    g.addNode("a");
    g.addNode("b");
    g.addDirectedEdgeWithKey("e1", "a", "b", { weight: Infinity });
    expect(() => buildTransitionMatrix(g, "weight", "aiderPageRank")).toThrow(WorkbenchInputError);
    expect(() => buildTransitionMatrix(g, "weight", "aiderPageRank")).toThrow(/^aiderPageRank: graph edge "e1" attribute "weight" must be a finite number or absent/);
  });

  it("from typed edge arrays gives the same matrix as plan then fill", () => {
    const nodes = ["a", "b", "c"];
    const arrays = { src: i32([0, 1, 1, 2]), dst: i32([1, 2, 0, 0]), w: f64([1, 2, 3, 4]) };
    const direct = buildTransitionMatrixFromEdges(nodes, arrays);
    const planned = fillTransitionMatrix(nodes, planTransitionMatrix(3, arrays.src, arrays.dst), arrays.w);
    expect(direct).toEqual(planned);
    // row 1 in column order: →0 (3), →2 (2); Q = (1/S)·A as networkx writes it, so 3/5 is (1/5)·3, not 3/5
    expect([...direct.vals]).toEqual([1, (1 / 5) * 3, (1 / 5) * 2, 1]);
  });
});
