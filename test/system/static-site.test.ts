/**
 * The static site in headless Chromium: `buildStaticSite` writes it, a plain static server serves it under a
 * sub-path (as GitHub Pages serves a project), every host but the loopback one unresolvable, and every
 * notebook's Run all must finish with each cell's output text equal to the in-process run's (timings and paths
 * masked, `comparableText`), without a page error. Cells recorded at build time are checked to be left alone.
 * Cells that draw their input afresh (Math.random, a new fast-check seed: two in-process runs differ there too)
 * must run, not match. Also: the build's outputs are labelled as such under blank prompts until the page's worker
 * runs their cell; after one visit the page reloads and runs a cell with the server stopped (the service worker).
 * Screenshots: build/screenshots/static-*.png.
 */
// Cells whose input is drawn afresh on every run: they must run, not match. invariants-venn uses Math.random;
// explore-try runs a law with a new fast-check seed each time, so the counterexample it shrinks to may differ.
const RANDOM = new Set(["05-git-checkpoints/invariants-venn", "04-search-replace/explore-try"]);
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
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
type Workbench = { edit(i: number, c: string): void; cells(): PageCell[] };
const shots = join(root, "build", "screenshots");
const SEED_AB = `import { teachingRepoMap } from "@aider-workbench/lib";
const seedAB = teachingRepoMap({ files: ["A", "B"], edges: [["A", "B", "helper", 1]], personalization: { A: 1 }, symbolCosts: { B: { helper: 3 } }, budget: 10 });
console.log(seedAB.symbolRank[0][1].toFixed(6));`;

/** Edits the page's first code cell to `code`, runs it and resolves with its outputs (null if none came in 60 s). */
async function runEditedFirstCell(page: Page, code: string): Promise<Output[] | null> {
  return page.evaluate(async (code) => {
    const w = (window as unknown as { workbenchSite: Workbench }).workbenchSite;
    w.edit(0, code);
    document.querySelector<HTMLButtonElement>("section.cell.code button.run")!.click();
    for (let i = 0; i < 600 && w.cells()[0]!.outputs?.length !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    return w.cells()[0]!.outputs;
  }, code);
}

/** Each code cell's prompt text and its outputs' label (null: none; its outputs empty or not). */
const promptsAndLabels = (page: Page) =>
  page.$$eval("section.cell.code[data-cell-id]", (ss) =>
    ss.map((s) => {
      const box = s.querySelector<HTMLElement>(".outputs")!;
      return { prompt: s.querySelector(".prompt")?.textContent ?? "", label: box.dataset.from ?? null, shown: box.innerHTML.trim() !== "" };
    }),
  );
const stateLine = (page: Page) => page.$eval("#kernel-state", (e) => e.textContent ?? "");

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
    const printed = await runEditedFirstCell(page, SEED_AB);
    expect(printed).toEqual([{ output_type: "stream", name: "stdout", text: "0.540676\n" }]);
    expect(errors).toEqual([]);
    mkdirSync(shots, { recursive: true });
    await page.setViewport({ width: 1100, height: 900 });
    await (await page.$("section.cell.code"))!.screenshot({ path: join(shots, "static-edited-cell-seed-ab.png") });
    await page.evaluate(() => localStorage.clear()); // the edit is kept for the reader: forget it before Run all
    await page.close();
  }, 120_000);

  it("opens with the build's outputs labelled under blank prompts; a run drops the label of what the worker ran and numbers its prompts", async () => {
    const { page, errors } = await openPage(site.entries[0]!.href);
    await page.waitForFunction(() => document.getElementById("kernel-state")?.textContent?.includes("ready"), { timeout: 60_000 });
    expect(await stateLine(page)).toBe("runtime: ready — nothing run yet — running a cell runs the cells above it first (it runs in this browser)");
    const before = await promptsAndLabels(page);
    expect(before.every((c) => c.prompt === "In [ ]:")).toBe(true);
    const shown = before.flatMap((c, i) => (c.shown ? [i] : []));
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.map((i) => before[i]!.label)).toEqual(shown.map(() => "stored output from the build"));
    mkdirSync(shots, { recursive: true });
    await page.setViewport({ width: 1100, height: 900 });
    // the screenshot: the first short cell with a stored output (its label in the corner, its prompt blank)
    const sections = await page.$$("section.cell.code[data-cell-id]");
    const heights = await Promise.all(shown.map((i) => sections[i]!.evaluate((e) => e.getBoundingClientRect().height)));
    const short = sections[shown[heights.findIndex((h) => h < 400)] ?? shown[0]!]!;
    await short.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await short.screenshot({ path: join(shots, "static-stored-output.png") });
    // run the second cell with outputs: the cells above it run first, in this page's worker
    const target = shown[1]!;
    await page.evaluate((i) => document.querySelectorAll<HTMLButtonElement>("section.cell.code[data-cell-id] button.run")[i]!.click(), target);
    await page.waitForFunction((i) => document.getElementById("kernel-state")?.textContent?.startsWith("runtime: idle") && (window as unknown as { workbenchSite: Workbench }).workbenchSite.cells()[i]!.outputs !== null, { timeout: 120_000 }, target);
    const after = await promptsAndLabels(page);
    expect(after.slice(0, target + 1).map((c) => c.prompt)).toEqual(after.slice(0, target + 1).map((_, i) => `In [${i + 1}]:`));
    expect(after.slice(0, target + 1).map((c) => c.label)).toEqual(after.slice(0, target + 1).map(() => null));
    expect(after.slice(target + 1).every((c) => c.prompt === "In [ ]:")).toBe(true);
    const later = shown.filter((i) => i > target);
    expect(later.map((i) => after[i]!.label)).toEqual(later.map(() => "stored output from the build"));
    expect(await stateLine(page)).toBe(`runtime: idle — ${target + 1} of ${before.length} code cells run`);
    // Restart: what the old worker printed stays, labelled as an earlier session's, under blank prompts again
    await page.click("#restart");
    const restarted = await promptsAndLabels(page);
    expect(restarted.every((c) => c.prompt === "In [ ]:")).toBe(true);
    expect(restarted[shown[0]!]!.label).toBe("output from an earlier session");
    expect(restarted[shown[2]!]!.label).toBe("stored output from the build");
    await page.screenshot({ path: join(shots, "static-after-restart.png") });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it("works offline after one visit: with its server stopped, a notebook page reloads and an edited cell runs", async () => {
    // a second server is a second origin: a fresh service worker, installed by this one visit
    const second = await serveStatic(out, { prefix: "/workbench/" });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("request", (req) => {
      if (!req.url().startsWith(new URL(second.url).origin) && !req.url().startsWith("data:")) outside.push(req.url());
    });
    await page.goto(second.url + site.entries[0]!.href, { waitUntil: "load" });
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, { timeout: 120_000 });
    second.server.close();
    second.server.closeAllConnections();
    await expect(fetch(second.url + "index.html")).rejects.toThrow();
    await page.reload({ waitUntil: "load" });
    await page.waitForFunction(() => document.getElementById("kernel-state")?.textContent?.includes("ready"), { timeout: 60_000 });
    expect(await runEditedFirstCell(page, SEED_AB)).toEqual([{ output_type: "stream", name: "stdout", text: "0.540676\n" }]);
    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    await page.close();
  }, 300_000);

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
