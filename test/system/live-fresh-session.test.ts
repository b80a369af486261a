/// <reference lib="dom" />
/**
 * A learner's first run on a freshly started live server, in headless Chromium: notebook 01 opens with its stored
 * outputs labelled as the build's, blank prompts and a state line saying the session has run nothing; the first
 * "Try it" cell, edited and run with Shift-Enter (no Run all first), runs the cells above it first — each shows its
 * own count — and prints its result, with no "Cannot find name". Then Revert notebook asks before discarding.
 * Screenshots, before and after the run: build/screenshots/live-fresh-session{-before,}.png.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFirstLivePage, type LivePage } from "./live-page.js";

const root = join(__dirname, "..", "..");
const TRY = 'section[data-cell-id="try-it"]';
const editorText = (page: Page) => page.$eval(`${TRY} .cm-content`, (el) => (el as HTMLElement).innerText);

describe("a fresh live session in headless Chromium: the first Try-it cell runs without Run all", () => {
  let live: LivePage;
  let page: Page;
  beforeAll(async () => {
    live = await openFirstLivePage(root, true);
    page = live.page;
  }, 300_000);
  afterAll(async () => {
    await live?.close();
  });

  it("opens saying the session has run nothing: blank prompts, stored outputs labelled as the build's", async () => {
    const seen = await page.evaluate(() => ({
      prompts: [...document.querySelectorAll("section.cell.code .prompt")].map((p) => p.textContent),
      state: document.getElementById("kernel-state")?.textContent ?? "",
      labelled: document.querySelectorAll("section.cell.code .outputs[data-from]").length,
      withOutputs: [...document.querySelectorAll("section.cell.code .outputs")].filter((o) => o.innerHTML.trim() !== "").length,
    }));
    expect(seen.prompts.length).toBeGreaterThan(5);
    expect(new Set(seen.prompts)).toEqual(new Set(["In [ ]:"]));
    expect(seen.state).toMatch(/^session: nothing run yet — running a cell runs the cells above it first/);
    expect(seen.withOutputs).toBeGreaterThan(5);
    expect(seen.labelled).toBe(seen.withOutputs);
    mkdirSync(join(root, "build", "screenshots"), { recursive: true });
    await (await page.$(TRY))!.scrollIntoView();
    await page.screenshot({ path: join(root, "build", "screenshots", "live-fresh-session-before.png") });
  });

  it("runs the edited Try-it cell on Shift-Enter after the cells above it, and prints its result", async () => {
    await page.click(`${TRY} .cm-line`);
    await page.keyboard.press("Home");
    await page.keyboard.down("Shift");
    await page.keyboard.press("End");
    await page.keyboard.up("Shift");
    await page.keyboard.type("const tryDamping = 0.2;");
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.2;/);
    const started = Date.now();
    await page.keyboard.down("Shift");
    await page.keyboard.press("Enter");
    await page.keyboard.up("Shift");
    await page.waitForFunction(() => /running the cells above cell \d+ first/.test(document.getElementById("kernel-state")?.textContent ?? ""), { timeout: 60_000 });
    await page.waitForFunction((sel) => /In \[\d+\]/.test(document.querySelector(`${sel} .prompt`)?.textContent ?? ""), { timeout: 240_000 }, TRY);
    console.log(`the edited Try-it cell, with the cells above it, answered in ${Date.now() - started} ms`);
    const seen = await page.evaluate((sel) => {
      const code = [...document.querySelectorAll<HTMLElement>("section.cell.code")];
      const at = code.findIndex((c) => c.matches(sel));
      return {
        output: document.querySelector(`${sel} .outputs`)?.textContent ?? "",
        labelled: document.querySelector(`${sel} .outputs`)?.hasAttribute("data-from"),
        prompts: code.slice(0, at + 1).map((c) => c.querySelector(".prompt")?.textContent),
        failed: document.querySelectorAll("section.cell.code.failed").length,
        page: document.body.textContent ?? "",
        state: document.getElementById("kernel-state")?.textContent ?? "",
      };
    }, TRY);
    expect(seen.output).toContain("damping 0.2");
    expect(seen.page).not.toMatch(/Cannot find name/);
    expect(seen.failed).toBe(0);
    expect(seen.labelled).toBe(false);
    expect(seen.prompts).toEqual(seen.prompts.map((_, i) => `In [${i + 1}]:`)); // every cell above ran, in order, then it
    const total = await page.$$eval("section.cell.code", (c) => c.length);
    expect(seen.state).toBe(`session: idle — ${seen.prompts.length} of ${total} code cells run`);
    mkdirSync(join(root, "build", "screenshots"), { recursive: true });
    await (await page.$(TRY))!.scrollIntoView();
    await page.screenshot({ path: join(root, "build", "screenshots", "live-fresh-session.png") });
  }, 300_000);

  it("Revert notebook asks before discarding the edit; declined it keeps it, accepted it reverts", async () => {
    await new Promise((d) => setTimeout(d, 1200)); // the edit is saved
    const questions: string[] = [];
    let accept = false;
    const onDialog = (dialog: import("puppeteer-core").Dialog) => {
      questions.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    };
    page.on("dialog", onDialog);
    await page.click("#revert-all");
    await new Promise((d) => setTimeout(d, 500));
    expect(questions).toEqual(["Revert notebook: discard your edits in 1 cell and put the notebook's own code back? This cannot be undone."]);
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.2;/);
    accept = true;
    await page.click("#revert-all");
    await page.waitForFunction((sel) => !document.querySelector(sel)!.classList.contains("edited"), { timeout: 10_000 }, TRY);
    expect(questions).toHaveLength(2);
    expect(await editorText(page)).toMatch(/^const tryDamping = 0\.5;/);
    page.off("dialog", onDialog);
  }, 60_000);
});
