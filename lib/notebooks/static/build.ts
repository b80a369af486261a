/**
 * `workbench site OUT`: the notebooks as a static site whose code cells run in the reader's browser. Pages are the
 * live pages' (`../html.ts`, opening with the outputs of an in-process run, `../site.ts`); their script is
 * `browser/site-client.ts` and the runtime `browser/worker.ts`, both bundled by esbuild, lib included, Node's
 * built-ins replaced by the in-memory files of `files.json` or by a stub that says what is missing.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { bilingualHtml, escapeHtml, renderContentsPage, renderNotebookPage } from "../html.js";
import { findProjectRoot } from "../../core/project-root.js";
import type { ProjectPaths } from "../project.js";
import { FAVICON } from "../serve.js";
import { chineseTitle, createSite, executeSite, GLOSSARY_PAGE, glossaryPage, navLink, pageLanguage, type Site, type SiteEntry } from "../site.js";
import { WorkbenchInputError } from "../../core/errors.js";
import { LANGUAGES } from "../../repomap/scan/languages.js";
import { listRepoFiles } from "../../repomap/scan/files.js";

/** Cells that need what a browser cannot do (a real git): the page shows their build-time outputs, marked. */
export const RECORDED_CELLS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  "05-git-checkpoints": ["real-turn-run", "real-turn-pictures", "compare-table", "dry-run", "hunks-run", "report", "neither-run", "two-calls-run"],
});

/** The one command that runs a recorded cell's notebook locally. */
export const LOCAL_COMMAND = "npm ci && npm start";

const STUB = `const refuse = (name) => () => { throw new Error(name + " is not available in the browser; run this notebook locally (${LOCAL_COMMAND})"); };
module.exports = new Proxy({}, { get: (_t, p) => (p === "__esModule" ? false : refuse(String(p))) });`;

/** The in-memory files the notebooks read: the sample repository, lib's sources (notebooks 02, 03, 05–07), the
 * diagrams (`show.diagram`) and the root package.json (which marks the project's root). The files a repo map of the
 * project sees (`listRepoFiles`: git's tracked files in a checkout), so the page's map of lib is the in-process one. */
export async function siteFiles(root: string): Promise<Record<string, string>> {
  const { files: listed } = await listRepoFiles(root);
  const wanted = (rel: string) => rel === "package.json" || /^(diagrams|notebooks\/sample-repo|lib)\//.test(rel);
  const files: Record<string, string> = {};
  for (const rel of listed.filter(wanted)) {
    const file = join(root, rel);
    if (existsSync(file) && statSync(file).isFile() && statSync(file).size < 512 * 1024) files[rel] = readFileSync(file, "utf8");
  }
  return files;
}

/** Bundles the page script and the runtime worker (with lib) into `out` (`<site>/assets/site`). */
export async function bundleRuntime(root: string, out: string): Promise<void> {
  const esbuild = await import("esbuild");
  const browser = join(root, "lib", "notebooks", "static", "browser");
  const shims: Record<string, string> = { fs: "fs-shim.ts", path: "path-shim.ts", module: "module-shim.ts", crypto: "crypto-shim.ts", os: "os-shim.ts" };
  const builtins = /^(node:.*|fs|fs\/promises|path|crypto|os|util|module|url|child_process|worker_threads|perf_hooks|v8|vm|http|net|stream)$/;
  const plugin = {
    name: "browser-builtins",
    setup(build: import("esbuild").PluginBuild) {
      build.onResolve({ filter: builtins }, (args) => {
        const name = args.path.replace(/^node:/, "");
        return shims[name] ? { path: join(browser, shims[name]!) } : { path: name, namespace: "node-stub" };
      });
      build.onLoad({ filter: /.*/, namespace: "node-stub" }, () => ({ contents: STUB, loader: "js" }));
    },
  };
  const common = { bundle: true, minify: true, target: "es2022", logLevel: "silent" as const, legalComments: "none" as const };
  await esbuild.build({ ...common, entryPoints: [join(browser, "site-client.ts")], format: "iife", outfile: join(out, "site-client.js"), plugins: [plugin] });
  await esbuild.build({
    ...common,
    entryPoints: [join(browser, "worker.ts")],
    format: "esm",
    splitting: true,
    platform: "browser",
    outdir: out,
    chunkNames: "chunks/[name]-[hash]",
    plugins: [plugin],
    inject: [join(browser, "globals-shim.ts")],
    define: { "process.env.NODE_ENV": '"production"' },
  });
}

/** Every file of the site under `site` but the grammars (fetched when a scan needs one), as paths relative to it. */
export function siteFileList(site: string): string[] {
  const list: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(join(site, rel)).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      if (path === "assets/site/node_modules" || path === "sw.js") continue;
      if (statSync(join(site, path)).isDirectory()) walk(path);
      else list.push(path);
    }
  };
  walk("");
  return list;
}

/** Bundles `<site>/sw.js`, the service worker, with the list of files it keeps on install (`siteFileList`). */
export async function bundleServiceWorker(root: string, site: string): Promise<void> {
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: [join(root, "lib", "notebooks", "static", "browser", "service-worker.ts")],
    bundle: true,
    minify: true,
    target: "es2022",
    logLevel: "silent",
    format: "iife",
    outfile: join(site, "sw.js"),
    define: { SITE_FILES: JSON.stringify(["./", ...siteFileList(site)]) },
  });
}

function pageOf(entry: SiteEntry, nav: { prev?: SiteEntry; next?: SiteEntry }): string {
  const stem = basename(entry.file, ".ipynb");
  const recorded = RECORDED_CELLS[stem] ?? [];
  const link = (e?: SiteEntry) => (e ? navLink(e) : undefined);
  const prev = link(nav.prev);
  const next = link(nav.next);
  let html = renderNotebookPage(entry.notebook, {
    title: entry.title,
    banner: `<code>notebooks/${escapeHtml(basename(entry.file))}</code>: ${bilingualHtml(
      "the outputs below were recorded when this site was built; every code cell runs again <em>in this browser</em> (a Web Worker) — edit it and press Shift-Enter.",
      "下面的输出是构建本站点时记录的；每个代码单元都会<em>在本浏览器中</em>（一个 Web Worker）重新运行——编辑后按 Shift-Enter 即可。",
    )}`,
    failure: entry.run?.failure ?? null,
    nav: { ...(prev ? { prev } : {}), ...(next ? { next } : {}) },
    footer: bilingualHtml(
      `A static page: nothing runs on a server. Your edits stay in this browser (localStorage). To run the notebooks on your own machine: <code>${LOCAL_COMMAND}</code>.`,
      `静态页面：不在任何服务器上运行代码。你的修改只保存在本浏览器里（localStorage）。想在自己的机器上运行这些笔记本：<code>${LOCAL_COMMAND}</code>。`,
    ),
    live: { notebook: stem, edits: new Map(), script: "assets/site/site-client.js" },
    // both languages, opening in English unless the reader's ?lang= or last choice says otherwise
    language: pageLanguage(findProjectRoot(dirname(entry.file)), "en"),
  });
  for (const id of recorded) {
    html = html.replace(`data-cell-id="${escapeHtml(id)}">`, `data-cell-id="${escapeHtml(id)}" data-recorded="${escapeHtml(LOCAL_COMMAND)}">`);
  }
  return html;
}

/** The grammar packages' files the scanner reads (package.json, `.wasm`, tags queries), copied under `out`. */
export function copyGrammars(root: string, out: string): void {
  const copy = (pkg: string, file: string) => {
    const from = join(root, "node_modules", pkg, file);
    if (existsSync(from)) cpSync(from, join(out, pkg, file));
  };
  for (const spec of LANGUAGES) {
    copy(spec.pkg, "package.json");
    copy(spec.pkg, spec.wasm);
    for (const q of spec.tagsQueries) if (!("own" in q)) copy(q.pkg, q.path);
  }
  copy("web-tree-sitter", "package.json");
}

/** Writes the site into `out` (created when missing); `onLine` hears progress. Resolves with the executed notebooks. */
export async function buildStaticSite(paths: ProjectPaths, out: string, onLine: (line: string) => void = () => {}): Promise<Site> {
  if (existsSync(out) && !statSync(out).isDirectory()) throw new WorkbenchInputError("buildStaticSite", "out", "must be a folder or not exist", out);
  const files = readdirSync(paths.notebooks).filter((f) => /^\d\d-.*\.ipynb$/.test(f)).sort().map((f) => join(paths.notebooks, f));
  const site = createSite(paths, files, { live: true });
  await executeSite(site, { onRun: (run, cached) => onLine(`executed ${relative(paths.root, run.notebook)}${cached ? " (unchanged, reused)" : ""}: ${run.ok ? "ok" : "FAILED"}`) });
  rmSync(join(out, "assets", "site"), { recursive: true, force: true }); // ours: stale chunks would stay otherwise
  mkdirSync(join(out, "assets", "site"), { recursive: true });
  site.entries.forEach((e, i) => writeFileSync(join(out, e.href), pageOf(e, { prev: site.entries[i - 1], next: site.entries[i + 1] })));
  const glossary = glossaryPage(paths.root, { footer: bilingualHtml(`To run the notebooks on your own machine: <code>${LOCAL_COMMAND}</code>.`, `想在自己的机器上运行这些笔记本：<code>${LOCAL_COMMAND}</code>。`), lang: "en" });
  if (glossary !== null) writeFileSync(join(out, GLOSSARY_PAGE), glossary);
  const contents = site.entries.map((e) => {
    const titleZh = chineseTitle(e.notebook);
    return { href: e.href, title: e.title, ...(titleZh ? { titleZh } : {}), file: `notebooks/${basename(e.file)}`, status: "" };
  });
  writeFileSync(
    join(out, "index.html"),
    renderContentsPage(contents, [], {
      intro: bilingualHtml(
        "The study notebooks of aider-workbench. Every code cell runs in your browser: TypeScript, the workbench's lib, tree-sitter and the tokenizer, with nothing to install.",
        "aider-workbench 的学习笔记本。每个代码单元都在你的浏览器里运行：TypeScript、工作台的 lib、tree-sitter 和分词器，什么都不用安装。",
      ),
      footer: bilingualHtml(`To run them on your own machine: <code>${LOCAL_COMMAND}</code>.`, `想在自己的机器上运行：<code>${LOCAL_COMMAND}</code>。`),
    }),
  );
  writeFileSync(join(out, "favicon.svg"), FAVICON);
  cpSync(join(paths.root, "node_modules", "katex", "dist", "katex.min.css"), join(out, "assets", "katex", "katex.min.css"));
  cpSync(join(paths.root, "node_modules", "katex", "dist", "fonts"), join(out, "assets", "katex", "fonts"), { recursive: true });
  cpSync(join(paths.root, "node_modules", "highlight.js", "styles", "github.min.css"), join(out, "assets", "hljs", "github.min.css"));
  writeFileSync(join(out, "assets", "site", "files.json"), JSON.stringify(await siteFiles(paths.root)));
  onLine("bundling the runtime (esbuild)");
  await bundleRuntime(paths.root, join(out, "assets", "site"));
  copyGrammars(paths.root, join(out, "assets", "site", "node_modules"));
  for (const dir of ["", "chunks"]) cpSync(join(paths.root, "node_modules", "web-tree-sitter", "tree-sitter.wasm"), join(out, "assets", "site", dir, "tree-sitter.wasm"));
  await bundleServiceWorker(paths.root, out);
  onLine(`wrote ${out}`);
  return site;
}
