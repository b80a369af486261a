/**
 * Benchmark 6: the static site (`workbench site`, lib/notebooks/static/) in Debian's Chromium, served by a plain
 * static server under a sub-path: a cold load of notebook 01 until its editors are up and its worker is ready, the
 * first cell that calls lib (TypeScript and lib's chunk loading included), notebook 03's repo map cell, the bytes
 * each page downloads, and the size of lib's bundle gzip-compressed (without grammars and encodings).
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
import { load1, series, spread, type Sample } from "./measure.js";
import { table, type Section } from "./report.js";

type Site = { runAll(): Promise<boolean>; cells(): { id: string }[] };

/** A cold page: a new browser profile, bytes counted from the network as received. */
async function coldPage(browser: Browser, url: string): Promise<{ page: Page; bytes: () => number; t0: number }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const client = await page.createCDPSession();
  await client.send("Network.enable");
  await client.send("Network.setCacheDisabled", { cacheDisabled: true });
  let bytes = 0;
  client.on("Network.loadingFinished", (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  const t0 = performance.now();
  await page.goto(url, { waitUntil: "load" });
  return { page, bytes: () => bytes, t0 };
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
  const site = await buildStaticSite(projectPaths(root), out);
  const { server, url } = await serveStatic(out, { prefix: "/workbench/" });
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
    for (const e of site.entries) {
      log(`site: bytes of ${e.href} with Run all`);
      const { page, bytes } = await coldPage(browser, url + e.href);
      await ready(page);
      const loaded = bytes();
      const ok = await page.evaluate(() => (window as unknown as { workbenchSite: Site }).workbenchSite.runAll());
      pageBytes.push([e.href, `${(loaded / 1e6).toFixed(2)} MB`, `${(bytes() / 1e6).toFixed(2)} MB`, ok ? "yes" : "NO"]);
      await page.browserContext().close();
    }
    const chunks = join(out, "assets", "site", "chunks");
    const libChunk = readdirSync(chunks).filter((f) => /^\.-|^index-/.test(f));
    const libGzip = gzipOf(chunks, (f) => libChunk.includes(f));
    const tsGzip = gzipOf(chunks, (f) => f.startsWith("typescript-"));
    const pageGzip = gzipOf(join(out, "assets", "site"), (f) => f.endsWith(".js"));
    const sizeOf = (f: string) => statSync(join(chunks, f)).size;
    const rows = [
      ["notebook 01 interactive (editors up, worker ready), cold, from a local static server", spread(series(interactive, load)), "< 3 s"],
      ["first cell calling lib (`ab`, after `imports`; TypeScript and lib chunk load on the first run)", spread(series(libCell, load)), "< 1 s"],
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
            ["TypeScript 5.9 (`transpileModule`), loaded on the first run", "", `${(tsGzip / 1e6).toFixed(2)} MB`],
            ["page script + worker entry", "", `${(pageGzip / 1e6).toFixed(2)} MB`],
          ],
        ),
        table(["page", "bytes at load", "bytes after Run all", "Run all ok"], pageBytes),
      ],
      data: { interactive, libCell, mapCell, pageBytes, libGzip, tsGzip },
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(out, { recursive: true, force: true });
  }
}
