/**
 * PageRank exactly as Aider gets it from networkx 3.4.2 (`nx.pagerank` → `_pagerank_scipy`, `aider/repomap.py` get_ranked_tags → networkx `pagerank`):
 * power iteration from the uniform vector, x ← α·(x·Q + (Σ dangling x)·d) + (1−α)·p, stopping at the first
 * iteration whose L1 change is below N·tol and returning that NEW iterate (not the exact fixed point, not
 * renormalised). Personalization keys that are not nodes are dropped; a personalization summing to 0 over the
 * nodes raises `PageRankZeroDivisionError` (Python's ZeroDivisionError, which Aider catches); a dangling vector
 * summing to 0 gives NaN and therefore `PowerIterationFailedConvergence`, as in networkx.
 *
 * The teaching model (`teaching/repo-map.ts`) starts from the prior and runs a fixed number of iterations instead.
 */
import type Graph from "graphology";
import { WorkbenchInputError } from "../../core/errors.js";
import { PythonError } from "../../core/pyerror.js";
import { rejectUnknownKeys, requireFinite, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { buildTransitionMatrix, numpySum, pairwiseSum, type TransitionMatrix } from "./matrix.js";

/** A node → value mapping: a Map, or a plain object keyed by node. */
export type NodeValues = ReadonlyMap<string, number> | Readonly<Record<string, number>>;

export interface AiderPageRankOptions {
  /** Damping factor α (networkx `alpha`). */
  alpha?: number;
  /** Iterations before giving up (networkx `max_iter`). */
  maxIter?: number;
  /** Per-node tolerance: stop when the L1 change < N·tol (networkx `tol`). */
  tol?: number;
  /** The edge attribute holding the weight; edges without it weigh 1. */
  weight?: string;
  /** Teleport distribution (un-normalised); null = uniform. Keys that are not nodes are ignored. */
  personalization?: NodeValues | null;
  /** Where dangling nodes' mass goes (un-normalised); null = the personalization vector. */
  dangling?: NodeValues | null;
}

/** networkx's defaults (Aider passes only `weight`, `personalization` and `dangling`). */
export const AIDER_PAGERANK_DEFAULTS = Object.freeze({ alpha: 0.85, maxIter: 100, tol: 1e-6, weight: "weight" });

export interface AiderPageRankResult {
  /** Node → rank, in node (insertion) order. */
  readonly ranks: ReadonlyMap<string, number>;
  /** The graph's node order, which is the order of the internal vector. */
  readonly nodes: readonly string[];
  /** The iteration at which the L1 change first dropped below N·tol (0 for an empty graph). */
  readonly iterations: number;
  /** The L1 change of every iteration, first to last. */
  readonly residuals: readonly number[];
}

/** networkx raises ZeroDivisionError when the personalization sums to 0 over the graph's nodes. */
export class PageRankZeroDivisionError extends PythonError {
  constructor() {
    // networkx raises it without a message: str(e) is ""
    super("ZeroDivisionError", "", "personalization sums to 0 over the graph's nodes (networkx raises ZeroDivisionError)");
  }
}

/** networkx's `PowerIterationFailedConvergence`: the L1 change never dropped below N·tol within `maxIter`. */
export class PowerIterationFailedConvergence extends PythonError {
  /** @param residuals the L1 change of every iteration that ran (NaN when the dangling vector summed to 0). */
  constructor(
    readonly iterations: number,
    readonly residuals: readonly number[] = [],
  ) {
    const message = `power iteration failed to converge within ${iterations} iterations`;
    // str(e): networkx passes the exception itself as its first argument
    super("PowerIterationFailedConvergence", `(PowerIterationFailedConvergence(...), '${message}')`, message);
  }
}

const WHERE = "aiderPageRank";

function lookup(values: NodeValues, node: string): number | undefined {
  if (values instanceof Map) return values.get(node);
  const rec = values as Readonly<Record<string, number>>;
  return Object.hasOwn(rec, node) ? rec[node] : undefined;
}

/** Validates a personalization/dangling mapping: every value a finite number. */
function checkNodeValues(where: string, param: string, values: unknown): NodeValues | null {
  if (values === null || values === undefined) return null;
  const entries = values instanceof Map ? [...values.entries()] : Object.entries(requireRecord(where, param, values));
  for (const [k, v] of entries) {
    requireString(where, `${param} key`, k);
    requireFinite(where, `${param}[${JSON.stringify(k)}]`, v);
  }
  return values as NodeValues;
}

/** The vector `[values.get(n, 0) for n in nodes]`, divided by its numpy sum (NaN entries when the sum is 0). */
function normalised(nodes: readonly string[], values: NodeValues): { vec: Float64Array; sum: number } {
  const vec = new Float64Array(nodes.length);
  for (let i = 0; i < nodes.length; i++) vec[i] = lookup(values, nodes[i]!) ?? 0;
  const sum = numpySum(vec);
  for (let i = 0; i < vec.length; i++) vec[i] = vec[i]! / sum;
  return { vec, sum };
}

/** The iteration options with networkx's defaults filled in, validated. */
export interface PageRankParameters {
  readonly alpha: number;
  readonly maxIter: number;
  readonly tol: number;
  readonly weight: string;
  readonly personalization: NodeValues | null;
  readonly dangling: NodeValues | null;
}

/** Checks an options object (`known` lists the keys allowed) and fills in networkx's defaults. */
export function checkPageRankOptions(where: string, options: unknown, known: readonly string[]): PageRankParameters {
  const opts = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", opts, known);
  const o = opts as AiderPageRankOptions;
  const alpha = o.alpha ?? AIDER_PAGERANK_DEFAULTS.alpha;
  if (typeof alpha !== "number" || !(alpha >= 0 && alpha <= 1)) {
    throw new WorkbenchInputError(where, "options.alpha", "must be a number between 0 and 1", alpha);
  }
  const maxIter = requireInteger(where, "options.maxIter", o.maxIter ?? AIDER_PAGERANK_DEFAULTS.maxIter, 0);
  const tol = requireFinite(where, "options.tol", o.tol ?? AIDER_PAGERANK_DEFAULTS.tol);
  if (tol < 0) throw new WorkbenchInputError(where, "options.tol", "must be ≥ 0", tol);
  const weight = requireString(where, "options.weight", o.weight ?? AIDER_PAGERANK_DEFAULTS.weight);
  const personalization = checkNodeValues(where, "options.personalization", o.personalization);
  const dangling = checkNodeValues(where, "options.dangling", o.dangling);
  return { alpha, maxIter, tol, weight, personalization, dangling };
}

/** Checks the graph and options; returns the options with defaults filled in. */
function checkArguments(graph: unknown, options: unknown): PageRankParameters & { graph: Graph } {
  const g = graph as Graph | null;
  if (typeof g !== "object" || g === null || typeof g.forEachEdge !== "function" || typeof g.nodes !== "function") {
    throw new WorkbenchInputError(WHERE, "graph", "must be a graphology graph", graph);
  }
  if (g.type !== "directed") throw new WorkbenchInputError(WHERE, "graph", "must be a directed graph (type 'directed')", g.type);
  return { graph: g, ...checkPageRankOptions(WHERE, options, ["alpha", "maxIter", "tol", "weight", "personalization", "dangling"]) };
}

/**
 * networkx `pagerank(G, alpha, personalization, max_iter, tol, weight=…, dangling=…)` on a directed graphology
 * graph (parallel edges summed, self-loops allowed). Throws `PageRankZeroDivisionError` or
 * `PowerIterationFailedConvergence` where networkx raises.
 */
export function aiderPageRank(graph: Graph, options: AiderPageRankOptions = {}): AiderPageRankResult {
  const a = checkArguments(graph, options);
  const q = buildTransitionMatrix(a.graph, a.weight, WHERE);
  return powerIterate(q, a);
}

/** `iteratePageRank`'s options: `aiderPageRank`'s without `weight` (the matrix is already weighted). */
export type IteratePageRankOptions = Omit<AiderPageRankOptions, "weight">;

/** networkx's defaults; null personalization = uniform, null dangling = the personalization. */
export const ITERATE_PAGERANK_DEFAULTS = Object.freeze({
  alpha: AIDER_PAGERANK_DEFAULTS.alpha,
  maxIter: AIDER_PAGERANK_DEFAULTS.maxIter,
  tol: AIDER_PAGERANK_DEFAULTS.tol,
  personalization: null,
  dangling: null,
});

/** The power iteration on a prepared matrix (exposed so a notebook can reuse one matrix for several runs). */
export function iteratePageRank(q: TransitionMatrix, options: IteratePageRankOptions = {}): AiderPageRankResult {
  return powerIterate(q, checkPageRankOptions("iteratePageRank", options, ["alpha", "maxIter", "tol", "personalization", "dangling"]));
}

/** The power iteration itself, on parameters already checked (the callers inside lib check them once). */
export function powerIterate(q: TransitionMatrix, params: Omit<PageRankParameters, "weight">): AiderPageRankResult {
  const { alpha, maxIter, tol, personalization, dangling } = params;
  const { nodes, rowPtr, cols, vals, dangling: danglingRows } = q;
  const n = nodes.length;
  if (n === 0) return { ranks: new Map(), nodes: [], iterations: 0, residuals: [] };
  let p: Float64Array;
  if (personalization === null) p = new Float64Array(n).fill(1 / n);
  else {
    const { vec, sum } = normalised(nodes, personalization);
    if (sum === 0) throw new PageRankZeroDivisionError();
    p = vec;
  }
  const dw = dangling === null ? p : normalised(nodes, dangling).vec;
  const teleport = 1 - alpha;
  let x = new Float64Array(n).fill(1 / n);
  let next = new Float64Array(n);
  const diff = new Float64Array(n);
  const residuals: number[] = [];
  for (let it = 1; it <= maxIter; it++) {
    next.fill(0);
    // x @ Q: each destination accumulates its sources in ascending source order (scipy's csc matvec).
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      const end = rowPtr[i + 1]!;
      for (let k = rowPtr[i]!; k < end; k++) {
        const v = vals[k]!;
        if (v !== 0) next[cols[k]!]! += v * xi;
      }
    }
    let danglingMass = 0; // Python's built-in sum over x[is_dangling]
    for (let d = 0; d < danglingRows.length; d++) danglingMass += x[danglingRows[d]!]!;
    for (let j = 0; j < n; j++) {
      next[j] = alpha * (next[j]! + danglingMass * dw[j]!) + teleport * p[j]!;
      diff[j] = Math.abs(next[j]! - x[j]!);
    }
    const err = 0 + pairwiseSum(diff, 0, n);
    residuals.push(err);
    [x, next] = [next, x];
    if (err < n * tol) {
      const ranks = new Map<string, number>();
      for (let i = 0; i < n; i++) ranks.set(nodes[i]!, x[i]!);
      return { ranks, nodes: [...nodes], iterations: it, residuals };
    }
  }
  throw new PowerIterationFailedConvergence(maxIter, residuals);
}
