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
import type { Lang } from "../core/lang.js";
import { linkGlossaryTerms, type Glossary } from "./glossary.js";
import { cellProse, cellTranslation } from "./language.js";
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
const STORED_ZH = "构建时保存的输出";
/** The label the page script gives outputs from before a restart (live/browser/session-view.ts `EARLIER`), and its Chinese. */
export const EARLIER_LABEL = "output from an earlier session";
const EARLIER_ZH = "重启前的输出";

/** The note a prose cell shows in Chinese when it has no Chinese yet (its English follows). */
export const UNTRANSLATED_NOTE = "未翻译";

/**
 * A prose cell in both languages, the page showing one (`<html data-lang>`, switched by the header's toggle);
 * `zhText` is its Chinese as rendered (glossary links added), absent when the cell has none — then the English
 * shows in Chinese mode too, under a small "未翻译" note.
 */
export function renderProse(enText: string, zhText: string | undefined): string {
  const en = renderMarkdown(enText);
  const zh =
    zhText === undefined
      ? `<p class="untranslated" title="This cell has no Chinese yet: the English is shown.">${UNTRANSLATED_NOTE}</p>${en}`
      : renderMarkdown(zhText);
  return `<div class="prose" data-lang="en" lang="en">${en}</div><div class="prose" data-lang="zh" lang="zh-CN">${zh}</div>`;
}

/** Each markdown cell's Chinese as the page shows it (first use of a glossary term linked), by cell index. */
function chineseProse(nb: Notebook, glossary?: { glossary: Glossary; href: string }): Map<number, string> {
  const indices = nb.cells.flatMap((c, i) => (cellTranslation(c) ? [i] : []));
  const texts = indices.map((i) => cellProse(nb.cells[i]!, "zh").text);
  const shown = glossary ? linkGlossaryTerms(glossary.glossary, texts, glossary.href) : texts;
  return new Map(indices.map((i, k) => [i, shown[k]!]));
}

function renderCell(cell: Cell, index: number, failure: CellFailure | null, live?: LivePage, zh?: string): string {
  if (cell.cell_type === "markdown") return `<section class="cell markdown" id="cell-${index + 1}">${renderProse(sourceText(cell.source), zh)}</section>`;
  if (cell.cell_type !== "code") return `<section class="cell raw"><pre>${escapeHtml(sourceText(cell.source))}</pre></section>`;
  const failed = failure?.cell === index + 1;
  // a live page's prompts say what its session ran (the page's script fills them in), not what the build did
  const count = live || cell.execution_count === null ? " " : String(cell.execution_count);
  const note = failed ? `<p class="failed-note">${bilingual("This cell failed:", "此单元格出错：")} <code>${escapeHtml(failure!.message)}</code></p>` : "";
  const edited = live && cell.id !== undefined ? live.edits.get(cell.id) : undefined;
  const attrs = live && cell.id !== undefined ? ` data-cell-id="${escapeHtml(cell.id)}"` : "";
  const tools = attrs
    ? `<div class="cell-tools"><button class="run" title="Run this cell (Shift-Enter)">▶ ${bilingual("Run", "运行")}</button><button class="revert"${edited === undefined ? " hidden" : ""} title="Put the notebook's own code back">${bilingual("Revert cell", "还原此格")}</button><span class="cell-state">${edited === undefined ? "" : "edited"}</span></div>`
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

/** A neighbouring notebook: its page, its title, and its Chinese title when it has one. */
export interface NavLink {
  href: string;
  title: string;
  titleZh?: string;
}

export interface PageNav {
  prev?: NavLink;
  next?: NavLink;
}

/** A title in both languages when it has a Chinese one, else as it is. */
function titleHtml(link: { title: string; titleZh?: string | undefined }): string {
  return link.titleZh === undefined ? escapeHtml(link.title) : bilingual(link.title, link.titleZh);
}

/** What a page shows in two languages: the one it opens in (the URL's `?lang=` or the reader's last choice win). */
export interface PageLanguage {
  lang: Lang;
  /** The glossary, for links from a term's first use in the Chinese prose to `href#term-…`. */
  glossary?: { glossary: Glossary; href: string };
}

/** One executed notebook as a page. `banner` is a line of HTML shown above the cells (status, timing). */
export function renderNotebookPage(
  nb: Notebook,
  options: { title: string; banner: string; failure: CellFailure | null; nav: PageNav; refreshSeconds?: number; footer: string; live?: LivePage; language?: PageLanguage },
): string {
  const { prev, next } = options.nav;
  const nav = [
    prev ? `<a href="${prev.href}">← ${titleHtml(prev)}</a>` : "",
    `<a href="index.html">${bilingual("Contents", "目录")}</a>`,
    next ? `<a href="${next.href}">${titleHtml(next)} →</a>` : "",
  ].filter(Boolean);
  const live = options.live;
  const toolbar = live
    ? `<div class="live-bar" data-notebook="${escapeHtml(live.notebook)}"><button id="run-all">▶▶ ${bilingual("Run all", "全部运行")}</button><button id="interrupt">■ ${bilingual("Interrupt", "中断")}</button><button id="restart">↻ ${bilingual("Restart", "重启")}</button><button id="revert-all">${bilingual("Revert notebook", "还原笔记本")}</button><span id="kernel-state">session: not started</span></div>`
    : "";
  const zh = chineseProse(nb, options.language?.glossary);
  const body = [`<p class="banner">${options.banner}</p>`, toolbar, ...nb.cells.map((c, i) => renderCell(c, i, options.failure, live, zh.get(i)))].join("\n");
  const script = live ? `<script src="${escapeHtml(live.script ?? "assets/live/live.js")}" defer></script>` : "";
  return page({ title: options.title, nav: `<nav>${nav.join(" · ")}</nav>`, lang: options.language?.lang ?? "en" }, body, options.footer, { refreshSeconds: options.refreshSeconds, script });
}

export interface ContentsEntry {
  href: string;
  title: string;
  /** The title in Chinese (the notebook's first heading in its Chinese prose), when it has one. */
  titleZh?: string;
  file: string;
  /** HTML: the notebook's state (passed, failed at cell N, running…). */
  status: string;
}

/** The contents page: every notebook with its state, then every diagram. */
export function renderContentsPage(entries: readonly ContentsEntry[], diagrams: readonly { name: string; caption: string; svg: string }[], options: { intro: string; footer: string; refreshSeconds?: number; lang?: Lang }): string {
  const items = entries
    .map((e) => `<li><a href="${e.href}">${titleHtml(e)}</a> <span class="file">${escapeHtml(e.file)}</span> <span class="status">${e.status}</span></li>`)
    .join("\n");
  const figures = diagrams
    .map((d) => `<figure id="diagram-${escapeHtml(d.name)}"><figcaption><code>${escapeHtml(d.name)}</code> ${escapeHtml(d.caption)}</figcaption>${d.svg}</figure>`)
    .join("\n");
  const body = `<h1>${bilingual("aider-workbench notebooks", "aider-workbench 笔记本")}</h1>\n<p>${options.intro}</p>\n<ul class="contents">${items}</ul>\n<h2>${bilingual("Diagrams", "示意图")}</h2>\n<div class="diagrams">${figures}</div>`;
  return page({ title: "aider-workbench notebooks", nav: "", lang: options.lang ?? "en" }, body, options.footer, { refreshSeconds: options.refreshSeconds });
}

/** A Markdown document (docs/glossary.md) as a page of the site, with the same header and toggle. */
export function renderDocumentPage(title: string, markdownText: string, options: { footer: string; lang: Lang }): string {
  const nav = `<nav><a href="index.html">${bilingual("Contents", "目录")}</a></nav>`;
  return page({ title, nav, lang: options.lang }, `<article class="cell markdown">${renderMarkdown(markdownText)}</article>`, options.footer, {});
}

/** Plain text in both languages, the page showing one. */
export function bilingual(en: string, zh: string): string {
  return bilingualHtml(escapeHtml(en), escapeHtml(zh));
}

/** HTML in both languages (`en` and `zh` are HTML, not escaped here), the page showing one. */
export function bilingualHtml(en: string, zh: string): string {
  return `<span data-lang="en">${en}</span><span data-lang="zh" lang="zh-CN">${zh}</span>`;
}

/** The header's language toggle: switches the page at once (no reload), and the choice is kept for the next page. */
export const LANG_TOGGLE =
  `<span class="lang-toggle" role="group" aria-label="Language · 语言"><button type="button" data-set-lang="en" lang="en">English</button><button type="button" data-set-lang="zh" lang="zh-CN">中文</button></span>`;

/**
 * Runs before the body is drawn: the page's language is the URL's `?lang=en|zh`, else the reader's last choice
 * (localStorage), else the one the server opened with; `<html lang>` follows, and the toggle switches it in place.
 */
export const LANG_SCRIPT = `(function () {
  var root = document.documentElement, key = "aider-workbench.lang", ok = function (v) { return v === "en" || v === "zh"; };
  var asked = new URLSearchParams(location.search).get("lang"), kept = null;
  try { kept = localStorage.getItem(key); if (ok(asked)) localStorage.setItem(key, asked); } catch (e) {}
  function show(v) { root.setAttribute("data-lang", v); root.lang = v === "zh" ? "zh-CN" : "en"; }
  show(ok(asked) ? asked : ok(kept) ? kept : root.getAttribute("data-lang") === "zh" ? "zh" : "en");
  window.workbenchSetLang = function (v) {
    if (!ok(v)) return;
    show(v);
    try { localStorage.setItem(key, v); } catch (e) {}
    var url = new URL(location.href); url.searchParams.set("lang", v); history.replaceState(history.state, "", url);
  };
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("[data-set-lang]") : null;
    if (b) { e.preventDefault(); window.workbenchSetLang(b.getAttribute("data-set-lang")); }
  });
})();`;

function page(head: { title: string; nav: string; lang: Lang }, body: string, footer: string, extra: { refreshSeconds?: number | undefined; script?: string }): string {
  const { title, nav, lang } = head;
  const { refreshSeconds, script = "" } = extra;
  const refresh = refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : "";
  return `<!doctype html>
<html lang="${lang === "zh" ? "zh-CN" : "en"}" data-lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refresh}<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="assets/katex/katex.min.css">
<link rel="stylesheet" href="assets/hljs/github.min.css">
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<style>${CSS}</style>
<script>${LANG_SCRIPT}</script>
${script}
</head>
<body>
<header><a class="home" href="index.html">aider-workbench</a>${nav}${LANG_TOGGLE}</header>
<main>
${body}
</main>
<footer>${footer}</footer>
</body>
</html>
`;
}

const CSS = `
html[data-lang="en"] [data-lang="zh"], html[data-lang="zh"] [data-lang="en"] { display: none; }
.lang-toggle { margin-left: auto; display: flex; gap: 0; }
.lang-toggle button { border-radius: 0; } .lang-toggle button:first-child { border-radius: 6px 0 0 6px; } .lang-toggle button:last-child { border-radius: 0 6px 6px 0; border-left: none; }
html[data-lang="en"] .lang-toggle [data-set-lang="en"], html[data-lang="zh"] .lang-toggle [data-set-lang="zh"] { background: #0969da; color: #fff; border-color: #0969da; }
.untranslated { display: inline-block; margin: 0 0 .3em; padding: 0 .5em; border-radius: 4px; background: #fff8c5; color: #6b5a00; font-size: .8em; }
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
html[data-lang="zh"] .outputs[data-from="${STORED}"]:not(:empty)::before { content: "${STORED_ZH}"; }
html[data-lang="zh"] .outputs[data-from="${EARLIER_LABEL}"]:not(:empty)::before { content: "${EARLIER_ZH}"; }
`;
