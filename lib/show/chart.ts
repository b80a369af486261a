/**
 * Small SVG charts for notebooks (for `tslab.display.svg`), drawn here so they need no browser library and look
 * the same in Jupyter, in VS Code and in the served HTML: horizontal bars for a ranking, lines for quantities over
 * iterations (optionally on a log scale, for residuals and errors that shrink geometrically).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireFinite, requireString } from "../core/validate.js";
import { escapeHtml, formatCell } from "./table.js";

export interface BarChartOptions {
  title?: string;
  /** Decimals of the value printed after each bar (default 4). */
  digits?: number;
  width?: number;
}

const PALETTE = ["#0969da", "#cf222e", "#1a7f37", "#9a6700", "#8250df", "#57606a"];
const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

/** One horizontal bar per `[label, value]`, scaled to the largest value (values must be ≥ 0). */
export function barChart(entries: readonly (readonly [string, number])[], options: BarChartOptions = {}): string {
  requireArray("barChart", "entries", entries).forEach((e, i) => {
    const [label, value] = requireArray("barChart", `entries[${i}]`, e);
    requireString("barChart", `entries[${i}][0]`, label);
    if (requireFinite("barChart", `entries[${i}][1]`, value) < 0) throw new WorkbenchInputError("barChart", `entries[${i}][1]`, "must be ≥ 0", value);
  });
  const width = options.width ?? 560;
  const labelWidth = Math.min(220, 12 + 7.2 * Math.max(1, ...entries.map(([l]) => l.length)));
  const row = 24;
  const top = options.title ? 28 : 8;
  const max = Math.max(...entries.map(([, v]) => v), Number.MIN_VALUE);
  const barSpace = width - labelWidth - 90;
  const bars = entries
    .map(([label, value], i) => {
      const y = top + i * row;
      const w = (value / max) * barSpace;
      return [
        `<text x="${labelWidth - 6}" y="${y + 16}" text-anchor="end" font-size="13" ${FONT}>${escapeHtml(label)}</text>`,
        `<rect x="${labelWidth}" y="${y + 4}" width="${w.toFixed(1)}" height="16" fill="${PALETTE[0]}" rx="2"/>`,
        `<text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 16}" font-size="12" ${FONT}>${formatCell(value, options.digits ?? 4)}</text>`,
      ].join("");
    })
    .join("\n");
  const height = top + entries.length * row + 8;
  const title = options.title ? `<text x="8" y="18" font-size="14" font-weight="bold" ${FONT}>${escapeHtml(options.title)}</text>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${title}\n${bars}\n</svg>`;
}

export interface Series {
  name: string;
  values: readonly number[];
}

export interface LineChartOptions {
  title?: string;
  xLabel?: string;
  yLabel?: string;
  /** Log-10 y axis; values ≤ 0 are left out of the line. */
  logY?: boolean;
  width?: number;
  /** Height of the plot area (the legend goes below it). */
  height?: number;
  /** The x of values[0] (default 1: iterations counted from 1). */
  xStart?: number;
}

function ticks(lo: number, hi: number, log: boolean): number[] {
  if (log) {
    const out: number[] = [];
    for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) out.push(e);
    const step = Math.max(1, Math.ceil(out.length / 8));
    return out.filter((_, i) => i % step === 0);
  }
  const span = hi - lo || 1;
  const step = 10 ** Math.floor(Math.log10(span / 5));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= 6) ?? step * 10;
  const out: number[] = [];
  for (let v = Math.ceil(lo / nice) * nice; v <= hi + 1e-12; v += nice) out.push(Number(v.toPrecision(12)));
  return out;
}

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
/** 10 to an integer power, as "10⁻³". */
function powerOfTen(e: number): string {
  const digits = String(Math.abs(e)).split("").map((d) => SUPERSCRIPT[Number(d)]).join("");
  return `10${e < 0 ? "⁻" : ""}${digits}`;
}

/** One line per series over x = xStart, xStart+1, …, with axes, ticks and a legend. */
export function lineChart(series: readonly Series[], options: LineChartOptions = {}): string {
  requireArray("lineChart", "series", series);
  series.forEach((s, i) => {
    requireString("lineChart", `series[${i}].name`, s.name);
    requireArray("lineChart", `series[${i}].values`, s.values).forEach((v, j) => requireFinite("lineChart", `series[${i}].values[${j}]`, v));
  });
  const { width = 600, logY = false, xStart = 1 } = options;
  const plotHeight = options.height ?? 260;
  const left = 64, right = 16, top = options.title ? 30 : 12;
  const legendTop = top + plotHeight + 44;
  const height = legendTop + 18 * series.length + 4;
  const ys = series.flatMap((s) => s.values).filter((v) => !logY || v > 0).map((v) => (logY ? Math.log10(v) : v));
  if (ys.length === 0) throw new WorkbenchInputError("lineChart", "series", logY ? "must hold a positive value to draw on a log scale" : "must hold a value");
  let lo = Math.min(...ys), hi = Math.max(...ys);
  if (logY) [lo, hi] = [Math.floor(lo), Math.ceil(hi)]; // whole decades, so the extreme values have a labelled line
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  const n = Math.max(...series.map((s) => s.values.length));
  const bottomY = top + plotHeight;
  const xOf = (i: number) => left + ((width - left - right) * i) / Math.max(1, n - 1);
  const yOf = (v: number) => top + plotHeight * (1 - (v - lo) / (hi - lo));
  const grid = ticks(lo, hi, logY)
    .filter((t) => t >= lo - 1e-9 && t <= hi + 1e-9)
    .map((t) => {
      const y = yOf(t).toFixed(1);
      const label = logY ? powerOfTen(t) : formatCell(t, 3);
      return `<line x1="${left}" x2="${width - right}" y1="${y}" y2="${y}" stroke="#d0d7de"/><text x="${left - 6}" y="${y}" dy="4" text-anchor="end" font-size="12" ${FONT}>${label}</text>`;
    })
    .join("");
  const xt = ticks(xStart, xStart + n - 1, false)
    .map((t) => `<text x="${xOf(t - xStart).toFixed(1)}" y="${bottomY + 16}" text-anchor="middle" font-size="12" ${FONT}>${t}</text>`)
    .join("");
  const lines = series
    .map((s, k) => {
      const pts = s.values
        .map((v, i) => (logY && v <= 0 ? null : `${xOf(i).toFixed(1)},${yOf(logY ? Math.log10(v) : v).toFixed(1)}`))
        .filter((p): p is string => p !== null);
      const color = PALETTE[k % PALETTE.length];
      const y = legendTop + k * 18;
      const legend = `<rect x="${left}" y="${y + 5}" width="18" height="3" fill="${color}"/><text x="${left + 24}" y="${y + 10}" font-size="12" ${FONT}>${escapeHtml(s.name)}</text>`;
      return `<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(" ")}"/>${legend}`;
    })
    .join("\n");
  const title = options.title ? `<text x="8" y="18" font-size="14" font-weight="bold" ${FONT}>${escapeHtml(options.title)}</text>` : "";
  const xl = options.xLabel ? `<text x="${(left + width - right) / 2}" y="${bottomY + 34}" text-anchor="middle" font-size="12" ${FONT}>${escapeHtml(options.xLabel)}</text>` : "";
  const yl = options.yLabel ? `<text transform="translate(14 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle" font-size="12" ${FONT}>${escapeHtml(options.yLabel)}</text>` : "";
  const axes = `<line x1="${left}" x2="${left}" y1="${top}" y2="${bottomY}" stroke="#57606a"/><line x1="${left}" x2="${width - right}" y1="${bottomY}" y2="${bottomY}" stroke="#57606a"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" style="background:#fff">${title}${grid}${axes}${xt}${xl}${yl}\n${lines}\n</svg>`;
}
