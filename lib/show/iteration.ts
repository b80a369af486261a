/**
 * The power iteration as frames (seed 000 KP1, the page's `pagerank`): one picture per step t, node areas ∝ r_t on
 * one scale for all frames (so a node visibly grows or shrinks), and the prior p drawn as a box: dashed arrows
 * carry the dangling mass α·d_t from the files with no out-edges back to it, solid arrows carry
 * ((1 − α) + α·d_t)·p(v) from it to each file. `stepper` (stepper.ts) makes the frames a page you click through.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireFinite, requireInteger, requireRecord } from "../core/validate.js";
import { arrowMarkers, drawGraph, GRAPH_PICTURE_DEFAULTS, nodeRadii } from "./graph.js";
import { checkGraphInput, graphLayout, type GraphPictureInput } from "./graph-input.js";
import { COLORS, ID, num, svgDocument, text } from "./svg.js";

export interface IterationInput extends GraphPictureInput {
  /** The personalization (normalised here); where teleports and the dangling mass go. */
  prior: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
  damping: number;
  /** r_0, r_1, …: the rank after each step (r_0 is the start). */
  steps: readonly (ReadonlyMap<string, number> | Readonly<Record<string, number>>)[];
}

export interface IterationFramesOptions {
  width?: number;
  height?: number;
  /** Frames for these step numbers only (default all). */
  frames?: readonly number[];
}

export const ITERATION_DEFAULTS = Object.freeze({ width: 680, height: 400 });

const WHERE = "iterationFrames";

const get = (m: ReadonlyMap<string, number> | Readonly<Record<string, number>>, k: string): number | undefined =>
  m instanceof Map ? m.get(k) : (m as Record<string, number>)[k];

/** What flows in step t → t+1: the dangling mass and the share the prior hands each file. */
export interface StepFlow {
  t: number;
  /** Σ r_t over files with no out-edges. */
  dangling: number;
  /** ((1 − α) + α·d_t)·p(v) per file with p(v) > 0. */
  fromPrior: Map<string, number>;
  total: number;
}

/** The flows of every step (computed from the ranks given, not re-run). */
export function stepFlows(input: IterationInput): StepFlow[] {
  const { nodes, edges } = checkGraphInput(WHERE, input);
  const alpha = requireFinite(WHERE, "input.damping", input.damping);
  if (!(alpha > 0 && alpha < 1)) throw new WorkbenchInputError(WHERE, "input.damping", "must be in (0, 1)", alpha);
  requireRecord(WHERE, "input.prior", input.prior instanceof Map ? Object.fromEntries(input.prior) : input.prior);
  const priorRaw = nodes.map((n) => requireFinite(WHERE, `input.prior[${JSON.stringify(n)}]`, get(input.prior, n) ?? 0));
  const priorSum = priorRaw.reduce((a, b) => a + b, 0);
  if (!(priorSum > 0) || priorRaw.some((v) => v < 0)) throw new WorkbenchInputError(WHERE, "input.prior", "must be ≥ 0 with a positive total", input.prior);
  const out = new Set(edges.filter((e) => e.weight > 0).map((e) => e.src));
  const steps = requireArray(WHERE, "input.steps", input.steps);
  if (steps.length < 2) throw new WorkbenchInputError(WHERE, "input.steps", "must hold r_0 and at least one step", steps.length);
  return steps.map((r, t) => {
    const rank = nodes.map((n) => requireFinite(WHERE, `input.steps[${t}][${JSON.stringify(n)}]`, get(r as Map<string, number>, n) ?? 0));
    const dangling = nodes.reduce((s, n, i) => (out.has(n) ? s : s + rank[i]!), 0);
    const fromPrior = new Map<string, number>();
    nodes.forEach((n, i) => priorRaw[i]! > 0 && fromPrior.set(n, ((1 - alpha) + alpha * dangling) * (priorRaw[i]! / priorSum)));
    return { t, dangling, fromPrior, total: rank.reduce((a, b) => a + b, 0) };
  });
}

/** One SVG per step: ranks as areas on a common scale, the dangling mass flowing back to the prior box. */
export function iterationFrames(input: IterationInput, options: IterationFramesOptions = {}): string[] {
  const flows = stepFlows(input);
  const { nodes, edges } = checkGraphInput(WHERE, input);
  const width = requireInteger(WHERE, "options.width", options.width ?? ITERATION_DEFAULTS.width, 300);
  const height = requireInteger(WHERE, "options.height", options.height ?? ITERATION_DEFAULTS.height, 200);
  const which = (options.frames ?? flows.map((f) => f.t)).map((t, i) => requireInteger(WHERE, `options.frames[${i}]`, t, 0));
  for (const t of which) if (t >= flows.length) throw new WorkbenchInputError(WHERE, "options.frames", `must be steps 0…${flows.length - 1}`, t);
  const alpha = input.damping;
  const top = 30, bottom = 46, boxW = 120;
  const maxRadius = Math.min(GRAPH_PICTURE_DEFAULTS.maxRadius, (Math.min(width, height) / Math.max(2, Math.sqrt(nodes.length))) * 0.3);
  const layout = graphLayout(nodes, edges, { width: width - boxW - 30, height: height - top - bottom, pad: maxRadius + 36 });
  const pos = new Map([...layout].map(([n, p]) => [n, { x: p.x, y: p.y + top }]));
  const ranks = input.steps.map((r) => new Map(nodes.map((n) => [n, get(r, n) ?? 0])));
  const scaleMax = Math.max(...ranks.flatMap((r) => [...r.values()]));
  const box = { x: width - boxW - 10, y: top + (height - top - bottom) / 2 - 28, w: boxW, h: 56 };
  const chat = new Set(input.chat ?? []), mentioned = new Set(input.mentioned ?? []);
  const maxFlow = Math.max(...flows.flatMap((f) => [alpha * f.dangling, ...f.fromPrior.values()]), 1e-12);
  const flowWidth = (m: number) => Math.max(0.8, (8 * m) / maxFlow);
  const danglingNodes = nodes.filter((n) => !edges.some((e) => e.src === n && e.weight > 0));
  return which.map((t) => {
    const rank = ranks[t]!;
    const radii = nodeRadii(nodes, rank, { maxRadius, scaleMax });
    const graph = drawGraph({ nodes, edges, layout: pos, radii }, { rank, chat, mentioned, edgeLabels: true, rankLabels: true, maxEdgeWidth: 6, id: ID });
    const flow = flows[t]!;
    const arrows: string[] = [];
    for (const n of danglingNodes) {
      const p = pos.get(n)!, mass = alpha * rank.get(n)!;
      if (mass <= 0) continue;
      const ex = box.x - 12, ey = box.y + box.h * 0.3;
      arrows.push(`<path class="dangling-flow" d="M${num(p.x + radii.get(n)! + 3)},${num(p.y)} C${num((p.x + ex) / 2)},${num(p.y - 60)} ${num(ex - 40)},${num(ey)} ${num(ex)},${num(ey)}" fill="none" stroke="${COLORS.prior}" stroke-width="${num(flowWidth(mass))}" stroke-dasharray="6 4" marker-end="url(#${ID}-arrow-p)"/>`);
    }
    for (const [n, m] of flow.fromPrior) {
      const p = pos.get(n)!;
      const sx = box.x, sy = box.y + box.h * 0.75, r = Math.max(radii.get(n)!, 4) + 8;
      arrows.push(`<path class="prior-flow" d="M${num(sx)},${num(sy)} C${num(sx - 50)},${num(sy + 50)} ${num(p.x + r + 30)},${num(p.y + 30)} ${num(p.x + r + 8)},${num(p.y + 6)}" fill="none" stroke="${COLORS.prior}" stroke-width="${num(flowWidth(m))}" stroke-opacity="0.7" marker-end="url(#${ID}-arrow-p)"/>`);
    }
    const priorBox =
      `<rect class="prior" x="${num(box.x)}" y="${num(box.y)}" width="${box.w}" height="${box.h}" rx="8" fill="#fbefff" stroke="${COLORS.prior}" stroke-width="1.5"/>` +
      text(box.x + box.w / 2, box.y + 22, "prior p", 14, `text-anchor="middle" font-weight="bold" fill="${COLORS.prior}"`) +
      text(box.x + box.w / 2, box.y + 42, `back: ${(alpha * flow.dangling).toFixed(3)}`, 12, 'text-anchor="middle"');
    const title = text(8, 19, t === 0 ? `r₀ — the start` : `after step ${t}`, 15, 'font-weight="bold"');
    const next = t + 1 < flows.length ? ` · step ${t + 1} sends α·d = ${(alpha * flow.dangling).toFixed(4)} back through p` : "";
    const caption = text(8, height - 26, `dangling mass d = ${flow.dangling.toFixed(4)}${next}`, 12);
    const total = text(8, height - 9, `total rank ${flow.total.toFixed(6)} · purple: teleport + dangling mass, from p · circle area ∝ rank (one scale for all steps)`, 12, `fill="${COLORS.muted}"`);
    return svgDocument(arrowMarkers(ID) + title + "\n" + arrows.join("\n") + "\n" + graph + "\n" + priorBox + caption + total, { width, height, label: `PageRank step ${t}` });
  });
}
