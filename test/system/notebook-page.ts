/// <reference lib="dom" />
/**
 * A notebook's live page (what `npm start` serves by default) opened in headless Chromium the way the page tests
 * measure it: a window 1100 px wide (the page's output column is then PAGE_WIDTH, text-size.ts), and the page
 * scrolled through once. The code editors (CodeMirror) draw only the lines near the window and guess the height of
 * the rest; scrolling, as a reader would, lets every editor measure its lines before the page is measured.
 *
 * Chromium draws no frames for a tab that is not in front: a wait for an animation frame, or a screenshot, can then
 * wait for ever. So the page is brought to the front before each, a frame is waited for at most FRAME_WAIT_MS, and a
 * screenshot that does not finish in SCREENSHOT_WAIT_MS fails with its own message instead of the test's timeout.
 */
import type { Browser, Page } from "puppeteer-core";

export const WINDOW_WIDTH = 1100;
export const FRAME_WAIT_MS = 250;
const SCREENSHOT_WAIT_MS = 60_000;

/** The page of `file` (a notebook's file name) on the site at `url`, loaded, scrolled through and back to the top. */
export async function openNotebookPage(browser: Browser, url: string, token: string, file: string): Promise<Page> {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: WINDOW_WIDTH, height: 1200 });
    await page.goto(`${url}${file.replace(/\.ipynb$/, ".html")}?token=${token}`, { waitUntil: "networkidle0" });
    await page.bringToFront();
    await page.evaluate(async (wait) => {
      const frame = () => Promise.race([
        new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        new Promise((r) => setTimeout(r, wait)),
      ]);
      for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await frame();
    }, FRAME_WAIT_MS);
    return page;
  } catch (err) {
    await page.close();
    throw err;
  }
}

/** A full-page screenshot of `page` saved at `path`, the page brought to the front first; fails after a minute. */
export async function screenshotWhole(page: Page, path: string): Promise<void> {
  await page.bringToFront();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the screenshot for ${path} did not finish in ${SCREENSHOT_WAIT_MS / 1000} s`)), SCREENSHOT_WAIT_MS);
  });
  try {
    await Promise.race([page.screenshot({ path, fullPage: true }), late]);
  } finally {
    clearTimeout(timer);
  }
}
