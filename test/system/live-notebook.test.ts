/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFirstLivePage, type LivePage } from "./live-page.js";

const root = join(__dirname, "..", "..");
const TRY = 'section[data-cell-id="try-it"]';

/** The text of the try-it cell's editor. */
const editorText = (page: Page) => page.$eval(`${TRY} .cm-content`, (el) => (el as HTMLElement).innerText);
const outputText = (page: Page) => page.$eval(`${TRY} .outputs`, (el) => el.textContent ?? "");
const promptText = (page: Page) => page.$eval(`${TRY} .prompt`, (el) => el.textContent ?? "");

describe("a live notebook page in headless Chromium: edit a cell, run it, interrupt, reload, revert", () => {
  let live: LivePage;
  let page: Page;
  beforeAll(async () => {
    live = await openFirstLivePage(root, false);
    page = live.page;
  }, 120_000);
  afterAll(async () => {
    await live?.close();
  });

  it("turns every code cell into an editor, and says what the page is", async () => {
    const counts = await page.evaluate(() => ({
      code: document.querySelectorAll("section.cell.code").length,
      editors: document.querySelectorAll("section.cell.code .cm-editor").length,
      footer: document.querySelector("footer")?.textContent ?? "",
    }));
    expect(counts.code).toBeGreaterThan(5);
    expect(counts.editors).toBe(counts.code);
    expect(counts.footer).toMatch(/edit any code cell and run it/);
    expect(counts.footer).toMatch(/Jupyter is not installed/);
  });

  it("runs all cells, then an edited Try-it cell shows its new output", async () => {
    await page.click("#run-all");
    await page.waitForFunction((sel) => /In \[\d+\]/.test(document.querySelector(`${sel} .prompt`)?.textContent ?? ""), { timeout: 180_000 }, TRY);
    expect(await outputText(page)).toContain("damping 0.5");
    expect(await page.$$eval("section.cell.code.failed", (els) => els.length)).toBe(0);
    // put the cursor on the first line, replace it
    await page.click(`${TRY} .cm-line`);
    await page.keyboard.press("Home");
    await page.keyboard.down("Shift");
    await page.keyboard.press("End");
    await page.keyboard.up("Shift");
    await page.keyboard.type("const tryDamping = 0.2;");
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.2;/);
    const started = Date.now();
    await page.click(`${TRY} button.run`);
    await page.waitForFunction((sel) => (document.querySelector(`${sel} .outputs`)?.textContent ?? "").includes("damping 0.2"), { timeout: 60_000 }, TRY);
    console.log(`the edited Try-it cell answered in ${Date.now() - started} ms`);
    // outputs stream in before the cell ends: wait for its prompt to take a number, then check it
    await page.waitForFunction((sel) => /In \[\d+\]/.test(document.querySelector(`${sel} .prompt`)?.textContent ?? ""), { timeout: 60_000 }, TRY);
    expect(await promptText(page)).toMatch(/In \[\d+\]/);
    mkdirSync(join(root, "build", "screenshots"), { recursive: true });
    const cell = await page.$(TRY);
    await cell!.scrollIntoView();
    await page.screenshot({ path: join(root, "build", "screenshots", "live-try-it.png") });
  }, 240_000);

  it("keeps the edit across a reload, marked as edited", async () => {
    await new Promise((d) => setTimeout(d, 300));
    await page.reload({ waitUntil: "networkidle0" });
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.2;/);
    expect(await page.$eval(TRY, (el) => el.classList.contains("edited"))).toBe(true);
  }, 60_000);

  it("interrupts a runaway cell and says so", async () => {
    await page.click(`${TRY} .cm-content`);
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type("while (true) {}");
    expect((await editorText(page)).trim()).toBe("while (true) {}");
    await page.click(`${TRY} button.run`);
    await page.waitForFunction((sel) => document.querySelector(`${sel} .prompt`)?.textContent === "In [*]:", { timeout: 10_000 }, TRY);
    await new Promise((d) => setTimeout(d, 3000));
    expect(await promptText(page)).toBe("In [*]:"); // still looping
    await page.click("#interrupt");
    await page.waitForFunction((sel) => /Interrupted/.test(document.querySelector(`${sel} .outputs`)?.textContent ?? ""), { timeout: 30_000 }, TRY);
    expect(await page.$eval("#kernel-state", (el) => el.textContent)).toMatch(/interrupted/);
  }, 120_000);

  it("reverts the cell to the notebook's own code, also after a reload", async () => {
    await page.click(`${TRY} button.revert`);
    await page.waitForFunction((sel) => !document.querySelector(sel)!.classList.contains("edited"), { timeout: 10_000 }, TRY);
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.5;/);
    await new Promise((d) => setTimeout(d, 1200)); // past the editor's save delay
    await page.reload({ waitUntil: "networkidle0" });
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.5;/);
    expect(await page.$eval(TRY, (el) => el.classList.contains("edited"))).toBe(false);
  }, 60_000);
});
