/**
 * PageRank laws: the seed page's fixed-iteration personalized PageRank (repomap/teaching/repo-map.ts, seed 000 knowledge
 * point 1) against networkx's power iteration as Aider gets it (repomap/pagerank/pagerank.ts, `aider/repomap.py` get_ranked_tags → networkx `pagerank`).
 *
 * Both iterate the same map T(x) = α·(x·Q + (Σ dangling x)·p) + (1−α)·p, an L1 contraction by α with one fixed
 * point x*. Hence, for any iterate y with last change r: ‖y − x*‖₁ ≤ α/(1−α)·r. networkx stops at its first change
 * r < N·tol; the teaching model starts at p, where ‖p − x*‖₁ ≤ 2α, so after K steps ‖t_K − x*‖₁ ≤ 2α^(K+1).
 */
import Graph from "graphology";
import type { Arbitrary } from "fast-check";
import { WorkbenchInputError } from "../core/errors.js";
import {
  AIDER_PAGERANK_DEFAULTS,
  aiderPageRank,
  PageRankZeroDivisionError,
  type AiderPageRankResult,
} from "../repomap/pagerank/pagerank.js";
import { rankFiles } from "../repomap/ranking/rank.js";
import {
  buildTeachingGraph,
  teachingPageRank,
  teachingPageRankStep,
  type TeachingEdge,
  type TeachingGraph,
} from "../repomap/teaching/repo-map.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";
import { own } from "../core/own.js";

/** A graph both models can rank: files, weighted references (from, to, weight), a personalization. */
export interface PageRankCase {
  readonly nodes: readonly string[];
  readonly edges: readonly (readonly [from: string, to: string, weight: number])[];
  readonly personalization: Readonly<Record<string, number>>;
}
/** The same, with the number of teaching iterations. */
export interface IteratedPageRankCase extends PageRankCase {
  readonly iterations: number;
}

const ALPHA = AIDER_PAGERANK_DEFAULTS.alpha;
const TOL = AIDER_PAGERANK_DEFAULTS.tol;
/** Room for floating-point rounding in sums of at most a few dozen terms over ≤ 100 iterations. */
export const ROUNDING_SLACK = 1e-12;
/** The page's default iteration count. */
export const PAGE_ITERATIONS = 50;
/** The smallest K with 2α^(K+1) ≤ α/(1−α)·tol, i.e. α^K ≤ tol/(2(1−α)): the teaching error is then at most networkx's. */
export const ENOUGH_ITERATIONS = Math.ceil(Math.log(TOL / (2 * (1 - ALPHA))) / Math.log(ALPHA));

const FILES = ["a.py", "b.py", "c.py", "d.py", "e.py", "f.py"] as const;
const FOREIGN = ["README.md", "notes.txt", "docs/guide.md"] as const;

const weight = (fc: FastCheck) =>
  fc.oneof(fc.integer({ min: 1, max: 10 }), fc.double({ min: 0.01, max: 100, noNaN: true, noDefaultInfinity: true }));

/** Personalization over a non-empty subset of `keys`. */
const personalizationOver = (fc: FastCheck, keys: readonly string[]) =>
  fc.subarray([...keys], { minLength: 1 }).chain((ks) =>
    fc.tuple(...ks.map(() => weight(fc))).map((vals) => Object.fromEntries(ks.map((k, i) => [k, vals[i]!]))),
  );

/** Graphs of 1–6 files and up to 12 references (parallel edges and self-references included). */
export function pageRankCase(fc: FastCheck, personalizationKeys?: (nodes: readonly string[]) => readonly string[]): Arbitrary<PageRankCase> {
  return fc.uniqueArray(fc.constantFrom(...FILES), { minLength: 1, maxLength: 6 }).chain((nodes) =>
    fc.record({
      nodes: fc.constant(nodes),
      edges: fc.array(fc.tuple(fc.constantFrom(...nodes), fc.constantFrom(...nodes), weight(fc)), { maxLength: 12 }),
      personalization: personalizationOver(fc, personalizationKeys ? personalizationKeys(nodes) : nodes),
    }),
  );
}

const iterated = (fc: FastCheck, max: number) =>
  fc.tuple(pageRankCase(fc), fc.integer({ min: 1, max })).map(([c, iterations]): IteratedPageRankCase => ({ ...c, iterations }));

/** The graph as networkx sees it: a MultiDiGraph, nodes in the given order, `weight` on every edge. */
export function networkxGraph(c: PageRankCase): Graph {
  const g = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (const n of c.nodes) g.mergeNode(n);
  for (const [u, v, w] of c.edges) g.addDirectedEdge(u, v, { weight: w });
  return g;
}

/** The teaching model's validated graph (each edge gets its own symbol name). */
export function teachingGraph(c: PageRankCase): TeachingGraph {
  const edges = c.edges.map(([u, v, w], i): TeachingEdge => [u, v, `s${i}`, w]);
  return buildTeachingGraph(c.nodes, edges, c.personalization);
}

const networkx = (c: PageRankCase): AiderPageRankResult => aiderPageRank(networkxGraph(c), { personalization: c.personalization });
const l1 = (nodes: readonly string[], a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) =>
  nodes.reduce((s, n) => s + Math.abs(a.get(n)! - b.get(n)!), 0);
const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const sorted = (nodes: readonly string[]) => [...nodes].sort();

/** Rows: each file with its personalization and both ranks. */
function rankRows(c: PageRankCase, columns: Record<string, ReadonlyMap<string, number>>): ExploreRow[] {
  return sorted(c.nodes).map((n) => {
    const row: Record<string, string | number> = { file: n, personalization: own(c.personalization, n) ?? 0 };
    for (const [name, ranks] of Object.entries(columns)) row[name] = ranks.get(n)!;
    return row;
  });
}

function comparison(c: PageRankCase, iterations: number) {
  const t = teachingPageRank(teachingGraph(c), ALPHA, iterations);
  const nx = networkx(c);
  return { t, nx, diff: l1(c.nodes, t.rank, nx.ranks), nxResidual: nx.residuals[nx.residuals.length - 1]! };
}

export const pagerankAPosteriori: Law<IteratedPageRankCase> = {
  id: "pagerank/a-posteriori-bound",
  mechanism: "pagerank",
  statement: "after any number of iterations, teaching and networkx ranks differ in L1 by at most α/(1−α)·(the teaching model's last change + networkx's last change)",
  verdict: "holds",
  lesson: "Each result is within α/(1−α) times its own last L1 change of the exact fixed point, so the two residuals bound how far apart they can be.",
  arbitrary: (fc) => iterated(fc, 60),
  check(c) {
    const { t, diff, nxResidual } = comparison(c, c.iterations);
    const bound = (ALPHA / (1 - ALPHA)) * (t.residualL1 + nxResidual) + ROUNDING_SLACK;
    return diff <= bound ? null : `L1 difference ${diff} > bound ${bound}`;
  },
  rows: (c) => {
    const { t, nx } = comparison(c, c.iterations);
    return rankRows(c, { [`teaching (${c.iterations} it.)`]: t.rank, networkx: nx.ranks });
  },
};

export const pagerankEnoughIterations: Law<PageRankCase> = {
  id: "pagerank/enough-iterations",
  mechanism: "pagerank",
  statement: `with ${ENOUGH_ITERATIONS} teaching iterations (α^K ≤ tol/(2(1−α))), teaching and networkx agree within 2·α/(1−α)·N·tol in L1`,
  verdict: "holds",
  lesson: "networkx is within α/(1−α)·N·tol of the fixed point when it stops; the teaching model, started at p, is within 2α^(K+1) ≤ α/(1−α)·tol after K steps.",
  arbitrary: (fc) => pageRankCase(fc),
  check(c) {
    const { diff } = comparison(c, ENOUGH_ITERATIONS);
    const bound = 2 * (ALPHA / (1 - ALPHA)) * c.nodes.length * TOL + ROUNDING_SLACK;
    return diff <= bound ? null : `L1 difference ${diff} > bound ${bound}`;
  },
  rows: (c) => {
    const { t, nx } = comparison(c, ENOUGH_ITERATIONS);
    return rankRows(c, { [`teaching (${ENOUGH_ITERATIONS} it.)`]: t.rank, networkx: nx.ranks });
  },
};

export const pagerankPageIterations: Law<PageRankCase> = {
  id: "pagerank/page-iterations-within-networkx-precision",
  mechanism: "pagerank",
  statement: `with the page's ${PAGE_ITERATIONS} iterations, the teaching ranks are within networkx's own error bound α/(1−α)·N·tol of networkx's`,
  verdict: "fails",
  lesson: "On a cycle the iteration error shrinks only by α a step: 50 steps leave it near 0.85^50 ≈ 3e-4, far above networkx's ≈ 6e-6·N.",
  arbitrary: (fc) => pageRankCase(fc),
  check(c) {
    const { diff } = comparison(c, PAGE_ITERATIONS);
    const bound = (ALPHA / (1 - ALPHA)) * c.nodes.length * TOL;
    return diff <= bound ? null : `L1 difference ${diff} > networkx's bound ${bound}`;
  },
  rows: (c) => {
    const { t, nx } = comparison(c, PAGE_ITERATIONS);
    return rankRows(c, { [`teaching (${PAGE_ITERATIONS} it.)`]: t.rank, networkx: nx.ranks });
  },
};

/** The file order a ranking gives: rank descending, then name. */
export const rankOrder = (ranks: ReadonlyMap<string, number>): string[] =>
  [...ranks.keys()].sort((a, b) => ranks.get(b)! - ranks.get(a)! || (a < b ? -1 : a > b ? 1 : 0));

export const pagerankSameOrder: Law<PageRankCase> = {
  id: "pagerank/same-order",
  mechanism: "pagerank",
  statement: `with ${ENOUGH_ITERATIONS} teaching iterations, teaching and networkx put the files in the same order (rank descending, then name)`,
  verdict: "fails",
  lesson: "Agreeing within a tolerance is not agreeing on the order: files whose ranks tie (or nearly tie) can swap, and the repo map follows the order.",
  arbitrary: (fc) => pageRankCase(fc),
  check(c) {
    const { t, nx } = comparison(c, ENOUGH_ITERATIONS);
    const a = rankOrder(t.rank).join(" > ");
    const b = rankOrder(nx.ranks).join(" > ");
    return a === b ? null : `teaching: ${a}; networkx: ${b}`;
  },
  rows: (c) => {
    const { t, nx } = comparison(c, ENOUGH_ITERATIONS);
    return rankRows(c, { [`teaching (${ENOUGH_ITERATIONS} it.)`]: t.rank, networkx: nx.ranks });
  },
};

/** The leaky iteration step by step: totals, dangling rank per step, and the final ranks. */
function leakyRun(c: IteratedPageRankCase) {
  const g = teachingGraph(c);
  let rank: Map<string, number> = new Map(g.prior);
  const steps: { total: number; dangling: number }[] = [];
  for (let t = 0; t < c.iterations; t++) {
    const dangling = g.nodes.reduce((s, n) => s + (g.outgoing.get(n) === 0 ? rank.get(n)! : 0), 0);
    steps.push({ total: total(rank), dangling });
    rank = teachingPageRankStep(g, rank, { damping: ALPHA, redistributeDangling: false });
  }
  steps.push({ total: total(rank), dangling: NaN });
  return { graph: g, rank, steps };
}

const leakRows = (c: IteratedPageRankCase): ExploreRow[] => {
  const { graph, rank } = leakyRun(c);
  const nx = networkx(c);
  const rows = rankRows(c, { [`teaching, no redistribution (${c.iterations} it.)`]: rank, networkx: nx.ranks });
  return [
    ...rows.map((r) => ({ ...r, dangling: graph.outgoing.get(r.file as string) === 0 ? "yes" : "" })),
    { file: "total", personalization: "", [`teaching, no redistribution (${c.iterations} it.)`]: total(rank), networkx: total(nx.ranks), dangling: "" },
  ];
};

export const pagerankLeak: Law<IteratedPageRankCase> = {
  id: "pagerank/leak-without-redistribution",
  mechanism: "pagerank",
  statement: "without the dangling redistribution the missing mass follows m' = α·(m + rank on dangling files), while networkx on the same graph keeps the total at 1",
  verdict: "holds",
  lesson: "A file that references nothing passes its rank nowhere: each step loses α times the rank sitting on such files; networkx hands it back through the dangling vector.",
  arbitrary: (fc) => iterated(fc, 30),
  check(c) {
    const { steps } = leakyRun(c);
    for (let t = 0; t + 1 < steps.length; t++) {
      const expected = ALPHA * (1 - steps[t]!.total + steps[t]!.dangling);
      const missing = 1 - steps[t + 1]!.total;
      if (Math.abs(missing - expected) > ROUNDING_SLACK) return `step ${t + 1}: missing ${missing}, expected ${expected}`;
    }
    const nxTotal = total(networkx(c).ranks);
    return Math.abs(nxTotal - 1) <= ROUNDING_SLACK ? null : `networkx total ${nxTotal}`;
  },
  rows: leakRows,
};

export const pagerankLeakSumsToOne: Law<IteratedPageRankCase> = {
  id: "pagerank/leaky-ranks-sum-to-one",
  mechanism: "pagerank",
  statement: "without the dangling redistribution the teaching ranks still sum to 1",
  verdict: "fails",
  lesson: "They do not as soon as a file with no outgoing reference holds rank: the page's redistribution line is what keeps the total at 1.",
  arbitrary: (fc) => iterated(fc, 30),
  check(c) {
    const sum = total(leakyRun(c).rank);
    return Math.abs(sum - 1) <= ROUNDING_SLACK ? null : `the ranks sum to ${sum}`;
  },
  rows: leakRows,
};

/** What each side does with a personalization: teaching accepts or names the rule; Aider ranks (after its retry). */
function personalizationOutcome(c: PageRankCase) {
  let teaching: string;
  try {
    teachingGraph(c);
    teaching = "accepted";
  } catch (err) {
    if (!(err instanceof WorkbenchInputError)) throw err;
    teaching = `rejected: ${err.parameter} ${err.rule}`;
  }
  let direct: string;
  try {
    networkx(c);
    direct = "ok";
  } catch (err) {
    if (!(err instanceof PageRankZeroDivisionError)) throw err;
    direct = "ZeroDivisionError";
  }
  const nodes = [...c.nodes];
  const index = new Map(nodes.map((n, i) => [n, i]));
  const arrays = {
    src: Int32Array.from(c.edges, ([u]) => index.get(u)!),
    dst: Int32Array.from(c.edges, ([, v]) => index.get(v)!),
    w: Float64Array.from(c.edges, ([, , w]) => w),
  };
  const retried = rankFiles(nodes, arrays, new Map(Object.entries(c.personalization)));
  const uniform = rankFiles(nodes, arrays, new Map());
  return { teaching, direct, retried, uniform };
}

const personalizationRows = (c: PageRankCase): ExploreRow[] => {
  const o = personalizationOutcome(c);
  const keys = [...new Set([...c.nodes, ...Object.keys(c.personalization)])].sort();
  return keys.map((k) => ({
    file: k,
    "in graph": c.nodes.includes(k) ? "yes" : "no",
    personalization: own(c.personalization, k) ?? 0,
    teaching: o.teaching,
    "networkx call": o.direct,
    "Aider's calls": o.retried.calls.map((x) => x.result).join(", "),
    "Aider's rank": o.retried.ranked?.ranks.get(k) ?? "",
  }));
};

export const pagerankForeignPersonalization: Law<PageRankCase> = {
  id: "pagerank/foreign-personalization",
  mechanism: "pagerank",
  statement: "a personalization with no key in the graph is rejected by the teaching model, raises ZeroDivisionError in networkx, and Aider's retry gives exactly the uniform ranks",
  verdict: "holds",
  lesson: "In Aider a chat file without tags is personalized but is not a graph node; networkx divides by a zero sum, Aider catches it and ranks without personalization (Aider issue #1536).",
  arbitrary: (fc) => pageRankCase(fc, () => FOREIGN),
  check(c) {
    const o = personalizationOutcome(c);
    if (!o.teaching.startsWith("rejected")) return `teaching: ${o.teaching}`;
    if (o.direct !== "ZeroDivisionError") return `networkx: ${o.direct}`;
    const calls = o.retried.calls.map((x) => x.result).join(", ");
    if (calls !== "ZeroDivisionError, ok") return `Aider's calls: ${calls}`;
    const a = o.retried.ranked!.ranks;
    const u = o.uniform.ranked!.ranks;
    for (const [n, r] of u) if (!Object.is(a.get(n), r)) return `${n}: ${a.get(n)} after the retry, ${r} uniform`;
    return null;
  },
  rows: personalizationRows,
};

export const pagerankSamePersonalizations: Law<PageRankCase> = {
  id: "pagerank/same-personalizations-accepted",
  mechanism: "pagerank",
  statement: "the teaching model and Aider accept the same personalizations",
  verdict: "fails",
  lesson: "The teaching model rejects any key that is not a file of the graph; networkx silently drops such keys, and Aider falls back to uniform when nothing is left.",
  arbitrary: (fc) => pageRankCase(fc, (nodes) => [...nodes, ...FOREIGN]),
  check(c) {
    const o = personalizationOutcome(c);
    const teachingAccepts = o.teaching === "accepted";
    const aiderAccepts = o.retried.calls[0]!.result === "ok";
    return teachingAccepts === aiderAccepts ? null : `teaching: ${o.teaching}; Aider's first call: ${o.retried.calls[0]!.result}`;
  },
  rows: personalizationRows,
};

export const PAGERANK_LAWS = [
  pagerankAPosteriori,
  pagerankEnoughIterations,
  pagerankPageIterations,
  pagerankSameOrder,
  pagerankLeak,
  pagerankLeakSumsToOne,
  pagerankForeignPersonalization,
  pagerankSamePersonalizations,
] as const;
