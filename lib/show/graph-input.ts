/**
 * The graph a picture draws (graph.ts, iteration.ts), checked and laid out: edges given as the teaching model's
 * tuples or the ranking's objects, parallel edges merged into one arrow (weights summed, identifiers kept), ranks
 * checked ≥ 0, and the positions from ForceAtlas2 (graphology-layout-forceatlas2) started from a circle in sorted
 * node (and edge) order for a fixed number of iterations — so the same graph always gets the same layout.
 */
import Graph from "graphology";
import circular from "graphology-layout/circular.js";
import forceAtlas2 from "graphology-layout-forceatlas2";
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireFinite, requireRecord, requireString } from "../core/validate.js";

/** An edge as the teaching model writes it, `[referencer, definer, identifier, weight]`, or as the ranking does. */
export type PictureEdge = readonly [string, string, string, number] | { readonly src: string; readonly dst: string; readonly ident: string; readonly weight: number };

export interface GraphPictureInput {
  /** Every file (also those with no edge). */
  nodes: readonly string[];
  edges: readonly PictureEdge[];
  /** Rank per file (missing = 0); node area ∝ rank. Without it all nodes are drawn alike. */
  rank?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  /** Files in the chat: ringed. */
  chat?: readonly string[];
  /** Mentioned identifiers: their edges coloured. */
  mentioned?: readonly string[];
}

/** One drawn arrow: the parallel edges src → dst merged. */
export interface MergedEdge {
  src: string;
  dst: string;
  weight: number;
  idents: string[];
}

/** The layout: a position per node in picture coordinates (deterministic). */
export type Layout = ReadonlyMap<string, { x: number; y: number }>;

/** ForceAtlas2's iterations when none are given. */
export const LAYOUT_DEFAULTS = Object.freeze({ iterations: 300 });

function normaliseEdges(where: string, edges: readonly PictureEdge[], nodes: ReadonlySet<string>): MergedEdge[] {
  const merged = new Map<string, MergedEdge>();
  requireArray(where, "input.edges", edges).forEach((e, i) => {
    const r = Array.isArray(e) ? { src: e[0], dst: e[1], ident: e[2], weight: e[3] } : requireRecord(where, `input.edges[${i}]`, e);
    const src = requireString(where, `input.edges[${i}].src`, r.src), dst = requireString(where, `input.edges[${i}].dst`, r.dst);
    const ident = requireString(where, `input.edges[${i}].ident`, r.ident), weight = requireFinite(where, `input.edges[${i}].weight`, r.weight);
    if (!nodes.has(src) || !nodes.has(dst)) throw new WorkbenchInputError(where, `input.edges[${i}]`, "must join two of input.nodes", e);
    if (weight < 0) throw new WorkbenchInputError(where, `input.edges[${i}].weight`, "must be ≥ 0", weight);
    const key = `${src}\u0000${dst}`;
    const m = merged.get(key) ?? { src, dst, weight: 0, idents: [] };
    m.weight += weight;
    if (!m.idents.includes(ident)) m.idents.push(ident);
    merged.set(key, m);
  });
  return [...merged.values()];
}

/** The box a layout fills (pixels) and ForceAtlas2's iterations (default LAYOUT_DEFAULTS.iterations). */
export interface LayoutBox {
  width: number;
  height: number;
  /** Margin kept free on every side. */
  pad: number;
  iterations?: number;
}

/** Node positions by ForceAtlas2 from a circle in sorted order, scaled into the box [pad, width−pad] × [pad, height−pad]. */
export function graphLayout(nodes: readonly string[], edges: readonly MergedEdge[], box: LayoutBox): Layout {
  const { width, height, pad, iterations = LAYOUT_DEFAULTS.iterations } = box;
  const sorted = [...nodes].sort();
  const out = new Map<string, { x: number; y: number }>();
  if (sorted.length === 1) out.set(sorted[0]!, { x: width / 2, y: height / 2 });
  if (sorted.length <= 1) return out;
  const g = new Graph({ type: "directed", multi: false });
  for (const n of sorted) g.addNode(n);
  // Edges in sorted order too: ForceAtlas2 sums forces in edge order, and float sums depend on it.
  const byEnds = [...edges].sort((a, b) => (a.src === b.src ? (a.dst < b.dst ? -1 : a.dst > b.dst ? 1 : 0) : a.src < b.src ? -1 : 1));
  for (const e of byEnds) if (e.src !== e.dst && !g.hasEdge(e.src, e.dst) && !g.hasEdge(e.dst, e.src)) g.addEdge(e.src, e.dst, { weight: 1 });
  circular.assign(g, { scale: 10 });
  if (sorted.length > 2 && g.size > 0) {
    forceAtlas2.assign(g, { iterations, settings: { ...forceAtlas2.inferSettings(g), gravity: 1, scalingRatio: 10, strongGravityMode: true, barnesHutOptimize: false } });
  }
  const xs = sorted.map((n) => g.getNodeAttribute(n, "x") as number), ys = sorted.map((n) => g.getNodeAttribute(n, "y") as number);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Each axis fills the box, but neither is stretched more than 1.6 times the other (so two nodes on a line stay
  // on a line, and the layout's shape is roughly kept).
  let sx = x1 > x0 ? (width - 2 * pad) / (x1 - x0) : Infinity, sy = y1 > y0 ? (height - 2 * pad) / (y1 - y0) : Infinity;
  if (!Number.isFinite(sx) && !Number.isFinite(sy)) sx = sy = 0;
  sx = Math.min(sx, 1.6 * sy);
  sy = Math.min(sy, 1.6 * sx);
  sorted.forEach((n, i) => out.set(n, { x: width / 2 + (xs[i]! - (x0 + x1) / 2) * sx, y: height / 2 + (ys[i]! - (y0 + y1) / 2) * sy }));
  return out;
}

function rankOf(rank: GraphPictureInput["rank"], node: string): number | undefined {
  if (rank === undefined) return undefined;
  const v = rank instanceof Map ? rank.get(node) : (rank as Record<string, number>)[node];
  return v ?? 0;
}

/** Validates the input; returns the node set, merged edges and the ranks (each ≥ 0). */
export function checkGraphInput(where: string, input: GraphPictureInput): { nodes: string[]; edges: MergedEdge[]; rank: Map<string, number> | null } {
  requireRecord(where, "input", input);
  const nodes = requireArray(where, "input.nodes", input.nodes).map((n, i) => requireString(where, `input.nodes[${i}]`, n));
  if (new Set(nodes).size !== nodes.length) throw new WorkbenchInputError(where, "input.nodes", "must not repeat a node", nodes);
  const set = new Set(nodes);
  const edges = normaliseEdges(where, input.edges, set);
  for (const key of ["chat", "mentioned"] as const) {
    const list = input[key];
    if (list !== undefined) requireArray(where, `input.${key}`, list).forEach((v, i) => requireString(where, `input.${key}[${i}]`, v));
  }
  for (const c of input.chat ?? []) if (!set.has(c)) throw new WorkbenchInputError(where, "input.chat", "must name nodes of the graph", c);
  let rank: Map<string, number> | null = null;
  if (input.rank !== undefined) {
    rank = new Map();
    for (const n of nodes) {
      const v = requireFinite(where, `input.rank[${JSON.stringify(n)}]`, rankOf(input.rank, n));
      if (v < 0) throw new WorkbenchInputError(where, `input.rank[${JSON.stringify(n)}]`, "must be ≥ 0", v);
      rank.set(n, v);
    }
  }
  return { nodes, edges, rank };
}

