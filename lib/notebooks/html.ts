/**
 * Executed notebooks as static HTML pages, for the embedded `npm start` (no Python): markdown with math rendered by
 * markdown-it + KaTeX on the server (so pages work offline, no script runs in them), code highlighted by
 * highlight.js (also on the server), outputs (streams,
 * HTML, SVG, images, markdown, LaTeX, text), the failing cell marked, and a contents page. Outputs come from our
 * own notebooks, executed locally, so their HTML and SVG are embedded as they are.
 */
import markdownIt, { type MarkdownIt } from "markdown-it";
import * as katexPluginModule from "@vscode/markdown-it-katex";
import katex from "katex";
import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import typescript from "highlight.js/lib/languages/typescript";
import { escapeHtml } from "../show/table.js";
import { sourceText, type Cell, type Notebook, type Output } from "./ipynb.js";
import type { CellFailure } from "./run-result.js";
import { renderOutputsWith, stripAnsi, type RichRenderers } from "./output-html.js";

type KatexPlugin = (md: MarkdownIt, options?: { throwOnError?: boolean; enableFencedBlocks?: boolean }) => MarkdownIt;

/** The plugin's function, whichever way the CommonJS default export reaches us (Node ESM or a bundler). */
function katexPlugin(): KatexPlugin {
  const ns = katexPluginModule as unknown as { default: KatexPlugin | { default: KatexPlugin } };
  return typeof ns.default === "function" ? ns.default : ns.default.default;
}

const LANGUAGES = { typescript, ts: typescript, python, py: python, bash, sh: bash, json } as const;
let highlighterReady = false;

/** Code as highlighted HTML (highlight.js classes); unknown languages are only escaped. */
export function highlightCode(code: string, language = "typescript"): string {
  if (!highlighterReady) {
    for (const [name, def] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, def);
    highlighterReady = true;
  }
  return hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : escapeHtml(code);
}

let markdown: MarkdownIt | undefined;
/** markdown-it with raw HTML allowed (our own notebooks), tables, and $…$ / $$…$$ math through KaTeX. */
export function renderMarkdown(text: string): string {
  markdown ??= markdownIt({
    html: true,
    linkify: false,
    typographer: false,
    highlight: (code, lang) => (lang ? highlightCode(code, lang) : ""),
  }).use(katexPlugin(), {
    throwOnError: false,
    enableFencedBlocks: true,
  });
  return markdown.render(text);
}

export { escapeHtml, stripAnsi };

/** The notebook's title: its first markdown heading, else `fallback`. */
export function notebookTitle(nb: Notebook, fallback: string): string {
  for (const cell of nb.cells) {
    if (cell.cell_type !== "markdown") continue;
    const m = /^#{1,6}\s+(.+)$/m.exec(sourceText(cell.source));
    if (m) return m[1]!.trim();
  }
  return fallback;
}

const RICH: RichRenderers = {
  markdown: renderMarkdown,
  latex: (tex) => katex.renderToString(tex, { displayMode: true, throwOnError: false }),
};

/** Outputs as the page shows them (the live pages render streamed outputs with this too). */
export function renderOutputs(outputs: readonly Output[]): string {
  return renderOutputsWith(outputs, RICH);
}

/** What the live pages add: the notebook's name for the API, and the learner's edited sources by cell id. */
export interface LivePage {
  notebook: string;
  edits: ReadonlyMap<string, string>;
  /** The page's script; by default the live pages' `assets/live/live.js`. */
  script?: string;
}

/** The label of a live page's stored outputs until its session runs the cell (short: it sits over their corner). */
const STORED = "stored output from the build";

function renderCell(cell: Cell, index: number, failure: CellFailure | null, live?: LivePage): string {
  if (cell.cell_type === "markdown") return `<section class="cell markdown" id="cell-${index + 1}">${renderMarkdown(sourceText(cell.source))}</section>`;
  if (cell.cell_type !== "code") return `<section class="cell raw"><pre>${escapeHtml(sourceText(cell.source))}</pre></section>`;
  const failed = failure?.cell === index + 1;
  // a live page's prompts say what its session ran (the page's script fills them in), not what the build did
  const count = live || cell.execution_count === null ? " " : String(cell.execution_count);
  const note = failed ? `<p class="failed-note">This cell failed: <code>${escapeHtml(failure!.message)}</code></p>` : "";
  const edited = live && cell.id !== undefined ? live.edits.get(cell.id) : undefined;
  const attrs = live && cell.id !== undefined ? ` data-cell-id="${escapeHtml(cell.id)}"` : "";
  const tools = attrs
    ? `<div class="cell-tools"><button class="run" title="Run this cell (Shift-Enter)">▶ Run</button><button class="revert"${edited === undefined ? " hidden" : ""} title="Put the notebook's own code back">Revert cell</button><span class="cell-state">${edited === undefined ? "" : "edited"}</span></div>`
    : "";
  return [
    `<section class="cell code${failed ? " failed" : ""}${edited === undefined ? "" : " edited"}" id="cell-${index + 1}"${attrs}>`,
    `<div class="prompt">In [${count}]:</div>`,
    `<pre class="source"><code class="hljs language-typescript">${highlightCode(edited ?? sourceText(cell.source))}</code></pre>`,
    tools,
    `<div class="outputs"${live && cell.outputs.length > 0 ? ` data-from="${STORED}" title="This session has not run the cell yet: the output was stored when the notebook was built."` : ""}>${renderOutputs(cell.outputs)}${note}</div>`,
    `</section>`,
  ].join("\n");
}

export interface PageNav {
  prev?: { href: string; title: string };
  next?: { href: string; title: string };
}

/** One executed notebook as a page. `banner` is a line of HTML shown above the cells (status, timing). */
export function renderNotebookPage(
  nb: Notebook,
  options: { title: string; banner: string; failure: CellFailure | null; nav: PageNav; refreshSeconds?: number; footer: string; live?: LivePage },
): string {
  const { prev, next } = options.nav;
  const nav = [
    prev ? `<a href="${prev.href}">← ${escapeHtml(prev.title)}</a>` : "",
    `<a href="index.html">Contents</a>`,
    next ? `<a href="${next.href}">${escapeHtml(next.title)} →</a>` : "",
  ].filter(Boolean);
  const live = options.live;
  const toolbar = live
    ? `<div class="live-bar" data-notebook="${escapeHtml(live.notebook)}"><button id="run-all">▶▶ Run all</button><button id="interrupt">■ Interrupt</button><button id="restart">↻ Restart</button><button id="revert-all">Revert notebook</button><span id="kernel-state">session: not started</span></div>`
    : "";
  const body = [`<p class="banner">${options.banner}</p>`, toolbar, ...nb.cells.map((c, i) => renderCell(c, i, options.failure, live))].join("\n");
  const script = live ? `<script src="${escapeHtml(live.script ?? "assets/live/live.js")}" defer></script>` : "";
  return page(options.title, `<nav>${nav.join(" · ")}</nav>`, body, options.footer, options.refreshSeconds, script);
}

export interface ContentsEntry {
  href: string;
  title: string;
  file: string;
  /** HTML: the notebook's state (passed, failed at cell N, running…). */
  status: string;
}

/** The contents page: every notebook with its state, then every diagram. */
export function renderContentsPage(entries: readonly ContentsEntry[], diagrams: readonly { name: string; caption: string; svg: string }[], options: { intro: string; footer: string; refreshSeconds?: number }): string {
  const items = entries
    .map((e) => `<li><a href="${e.href}">${escapeHtml(e.title)}</a> <span class="file">${escapeHtml(e.file)}</span> <span class="status">${e.status}</span></li>`)
    .join("\n");
  const figures = diagrams
    .map((d) => `<figure id="diagram-${escapeHtml(d.name)}"><figcaption><code>${escapeHtml(d.name)}</code> ${escapeHtml(d.caption)}</figcaption>${d.svg}</figure>`)
    .join("\n");
  const body = `<h1>aider-workbench notebooks</h1>\n<p>${options.intro}</p>\n<ul class="contents">${items}</ul>\n<h2>Diagrams</h2>\n<div class="diagrams">${figures}</div>`;
  return page("aider-workbench notebooks", "", body, options.footer, options.refreshSeconds);
}

function page(title: string, nav: string, body: string, footer: string, refreshSeconds?: number, script = ""): string {
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/katex/katex.min.css">
<link rel="stylesheet" href="assets/hljs/github.min.css">
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<style>${CSS}</style>
${script}
</head>
<body>
<header><a class="home" href="index.html">aider-workbench</a>${nav}</header>
<main>
${body}
</main>
<footer>${footer}</footer>
</body>
</html>
`;
}

const CSS = `
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1f2328; background: #fff; }
header { display: flex; gap: 1.5em; align-items: baseline; padding: .6em 1.5em; border-bottom: 1px solid #d0d7de; background: #f6f8fa; }
header .home { font-weight: 600; color: #1f2328; text-decoration: none; }
header nav a { margin-right: .3em; }
main { max-width: 60em; margin: 0 auto; padding: 1em 1.5em 3em; }
footer { max-width: 60em; margin: 0 auto; padding: 1em 1.5em 2em; color: #57606a; font-size: .9em; border-top: 1px solid #d0d7de; }
a { color: #0969da; }
.banner { padding: .5em .8em; border-radius: 6px; background: #ddf4ff; }
.banner.failed, .banner:has(.failed) { background: #ffebe9; }
.cell { margin: 1em 0; }
.cell.code { display: grid; grid-template-columns: 5.5em 1fr; column-gap: .5em; }
.prompt { grid-column: 1; color: #57606a; font: 13px/1.5 ui-monospace, "DejaVu Sans Mono", monospace; padding-top: .55em; text-align: right; }
.source, .outputs { grid-column: 2; min-width: 0; }
pre { margin: 0; overflow-x: auto; font: 13.5px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; }
.source code.hljs { background: transparent; padding: 0; }
.source { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: .5em .8em; }
.outputs > * { margin-top: .4em; }
.output-html { overflow-x: auto; }
.stream { padding: .2em .8em; white-space: pre-wrap; }
.stream.stderr { background: #fff1f0; color: #82071e; }
.cell.failed .source { border-color: #cf222e; }
.failed-note { color: #cf222e; margin: .3em 0 0; }
.output-html table, .cell.markdown table { border-collapse: collapse; margin: .4em 0; }
.output-html th, .output-html td, .cell.markdown th, .cell.markdown td { border: 1px solid #d0d7de; padding: .25em .6em; text-align: left; }
.output-html th, .cell.markdown th { background: #f6f8fa; }
.output-svg svg, .diagrams svg { max-width: 100%; height: auto; }
.cell.markdown code { background: #f6f8fa; padding: .1em .3em; border-radius: 4px; font-size: .92em; }
.katex-display { overflow-x: auto; overflow-y: hidden; }
ul.contents { list-style: none; padding-left: 0; } ul.contents li { margin: .5em 0; }
.diagrams { display: grid; grid-template-columns: repeat(auto-fill, minmax(24em, 1fr)); gap: 1.5em; align-items: start; }
.diagrams svg { max-height: 34em; }
figcaption { font-weight: normal; font-size: .92em; }
.file { color: #57606a; font-size: .85em; font-family: ui-monospace, monospace; }
.status .ok { color: #1a7f37; } .status .bad { color: #cf222e; } .status .pending { color: #9a6700; }
figure { margin: 0; } figcaption { margin-bottom: .4em; }
.live-bar { position: sticky; top: 0; z-index: 5; display: flex; gap: .5em; align-items: center; padding: .4em 0; background: #fff; border-bottom: 1px solid #d0d7de; }
button { font: inherit; font-size: .85em; padding: .15em .7em; border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; cursor: pointer; }
button:hover { background: #eaeef2; } button[hidden] { display: none; }
.live-bar button { flex: none; white-space: nowrap; }
#kernel-state, .cell-state { color: #57606a; font-size: .85em; }
.cell-tools { grid-column: 1; grid-row: 2; display: flex; flex-direction: column; gap: .3em; align-items: flex-end; margin-top: .3em; }
.cell.edited .source, .cell.edited .cm-editor { border-color: #9a6700; }
.cell.running .prompt { color: #9a6700; }
.source .cm-editor { background: #f6f8fa; }
.cm-editor { border: 1px solid #d0d7de; border-radius: 6px; font-size: 13.5px; }
.cm-editor.cm-focused { outline: 2px solid #0969da44; }
.cm-editor .cm-content { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.cell .live-source { grid-column: 2; min-width: 0; }
.outputs[data-from] { position: relative; }
.outputs[data-from]:not(:empty)::before { content: attr(data-from); position: absolute; top: 0; right: 0; z-index: 1; padding: 0 .4em; border-radius: 4px; background: #f6f8faee; color: #57606a; font-size: .75em; font-style: italic; }
.outputs[data-from] > * { opacity: .7; }
`;
