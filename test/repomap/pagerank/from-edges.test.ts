import { readFileSync } from "node:fs";
import fc from "fast-check";
import Graph from "graphology";
import { describe, expect, it } from "vitest";
import { aiderPageRank, WorkbenchInputError } from "../../../lib/index.js";
import { aiderPageRankFromEdges } from "../../../lib/repomap/pagerank/from-edges.js";
import { buildTransitionMatrixFromEdges, type EdgeArrays } from "../../../lib/repomap/pagerank/matrix.js";
import { PageRankZeroDivisionError, PowerIterationFailedConvergence, type AiderPageRankOptions } from "../../../lib/repomap/pagerank/pagerank.js";
import { networkxEdgeOrder } from "../../../lib/repomap/pagerank/coo.js";
import { introsortPairs } from "../../../lib/repomap/pagerank/csr-sort.js";

interface VectorCase {
  id: string;
  nodes: string[];
  edges: [string, string, number | null][];
  personalization: Record<string, number> | null;
  dangling: Record<string, number> | null;
  params: { alpha?: number; max_iter?: number; tol?: number };
  expected: { ranks: Record<string, number>; nodelist: string[]; iterations: number } | { error: { type: string } };
}

const FIXTURES = ["test/fixtures/golden/pagerank.json", "test/fixtures/networkx/pagerank-multigraph.json"];

/** A case's graph as the edge-array API takes it: nodes as networkx orders them, a missing weight as 1. */
function asArrays(c: Pick<VectorCase, "nodes" | "edges">): { nodes: string[]; edges: EdgeArrays } {
  const index = new Map<string, number>();
  const at = (n: string): number => index.get(n) ?? index.set(n, index.size).get(n)!;
  c.nodes.forEach(at);
  const src = Int32Array.from(c.edges, ([u]) => at(u));
  const dst = Int32Array.from(c.edges, ([, v]) => at(v));
  const w = Float64Array.from(c.edges, ([, , x]) => x ?? 1);
  return { nodes: [...index.keys()], edges: { src, dst, w } };
}

function asGraph(c: Pick<VectorCase, "nodes" | "edges">): Graph {
  const g = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (const n of c.nodes) g.mergeNode(n);
  for (const [u, v, w] of c.edges) {
    g.mergeNode(u);
    g.mergeNode(v);
    g.addDirectedEdge(u, v, w === null ? {} : { weight: w });
  }
  return g;
}

function optionsOf(c: VectorCase): Omit<AiderPageRankOptions, "weight"> {
  return {
    personalization: c.personalization,
    dangling: c.dangling,
    ...(c.params.alpha !== undefined && { alpha: c.params.alpha }),
    ...(c.params.max_iter !== undefined && { maxIter: c.params.max_iter }),
    ...(c.params.tol !== undefined && { tol: c.params.tol }),
  };
}

const outcome = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (err) {
    return err;
  }
};

describe("aiderPageRankFromEdges — networkx's own vectors", () => {
  for (const file of FIXTURES) {
    it(`reproduces every case of ${file} bit for bit (ranks, node order, iterations) or raises the same error`, () => {
      const cases = (JSON.parse(readFileSync(file, "utf8")) as { cases: VectorCase[] }).cases;
      expect(cases.length).toBeGreaterThan(50);
      for (const c of cases) {
        const { nodes, edges } = asArrays(c);
        const got = outcome(() => aiderPageRankFromEdges(nodes, edges, optionsOf(c)));
        if ("error" in c.expected) {
          const type = c.expected.error.type;
          expect(got, c.id).toBeInstanceOf(type === "ZeroDivisionError" ? PageRankZeroDivisionError : PowerIterationFailedConvergence);
          continue;
        }
        const r = got as ReturnType<typeof aiderPageRankFromEdges>;
        expect(r.iterations, c.id).toBe(c.expected.iterations);
        expect(r.nodes, c.id).toEqual(c.expected.nodelist);
        for (const [node, rank] of Object.entries(c.expected.ranks)) expect(Object.is(r.ranks.get(node), rank), `${c.id} ${node}`).toBe(true);
      }
    });
  }
});

/** Random multigraphs with many parallel edges (runs of 3+ make scipy's unstable sort matter) and self-loops. */
const multigraphs = fc
  .record({
    n: fc.integer({ min: 1, max: 30 }),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(null, 0, 0.1, 1, 10, 50, Math.SQRT2, 1 / 3), fc.integer({ min: 1, max: 4 })), { maxLength: 120 }),
    pers: fc.option(fc.array(fc.tuple(fc.nat(), fc.constantFrom(1, 2, 100 / 3)), { minLength: 1, maxLength: 4 }), { nil: null }),
  })
  .map(({ n, picks, pers }) => {
    const nodes = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? String(i * 7) : `f${i}.py`));
    const edges: [string, string, number | null][] = [];
    for (const [a, b, w, times] of picks) for (let t = 0; t < times; t++) edges.push([nodes[a % n]!, nodes[b % n]!, w]);
    const p = pers === null ? null : Object.fromEntries(pers.map(([k, v]) => [nodes[k % n]!, v]));
    return { nodes, edges, personalization: p };
  });

describe("aiderPageRankFromEdges — the same function as aiderPageRank", () => {
  it("gives identical ranks, iterations and residuals as aiderPageRank on the equivalent graphology graph", () => {
    fc.assert(
      fc.property(multigraphs, (c) => {
        const { nodes, edges } = asArrays(c);
        const o = { personalization: c.personalization, dangling: c.personalization };
        const a = outcome(() => aiderPageRankFromEdges(nodes, edges, o));
        const b = outcome(() => aiderPageRank(asGraph(c), o));
        if (b instanceof Error) {
          expect(a).toBeInstanceOf(b.constructor);
          return;
        }
        expect(a).toEqual(b);
        const ra = (a as ReturnType<typeof aiderPageRank>).ranks;
        for (const [k, v] of (b as ReturnType<typeof aiderPageRank>).ranks) expect(Object.is(ra.get(k), v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("node keys that are Object.prototype names or integer-like are plain keys on both paths", () => {
    const names = ["__proto__", "constructor", "toString", "hasOwnProperty", "10", "2", "0", "-1", "1.5"];
    const edges = names.flatMap((u, i) => [[u, names[(i * 4 + 1) % names.length]!, i + 1] as [string, string, number], [u, "10", 0.5] as [string, string, number]]);
    const c = { nodes: names, edges };
    const { nodes, edges: arrays } = asArrays(c);
    const a = aiderPageRankFromEdges(nodes, arrays, { personalization: Object.fromEntries([["__proto__", 1], ["toString", 2]]) });
    const b = aiderPageRank(asGraph(c), { personalization: new Map([["__proto__", 1], ["toString", 2]]) });
    expect(b.nodes).toEqual(names);
    expect([...a.ranks]).toEqual([...b.ranks]);
    expect(new Set(b.ranks.values()).size).toBeGreaterThan(3);
  });

  it("leaves the input arrays unchanged", () => {
    const { nodes, edges } = asArrays({ nodes: [], edges: [["b", "a", 1], ["a", "c", 2], ["a", "b", 3], ["a", "b", 4], ["a", "b", 5]] });
    const copy = { src: edges.src.slice(), dst: edges.dst.slice(), w: edges.w.slice() };
    aiderPageRankFromEdges(nodes, edges);
    expect(edges).toEqual(copy);
  });
});

/** The matrix build without its shortcut: when any row is out of order, every row goes through the introsort. */
function referenceMatrix(n: number, { src, dst, w }: EdgeArrays): { cols: number[]; sums: number[] } {
  const { rowPtr, order } = networkxEdgeOrder(n, src, dst);
  const keys = Int32Array.from(order, (e) => dst[e]!);
  const ws = Float64Array.from(order, (e) => w[e]!);
  let sorted = true;
  for (let r = 0; r < n; r++) for (let k = rowPtr[r]! + 1; k < rowPtr[r + 1]!; k++) if (keys[k - 1]! > keys[k]!) sorted = false;
  if (!sorted) for (let r = 0; r < n; r++) introsortPairs(keys, ws, rowPtr[r]!, rowPtr[r + 1]!);
  const cols: number[] = [];
  const sums: number[] = [];
  for (let k = 0; k < keys.length; ) {
    const row = rowPtr.findIndex((p, r) => r < n && p <= k && k < rowPtr[r + 1]!);
    let s = ws[k]!;
    const j = keys[k++]!;
    while (k < rowPtr[row + 1]! && keys[k] === j) s += ws[k++]!;
    cols.push(j);
    sums.push(s);
  }
  return { cols, sums };
}

describe("buildTransitionMatrixFromEdges — scipy's row sort is skipped only where it cannot change a sum", () => {
  it("gives the columns and, bit for bit, the summed weights of sorting every row", () => {
    const weights = fc.constantFrom(0.1, 0.2, 0.3, 1e16, 1, 1 / 3, 7e-17, 2 ** 53);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), weights), { minLength: 30, maxLength: 200, size: "max" }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (n, raw, inOrder) => {
          const edges = raw.map(([a, b, x]) => [a % n, b % n, x] as const);
          // rows flagged inOrder get their edges put in column order (in place): long sorted rows with repeated
          // columns next to unsorted ones are where skipping the unstable sort could go wrong
          for (let r = 0; r < n; r++) {
            if (!inOrder[r]) continue;
            const at = edges.flatMap((e, i) => (e[0] === r ? [i] : []));
            const sorted = at.map((i) => edges[i]!).sort((p, q) => p[1] - q[1]);
            at.forEach((i, k) => (edges[i] = sorted[k]!));
          }
          const arrays = { src: Int32Array.from(edges, (e) => e[0]), dst: Int32Array.from(edges, (e) => e[1]), w: Float64Array.from(edges, (e) => e[2]) };
          const q = buildTransitionMatrixFromEdges(Array.from({ length: n }, (_, i) => `n${i}`), arrays);
          const ref = referenceMatrix(n, arrays);
          expect([...q.cols]).toEqual(ref.cols);
          // vals are the sums times the row's reciprocal sum: equal bits there mean equal sums (up to that product)
          const rowOf = (k: number) => q.rowPtr.findIndex((p, r) => r < n && p <= k && k < q.rowPtr[r + 1]!);
          ref.sums.forEach((s, k) => {
            const inv = q.rowSums[rowOf(k)] === 0 ? 0 : 1 / q.rowSums[rowOf(k)]!;
            expect(Object.is(q.vals[k], inv * s)).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("aiderPageRankFromEdges — argument checks", () => {
  const good = asArrays({ nodes: [], edges: [["a", "b", 1]] });
  it("rejects bad nodes, edges and options with WorkbenchInputError naming the parameter", () => {
    const e = good.edges;
    const bad: [unknown, unknown, unknown, RegExp][] = [
      ["a", e, {}, /nodes must be an array/],
      [["a", 2], e, {}, /nodes\[1\] must be a string/],
      [["a", "b", "a"], e, {}, /nodes\[2\] must not repeat an earlier node/],
      [good.nodes, null, {}, /edges must be an object/],
      [good.nodes, { ...e, src: [0] }, {}, /edges.src must be an Int32Array/],
      [good.nodes, { ...e, dst: new Float64Array(1) }, {}, /edges.dst must be an Int32Array/],
      [good.nodes, { ...e, w: [1] }, {}, /edges.w must be a Float64Array/],
      [good.nodes, { ...e, dst: new Int32Array(2) }, {}, /edges.dst must have the length of edges.src \(1\)/],
      [good.nodes, { ...e, w: new Float64Array(0) }, {}, /edges.w must have the length of edges.src/],
      [good.nodes, { ...e, src: Int32Array.of(2) }, {}, /edges.src\[0\] must be a node index in \[0, 2\)/],
      [good.nodes, { ...e, dst: Int32Array.of(-1) }, {}, /edges.dst\[0\] must be a node index/],
      [good.nodes, { ...e, w: Float64Array.of(Number.POSITIVE_INFINITY) }, {}, /edges.w\[0\] must be a finite number/],
      [good.nodes, e, { weight: "w" }, /options.weight is not a known option/],
      [good.nodes, e, { alpha: 2 }, /aiderPageRankFromEdges: options.alpha must be a number between 0 and 1/],
      [good.nodes, e, { personalization: { a: "1" } }, /options.personalization\["a"\] must be a finite number/],
    ];
    for (const [nodes, edges, options, message] of bad) {
      const err = outcome(() => aiderPageRankFromEdges(nodes as string[], edges as EdgeArrays, options as object));
      expect(err).toBeInstanceOf(WorkbenchInputError);
      expect((err as Error).message).toMatch(message);
    }
  });
});
