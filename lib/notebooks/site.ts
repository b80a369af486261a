/**
 * The embedded notebook site behind `npm start` when Jupyter is not installed: executes every notebook in-process
 * (each in its own process, one after the other) and serves them as HTML on 127.0.0.1 while that happens — the
 * contents page comes up at once and each notebook's page fills in when its run ends. An executed copy is reused
 * when neither the notebook, nor lib's build, nor the diagrams changed since it was made. Live pages (the default)
 * show the learner's edited sources and have their cells run by the server (`serve.ts`, `live/`).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { listDiagrams } from "../diagrams/render.js";
import { bilingualHtml, escapeHtml, notebookTitle, renderContentsPage, renderDocumentPage, renderNotebookPage, type ContentsEntry, type NavLink, type PageLanguage } from "./html.js";
import { parseNotebook, type Notebook } from "./ipynb.js";
import { LANG_DEFAULTS, type Lang } from "../core/lang.js";
import { parseGlossary } from "./glossary.js";
import { cellTranslation, notebookInLang } from "./language.js";
import { requireInteger } from "../core/validate.js";
import { INSTALL_HINT } from "./jupyter.js";
import type { ProjectPaths } from "./project.js";
import type { NotebookRun } from "./run-result.js";
import { executedPath, RUN_DEFAULTS, runNotebooks } from "./runner.js";
import { editsFolder, readEdits } from "./live/edits.js";

export interface SiteEntry {
  file: string;
  /** The page's file name: `<stem>.html`. */
  href: string;
  title: string;
  state: "queued" | "running" | "done";
  run: NotebookRun | null;
  notebook: Notebook;
  cached: boolean;
}

export interface SiteOptions {
  /** Pages with editable, runnable cells (the server then runs them); else read-only pages. */
  live: boolean;
  /** Whether Jupyter's Notebook server is installed (the footer says what is true). */
  jupyterInstalled: boolean;
  /** Where the learner's edited copies go; by default `.workbench/notebooks/` in the project. */
  editsDir?: string;
  /** The language pages open in (`start --lang`); the reader's `?lang=` or last choice wins, the toggle switches. */
  lang?: Lang;
}

export const SITE_DEFAULTS: Readonly<SiteOptions> = Object.freeze({ live: true, jupyterInstalled: false, lang: LANG_DEFAULTS.lang });

/** The page of the glossary the Chinese prose links its terms to (docs/glossary.md, rendered). */
export const GLOSSARY_PAGE = "glossary.html";

/** What every page needs for its two languages: the opening language, and docs/glossary.json for the links. */
export function pageLanguage(root: string, lang: Lang): PageLanguage {
  const file = join(root, "docs", "glossary.json");
  if (!existsSync(file)) return { lang };
  return { lang, glossary: { glossary: parseGlossary(JSON.parse(readFileSync(file, "utf8"))), href: GLOSSARY_PAGE } };
}

/** The notebook's title in Chinese: the first heading of its Chinese prose, when its first heading cell has one. */
export function chineseTitle(nb: Notebook): string | undefined {
  const first = nb.cells.find((c) => c.cell_type === "markdown" && /^#{1,6}\s/m.test(Array.isArray(c.source) ? c.source.join("") : c.source));
  return first && cellTranslation(first) ? notebookTitle(notebookInLang({ ...nb, cells: [first] }, "zh"), "") || undefined : undefined;
}

/** A notebook as its neighbours' pages link to it: its page and its title, in Chinese too when it has one. */
export function navLink(e: SiteEntry): NavLink {
  const titleZh = chineseTitle(e.notebook);
  return { href: e.href, title: e.title, ...(titleZh ? { titleZh } : {}) };
}

/** docs/glossary.md as a page of the site, or null when the project has none. */
export function glossaryPage(root: string, options: { footer: string; lang: Lang }): string | null {
  const file = join(root, "docs", "glossary.md");
  return existsSync(file) ? renderDocumentPage("术语表 · Glossary", readFileSync(file, "utf8"), options) : null;
}

export interface Site {
  paths: ProjectPaths;
  entries: SiteEntry[];
  options: SiteOptions & { editsDir: string };
}

/** The footer: what these pages are, and how to get the other mode, true for the mode at hand. */
export function siteFooter(options: SiteOptions): string {
  const both = bilingualHtml;
  const what = options.live
    ? both(
        "Live pages served by <code>npm start</code>: edit any code cell and run it (Shift-Enter); tslab runs it on this machine, no Python needed. Your edits are kept in <code>.workbench/notebooks/</code>, never over <code>notebooks/</code>.",
        "由 <code>npm start</code> 提供的可运行页面：任何代码单元都可以编辑并运行（Shift-Enter），由 tslab 在本机运行，不需要 Python。你的修改保存在 <code>.workbench/notebooks/</code>，不会覆盖 <code>notebooks/</code>。",
      )
    : both("A read-only view of the executed notebooks, served by <code>npm start</code>.", "由 <code>npm start</code> 提供的只读页面，显示已执行的笔记本。");
  const install = `<code>${escapeHtml(INSTALL_HINT)}</code>`;
  const other = options.jupyterInstalled
    ? both(
        "Jupyter Notebook is installed too: <code>npm start</code> without <code>--embedded</code> opens the same notebooks in it.",
        "本机也装有 Jupyter Notebook：不带 <code>--embedded</code> 运行 <code>npm start</code>，即可在其中打开同样的笔记本。",
      )
    : both(
        `Jupyter is not installed; to open the same notebooks in Jupyter Notebook: ${install}, then <code>npm start</code> again.`,
        `本机没有安装 Jupyter；想在 Jupyter Notebook 中打开同样的笔记本，请先运行 ${install}，再运行 <code>npm start</code>。`,
      );
  return `${what}\n${other}`;
}

/** A site for `files`, every notebook queued (shown without outputs until it has run). */
export function createSite(paths: ProjectPaths, files: readonly string[], options: Partial<SiteOptions> = {}): Site {
  const entries = files.map((file): SiteEntry => {
    const notebook = parseNotebook(readFileSync(file, "utf8"), basename(file));
    const stem = basename(file, ".ipynb");
    return { file, href: `${stem}.html`, title: notebookTitle(notebook, stem), state: "queued", run: null, notebook, cached: false };
  });
  return { paths, entries, options: { ...SITE_DEFAULTS, editsDir: editsFolder(paths.root), ...options } };
}

/** What an executed copy depends on: the notebook's text, lib's build time, and the diagrams' stamps. */
export function runStamp(paths: ProjectPaths, file: string): string {
  const hash = createHash("sha256").update(readFileSync(file));
  const libEntry = join(paths.root, "lib", "dist", "index.js");
  hash.update(String(existsSync(libEntry) ? statSync(libEntry).mtimeMs : 0));
  for (const d of listDiagrams(paths.diagrams)) hash.update(existsSync(d.svg) ? readFileSync(d.svg, "utf8").split("\n", 1)[0]! : d.name);
  return hash.digest("hex");
}

function loadCached(paths: ProjectPaths, entry: SiteEntry): boolean {
  const executed = executedPath(paths, entry.file, { mode: "inprocess" });
  const stampFile = `${executed}.stamp`;
  if (!existsSync(executed) || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== runStamp(paths, entry.file)) return false;
  const nb = parseNotebook(readFileSync(executed, "utf8"), executed);
  const meta = nb.metadata.workbench as Pick<NotebookRun, "ok" | "failure" | "seconds"> | undefined;
  if (!meta) return false;
  Object.assign(entry, { notebook: nb, state: "done", cached: true, run: { notebook: entry.file, mode: "inprocess", executed, ...meta } });
  return true;
}

/** Executes every queued notebook (or reuses its executed copy unless `fresh`), `jobs` at once (default: the
 * runner's, one per core), updating the site as runs end; the runs come back in the site's order. */
export async function executeSite(
  site: Site,
  options: { fresh?: boolean; jobs?: number; onRun?: (run: NotebookRun, cached: boolean) => void } = {},
): Promise<NotebookRun[]> {
  const jobs = options.jobs ?? RUN_DEFAULTS.jobs;
  requireInteger("executeSite", "options.jobs", jobs, 1);
  const runs: NotebookRun[] = new Array(site.entries.length);
  const queued: number[] = [];
  site.entries.forEach((entry, i) => {
    if (!options.fresh && loadCached(site.paths, entry)) {
      runs[i] = entry.run!;
      options.onRun?.(entry.run!, true);
    } else queued.push(i);
  });
  const worker = async () => {
    for (let i = queued.shift(); i !== undefined; i = queued.shift()) {
      const entry = site.entries[i]!;
      entry.state = "running";
      const [run] = await runNotebooks(site.paths, [entry.file], { mode: "inprocess" });
      entry.run = run!;
      if (run!.executed && existsSync(run!.executed)) {
        entry.notebook = parseNotebook(readFileSync(run!.executed, "utf8"), run!.executed);
        writeFileSync(`${run!.executed}.stamp`, runStamp(site.paths, entry.file));
      }
      entry.state = "done";
      runs[i] = run!;
      options.onRun?.(run!, false);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, queued.length) }, worker));
  return runs;
}

/** A diagram's caption: the text of the `%%` comment its source starts with. */
function diagramCaption(source: string): string {
  const first = readFileSync(source, "utf8").split("\n", 1)[0] ?? "";
  return first.startsWith("%%") ? first.replace(/^%%\s*/, "") : "";
}

function statusHtml(entry: SiteEntry): string {
  const both = bilingualHtml;
  if (entry.state !== "done") return `<span class="pending">${entry.state === "running" ? both("executing…", "正在执行…") : both("queued", "排队中")}</span>`;
  const run = entry.run!;
  if (run.ok) {
    const seconds = run.seconds.toFixed(1);
    return `<span class="ok">${both(`ran without errors (${seconds} s${entry.cached ? ", unchanged since its last run" : ""})`, `运行无误（${seconds} 秒${entry.cached ? "，自上次运行以来没有变化" : ""}）`)}</span>`;
  }
  const cell = run.failure && run.failure.cell > 0 ? run.failure.cell : 0;
  const message = escapeHtml(run.failure?.message.split("\n")[0] ?? "");
  return `<span class="bad">${both(`${cell ? `stopped at cell ${cell}` : "did not run"}: ${message}`, `${cell ? `在单元 ${cell} 处停止` : "没有运行"}：${message}`)}</span>`;
}

/** The HTML of the page at `name` ("index.html" or a notebook's `<stem>.html`), or null when there is none. */
export function renderSitePage(site: Site, name: string): string | null {
  const pending = site.entries.some((e) => e.state !== "done");
  if (name === "" || name === "index.html") {
    const entries: ContentsEntry[] = site.entries.map((e) => {
      const titleZh = chineseTitle(e.notebook);
      return { href: e.href, title: e.title, ...(titleZh ? { titleZh } : {}), file: `notebooks/${basename(e.file)}`, status: statusHtml(e) };
    });
    const diagrams = listDiagrams(site.paths.diagrams)
      .filter((d) => existsSync(d.svg))
      .map((d) => ({ name: d.name, caption: diagramCaption(d.source), svg: readFileSync(d.svg, "utf8") }));
    const live = site.options.live ? " Open one to edit its cells and run them." : "";
    const liveZh = site.options.live ? "打开一个笔记本即可编辑并运行其中的单元格。" : "";
    const intro =
      `<span data-lang="en">The study notebooks in learning order, executed in-process by tslab (no Python).${live} ${pending ? "Notebooks are still executing; this page refreshes until they are done." : ""}</span>` +
      `<span data-lang="zh" lang="zh-CN">按学习顺序排列的笔记本，由 tslab 在本进程中执行（无需 Python）。${liveZh}${pending ? "笔记本仍在执行，本页会自动刷新，直到全部完成。" : ""}</span>`;
    return renderContentsPage(entries, diagrams, { intro, footer: siteFooter(site.options), lang: site.options.lang ?? LANG_DEFAULTS.lang, ...(pending ? { refreshSeconds: 3 } : {}) });
  }
  if (name === GLOSSARY_PAGE) return glossaryPage(site.paths.root, { footer: siteFooter(site.options), lang: site.options.lang ?? LANG_DEFAULTS.lang });
  const i = site.entries.findIndex((e) => e.href === name);
  if (i === -1) return null;
  const entry = site.entries[i]!;
  const file = `<code>notebooks/${escapeHtml(basename(entry.file))}</code>`;
  const waiting = site.options.live
    ? ["reload when it has run, or run its cells yourself.", "运行完后请刷新，或者自己运行其中的单元。"]
    : ["this page refreshes when it has run.", "运行完后本页会自动刷新。"];
  const banner =
    entry.state === "done"
      ? `${file}, <span data-lang="en">executed in-process by tslab:</span><span data-lang="zh" lang="zh-CN">由 tslab 在本进程中执行：</span> ${statusHtml(entry)}`
      : `${file}: ${statusHtml(entry)} — <span data-lang="en">shown without outputs; ${waiting[0]}</span><span data-lang="zh" lang="zh-CN">暂不显示输出；${waiting[1]}</span>`;
  const link = (e: SiteEntry | undefined) => (e ? navLink(e) : undefined);
  const prev = link(site.entries[i - 1]);
  const next = link(site.entries[i + 1]);
  return renderNotebookPage(entry.notebook, {
    title: entry.title,
    banner,
    failure: entry.run?.failure ?? null,
    nav: { ...(prev ? { prev } : {}), ...(next ? { next } : {}) },
    footer: siteFooter(site.options),
    language: pageLanguage(site.paths.root, site.options.lang ?? LANG_DEFAULTS.lang),
    // a live page does not reload itself (it would lose what the learner is typing)
    ...(entry.state === "done" || site.options.live ? {} : { refreshSeconds: 2 }),
    ...(site.options.live ? { live: { notebook: basename(entry.file, ".ipynb"), edits: readEdits(site.options.editsDir, entry.file) } } : {}),
  });
}
