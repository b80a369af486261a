/**
 * The seed page's teaching `repo_map` (seed 000, knowledge point 1): personalized PageRank over a file graph
 * for a fixed number of iterations, with the dangling mass sent back to the prior; rank spread from each
 * referencing file to the (definer, symbol) pairs it points at; and a strict-budget prefix of that ranking.
 *
 * It matches the page line for line, floating-point order included, so hand calculations can be checked against
 * it. Aider's own path (networkx's stopping rule, edge weights, the ±15 % search) lives beside it in the stage folders (`../scan/` … `../budget/`).
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints } from "../../core/pystr.js";
import { rejectUnknownKeys, requireArray, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { own } from "../../core/own.js";

/** One edge as the page gives it: referencing file, defining file, symbol, already computed weight. */
export type TeachingEdge = readonly [referencer: string, definer: string, symbol: string, weight: number];
/** A (definer file, symbol) key. */
export type SymbolKey = readonly [file: string, symbol: string];

/** A validated graph: sorted nodes, normalised prior, out-weight per node, and the edges in input order. */
export interface TeachingGraph {
  readonly nodes: readonly string[];
  readonly prior: ReadonlyMap<string, number>;
  readonly outgoing: ReadonlyMap<string, number>;
  readonly edges: readonly TeachingEdge[];
}

export interface RepoMapInput {
  files: readonly string[];
  edges: readonly TeachingEdge[];
  personalization: Readonly<Record<string, number>>;
  symbolCosts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  budget: number;
  damping?: number;
  iterations?: number;
}

export interface RepoMapResult {
  fileRank: Record<string, number>;
  symbolRank: [SymbolKey, number][];
  selected: SymbolKey[];
  remainingTokens: number;
  residualL1: number;
}

/** The page's defaults. */
export const REPO_MAP_DEFAULTS = Object.freeze({ damping: 0.85, iterations: 50 });

const WHERE = "teachingRepoMap";
/** The page's keyword arguments: any other key (a typo such as `dampng`) is rejected, as Python's call would be. */
const REPO_MAP_KEYS = ["files", "edges", "personalization", "symbolCosts", "budget", "damping", "iterations"] as const;

/** The page's checks on budget, iterations and damping (raised before the graph is looked at). */
function checkRepoMapParameters(budget: unknown, damping: unknown, iterations: unknown, where = WHERE): void {
  requireInteger(where, "budget", budget, 0);
  requireInteger(where, "iterations", iterations, 1);
  checkDamping(where, "damping", damping);
}

/** The page's rule for the damping factor: a number strictly between 0 and 1. */
function checkDamping(where: string, param: string, damping: unknown): number {
  if (typeof damping !== "number" || !(damping > 0 && damping < 1)) {
    throw new WorkbenchInputError(where, param, "must be a number strictly between 0 and 1", damping);
  }
  return damping;
}

/**
 * Validates files, personalization and edges as the page does and builds the graph:
 * nodes = sorted unique files, prior = personalization / its sum, outgoing = Σ edge weights per referencer.
 */
export function buildTeachingGraph(
  files: readonly string[],
  edges: readonly TeachingEdge[],
  personalization: Readonly<Record<string, number>>,
): TeachingGraph {
  const where = WHERE;
  requireArray(where, "files", files).forEach((f, i) => requireString(where, `files[${i}]`, f));
  const nodes = [...new Set(files)].sort(compareCodePoints);
  if (nodes.length === 0) throw new WorkbenchInputError(where, "files", "must name at least one file (the graph is empty)");
  const known = new Set(nodes);
  const pers = requireRecord(where, "personalization", personalization);
  let total = 0;
  for (const [key, value] of Object.entries(pers)) {
    if (!known.has(key)) throw new WorkbenchInputError(where, `personalization["${key}"]`, "must be a file of the graph");
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new WorkbenchInputError(where, `personalization["${key}"]`, "must be a finite, non-negative number", value);
    }
    total += value;
  }
  if (!(total > 0)) throw new WorkbenchInputError(where, "personalization", "must have a positive sum", total);
  const prior = new Map(nodes.map((n) => [n, ((own(pers, n) as number | undefined) ?? 0) / total]));
  const outgoing = new Map(nodes.map((n) => [n, 0]));
  requireArray(where, "edges", edges).forEach((edge, i) => {
    const e = requireArray(where, `edges[${i}]`, edge);
    if (e.length !== 4) throw new WorkbenchInputError(where, `edges[${i}]`, "must be [referencer, definer, symbol, weight]", e);
    const [src, dst, symbol, weight] = e;
    requireString(where, `edges[${i}][2]`, symbol);
    if (typeof src !== "string" || !known.has(src)) throw new WorkbenchInputError(where, `edges[${i}][0]`, "must be a file of the graph", src);
    if (typeof dst !== "string" || !known.has(dst)) throw new WorkbenchInputError(where, `edges[${i}][1]`, "must be a file of the graph", dst);
    if (typeof weight !== "number" || !Number.isFinite(weight) || weight <= 0) {
      throw new WorkbenchInputError(where, `edges[${i}][3]`, "must be a finite, positive weight", weight);
    }
    outgoing.set(src, outgoing.get(src)! + weight);
  });
  return { nodes, prior, outgoing, edges };
}

/** The step's settings: the seed's `damping`, and whether the dangling term of its update is kept. */
export interface TeachingStepOptions {
  /** The seed's `damping` (default 0.85), strictly between 0 and 1. */
  damping: number;
  /** true (the seed): the `damping * dangling * prior[n]` term is added; false drops it (the leaky contrast). */
  redistributeDangling: boolean;
}

export const TEACHING_STEP_DEFAULTS: Readonly<TeachingStepOptions> = Object.freeze({ damping: 0.85, redistributeDangling: true });

/**
 * One power-iteration step — one pass of the seed's `for _ in range(iterations)` loop in `repo_map(files, edges,
 * personalization, symbol_costs, budget, damping=0.85, iterations=50)`:
 * next[n] = (1-d)·prior[n] + d·dangling·prior[n] + Σ d·rank[src]·w/out[src].
 * The seed's arguments map to it so: `damping` is `options.damping` (same default, 0.85); `files`, `edges` and
 * `personalization` are the `graph` (`buildTeachingGraph`); `rank` is the seed's `rank` before the pass (the
 * prior on the first). `options.redistributeDangling` (default true, the seed) set to false drops the
 * d·dangling·prior term, so the mass of dangling nodes leaks — the page's contrast, not in the seed's signature.
 */
export function teachingPageRankStep(
  graph: TeachingGraph,
  rank: ReadonlyMap<string, number>,
  options: Partial<TeachingStepOptions> = {},
): Map<string, number> {
  const where = "teachingPageRankStep";
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(TEACHING_STEP_DEFAULTS));
  const full = { ...TEACHING_STEP_DEFAULTS, ...o };
  const damping = checkDamping(where, "options.damping", full.damping);
  if (typeof full.redistributeDangling !== "boolean") {
    throw new WorkbenchInputError(where, "options.redistributeDangling", "must be a boolean", full.redistributeDangling);
  }
  return step(graph, rank, damping, full.redistributeDangling);
}

/** The step itself, unchecked (the iteration calls it once per pass). */
function step(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number, redistributeDangling: boolean): Map<string, number> {
  let dangling = 0;
  for (const n of graph.nodes) if (graph.outgoing.get(n) === 0) dangling += rank.get(n)!;
  const next = new Map<string, number>();
  for (const n of graph.nodes) {
    const p = graph.prior.get(n)!;
    next.set(n, redistributeDangling ? (1 - damping) * p + damping * dangling * p : (1 - damping) * p);
  }
  for (const [src, dst, , weight] of graph.edges) {
    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);
  }
  return next;
}

/** L1 distance between two rank vectors over the graph's nodes, summed in node order. */
export function l1Change(graph: TeachingGraph, a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let s = 0;
  for (const n of graph.nodes) s += Math.abs(a.get(n)! - b.get(n)!);
  return s;
}

export interface TeachingPageRankResult {
  rank: Map<string, number>;
  /** L1 change of the last iteration (the page's `residual_l1`). */
  residualL1: number;
  /** L1 change of every iteration, first to last. */
  residuals: number[];
}

/** The page's fixed-iteration personalized PageRank, starting from the prior. */
export function teachingPageRank(graph: TeachingGraph, damping = 0.85, iterations = 50): TeachingPageRankResult {
  const residuals: number[] = [];
  return { ...iterate(graph, damping, iterations, true, (r) => residuals.push(r)), residuals };
}

/** The same iteration WITHOUT sending dangling mass back: the contrast the page draws (mass leaks each round). */
export function teachingPageRankLeaky(graph: TeachingGraph, damping = 0.85, iterations = 50): TeachingPageRankResult {
  const residuals: number[] = [];
  return { ...iterate(graph, damping, iterations, false, (r) => residuals.push(r)), residuals };
}

/**
 * The iteration; `onResidual` sees each iteration's L1 change. `repoMap` keeps only the last one, so a large
 * `iterations` costs time, as on the page, but no memory (an array of every residual overflows V8 near 1.7e8).
 */
function iterate(
  graph: TeachingGraph,
  damping: number,
  iterations: number,
  redistribute: boolean,
  onResidual?: (residual: number) => void,
): { rank: Map<string, number>; residualL1: number } {
  checkRepoMapParameters(0, damping, iterations, "teachingPageRank");
  let rank = new Map(graph.prior);
  let residualL1 = 0;
  for (let t = 0; t < iterations; t++) {
    const next = step(graph, rank, damping, redistribute);
    residualL1 = l1Change(graph, next, rank);
    onResidual?.(residualL1);
    rank = next;
  }
  return { rank, residualL1 };
}

/** Orders keys as Python sorts `(file, symbol)` tuples: file, then symbol, by code point. */
export function compareSymbolKeys(a: SymbolKey, b: SymbolKey): number {
  return compareCodePoints(a[0], b[0]) || compareCodePoints(a[1], b[1]);
}

/**
 * Spreads file rank to symbols: importance[(dst, symbol)] += rank[src]·w/out[src] over every edge, then ranks
 * by importance descending, ties by key ascending.
 */
export function spreadRankToSymbols(graph: TeachingGraph, rank: ReadonlyMap<string, number>): [SymbolKey, number][] {
  const importance = new Map<string, { key: SymbolKey; value: number }>();
  for (const [src, dst, symbol, weight] of graph.edges) {
    const id = JSON.stringify([dst, symbol]);
    const entry = importance.get(id) ?? { key: [dst, symbol] as const, value: 0 };
    entry.value += (rank.get(src)! * weight) / graph.outgoing.get(src)!;
    importance.set(id, entry);
  }
  return [...importance.values()]
    .sort((a, b) => (a.value !== b.value ? b.value - a.value : compareSymbolKeys(a.key, b.key)))
    .map(({ key, value }) => [key, value]);
}

/**
 * The teaching budget rule: walk the ranking and take each symbol while its cost fits; STOP at the first one that
 * does not fit (later, cheaper symbols are not considered). Costs are checked as they are reached, as on the page.
 */
export function strictBudgetPrefix(
  ranked: readonly (readonly [SymbolKey, number])[] | readonly SymbolKey[],
  symbolCosts: Readonly<Record<string, Readonly<Record<string, number>>>>,
  budget: number,
): { selected: SymbolKey[]; remainingTokens: number } {
  return strictPrefixOf(ranked, symbolCosts, budget, "strictBudgetPrefix");
}

/** `strictBudgetPrefix`, its errors naming `where` (`repoMap` when it runs inside the page's `repo_map`). */
function strictPrefixOf(
  ranked: readonly (readonly [SymbolKey, number])[] | readonly SymbolKey[],
  symbolCosts: Readonly<Record<string, Readonly<Record<string, number>>>>,
  budget: number,
  where: string,
): { selected: SymbolKey[]; remainingTokens: number } {
  requireInteger(where, "budget", budget, 0);
  const costs = requireRecord(where, "symbolCosts", symbolCosts);
  const selected: SymbolKey[] = [];
  let remaining = budget;
  for (const item of ranked) {
    const key = (typeof item[0] === "string" ? item : item[0]) as SymbolKey;
    const perFile = Object.hasOwn(costs, key[0]) ? costs[key[0]] : undefined;
    const cost =
      typeof perFile === "object" && perFile !== null && Object.hasOwn(perFile, key[1])
        ? (perFile as Record<string, unknown>)[key[1]]
        : undefined;
    const param = `symbolCosts[${JSON.stringify(key[0])}][${JSON.stringify(key[1])}]`;
    if (cost === undefined) throw new WorkbenchInputError(where, param, "must give a cost for every ranked symbol");
    if (typeof cost !== "number" || !Number.isInteger(cost) || cost < 1) {
      throw new WorkbenchInputError(where, param, "must be a positive integer", cost);
    }
    if (cost > remaining) break;
    selected.push(key);
    remaining -= cost;
  }
  return { selected, remainingTokens: remaining };
}

/** The page's `repo_map`: validate, iterate, spread to symbols, choose the strict prefix. */
export function teachingRepoMap(input: RepoMapInput): RepoMapResult {
  rejectUnknownKeys(WHERE, "input", requireRecord(WHERE, "input", input), REPO_MAP_KEYS);
  const { damping = REPO_MAP_DEFAULTS.damping, iterations = REPO_MAP_DEFAULTS.iterations } = input;
  checkRepoMapParameters(input.budget, damping, iterations);
  const graph = buildTeachingGraph(input.files, input.edges, input.personalization);
  const { rank, residualL1 } = iterate(graph, damping, iterations, true);
  const symbolRank = spreadRankToSymbols(graph, rank);
  const { selected, remainingTokens } = strictPrefixOf(symbolRank, input.symbolCosts, input.budget, WHERE);
  return { fileRank: Object.fromEntries(rank), symbolRank, selected, remainingTokens, residualL1 };
}
