/**
 * The reference graph drawn (seed 000 KP1, seed 003 §3.3): files as circles whose AREA is proportional to their
 * rank, references as arrows referencer → definer whose WIDTH is proportional to the edge weight, chat files ringed,
 * edges of mentioned identifiers coloured. Parallel edges between two files are drawn as one arrow carrying the
 * summed weight and every identifier; edge labels are placed where they overlap no node. The input checks and the
 * ForceAtlas2 layout are in graph-input.ts: the same graph always gets the same picture.
 */
import { requireInteger } from "../core/validate.js";
import { checkGraphInput, graphLayout, LAYOUT_DEFAULTS, type GraphPictureInput, type Layout, type MergedEdge } from "./graph-input.js";
import { COLORS, ID, num, svgDocument, text } from "./svg.js";

export type { GraphPictureInput, PictureEdge } from "./graph-input.js";

export interface GraphPictureOptions {
  title?: string;
  width?: number;
  height?: number;
  /** Print the identifiers on the arrows (default true; turn off for busy graphs). */
  edgeLabels?: boolean;
  /** Print each node's rank under its name (default true when a rank is given). */
  rankLabels?: boolean;
  /** ForceAtlas2 iterations (default 300). */
  iterations?: number;
}

export const GRAPH_PICTURE_DEFAULTS = Object.freeze({ width: 640, height: 420, edgeLabels: true, iterations: LAYOUT_DEFAULTS.iterations, maxRadius: 34, maxEdgeWidth: 7 });

const WHERE = "graphPicture";
/**
 * Radius per node: area ∝ rank (a rank of `scaleMax`, default the largest, gets maxRadius); a rank of 0 gets
 * radius 0 (drawn as a dashed ring).
 */
export function nodeRadii(nodes: readonly string[], rank: ReadonlyMap<string, number> | null, scale: { maxRadius: number; scaleMax?: number }): Map<string, number> {
  const { maxRadius, scaleMax } = scale;
  const max = scaleMax ?? (rank ? Math.max(0, ...rank.values()) : 0);
  return new Map(nodes.map((n) => [n, rank === null ? maxRadius * 0.6 : max > 0 ? maxRadius * Math.sqrt(rank.get(n)! / max) : 0]));
}

/** The arrows and node circles of a laid-out graph (shared by the graph picture and the iteration frames). */
export function drawGraph(
  graph: { nodes: readonly string[]; edges: readonly MergedEdge[]; layout: Layout; radii: ReadonlyMap<string, number> },
  opts: { rank: ReadonlyMap<string, number> | null; chat: ReadonlySet<string>; mentioned: ReadonlySet<string>; edgeLabels: boolean; rankLabels: boolean; maxEdgeWidth: number; id: string },
): string {
  const { nodes, edges, layout, radii } = graph;
  const maxW = Math.max(0, ...edges.map((e) => e.weight));
  const pairs = new Set(edges.map((e) => `${e.src}\u0000${e.dst}`));
  const out: string[] = [];
  // Boxes already taken (node circles and their labels), so edge labels are put where they overlap none.
  const taken: Box[] = nodes.map((n) => {
    const { x, y } = layout.get(n)!, r = Math.max(radii.get(n)!, 4);
    const w = Math.max(2 * r, 7.5 * n.length);
    return { x0: x - w / 2 - 2, x1: x + w / 2 + 2, y0: y - r - 2, y1: y + r + (opts.rank && opts.rankLabels ? 36 : 20) };
  });
  for (const e of edges) {
    const a = layout.get(e.src)!, b = layout.get(e.dst)!;
    const mentioned = e.idents.some((i) => opts.mentioned.has(i));
    const color = mentioned ? COLORS.mention : COLORS.edge;
    const width = maxW > 0 ? Math.max(0.6, (opts.maxEdgeWidth * e.weight) / maxW) : 1;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const [ux, uy] = unit(b.x - a.x, b.y - a.y);
    // Bend when the reverse arrow exists, so A → B and B → A do not overlap.
    const bend = pairs.has(`${e.dst}\u0000${e.src}`) ? 0.18 * len : 0;
    const mx = (a.x + b.x) / 2 - uy * bend, my = (a.y + b.y) / 2 + ux * bend;
    const ra = Math.max(radii.get(e.src)!, 4) + 2, rb = Math.max(radii.get(e.dst)!, 4) + 3 + ARROW;
    const [sux, suy] = unit(mx - a.x, my - a.y), [eux, euy] = unit(b.x - mx, b.y - my);
    const sx = a.x + sux * ra, sy = a.y + suy * ra, ex = b.x - eux * rb, ey = b.y - euy * rb;
    const marker = mentioned ? `${opts.id}-arrow-m` : `${opts.id}-arrow`;
    // A file referencing its own definition: a loop over the node, from its upper left round to its upper right.
    const r0 = Math.max(radii.get(e.src)!, 4);
    const d =
      e.src === e.dst
        ? `M${num(a.x - r0 * 0.7)},${num(a.y - r0 * 0.7)} C${num(a.x - r0 - 26)},${num(a.y - r0 - 40)} ${num(a.x + r0 + 26)},${num(a.y - r0 - 40)} ${num(a.x + r0 * 0.7 + 6)},${num(a.y - r0 * 0.7 - 8)}`
        : `M${num(sx)},${num(sy)} Q${num(mx)},${num(my)} ${num(ex)},${num(ey)}`;
    out.push(
      `<path class="edge" data-src="${escapeAttr(e.src)}" data-dst="${escapeAttr(e.dst)}" data-weight="${e.weight}" d="${d}" fill="none" stroke="${color}" stroke-width="${Math.round(width * 100) / 100}" stroke-opacity="0.8" marker-end="url(#${marker})"/>`,
    );
    if (opts.edgeLabels) {
      // Beside the curve's middle, on the side it bends to (the left of the direction of travel when straight).
      // Tried at the middle first, then nearer either end, on the bend's side then the other.
      const label = `${e.idents.join(", ")} ×${formatWeight(e.weight)}`;
      const half = (7 * label.length) / 2;
      const loopTop = { cx: a.x, cy: a.y - r0 - 34, box: { x0: a.x - half, x1: a.x + half, y0: a.y - r0 - 45, y1: a.y - r0 - 31 } };
      const spots = e.src === e.dst ? [loopTop] : [0.5, 0.38, 0.62, 0.28, 0.72].flatMap((t) => [1, -1].map((sgn) => {
        const side = sgn * (bend > 0 ? bend * 0.55 + 6 : 9);
        const cx = a.x + (b.x - a.x) * t - uy * side, cy = a.y + (b.y - a.y) * t + ux * side + 4;
        return { cx, cy, box: { x0: cx - half, x1: cx + half, y0: cy - 11, y1: cy + 3 } };
      }));
      const spot = spots.find((sp) => !taken.some((b) => overlaps(b, sp.box))) ?? spots[0]!;
      taken.push(spot.box);
      const lx = spot.cx, ly = spot.cy;
      out.push(text(lx, ly, label, 12, `text-anchor="middle" fill="${color}" paint-order="stroke" stroke="#fff" stroke-width="3"`));
    }
  }
  for (const n of nodes) {
    const { x, y } = layout.get(n)!;
    const r = radii.get(n)!;
    const chat = opts.chat.has(n);
    const circle =
      r > 0
        ? `<circle class="node" data-node="${escapeAttr(n)}" cx="${num(x)}" cy="${num(y)}" r="${(Math.round(r * 1000) / 1000).toString()}" fill="${COLORS.nodeFill}" stroke="${COLORS.node}" stroke-width="1.5"/>`
        : `<circle class="node zero" data-node="${escapeAttr(n)}" cx="${num(x)}" cy="${num(y)}" r="4" fill="#fff" stroke="${COLORS.neutral}" stroke-dasharray="2 2"/>`;
    const ring = chat ? `<circle class="chat-ring" cx="${num(x)}" cy="${num(y)}" r="${num(Math.max(r, 4) + 4)}" fill="none" stroke="${COLORS.chat}" stroke-width="3"/>` : "";
    const below = y + Math.max(r, 4) + 16;
    const label = text(x, below, n, 13, `text-anchor="middle" font-weight="${chat ? "bold" : "normal"}"`);
    const rank = opts.rank && opts.rankLabels ? text(x, below + 15, opts.rank.get(n)!.toFixed(3), 12, `text-anchor="middle" fill="${COLORS.muted}"`) : "";
    out.push(ring + circle + label + rank);
  }
  return out.join("\n");
}

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function unit(dx: number, dy: number): [number, number] {
  const len = Math.hypot(dx, dy) || 1;
  return [dx / len, dy / len];
}

function formatWeight(w: number): string {
  return Number.isInteger(w) ? String(w) : w < 0.01 ? w.toExponential(1) : w.toFixed(2);
}

function escapeAttr(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** The arrowheads' size in picture units (the same for every width, so a thick edge has no huge head). */
const ARROW = 11;

/** Arrowhead markers (grey, and the mention colour, and the prior's colour), ids prefixed with `id`. */
export function arrowMarkers(id: string): string {
  const m = (name: string, color: string) =>
    `<marker id="${id}-${name}" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="${ARROW}" markerHeight="${ARROW}" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${color}"/></marker>`;
  return `<defs>${m("arrow", COLORS.edge)}${m("arrow-m", COLORS.mention)}${m("arrow-p", COLORS.prior)}</defs>`;
}

/** A legend line: what area, width, ring and colour mean. */
export function graphLegend(x: number, y: number, has: { hasRank: boolean; hasChat: boolean; hasMention: boolean }): string {
  const { hasRank, hasChat, hasMention } = has;
  const parts = [hasRank ? "circle area ∝ rank" : "", "arrow: referencer → definer, width ∝ weight", hasChat ? "ring: chat file" : "", hasMention ? "orange: mentioned identifier" : ""].filter(Boolean);
  const half = Math.ceil(parts.length / 2);
  return text(x, y - 15, parts.slice(0, half).join(" · "), 12, `fill="${COLORS.muted}"`) + text(x, y, parts.slice(half).join(" · "), 12, `fill="${COLORS.muted}"`);
}

/** The reference graph as SVG: node area ∝ rank, arrow width ∝ weight, chat files ringed, mentioned identifiers in orange. */
export function graphPicture(input: GraphPictureInput, options: GraphPictureOptions = {}): string {
  const { nodes, edges, rank } = checkGraphInput(WHERE, input);
  const width = requireInteger(WHERE, "options.width", options.width ?? GRAPH_PICTURE_DEFAULTS.width, 200);
  const height = requireInteger(WHERE, "options.height", options.height ?? GRAPH_PICTURE_DEFAULTS.height, 150);
  const iterations = requireInteger(WHERE, "options.iterations", options.iterations ?? GRAPH_PICTURE_DEFAULTS.iterations, 0);
  const top = options.title ? 30 : 8, bottom = 40;
  const maxRadius = Math.min(GRAPH_PICTURE_DEFAULTS.maxRadius, (Math.min(width, height) / Math.max(2, Math.sqrt(nodes.length))) * 0.3);
  const pad = maxRadius + 40;
  const layout = graphLayout(nodes, edges, { width, height: height - top - bottom, pad, iterations });
  const shifted = new Map([...layout].map(([n, p]) => [n, { x: p.x, y: p.y + top }]));
  const radii = nodeRadii(nodes, rank, { maxRadius });
  const chat = new Set(input.chat ?? []), mentioned = new Set(input.mentioned ?? []);
  const body = drawGraph({ nodes, edges, layout: shifted, radii }, {
    rank,
    chat,
    mentioned,
    edgeLabels: options.edgeLabels ?? GRAPH_PICTURE_DEFAULTS.edgeLabels,
    rankLabels: options.rankLabels ?? rank !== null,
    maxEdgeWidth: GRAPH_PICTURE_DEFAULTS.maxEdgeWidth,
    id: ID,
  });
  const title = options.title ? text(8, 19, options.title, 15, 'font-weight="bold"') : "";
  const legend = graphLegend(8, height - 9, { hasRank: rank !== null, hasChat: chat.size > 0, hasMention: edges.some((e) => e.idents.some((i) => mentioned.has(i))) });
  return svgDocument(arrowMarkers(ID) + title + "\n" + body + "\n" + legend, { width, height, label: options.title ?? "reference graph" });
}
