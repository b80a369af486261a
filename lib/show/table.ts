/**
 * Tables for notebooks: rows of plain values rendered as an HTML table (for `tslab.display.html`), numbers
 * formatted to a fixed number of decimals so columns line up, everything else escaped.
 */
import { requireArray, requireInteger, requireRecord } from "../core/validate.js";

export interface TableOptions {
  /** Column keys in order (default: the keys of the first row, then any new key of later rows). */
  columns?: readonly string[];
  /** Decimals for non-integer numbers (default 6). */
  digits?: number;
  /** A caption above the table. */
  caption?: string;
  /** Columns shown as code, whitespace and line breaks kept (for file text, SEARCH and REPLACE blocks). */
  code?: readonly string[];
}

export const TABLE_DEFAULTS = Object.freeze({ digits: 6 });

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A cell value as text: integers as they are, other numbers with `digits` decimals, arrays joined, objects as JSON. */
export function formatCell(value: unknown, digits: number = TABLE_DEFAULTS.digits): string {
  if (typeof value === "number") {
    if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
    const fixed = value.toFixed(digits);
    return Number(fixed) === 0 && value !== 0 ? value.toExponential(2) : fixed;
  }
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((v) => formatCell(v, digits)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Whitespace made visible: "·" for a space, "→" for a tab, "⏎" before each line break (the break is kept). */
export function visibleWhitespace(text: string): string {
  return text.replace(/ /g, "·").replace(/\t/g, "→").replace(/\n/g, "⏎\n");
}

/** Rows as an HTML `<table>`; numeric columns right-aligned. */
export function htmlTable(objects: readonly object[], options: TableOptions = {}): string {
  const rows = requireArray("htmlTable", "rows", objects).map((r, i) => requireRecord("htmlTable", `rows[${i}]`, r));
  const digits = requireInteger("htmlTable", "options.digits", options.digits ?? TABLE_DEFAULTS.digits, 0);
  const columns = options.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const numeric = new Set(columns.filter((c) => rows.some((r) => typeof r[c] === "number") && rows.every((r) => r[c] === undefined || typeof r[c] === "number")));
  // In a column with fractions, integers get the same decimals (1.000000 beside 0.872500), so digits line up.
  const fractional = new Set([...numeric].filter((c) => rows.some((r) => typeof r[c] === "number" && !Number.isInteger(r[c]))));
  const align = (c: string) => (numeric.has(c) ? ' style="text-align:right"' : "");
  const cell = (c: string, v: unknown) =>
    fractional.has(c) && typeof v === "number" && Number.isInteger(v) ? v.toFixed(digits) : formatCell(v, digits);
  const code = new Set(options.code ?? []);
  const wrap = (c: string, html: string) =>
    code.has(c) ? `<pre style="margin:0;font-size:12.5px;white-space:pre;text-align:left">${html}</pre>` : html;
  const head = columns.map((c) => `<th${align(c)}>${escapeHtml(c)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${columns.map((c) => `<td${align(c)}>${wrap(c, escapeHtml(cell(c, r[c])))}</td>`).join("")}</tr>`)
    .join("\n");
  const caption = options.caption ? `<caption style="caption-side:top;text-align:left;font-weight:600">${escapeHtml(options.caption)}</caption>` : "";
  return `<table>${caption}<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table>`;
}
