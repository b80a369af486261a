/**
 * lib/repomap/ranking/rank.ts: the middle of `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) — the ranking graph's node order,
 * Aider's pagerank call with its ZeroDivisionError fallback, and each node's rank spread over its out-edges.
 */
import { describe, expect, it } from "vitest";
import { buildTransitionMatrixFromEdges } from "../../../lib/repomap/pagerank/matrix.js";
import { byRankDesc, rankFiles, rankingEdgeArrays, rankingGraph, rankMatrix, spreadRank } from "../../../lib/repomap/ranking/rank.js";
import type { RankingEdge } from "../../../lib/repomap/ranking/graph.js";

const edge = (src: string, dst: string, weight: number, ident: string): RankingEdge => ({ src, dst, weight, ident });

describe("rankingEdgeArrays", () => {
  it("numbers nodes as edges first mention them, source before target, and keeps edges in order", () => {
    const { nodes, arrays } = rankingEdgeArrays([edge("b.py", "a.py", 2, "f"), edge("c.py", "b.py", 1, "g"), edge("a.py", "a.py", 0.1, "h")]);
    expect(nodes).toEqual(["b.py", "a.py", "c.py"]);
    expect([...arrays.src]).toEqual([0, 2, 1]);
    expect([...arrays.dst]).toEqual([1, 0, 1]);
    expect([...arrays.w]).toEqual([2, 1, 0.1]);
  });

  it("no edges: no nodes", () => {
    const { nodes, arrays } = rankingEdgeArrays([]);
    expect(nodes).toEqual([]);
    expect(arrays.src.length).toBe(0);
  });
});

describe("rankFiles and rankMatrix", () => {
  const edges = [edge("a", "b", 1, "f"), edge("b", "a", 1, "g")];
  const { nodes, arrays } = rankingEdgeArrays(edges);

  it("with a personalization, calls pagerank once with personalization = dangling = P", () => {
    const p = new Map([["a", 1]]);
    const { ranked, calls } = rankFiles(nodes, arrays, p);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ personalization: p, dangling: p, result: "ok" });
    expect(calls[0]!.iterations).toBeGreaterThan(0);
    // a 2-cycle teleporting to a only: a gets more than b, and the ranks sum to 1
    const a = ranked!.ranks.get("a")!;
    const b = ranked!.ranks.get("b")!;
    expect(a).toBeGreaterThan(b);
    expect(a + b).toBeCloseTo(1, 12);
  });

  it("without one, calls it once with neither", () => {
    const { ranked, calls } = rankFiles(nodes, arrays, new Map());
    expect(calls).toEqual([{ personalization: null, dangling: null, result: "ok", iterations: ranked!.iterations }]);
    expect(ranked!.ranks.get("a")).toBeCloseTo(0.5, 12);
  });

  it("a personalization that sums to 0 over the nodes raises ZeroDivisionError, and the call is retried without (Aider issue #1536)", () => {
    const p = new Map([["not-a-node", 1]]);
    const { ranked, calls } = rankMatrix(buildTransitionMatrixFromEdges(nodes, arrays), p);
    expect(calls.map((c) => [c.personalization, c.result])).toEqual([
      [p, "ZeroDivisionError"],
      [null, "ok"],
    ]);
    expect(calls[0]!.iterations).toBeUndefined();
    expect(ranked!.ranks.get("a")).toBeCloseTo(0.5, 12);
  });
});

describe("spreadRank", () => {
  it("gives each edge rank[src] · weight / Σ out-weights, and sums the shares per (definer, ident)", () => {
    const edges = [edge("a", "b", 3, "f"), edge("a", "c", 1, "g"), edge("c", "b", 2, "f"), edge("a", "b", 1, "f")];
    const graph = { edges, ...rankingEdgeArrays(edges) };
    const ranks = new Map([["a", 0.5], ["b", 0.3], ["c", 0.2]]);
    const { edgeRank, definitionRanks } = spreadRank(graph, ranks);
    expect([...edgeRank]).toEqual([(0.5 * 3) / 5, (0.5 * 1) / 5, (0.2 * 2) / 2, (0.5 * 1) / 5]);
    // (b, f) gets edges 0, 3 (from a, in networkx's order: both a→b edges, then a→c) and edge 2 (from c)
    expect(definitionRanks).toEqual([
      ["b", "f", (0.5 * 3) / 5 + (0.5 * 1) / 5 + (0.2 * 2) / 2],
      ["c", "g", (0.5 * 1) / 5],
    ]);
  });

  it("orders definitions by rank descending, equal ranks by (file, ident) descending in code points", () => {
    const edges = [edge("x", "a", 1, "f"), edge("x", "b", 1, "f"), edge("x", "b", 1, "g")];
    const { definitionRanks } = spreadRank({ edges, ...rankingEdgeArrays(edges) }, new Map([["x", 0.3], ["a", 0.3], ["b", 0.4]]));
    expect(definitionRanks.map(([f, i]) => `${f}:${i}`)).toEqual(["b:g", "b:f", "a:f"]);
  });
});

describe("byRankDesc", () => {
  it("sorts by rank descending, then as Python's reverse=True does: the tie order descending", () => {
    const rows = [{ r: 1, k: "a" }, { r: 2, k: "b" }, { r: 1, k: "c" }];
    const sorted = [...rows].sort(byRankDesc((x) => x.r, (x, y) => x.k.localeCompare(y.k)));
    expect(sorted.map((x) => x.k)).toEqual(["b", "c", "a"]);
  });
});

describe("rankingGraph", () => {
  it("builds a directed multigraph with self-loops, each edge carrying weight, ident and (if given) its rank", () => {
    const edges = [edge("a", "b", 2, "f"), edge("a", "b", 1, "g"), edge("b", "b", 0.1, "h")];
    const plain = rankingGraph(edges);
    expect(plain.multi).toBe(true);
    expect(plain.nodes()).toEqual(["a", "b"]);
    expect(plain.size).toBe(3);
    expect(plain.mapEdges((_, attrs) => attrs)).toEqual([{ weight: 2, ident: "f" }, { weight: 1, ident: "g" }, { weight: 0.1, ident: "h" }]);
    const ranked = rankingGraph(edges, [0.5, 0.25, 0.25]);
    expect(ranked.mapEdges((_, attrs) => attrs.rank)).toEqual([0.5, 0.25, 0.25]);
  });
});
