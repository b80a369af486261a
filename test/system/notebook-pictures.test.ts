/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Every notebook page as headless Chromium renders it (issue 17, item 8): a full-page screenshot of each in
// build/screenshots/, no failed cell and nothing on stderr, every picture rendered (an SVG or diff with a size and
// something drawn in it), every numbered section, each of its subsections and the Try it holding at least one
// picture when its code shows anything (issue 17: a picture per knowledge point), the pictures' text at least
// 12 px, and the stepper frames switching; each page's height at 1100 px is printed (notebook 06's is held to a
// limit in notebook-height.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "puppeteer-core";
import { launchChromium } from "../../lib/diagrams/chromium.js";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { serveSite } from "../../lib/notebooks/serve.js";
import { createSite, executeSite } from "../../lib/notebooks/site.js";
import { openNotebookPage, screenshotWhole } from "./notebook-page.js";
import { requireChromium } from "./requirements.js";
import { MIN_TEXT_PX, PAGE_WIDTH, smallSvgText } from "./text-size.js";

const paths = { ...projectPaths(join(__dirname, "..", "..")), build: mkdtempSync(join(tmpdir(), "wb-pictures-")) };
// NOTEBOOKS=01,04 limits the run (each notebook takes ~30 s to execute); by default every notebook is checked.
const only = process.env.NOTEBOOKS?.split(",").map((s) => s.trim());
const notebooks = listNotebooks(paths.notebooks).filter((f) => !only || only.some((n) => f.includes(`/${n}`)));

describe("every notebook page's pictures, as headless Chromium renders them", () => {
  let server: Server;
  let url: string;
  let token: string;
  let browser: Browser;
  beforeAll(async () => {
    requireChromium(paths.root);
    const site = createSite(paths, notebooks);
    ({ server, url, token } = await serveSite(site, 0));
    await executeSite(site);
    browser = await launchChromium(paths.root);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it.each(notebooks.map((f) => [f.replace(/^.*\//, "")]))("%s: pictures rendered, one per numbered section, subsection and Try it, text ≥ 12 px; screenshot kept", async (file) => {
    const page = await openNotebookPage(browser, url, token, file);
    // One tab at a time: each page is closed after its test (a tab left behind the new one draws no frames).
    try {
      await checkPictures(page, file);
    } finally {
      await page.close();
    }
  }, 120_000);

  async function checkPictures(page: Page, file: string): Promise<void> {
    const seen = await page.evaluate(() => {
      const visible = (el: Element) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().height > 0;
      const pictures = [...document.querySelectorAll(".outputs svg, .outputs .wb-diff, .outputs .wb-patch")].filter((s) => !s.parentElement?.closest("svg"));
      const shown = pictures.filter(visible);
      const empty = shown.filter((s) => s.querySelectorAll("path, rect, circle, line, polyline, text, foreignObject, tr, div").length < 3).length;
      // Walk the cells in order: which part each picture falls in — a numbered section (## N. …), each subsection
      // of one (### …, a knowledge point of its own) and the Try it. A part whose code shows nothing (prose, or
      // helpers defined for later) has nothing to draw and is not counted.
      const sections = new Map<string, number>();
      const withCode = new Set<string>();
      let section: string | null = null;
      let current: string | null = null;
      for (const cell of document.querySelectorAll(".cell")) {
        for (const h of cell.querySelectorAll("h2, h3")) {
          const t = h.textContent?.trim() ?? "";
          if (h.tagName === "H2") section = current = /^\d+\./.test(t) || t === "Try it" ? t : null;
          else current = section ? `${section} › ${t}` : null;
          if (current) sections.set(current, 0);
        }
        if (current && cell.classList.contains("code") && cell.querySelector(".outputs > *")) withCode.add(current);
        if (current) sections.set(current, sections.get(current)! + cell.querySelectorAll(".outputs svg, .outputs .wb-diff, .outputs .wb-patch").length);
      }
      return {
        pictures: pictures.length,
        shown: shown.length,
        empty,
        sectionsWithout: [...sections].filter(([s, n]) => n === 0 && withCode.has(s)).map(([s]) => s),
        failedCells: document.querySelectorAll(".cell.failed").length,
        stderr: [...document.querySelectorAll(".stream.stderr")].map((n) => n.textContent),
        outputWidth: document.querySelector(".outputs")?.getBoundingClientRect().width ?? 0,
        steppers: document.querySelectorAll(".wb-stepper").length,
        height: document.documentElement.scrollHeight,
      };
    });
    mkdirSync(join(paths.root, "build", "screenshots"), { recursive: true });
    const shot = join(paths.root, "build", "screenshots", file.replace(/\.ipynb$/, "-pictures.png"));
    await screenshotWhole(page, shot);
    console.log(`${file}: ${seen.height} px tall at 1100 px`);
    expect(seen.failedCells).toBe(0);
    expect(seen.stderr).toEqual([]);
    expect(seen.pictures).toBeGreaterThan(1);
    expect(seen.empty).toBe(0);
    expect(seen.sectionsWithout).toEqual([]);
    expect(seen.outputWidth).toBeGreaterThanOrEqual(PAGE_WIDTH); // the page's normal layout (the diagram test assumes 800 px)
    expect(await smallSvgText(page, MIN_TEXT_PX)).toEqual([]);
    // A stepper shows one frame; choosing another button shows that frame instead (no script needed).
    if (seen.steppers > 0) {
      const frames = await page.evaluate(() => {
        const s = document.querySelector(".wb-stepper")!;
        const shownFrames = () => [...s.querySelectorAll(".wbs-frame")].filter((f) => (f as HTMLElement).offsetHeight > 0).map((f) => f.getAttribute("data-frame"));
        const before = shownFrames();
        const labels = [...s.querySelectorAll(".wbs-controls label")] as HTMLElement[];
        const target = labels.findIndex((_, i) => String(i) !== before[0]);
        labels[target]!.click();
        return { before, after: shownFrames(), target: String(target) };
      });
      expect(frames.before).toHaveLength(1);
      expect(frames.after).toEqual([frames.target]);
    }
    expect(statSync(shot).size).toBeGreaterThan(50_000);
  }
});
