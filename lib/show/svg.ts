/**
 * Shared pieces of the SVG pictures: the font, the palette, number formatting for coordinates, a title line, the
 * outer `<svg>` element (white background, a fixed viewBox that scales down to the page's width), and a short
 * stable hash for element ids (so two pictures on one page never share an id, and the same input gives the same
 * SVG on every run).
 */
import { createHash } from "node:crypto";
import { escapeHtml } from "./table.js";

export const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

/** Colours shared by the pictures (GitHub's Primer palette, readable on white). */
export const COLORS = Object.freeze({
  node: "#0969da",
  nodeFill: "#ddf4ff",
  chat: "#bf3989",
  mention: "#bc4c00",
  edge: "#57606a",
  prior: "#8250df",
  ok: "#1a7f37",
  okFill: "#dafbe1",
  fail: "#cf222e",
  failFill: "#ffebe9",
  neutral: "#6e7781",
  neutralFill: "#f6f8fa",
  band: "#fff8c5",
  text: "#1f2328",
  muted: "#57606a",
});

/** A coordinate with at most 1 decimal, no "-0". */
export function num(v: number): string {
  const s = v.toFixed(1).replace(/\.0$/, "");
  return s === "-0" ? "0" : s;
}

/** A text element; `attrs` is extra attribute text (the default fill unless it sets one). */
export function text(x: number, y: number, body: string, size = 13, attrs = ""): string {
  const fill = /(^|\s)fill="/.test(attrs) ? "" : ` fill="${COLORS.text}"`;
  return `<text x="${num(x)}" y="${num(y)}" font-size="${size}" ${FONT}${fill}${attrs ? " " + attrs : ""}>${escapeHtml(body)}</text>`;
}

/**
 * Where a picture's element ids go: `svgDocument` replaces it by a hash of the picture, so ids are unique per
 * picture (a browser resolves `url(#id)` to the FIRST element with that id on the page, which may sit in a hidden
 * frame) and still the same on every run.
 */
export const ID = "@ID@";

/** The outer element: width × height user units, scaled to fit the page (max-width 100 %). */
export function svgDocument(body: string, frame: { width: number; height: number; label: string }): string {
  const { width, height, label } = frame;
  const w = Math.ceil(width), h = Math.ceil(height);
  body = body.split(ID).join(`wb${stableId(label, body)}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" ` +
    `aria-label="${escapeHtml(label)}" style="background:#fff;max-width:100%;height:auto">\n${body}\n</svg>`
  );
}

/** 8 hex digits of the SHA-256 of `parts`: a deterministic id prefix. */
export function stableId(...parts: readonly string[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 8);
}
