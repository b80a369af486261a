/**
 * The set-up the live-page system tests share: notebook 01's live page on a freshly started server (edits and the
 * browser profile in a scratch folder), opened through the contents page in headless Chromium at 1100×1400.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { chromiumLaunchOptions } from "../../lib/diagrams/chromium.js";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { createSite, executeSite } from "../../lib/notebooks/site.js";
import { requireChromium } from "./requirements.js";

export interface LivePage {
  page: Page;
  /** Ends the browser and the server and removes the scratch folder. */
  close(): Promise<void>;
}

/**
 * Opens notebook 01's live page. `executed`: the notebook is executed first, so the page opens with stored outputs
 * as after `npm start`; otherwise its executed copy goes to the scratch folder and the page opens without them.
 */
export async function openFirstLivePage(root: string, executed: boolean): Promise<LivePage> {
  requireChromium(root);
  const scratch = mkdtempSync(join(tmpdir(), "wb-live-page-"));
  let server: Server | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close();
    server?.close();
    server?.closeAllConnections();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    const paths = executed ? projectPaths(root) : { ...projectPaths(root), build: join(scratch, "executed") };
    const site = createSite(paths, [listNotebooks(paths.notebooks)[0]!], { live: true, jupyterInstalled: false, editsDir: join(scratch, "edits") });
    if (executed) await executeSite(site, { jobs: 1 });
    const served = await serveSite(site, 0);
    server = served.server;
    const puppeteer = (await import("puppeteer-core")).default;
    const options = chromiumLaunchOptions(root);
    browser = await puppeteer.launch({ ...options, args: [...(options.args ?? []), `--user-data-dir=${join(scratch, "profile")}`] });
    const page = await browser.newPage();
    await page.setViewport({ width: 1100, height: 1400 });
    await page.goto(served.openUrl);
    const href = await page.$eval("ul.contents a", (a) => a.getAttribute("href")!);
    await page.goto(served.url + href, { waitUntil: "networkidle0" });
    return { page, close };
  } catch (err) {
    await close();
    throw err;
  }
}
