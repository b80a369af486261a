/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { launchChromium } from "../../lib/diagrams/chromium.js";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { createSite, executeSite } from "../../lib/notebooks/site.js";
import { requireChromium } from "./requirements.js";
import { screenshotWhole } from "./notebook-page.js";

const paths = { ...projectPaths(join(__dirname, "..", "..")), build: mkdtempSync(join(tmpdir(), "wb-page-")) };

describe("a served notebook page, as headless Chromium renders it", () => {
  let server: Server;
  let url: string;
  let openUrl: string;
  let token: string;
  let browser: Browser;
  beforeAll(async () => {
    requireChromium(paths.root);
    const first = listNotebooks(paths.notebooks)[0]!;
    const site = createSite(paths, [first]);
    ({ server, url, openUrl, token } = await serveSite(site, 0));
    await executeSite(site);
    browser = await launchChromium(paths.root);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it("shows rendered formulas and a diagram, and no error text; the screenshot is kept in build/screenshots/", async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 1400 });
    const contents = await (await fetch(url, { headers: { authorization: `token ${token}` } })).text();
    await page.goto(openUrl); // the token from the printed URL becomes a cookie
    const href = /<a href="(\d\d-[^"]+\.html)">/.exec(contents)![1]!;
    await page.goto(url + href, { waitUntil: "networkidle0" });
    const seen = await page.evaluate(() => {
      const box = (el: Element | null) => (el ? el.getBoundingClientRect() : null);
      const formula = box(document.querySelector(".katex-display .katex-html"));
      const diagram = box(document.querySelector(".output-svg svg[aria-roledescription]"));
      return {
        formulas: document.querySelectorAll(".katex").length,
        formulaHeight: formula?.height ?? 0,
        diagramHeight: diagram?.height ?? 0,
        diagramLabels: [...document.querySelectorAll(".output-svg svg[aria-roledescription] .nodeLabel")].map((n) => n.textContent),
        katexErrors: document.querySelectorAll(".katex-error").length,
        failedCells: document.querySelectorAll(".cell.failed").length,
        stderr: [...document.querySelectorAll(".stream.stderr")].map((n) => n.textContent),
        banner: document.querySelector(".banner")?.textContent ?? "",
        fontLoaded: document.fonts.check("16px KaTeX_Main"),
      };
    });
    mkdirSync(join(paths.root, "build", "screenshots"), { recursive: true });
    const shot = join(paths.root, "build", "screenshots", href.replace(/\.html$/, ".png"));
    await screenshotWhole(page, shot);
    expect(seen.formulas).toBeGreaterThan(5);
    expect(seen.formulaHeight).toBeGreaterThan(10);
    expect(seen.fontLoaded).toBe(true);
    expect(seen.diagramHeight).toBeGreaterThan(100);
    expect(seen.diagramLabels).toContain("Personalized PageRank");
    expect(seen.katexErrors).toBe(0);
    expect(seen.failedCells).toBe(0);
    expect(seen.stderr).toEqual([]);
    expect(seen.banner).toMatch(/ran without errors/);
    expect(statSync(shot).size).toBeGreaterThan(100_000);
  }, 120_000);
});
