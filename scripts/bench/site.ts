/**
 * Benchmark 6: the static site (`workbench site`, lib/notebooks/static/) in Debian's Chromium, served by a plain
 * static server under a sub-path: the site's build time, a cold load of notebook 01 until its editors are up and
 * its worker is ready, the first cell that calls lib (the transform's and lib's chunk loading included), notebook
 * 03's repo map cell, each notebook's Run all time and the bytes the server sent for it by kind (HTML, JS, wasm,
 * the rest), and the size of lib's bundle gzip-compressed (without grammars and encodings). Pages run without the
 * service worker, whose install would fetch the whole site (its size is printed on its own).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "puppeteer-core";
import { chromiumLaunchOptions } from "../../lib/diagrams/chromium.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { buildStaticSite } from "../../lib/notebooks/static/build.js";
import { serveStatic } from "../../lib/notebooks/static/static-server.js";
import { siteFileList } from "../../lib/notebooks/static/build.js";
import { load1, series, spread, type Sample } from "./measure.js";
import { table, type Section } from "./report.js";

type Site = { runAll(): Promise<boolean>; cells(): { id: string }[] };

/** Bytes the static server sent since the last `reset`, by kind (what the page and its worker fetched). */
class Served {
  byKind = new Map<string, number>();
  hear = (path: string, bytes: number) => {
    const ext = /\.(html|js|wasm)$/.exec(path.split("?")[0]!)?.[1] ?? (path.endsWith("/") ? "html" : "other");
    this.byKind.set(ext, (this.byKind.get(ext) ?? 0) + bytes);
  };
  reset(): void {
    this.byKind.clear();
  }
  total(): number {
    return [...this.byKind.values()].reduce((a, b) => a + b, 0);
  }
  kinds(): string {
    const mb = (k: string) => `${((this.byKind.get(k) ?? 0) / 1e6).toFixed(2)}`;
    return `${mb("html")} / ${mb("js")} / ${mb("wasm")} / ${mb("other")}`;
  }
}

/** A cold page: a new browser context (empty cache), no service worker (its install fetches the whole site). */
async function coldPage(browser: Browser, url: string): Promise<{ page: Page; t0: number }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // a string, so tsx's `__name` helper stays out of the page (a function here would throw there and register the worker)
  await page.evaluateOnNewDocument(`Object.defineProperty(navigator, "serviceWorker", { value: undefined })`);
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "load" });
  return { page, t0 };
}

const ready = (page: Page) =>
  page.waitForFunction(() => document.querySelector(".cm-editor") && document.getElementById("kernel-state")?.textContent?.includes("ready"), { timeout: 60_000 });

/** Runs the cells before `id`, then times `id` alone. A string, so tsx's `__name` helper stays out of the page. */
async function timeCell(page: Page, id: string): Promise<number> {
  const script = `(async (target) => {
    const cells = [...document.querySelectorAll("section.cell.code[data-cell-id]")];
    const run = (s) => new Promise((resolve) => {
      s.querySelector("button.run").click();
      const poll = () => (s.classList.contains("running") ? setTimeout(poll, 5) : resolve());
      setTimeout(poll, 5);
    });
    for (const s of cells) {
      if (s.dataset.cellId === target) { const t = performance.now(); await run(s); return performance.now() - t; }
      await run(s);
    }
    throw new Error("no cell " + target);
  })(${JSON.stringify(id)})`;
  return (await page.evaluate(script)) as number;
}

function gzipOf(dir: string, pick: (name: string) => boolean): number {
  return readdirSync(dir)
    .filter(pick)
    .reduce((n, f) => n + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
}

export async function siteSection(root: string, runs: number, log: (l: string) => void): Promise<Section> {
  const title = "6. The static site (`workbench site`, cells run in the browser)";
  const out = mkdtempSync(join(tmpdir(), "wb-bench-site-"));
  log("site: building the site");
  const b0 = performance.now();
  const site = await buildStaticSite(projectPaths(root), out);
  const buildMs = performance.now() - b0;
  const served = new Served();
  const { server, url } = await serveStatic(out, { prefix: "/workbench/", onServe: served.hear });
  const puppeteer = (await import("puppeteer-core")).default;
  const browser = await puppeteer.launch(chromiumLaunchOptions(root));
  try {
    const interactive: Sample[] = [];
    const libCell: Sample[] = [];
    const mapCell: Sample[] = [];
    const before = load1();
    const first = site.entries[0]!;
    const third = site.entries.find((e) => e.href.startsWith("03-"));
    for (let i = 0; i < runs; i++) {
      log(`site: cold load of ${first.href}, run ${i + 1} of ${runs}`);
      const { page, t0 } = await coldPage(browser, url + first.href);
      await ready(page);
      interactive.push({ wallMs: performance.now() - t0, cpuMs: NaN });
      libCell.push({ wallMs: await timeCell(page, "ab"), cpuMs: NaN });
      await page.browserContext().close();
      if (third) {
        log(`site: notebook 03's map, run ${i + 1} of ${runs}`);
        const p3 = await coldPage(browser, url + third.href);
        await ready(p3.page);
        mapCell.push({ wallMs: await timeCell(p3.page, "map-build"), cpuMs: NaN });
        await p3.page.browserContext().close();
      }
    }
    const load: [number, number] = [before, load1()];
    const pageBytes: string[][] = [];
    const runAllMs: Record<string, number> = {};
    for (const e of site.entries) {
      log(`site: bytes of ${e.href} with Run all`);
      served.reset();
      const { page } = await coldPage(browser, url + e.href);
      await ready(page);
      const loaded = served.total();
      const t = performance.now();
      const ok = await page.evaluate(() => (window as unknown as { workbenchSite: Site }).workbenchSite.runAll());
      runAllMs[e.href] = performance.now() - t;
      pageBytes.push([e.href, `${(loaded / 1e6).toFixed(2)} MB`, `${(served.total() / 1e6).toFixed(2)} MB`, served.kinds(), `${(runAllMs[e.href]! / 1000).toFixed(1)} s`, ok ? "yes" : "NO"]);
      await page.browserContext().close();
    }
    const precache = siteFileList(out).reduce((n, f) => n + statSync(join(out, f)).size, 0);
    const chunks = join(out, "assets", "site", "chunks");
    const libChunk = readdirSync(chunks).filter((f) => /^\.-|^index-/.test(f));
    const libGzip = gzipOf(chunks, (f) => libChunk.includes(f));
    const transformGzip = gzipOf(chunks, (f) => f.startsWith("cell-transform-"));
    const pageGzip = gzipOf(join(out, "assets", "site"), (f) => f.endsWith(".js"));
    const sizeOf = (f: string) => statSync(join(chunks, f)).size;
    const rows = [
      ["site build (`workbench site`: notebooks executed in-process or reused, bundles, copies)", `${(buildMs / 1000).toFixed(1)} s`, "—"],
      ["notebook 01 interactive (editors up, worker ready), cold, from a local static server", spread(series(interactive, load)), "< 3 s"],
      ["first cell calling lib (`ab`, after `imports`; lib's chunk and `files.json` load on this first run)", spread(series(libCell, load)), "< 1 s"],
      ["notebook 03's repo map cell (`map-build`), after the cells before it", mapCell.length ? spread(series(mapCell, load)) : "not measured", "< 2 s"],
    ];
    return {
      title,
      blocks: [
        `Median of ${runs} runs [min–max]; each load in a fresh browser context with the cache off.`,
        table(["what", "time", "target"], rows),
        table(
          ["bundle", "size", "gzip"],
          [
            ["lib (`@aider-workbench/lib` chunk, without grammars and encodings)", `${(libChunk.reduce((n, f) => n + sizeOf(f), 0) / 1e6).toFixed(2)} MB`, `${(libGzip / 1e6).toFixed(2)} MB (target ≤ 1.5 MB)`],
            ["cell transform (sucrase + acorn), loaded as the worker starts", "", `${(transformGzip / 1e6).toFixed(2)} MB`],
            ["what the service worker keeps on install (every file but the grammars)", `${(precache / 1e6).toFixed(2)} MB`, ""],
            ["page script + worker entry", "", `${(pageGzip / 1e6).toFixed(2)} MB`],
          ],
        ),
        table(["page", "sent at load", "sent after Run all", "of which HTML / JS / wasm / other (MB)", "Run all", "Run all ok"], pageBytes),
      ],
      data: { buildMs, interactive, libCell, mapCell, pageBytes, runAllMs, libGzip, transformGzip, precache },
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
}
