import fc from "fast-check";
import Graph from "graphology";
import { describe, expect, it } from "vitest";
import { AIDER_PAGERANK_DEFAULTS, aiderPageRank, WorkbenchInputError } from "../../../lib/index.js";
import { buildTransitionMatrix } from "../../../lib/repomap/pagerank/matrix.js";
import { PageRankZeroDivisionError, PowerIterationFailedConvergence } from "../../../lib/repomap/pagerank/pagerank.js";

type E = readonly [string, string, number | null];

/** A MultiDiGraph with the nodes in order, then the edges in order (null weight = no weight attribute). */
function multigraph(nodes: readonly string[], edges: readonly E[]): Graph {
  const g = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (const n of nodes) g.mergeNode(n);
  for (const [u, v, w] of edges) {
    g.mergeNode(u);
    g.mergeNode(v);
    g.addDirectedEdge(u, v, w === null ? {} : { weight: w });
  }
  return g;
}

const ranksOf = (g: Graph, o = {}) => Object.fromEntries(aiderPageRank(g, o).ranks);

describe("aiderPageRank — hand-computed cases", () => {
  it("a 3-cycle is exactly uniform after one iteration", () => {
    const r = aiderPageRank(multigraph([], [["A", "B", 1], ["B", "C", 1], ["C", "A", 1]]));
    expect(r.iterations).toBe(1);
    expect([...r.ranks.values()]).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it("A→B with B dangling: first iterate by hand, then the fixed point 0.5/1.425 within the stopping bound", () => {
    const g = multigraph([], [["A", "B", 1]]);
    // x0 = (½, ½); x·Q sends A's ½ to B; dangling B's ½ is spread uniformly: t = (¼, ¾); x1 = 0.85·t + 0.15·½
    const first = (() => {
      try {
        aiderPageRank(g, { maxIter: 1 });
      } catch (err) {
        return err as PowerIterationFailedConvergence;
      }
    })();
    expect(first).toBeInstanceOf(PowerIterationFailedConvergence);
    expect(first!.residuals[0]).toBeCloseTo(Math.abs(0.85 * 0.25 + 0.075 - 0.5) + Math.abs(0.85 * 0.75 + 0.075 - 0.5), 15);
    const r = aiderPageRank(g);
    // r_A = 0.075 + 0.425·r_B and r_A + r_B = 1  ⇒  r_A = 0.5 / 1.425
    const exact = 0.5 / 1.425;
    const bound = (0.85 / 0.15) * 2 * 1e-6;
    expect(Math.abs(r.ranks.get("A")! - exact) + Math.abs(r.ranks.get("B")! - (1 - exact))).toBeLessThan(bound);
    // the result is the iterate, not the fixed point
    expect(r.ranks.get("A")).not.toBe(exact);
  });

  it("parallel edges are summed: A→C twice (1 + 2) ranks exactly like one A→C of weight 3", () => {
    const multi = ranksOf(multigraph([], [["A", "B", 1], ["A", "C", 1], ["A", "C", 2]]));
    const single = ranksOf(multigraph([], [["A", "B", 1], ["A", "C", 3]]));
    expect(multi).toEqual(single);
    expect(multi.C! > multi.B!).toBe(true);
  });

  it("an edge without a weight attribute weighs 1; a different attribute name can be chosen", () => {
    expect(ranksOf(multigraph([], [["A", "B", null], ["B", "C", null]]))).toEqual(ranksOf(multigraph([], [["A", "B", 1], ["B", "C", 1]])));
    const g = new Graph({ type: "directed", multi: true });
    g.mergeNode("A");
    g.mergeNode("B");
    g.mergeNode("C");
    g.addDirectedEdge("A", "B", { w: 1, weight: 99 });
    g.addDirectedEdge("A", "C", { w: 3, weight: 99 });
    expect(ranksOf(g, { weight: "w" })).toEqual(ranksOf(multigraph([], [["A", "B", 1], ["A", "C", 3]])));
  });

  it("personalization keys that are not nodes are ignored, also in the normalising sum", () => {
    const g = multigraph([], [["A", "B", 1], ["B", "C", 1]]);
    expect(ranksOf(g, { personalization: { A: 1, Z: 5 }, dangling: { A: 1, Z: 5 } })).toEqual(
      ranksOf(g, { personalization: { A: 1 }, dangling: { A: 1 } }),
    );
    // a Map works the same as an object
    expect(ranksOf(g, { personalization: new Map([["A", 1]]) })).toEqual(ranksOf(g, { personalization: { A: 1 } }));
  });

  it("personalization summing to 0 over the nodes raises the ZeroDivisionError class (absent keys, zeros, {})", () => {
    const g = multigraph([], [["A", "B", 1]]);
    for (const personalization of [{ Z: 1 }, { A: 0, B: 0 }, {}] as Record<string, number>[]) {
      const err = (() => {
        try {
          aiderPageRank(g, { personalization });
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(PageRankZeroDivisionError);
      expect((err as PageRankZeroDivisionError).pythonType).toBe("ZeroDivisionError");
      expect((err as PageRankZeroDivisionError).pythonStr()).toBe("");
    }
  });

  it("a dangling vector summing to 0 gives NaN and non-convergence, even without dangling nodes", () => {
    for (const edges of [[["A", "B", 1]], [["A", "B", 1], ["B", "A", 1]]] as E[][]) {
      const err = (() => {
        try {
          aiderPageRank(multigraph([], edges), { personalization: { A: 1 }, dangling: { Z: 1 } });
        } catch (e) {
          return e as PowerIterationFailedConvergence;
        }
      })()!;
      expect(err).toBeInstanceOf(PowerIterationFailedConvergence);
      expect(err.iterations).toBe(100);
      expect(err.message).toBe("power iteration failed to converge within 100 iterations");
      expect(err.pythonStr()).toBe("(PowerIterationFailedConvergence(...), 'power iteration failed to converge within 100 iterations')");
      expect(err.residuals.every(Number.isNaN)).toBe(true);
    }
  });

  it("tol = 0 never converges; maxIter bounds the iterations", () => {
    expect(() => aiderPageRank(multigraph([], [["A", "B", 1], ["B", "A", 1]]), { tol: 0 })).toThrow(/within 100 iterations/);
    expect(() => aiderPageRank(multigraph([], [["A", "B", 1], ["B", "C", 1], ["C", "D", 1]]), { maxIter: 3 })).toThrow(/within 3 iterations/);
    expect(() => aiderPageRank(multigraph(["A"], []), { maxIter: 0 })).toThrow(PowerIterationFailedConvergence);
  });

  it("an empty graph has no ranks and takes no iterations; a graph without edges is uniform", () => {
    expect(aiderPageRank(multigraph([], []))).toMatchObject({ nodes: [], iterations: 0 });
    expect(ranksOf(multigraph(["A", "B", "C", "D"], []))).toEqual({ A: 0.25, B: 0.25, C: 0.25, D: 0.25 });
  });

  it("node order is insertion order, even for integer-like keys that JS objects would reorder", () => {
    const r = aiderPageRank(multigraph(["b", "10", "2"], [["b", "10", 1], ["2", "b", 1]]));
    expect(r.nodes).toEqual(["b", "10", "2"]);
    expect([...r.ranks.keys()]).toEqual(["b", "10", "2"]);
  });

  it("edges of total weight 0 make their source dangling", () => {
    const q = buildTransitionMatrix(multigraph([], [["A", "B", 0], ["B", "A", 1]]), "weight");
    expect([...q.dangling]).toEqual([0]);
    expect([...q.rowSums]).toEqual([0, 1]);
  });

  it("rejects bad arguments with WorkbenchInputError naming the parameter", () => {
    const g = multigraph([], [["A", "B", 1]]);
    const bad: [unknown, unknown, RegExp][] = [
      [{}, {}, /graph must be a graphology graph/],
      [new Graph({ type: "undirected" }), {}, /graph must be a directed graph/],
      [g, { alpha: 1.5 }, /options.alpha must be a number between 0 and 1/],
      [g, { maxIter: 2.5 }, /options.maxIter must be a non-negative integer/],
      [g, { tol: -1 }, /options.tol must be ≥ 0/],
      [g, { tol: Number.NaN }, /options.tol must be a finite number/],
      [g, { personalization: { A: "1" } }, /options.personalization\["A"\] must be a finite number/],
      [g, { personalization: [1] }, /options.personalization must be an object/],
      [g, { dampng: 0.5 }, /options.dampng is not a known option/],
    ];
    for (const [graph, options, message] of bad) {
      expect(() => aiderPageRank(graph as Graph, options as object)).toThrow(WorkbenchInputError);
      expect(() => aiderPageRank(graph as Graph, options as object)).toThrow(message);
    }
    const h = multigraph([], []);
    h.mergeNode("A");
    h.mergeNode("B");
    h.addDirectedEdge("A", "B", { weight: "heavy" });
    expect(() => aiderPageRank(h)).toThrow(/attribute "weight" must be a finite number or absent/);
    expect(AIDER_PAGERANK_DEFAULTS).toEqual({ alpha: 0.85, maxIter: 100, tol: 1e-6, weight: "weight" });
    expect(Object.isFrozen(AIDER_PAGERANK_DEFAULTS)).toBe(true);
  });
});

/** Random positive-weight multigraphs over a few nodes. */
const positiveMultigraph = fc
  .uniqueArray(fc.constantFrom("a", "b", "c", "d", "e", "f", "7", "10"), { minLength: 1, maxLength: 8 })
  .chain((nodes) =>
    fc.record({
      nodes: fc.constant(nodes),
      edges: fc.array(fc.tuple(fc.constantFrom(...nodes), fc.constantFrom(...nodes), fc.double({ min: 0.01, max: 100, noNaN: true })), { maxLength: 30 }),
      pers: fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: nodes.length, maxLength: nodes.length }),
    }),
  );

describe("aiderPageRank — properties", () => {
  it("ranks are non-negative and sum to 1 (up to rounding) on random positive-weight multigraphs", () => {
    fc.assert(
      fc.property(positiveMultigraph, fc.boolean(), ({ nodes, edges, pers }, personalize) => {
        const p = personalize ? Object.fromEntries(nodes.map((n, i) => [n, pers[i]!])) : null;
        const r = aiderPageRank(multigraph(nodes, edges), { personalization: p, dangling: p });
        const total = [...r.ranks.values()].reduce((a, b) => a + b, 0);
        expect(Math.abs(total - 1)).toBeLessThan(1e-12 * nodes.length + 1e-15);
        for (const v of r.ranks.values()) expect(v).toBeGreaterThanOrEqual(0);
        expect(r.iterations).toBeLessThanOrEqual(100);
      }),
      { numRuns: 150 },
    );
  });
  // Agreement with the teaching model (within a bound on the stopping rule) is stated in test/properties/pagerank.test.ts.
});
