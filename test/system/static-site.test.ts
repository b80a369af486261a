/**
 * The static site in headless Chromium: `buildStaticSite` writes it, a plain static server serves it under a
 * sub-path (as GitHub Pages serves a project), every host but the loopback one unresolvable, and every
 * notebook's Run all must finish with each cell's output text equal to the in-process run's (timings and paths
 * masked, `comparableText`), without a page error. Cells recorded at build time are checked to be left alone.
 * Cells that draw their input afresh (Math.random, a new fast-check seed: two in-process runs differ there too)
 * must run, not match.
 */
// Cells whose input is drawn afresh on every run: they must run, not match. invariants-venn uses Math.random;
// explore-try runs a law with a new fast-check seed each time, so the counterexample it shrinks to may differ.
const RANDOM = new Set(["05-git-checkpoints/invariants-venn", "04-search-replace/explore-try"]);
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../lib/diagrams/chromium.js";
import type { Output } from "../../lib/notebooks/ipynb.js";
import { ensureLibBuilt, projectPaths } from "../../lib/notebooks/project.js";
import type { Site } from "../../lib/notebooks/site.js";
import { buildStaticSite } from "../../lib/notebooks/static/build.js";
import { comparableText } from "../../lib/notebooks/static/compare.js";
import { serveStatic } from "../../lib/notebooks/static/static-server.js";
import { requireChromium } from "./requirements.js";

const root = join(__dirname, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "wb-static-site-"));
const out = join(scratch, "site");

type PageCell = { id: string; recorded: boolean; outputs: Output[] | null };

describe("the static site: every notebook's Run all in Chromium equals the in-process run", () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  let site: Site;
  const outside: string[] = [];
  beforeAll(async () => {
    requireChromium(root);
    ensureLibBuilt(root, () => {});
    site = await buildStaticSite(projectPaths(root), out);
    ({ server, url } = await serveStatic(out, { prefix: "/workbench/" }));
    const puppeteer = (await import("puppeteer-core")).default;
    const options = chromiumLaunchOptions(root);
    // every host but the loopback one fails to resolve: the network beyond the site's origin is gone
    const offline = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";
    browser = await puppeteer.launch({ ...options, args: [...(options.args ?? []), `--user-data-dir=${join(scratch, "profile")}`, offline] });
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A page whose requests that leave the origin are remembered (the browser cannot reach them). */
  async function openPage(href: string): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (req) => {
      if (!req.url().startsWith(new URL(url).origin) && !req.url().startsWith("data:")) outside.push(req.url());
    });
    await page.goto(url + href, { waitUntil: "load" });
    return { page, errors };
  }

  it("has a page per notebook and a contents page linking them, under a sub-path", async () => {
    const { page } = await openPage("index.html");
    const links = await page.$$eval("ul.contents a", (as) => as.map((a) => a.getAttribute("href")));
    expect(links).toEqual(site.entries.map((e) => e.href));
    await page.close();
  });

  it("runs a cell the reader edited: teachingRepoMap on the seed's A → B graph from the page", async () => {
    const { page, errors } = await openPage(site.entries[0]!.href);
    const cell = `import { teachingRepoMap } from "@aider-workbench/lib";
const seedAB = teachingRepoMap({ files: ["A", "B"], edges: [["A", "B", "helper", 1]], personalization: { A: 1 }, symbolCosts: { B: { helper: 3 } }, budget: 10 });
console.log(seedAB.symbolRank[0][1].toFixed(6));`;
    const printed = await page.evaluate(async (code) => {
      const w = (window as unknown as { workbenchSite: { edit(i: number, c: string): void; cells(): PageCell[] } }).workbenchSite;
      w.edit(0, code);
      document.querySelector<HTMLButtonElement>("section.cell.code button.run")!.click();
      for (let i = 0; i < 600 && w.cells()[0]!.outputs?.length !== 1; i++) await new Promise((r) => setTimeout(r, 100));
      return w.cells()[0]!.outputs;
    }, cell);
    expect(printed).toEqual([{ output_type: "stream", name: "stdout", text: "0.540676\n" }]);
    expect(errors).toEqual([]);
    await page.evaluate(() => localStorage.clear()); // the edit is kept for the reader: forget it before Run all
    await page.close();
  }, 120_000);

  it.each(["01-personalized-pagerank", "02-symbols-and-budget", "03-real-repo-map", "04-search-replace", "05-git-checkpoints", "06-aider-loop", "07-edit-formats"])(
    "%s: Run all completes and every cell's text equals the in-process run",
    async (stem) => {
      const entry = site.entries.find((e) => basename(e.file, ".ipynb") === stem)!;
      expect(entry.run?.ok).toBe(true);
      const { page, errors } = await openPage(entry.href);
      const ok = await page.evaluate(() => (window as unknown as { workbenchSite: { runAll(): Promise<boolean> } }).workbenchSite.runAll());
      const cells = await page.evaluate(() => (window as unknown as { workbenchSite: { cells(): PageCell[] } }).workbenchSite.cells());
      const expected = entry.notebook.cells.filter((c) => c.cell_type === "code");
      expect(cells.map((c) => c.id)).toEqual(expected.map((c) => c.id));
      for (const [i, cell] of cells.entries()) {
        const want = comparableText(expected[i]!.cell_type === "code" ? expected[i]!.outputs : []);
        if (cell.recorded) expect(cell.outputs, `${stem} ${cell.id} is recorded: the page must not run it`).toBeNull();
        else if (RANDOM.has(`${stem}/${cell.id}`)) expect(cell.outputs?.length, `${stem} ${cell.id}`).toBe(expected[i]!.outputs.length);
        else expect(comparableText(cell.outputs ?? []), `${stem} cell ${cell.id}`).toBe(want);
      }
      expect(ok).toBe(true);
      expect(errors).toEqual([]);
      expect(outside).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
