/// <reference lib="dom" />
/**
 * A notebook's live page (what `npm start` serves by default) opened in headless Chromium the way the page tests
 * measure it: a window 1100 px wide (the page's output column is then PAGE_WIDTH, text-size.ts), and the page
 * scrolled through once. The code editors (CodeMirror) draw only the lines near the window and guess the height of
 * the rest; scrolling, as a reader would, lets every editor measure its lines before the page is measured.
 */
import type { Browser, Page } from "puppeteer-core";

export const WINDOW_WIDTH = 1100;

/** The page of `file` (a notebook's file name) on the site at `url`, loaded, scrolled through and back to the top. */
export async function openNotebookPage(browser: Browser, url: string, token: string, file: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({ width: WINDOW_WIDTH, height: 1200 });
  await page.goto(`${url}${file.replace(/\.ipynb$/, ".html")}?token=${token}`, { waitUntil: "networkidle0" });
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  return page;
}
