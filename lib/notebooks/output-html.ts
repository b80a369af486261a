/**
 * Cell outputs as HTML — streams, HTML, SVG, images, markdown, LaTeX, text, errors — shared by the pages rendered
 * in Node (`html.ts`, which passes markdown-it and KaTeX for markdown and LaTeX outputs) and the static site's
 * browser runtime (which shows those two as their text, keeping markdown-it and KaTeX out of its bundle).
 */
import { escapeHtml } from "../show/table.js";
import { sourceText, type Output } from "./ipynb.js";

/** How markdown and LaTeX outputs become HTML; without them they are shown as text. */
export interface RichRenderers {
  markdown(text: string): string;
  latex(tex: string): string;
}

/** Text without its terminal colour escapes (what tslab prints for errors). */
export const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, "");

/** The richest representation of a display output, as HTML. */
function renderData(data: Record<string, string | string[]>, rich: RichRenderers | undefined): string {
  const get = (mime: string) => (data[mime] === undefined ? undefined : sourceText(data[mime]!));
  const html = get("text/html");
  if (html !== undefined) return `<div class="output-html">${html}</div>`;
  const svg = get("image/svg+xml");
  if (svg !== undefined) return `<div class="output-svg">${svg}</div>`;
  for (const mime of ["image/png", "image/jpeg", "image/gif"]) {
    const b64 = get(mime);
    if (b64 !== undefined) return `<img class="output-image" alt="" src="data:${mime};base64,${b64.replace(/\s/g, "")}">`;
  }
  const md = get("text/markdown");
  if (md !== undefined && rich) return `<div class="output-markdown">${rich.markdown(md)}</div>`;
  const latex = get("text/latex");
  if (latex !== undefined && rich) return `<div class="output-latex">${rich.latex(latex.trim().replace(/^\$\$?|\$\$?$/g, ""))}</div>`;
  const text = get("text/plain") ?? md ?? latex;
  return text === undefined ? "" : `<pre class="output-text">${escapeHtml(stripAnsi(text))}</pre>`;
}

function renderOutput(output: Output, rich: RichRenderers | undefined): string {
  switch (output.output_type) {
    case "stream":
      return `<pre class="stream ${output.name}">${escapeHtml(stripAnsi(sourceText(output.text)))}</pre>`;
    case "display_data":
    case "execute_result":
      return renderData(output.data, rich);
    case "error":
      return `<pre class="stream stderr">${escapeHtml(stripAnsi([`${output.ename}: ${output.evalue}`, ...output.traceback].join("\n")))}</pre>`;
  }
}

/** Outputs as the pages show them. */
export function renderOutputsWith(outputs: readonly Output[], rich?: RichRenderers): string {
  return outputs.map((o) => renderOutput(o, rich)).join("\n");
}
