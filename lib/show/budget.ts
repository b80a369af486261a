/**
 * The token budget drawn (seed 000 KP1 "strict prefix", `aider/repomap.py` `get_ranked_tags_map` "±15 % search"): the ranked entries as one
 * bar of their token costs laid end to end, the budget M as a line with the ±15 % band around it, the seed's strict
 * prefix (entries taken until the first that does not fit) in green, the first misfit in red, and each of Aider's
 * probes (k entries → tokens, in the order the binary search tried them) as a marker below, the accepted one ringed.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireFinite, requireInteger, requireRecord, requireString } from "../core/validate.js";
import { COLORS, num, svgDocument, text } from "./svg.js";

export interface BudgetEntry {
  label: string;
  tokens: number;
}

export interface BudgetProbe {
  k: number;
  tokens: number;
  kept?: boolean;
}

export interface BudgetPictureInput {
  /** The ranked entries, best first, each with its token cost. */
  entries: readonly BudgetEntry[];
  budget: number;
  /** Aider's probes in the order tried (optional). */
  probes?: readonly BudgetProbe[];
  /** The k Aider returned (null: no map). */
  chosenK?: number | null;
  /** The band's half-width as a fraction (default 0.15). */
  tolerance?: number;
}

export interface BudgetPictureOptions {
  title?: string;
  width?: number;
}

export const BUDGET_PICTURE_DEFAULTS = Object.freeze({ width: 680, tolerance: 0.15 });

const WHERE = "budgetPicture";

/** How many entries the strict prefix takes: while the running total fits, stopping at the first that does not. */
export function strictPrefixLength(entries: readonly BudgetEntry[], budget: number): number {
  let used = 0;
  for (let i = 0; i < entries.length; i++) {
    if (used + entries[i]!.tokens > budget) return i;
    used += entries[i]!.tokens;
  }
  return entries.length;
}

function axisTicks(max: number): number[] {
  const step0 = 10 ** Math.floor(Math.log10(max / 5 || 1));
  const step = [1, 2, 5, 10].map((m) => m * step0).find((s) => max / s <= 7) ?? step0 * 10;
  const out: number[] = [];
  for (let v = 0; v <= max + 1e-9; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** The bar of costs, the budget and band, the strict prefix and Aider's probes, as SVG. */
export function budgetPicture(input: BudgetPictureInput, options: BudgetPictureOptions = {}): string {
  requireRecord(WHERE, "input", input);
  const entries = requireArray(WHERE, "input.entries", input.entries).map((e, i) => {
    const r = requireRecord(WHERE, `input.entries[${i}]`, e);
    const tokens = requireFinite(WHERE, `input.entries[${i}].tokens`, r.tokens);
    if (tokens < 0) throw new WorkbenchInputError(WHERE, `input.entries[${i}].tokens`, "must be ≥ 0", tokens);
    return { label: requireString(WHERE, `input.entries[${i}].label`, r.label), tokens };
  });
  const budget = requireFinite(WHERE, "input.budget", input.budget);
  if (budget < 0) throw new WorkbenchInputError(WHERE, "input.budget", "must be ≥ 0", budget);
  const tol = requireFinite(WHERE, "input.tolerance", input.tolerance ?? BUDGET_PICTURE_DEFAULTS.tolerance);
  const probes = (input.probes ? requireArray(WHERE, "input.probes", input.probes) : []).map((p, i) => {
    const r = requireRecord(WHERE, `input.probes[${i}]`, p);
    return { k: requireInteger(WHERE, `input.probes[${i}].k`, r.k, 0), tokens: requireFinite(WHERE, `input.probes[${i}].tokens`, r.tokens), kept: r.kept === true };
  });
  const width = requireInteger(WHERE, "options.width", options.width ?? BUDGET_PICTURE_DEFAULTS.width, 300);
  const strict = strictPrefixLength(entries, budget);
  const total = entries.reduce((s, e) => s + e.tokens, 0);
  const maxX = Math.max(total, budget * (1 + tol), ...probes.map((p) => p.tokens), 1) * 1.04;
  const left = 16, right = 16, top = options.title ? 34 : 12;
  const xOf = (v: number) => left + ((width - left - right) * v) / maxX;
  const barY = top + 24, barH = 30, probeTop = barY + barH + 46, probeRow = 22;
  const height = probeTop + probes.length * probeRow + (probes.length ? 20 : 0) + 34;
  const parts: string[] = [];
  // The band and the budget line span the whole plot.
  const plotBottom = height - 34;
  parts.push(`<rect class="band" x="${num(xOf(budget * (1 - tol)))}" y="${top}" width="${num(xOf(budget * (1 + tol)) - xOf(budget * (1 - tol)))}" height="${num(plotBottom - top)}" fill="${COLORS.band}"/>`);
  parts.push(`<line class="budget" x1="${num(xOf(budget))}" x2="${num(xOf(budget))}" y1="${top + 16}" y2="${num(plotBottom)}" stroke="${COLORS.text}" stroke-width="2"/>`);
  parts.push(text(xOf(budget), top + 12, `budget M = ${budget}`, 12, 'text-anchor="middle" font-weight="bold"'));
  parts.push(text(xOf(budget * (1 - tol)) - 3, plotBottom - 5, `−${Math.round(tol * 100)} %`, 12, 'text-anchor="end"'));
  parts.push(text(xOf(budget * (1 + tol)) + 3, plotBottom - 5, `+${Math.round(tol * 100)} %`, 12));
  let at = 0;
  entries.forEach((e, i) => {
    const x0 = xOf(at), x1 = xOf(at + e.tokens);
    const color = i < strict ? COLORS.ok : i === strict ? COLORS.fail : COLORS.neutral;
    const fill = i < strict ? COLORS.okFill : i === strict ? COLORS.failFill : COLORS.neutralFill;
    parts.push(`<rect class="entry${i < strict ? " taken" : ""}" data-tokens="${e.tokens}" x="${num(x0)}" y="${barY}" width="${num(Math.max(0, x1 - x0))}" height="${barH}" fill="${fill}" stroke="${color}"/>`);
    if (x1 - x0 > 7.5 * e.label.length + 6) parts.push(text((x0 + x1) / 2, barY + 19, e.label, 12, 'text-anchor="middle"'));
    at += e.tokens;
  });
  const strictTokens = entries.slice(0, strict).reduce((s, e) => s + e.tokens, 0);
  parts.push(`<path d="M${num(xOf(0))},${barY + barH + 6} v6 H${num(xOf(strictTokens))} v-6" fill="none" stroke="${COLORS.ok}" stroke-width="2"/>`);
  parts.push(text(xOf(0), barY + barH + 26, `strict prefix: ${strict} of ${entries.length} entries, ${strictTokens} tokens, ${budget - strictTokens} left${strict < entries.length ? ` (stops at ${entries[strict]!.label}, ${entries[strict]!.tokens} tokens)` : ""}`, 12, `fill="${COLORS.ok}"`));
  probes.forEach((p, i) => {
    const y = probeTop + i * probeRow + 8, x = xOf(p.tokens);
    const inBand = budget > 0 && Math.abs(p.tokens - budget) / budget < tol;
    const chosen = input.chosenK !== undefined && input.chosenK !== null && p.kept && p.k === input.chosenK && i === lastKeptIndex(probes);
    if (i > 0) {
      const prev = xOf(probes[i - 1]!.tokens);
      parts.push(`<path d="M${num(prev)},${num(y - probeRow + 6)} L${num(x)},${num(y - 6)}" stroke="${COLORS.muted}" stroke-dasharray="3 3" fill="none"/>`);
    }
    parts.push(`<circle class="probe${p.kept ? " kept" : ""}" data-k="${p.k}" cx="${num(x)}" cy="${y}" r="6" fill="${p.kept ? COLORS.node : "#fff"}" stroke="${COLORS.node}" stroke-width="2"/>`);
    if (chosen) parts.push(`<circle class="chosen" cx="${num(x)}" cy="${y}" r="10" fill="none" stroke="${COLORS.chat}" stroke-width="2.5"/>`);
    const label = `probe ${i + 1}: k = ${p.k} → ${p.tokens} tokens${inBand ? " (within band)" : ""}${chosen ? " — accepted" : p.kept ? " — kept" : ""}`;
    const anchorRight = x + 14 + 6.8 * label.length > width - 4;
    parts.push(text(anchorRight ? x - 14 : x + 14, y + 4, label, 12, anchorRight ? 'text-anchor="end"' : ""));
  });
  const axisY = plotBottom;
  parts.push(`<line x1="${left}" x2="${width - right}" y1="${axisY}" y2="${axisY}" stroke="${COLORS.muted}"/>`);
  for (const t of axisTicks(maxX)) parts.push(`<line x1="${num(xOf(t))}" x2="${num(xOf(t))}" y1="${axisY}" y2="${axisY + 4}" stroke="${COLORS.muted}"/>` + text(xOf(t), axisY + 17, String(t), 12, 'text-anchor="middle"'));
  parts.push(text(width - right, axisY + 30, "tokens", 12, 'text-anchor="end"'));
  if (probes.length && (input.chosenK === null || input.chosenK === undefined)) parts.push(text(xOf(0), axisY - 6, input.chosenK === null ? "no probe qualified: no map at all" : "", 12, `fill="${COLORS.fail}"`));
  const title = options.title ? text(8, 20, options.title, 15, 'font-weight="bold"') : "";
  return svgDocument(title + "\n" + parts.join("\n"), { width, height: height + 10, label: options.title ?? "token budget" });
}

function lastKeptIndex(probes: readonly { kept: boolean }[]): number {
  for (let i = probes.length - 1; i >= 0; i--) if (probes[i]!.kept) return i;
  return -1;
}
