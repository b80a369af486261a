import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { projectPaths, type ProjectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { chineseTitle, createSite, executeSite, GLOSSARY_PAGE, glossaryPage, pageLanguage, renderSitePage, siteFooter, type Site } from "../../lib/notebooks/site.js";
import { parseNotebook } from "../../lib/notebooks/ipynb.js";
import { bilingual } from "../../lib/notebooks/html.js";

const root = join(__dirname, "..", "..");

describe("the embedded notebook site", () => {
  let site: Site;
  let server: Server;
  let url: string;
  let token: string;
  const get = (u: string) => fetch(u, { headers: { authorization: `token ${token}` } });
  let paths: ProjectPaths;
  let dir: string;
  beforeAll(async () => {
    // A project-shaped folder inside build/ (so notebooks still resolve @aider-workbench/lib from node_modules).
    mkdirSync(join(root, "build"), { recursive: true });
    dir = mkdtempSync(join(root, "build", "site-test-"));
    paths = { ...projectPaths(root), notebooks: join(dir, "notebooks"), build: join(dir, "executed") };
    mkdirSync(paths.notebooks);
    cpSync(join(root, "test", "fixtures", "notebooks", "passing.ipynb"), join(paths.notebooks, "01-passing.ipynb"));
    cpSync(join(root, "test", "fixtures", "notebooks", "broken.ipynb"), join(paths.notebooks, "02-broken.ipynb"));
    site = createSite(paths, [join(paths.notebooks, "01-passing.ipynb"), join(paths.notebooks, "02-broken.ipynb")]);
    ({ server, url, token } = await serveSite(site, 0));
  });
  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the contents page at once, notebooks queued and the page refreshing", async () => {
    const res = await get(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<a href="01-passing.html">Passing fixture</a>');
    expect(html).toContain("queued");
    expect(html).toContain('http-equiv="refresh"');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it("fills pages in as notebooks run: outputs, math, the failing cell and its message", async () => {
    const runs = await executeSite(site, { fresh: true });
    expect(runs.map((r) => r.ok)).toEqual([true, false]);
    const passing = await (await get(`${url}01-passing.html`)).text();
    expect(passing).toContain("0.5406764324130573");
    expect(passing).toContain('class="katex"');
    expect(passing).toContain("ran without errors");
    expect(passing).not.toContain('http-equiv="refresh"');
    const broken = await (await get(`${url}02-broken.html`)).text();
    expect(broken).toContain('class="cell code failed" id="cell-4"');
    expect(broken).toContain("stopped at cell 4: Error: deliberate failure in cell 4: the plan had 2 files");
    const contents = await (await get(url)).text();
    expect(contents).not.toContain('http-equiv="refresh"');
  }, 120_000);

  it("refuses a number of notebooks at once below 1, naming the option", async () => {
    await expect(executeSite(createSite(paths, site.entries.map((e) => e.file)), { fresh: true, jobs: 0 })).rejects.toThrow(/options\.jobs/);
  });

  it("reuses an executed copy while the notebook is unchanged, and runs it again when it changes", async () => {
    const again = createSite(paths, site.entries.map((e) => e.file));
    const reused: boolean[] = [];
    await executeSite(again, { onRun: (_, cached) => reused.push(cached) });
    expect(reused).toEqual([true, true]);
    writeFileSync(site.entries[0]!.file, JSON.stringify({ ...again.entries[0]!.notebook, cells: [] }));
    const third = createSite(paths, site.entries.map((e) => e.file));
    // runs are reported as they end: a reused copy at once, before any notebook that must run again
    const reused3: [string, boolean][] = [];
    await executeSite(third, { onRun: (run, cached) => reused3.push([run.notebook, cached]) });
    expect(reused3).toEqual([
      [third.entries[1]!.file, true],
      [third.entries[0]!.file, false],
    ]);
  }, 120_000);

  it("the contents page lists the diagrams; a page it does not have is null", () => {
    expect(renderSitePage(site, "index.html")).toContain(`<h2>${bilingual("Diagrams", "示意图")}</h2>`);
    expect(renderSitePage(site, "nope.html")).toBeNull();
  });

  it("serves the glossary the Chinese prose links to, and opens pages in the site's language", async () => {
    const res = await get(`${url}${GLOSSARY_PAGE}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<a id="term-悬空质量"></a>悬空质量`);
    expect(html).toMatch(/<html lang="en" data-lang="en">/);
    const zh = createSite(paths, [join(paths.notebooks, "01-passing.ipynb")], { lang: "zh" });
    expect(renderSitePage(zh, "index.html")).toMatch(/<html lang="zh-CN" data-lang="zh">/);
    expect(renderSitePage(zh, "01-passing.html")).toMatch(/<html lang="zh-CN" data-lang="zh">/);
  });
});

describe("the site's two languages", () => {
  const fixture = parseNotebook(readFileSync(join(root, "test", "fixtures", "zh", "pair.ipynb"), "utf8"), "pair.ipynb");
  it("gives a notebook's Chinese title from its first heading's Chinese, none without one", () => {
    expect(chineseTitle(fixture)).toBe("悬空质量");
    const untranslated = { ...fixture, cells: fixture.cells.map((c) => ({ ...c, metadata: {} })) };
    expect(chineseTitle(untranslated)).toBeUndefined();
  });
  it("links the glossary when the project has one", () => {
    expect(pageLanguage(root, "zh")).toMatchObject({ lang: "zh", glossary: { href: GLOSSARY_PAGE } });
    expect(pageLanguage(join(root, "test"), "en")).toEqual({ lang: "en" });
    expect(glossaryPage(join(root, "test"), { footer: "", lang: "en" })).toBeNull();
  });
});

describe("the footer says what is true in the mode at hand", () => {
  it("live pages, with and without Jupyter installed; read-only pages", () => {
    const without = siteFooter({ live: true, jupyterInstalled: false });
    expect(without).toMatch(/edit any code cell and run it/);
    expect(without).toMatch(/Jupyter is not installed; .*sudo apt-get install jupyter-notebook/);
    const withJupyter = siteFooter({ live: true, jupyterInstalled: true });
    expect(withJupyter).toMatch(/Jupyter Notebook is installed too: .*without <code>--embedded<\/code>/);
    expect(withJupyter).not.toMatch(/not installed/);
    expect(siteFooter({ live: false, jupyterInstalled: false })).toMatch(/^<span data-lang="en">A read-only view/);
    // and in Chinese beside it, the page showing the reader's language
    expect(without).toMatch(/<span data-lang="zh" lang="zh-CN">本机没有安装 Jupyter；.*sudo apt-get install jupyter-notebook/);
    expect(withJupyter).toMatch(/<span data-lang="zh" lang="zh-CN">本机也装有 Jupyter Notebook/);
  });
});
