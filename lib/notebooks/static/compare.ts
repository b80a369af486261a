/**
 * What "the same results" means between a notebook run in the browser and its in-process run: each code cell's
 * outputs as text (streams, and each display's richest text: HTML, SVG or plain), with what legitimately differs
 * between two runs masked — durations (`12 ms`, `0.3 s`), file paths, stack frames, and the seed fast-check drew
 * for a run and the shrink path that follows from it (`seed -579635744, path 0:0:1`: each run draws its own; the
 * counterexample it finds is compared).
 */
import { sourceText, type Output } from "../ipynb.js";

/** One cell's outputs as comparable text (see the header). */
export function comparableText(outputs: readonly Output[]): string {
  const parts = outputs.map((o) => {
    if (o.output_type === "stream") return `[${o.name}] ${sourceText(o.text)}`;
    if (o.output_type === "error") return `[error] ${o.ename}: ${o.evalue}`;
    const data = o.data;
    const mime = ["text/html", "image/svg+xml", "text/markdown", "text/latex", "text/plain"].find((m) => data[m] !== undefined);
    return mime ? `[${mime}] ${sourceText(data[mime]!)}` : "[display]";
  });
  return parts
    .join("\n")
    .replace(/^\s+at .*$/gm, "    at …") // stack frames: files and positions differ between the runtimes
    .replace(/\b\d+(\.\d+)?\s?(ms|s|µs)\b/g, "… $2")
    .replace(/\bseed -?\d+/g, "seed …")
    .replace(/\bpath \d+(:\d+)*/g, "path …") // the shrink path follows from the seed; the counterexample does not
    .replace(/(\/[\w.@+-]+)+\/([\w.@+-]+)/g, "…/$2");
}
