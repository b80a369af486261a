/// <reference lib="dom" />
// Notebook 06 fits in a third of its height when issue 17 was filed (issue 17, "Must show"): its live page — what
// `npm start` serves by default, and the page the 15,796 px were measured on — at a window 1100 px wide, every
// folded part (<details>) closed as the page opens, is at most 15,796 / 3 = 5,265 px tall. The live page is the
// measure because the baseline was taken on it: its code sits in CodeMirror editors (about 17.5 px a line), the
// read-only page's in <pre> blocks (13.5 px at line-height 1.45, about 19.6 px a line), so the two differ. Opening
// every fold must make the page taller: the folds really hold the traces and tables, nothing was dropped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { launchChromium } from "../../lib/diagrams/chromium.js";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { createSite, executeSite } from "../../lib/notebooks/site.js";
import { FRAME_WAIT_MS, openNotebookPage, WINDOW_WIDTH } from "./notebook-page.js";
import { requireChromium } from "./requirements.js";

/** Notebook 06's live page at 1100 px when issue 17 was filed. */
const BASELINE_PX = 15_796;
const LIMIT_PX = Math.floor(BASELINE_PX / 3);

const paths = { ...projectPaths(join(__dirname, "..", "..")), build: mkdtempSync(join(tmpdir(), "wb-height-")) };
const notebook = listNotebooks(paths.notebooks).find((f) => /\/06-[^/]*\.ipynb$/.test(f));

describe(`notebook 06's live page at ${WINDOW_WIDTH} px`, () => {
  let server: Server;
  let url: string;
  let token: string;
  let browser: Browser;
  beforeAll(async () => {
    requireChromium(paths.root);
    if (!notebook) throw new Error(`no notebook 06 in ${paths.notebooks}`);
    const site = createSite(paths, [notebook]);
    ({ server, url, token } = await serveSite(site, 0));
    await executeSite(site);
    browser = await launchChromium(paths.root);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it(`is at most a third of ${BASELINE_PX} px (${LIMIT_PX} px) with its folds closed, and taller with them open`, async () => {
    const page = await openNotebookPage(browser, url, token, notebook!.replace(/^.*\//, ""));
    try {
      await checkHeight(page);
    } finally {
      await page.close();
    }
  }, 120_000);

  async function checkHeight(page: Page): Promise<void> {
    const closed = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      folds: document.querySelectorAll("details").length,
      open: document.querySelectorAll("details[open]").length,
      failed: document.querySelectorAll(".cell.failed").length,
      runs: document.querySelectorAll(".wb-loop-run").length,
    }));
    console.log(`notebook 06: ${closed.height} px tall at ${WINDOW_WIDTH} px (limit ${LIMIT_PX}), ${closed.folds} folds`);
    expect(closed.failed).toBe(0);
    expect(closed.open).toBe(0);
    // Each run's trace is folded under its picture; and there is more folded than the runs.
    expect(closed.runs).toBeGreaterThanOrEqual(7);
    expect(closed.folds).toBeGreaterThan(closed.runs);
    expect(closed.height).toBeLessThanOrEqual(LIMIT_PX);
    const opened = await page.evaluate(async (wait) => {
      for (const d of document.querySelectorAll("details")) d.open = true;
      await Promise.race([new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), new Promise((r) => setTimeout(r, wait))]);
      return document.documentElement.scrollHeight;
    }, FRAME_WAIT_MS);
    expect(opened).toBeGreaterThan(closed.height + 2000);
  }
});
