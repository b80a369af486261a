import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listDiagrams, renderDiagrams, staleDiagrams } from "../../lib/diagrams/render.js";
import { launchChromium } from "../../lib/diagrams/chromium.js";
import { requireChromium } from "./requirements.js";
import { clippedLabels, MIN_TEXT_PX, PAGE_WIDTH, smallSvgText } from "./text-size.js";

const root = join(__dirname, "..", "..");
const dir = join(root, "diagrams");

describe("diagrams (mermaid-cli + Debian's Chromium)", () => {
  // That every committed SVG was rendered from its current source needs no browser: test/diagrams/render.test.ts.
  it("every source re-renders without a parse error", async () => {
    requireChromium(root);
    const diagrams = listDiagrams(dir);
    expect(diagrams.length).toBeGreaterThanOrEqual(7);
    const results = await renderDiagrams(root, diagrams, { outDir: mkdtempSync(join(tmpdir(), "wb-dia-")) });
    expect(results.filter((r) => !r.ok)).toEqual([]);
  }, 180_000);

  it("a broken source fails with mermaid's parse error, and the others still render", async () => {
    requireChromium(root);
    const tmp = mkdtempSync(join(tmpdir(), "wb-dia-bad-"));
    writeFileSync(join(tmp, "bad.mmd"), "flowchart TD\n  A --> \n  B[[[\n");
    writeFileSync(join(tmp, "good.mmd"), "flowchart LR\n  A --> B\n");
    const results = await renderDiagrams(root, listDiagrams(tmp));
    expect(results.map((r) => [r.name, r.ok])).toEqual([["bad", false], ["good", true]]);
    expect(results[0]!.error).toMatch(/Parse error on line \d+/);
    expect(readFileSync(join(tmp, "good.svg"), "utf8")).toMatch(/^<!-- rendered from good\.mmd sha256:[0-9a-f]{16} /);
    expect(staleDiagrams(tmp)).toEqual(["bad.svg is missing"]);
    writeFileSync(join(tmp, "good.mmd"), "flowchart LR\n  A --> C\n");
    expect(staleDiagrams(tmp)).toEqual(["bad.svg is missing", "good.svg was rendered from an older good.mmd"]);
  }, 120_000);

  it(`every committed diagram's text is at least ${MIN_TEXT_PX} px when the diagram is shown at the page's width (${PAGE_WIDTH} px), and no label is wider than its box`, async () => {
    requireChromium(root);
    const browser = await launchChromium(root);
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: PAGE_WIDTH + 40, height: 900 });
      const small: Record<string, unknown> = {};
      for (const d of listDiagrams(dir)) {
        const svg = readFileSync(d.svg, "utf8").replace(/^<!--[\s\S]*?-->\n?/, "");
        // As the notebook pages show it: max-width 100 % of the output column, height auto.
        await page.setContent(`<style>body{margin:0} .out{width:${PAGE_WIDTH}px} .out svg{max-width:100%;height:auto}</style><div class="out">${svg}</div>`);
        const found = await smallSvgText(page);
        if (found.length) small[d.name] = found.slice(0, 5);
        const cut = await clippedLabels(page);
        if (cut.length) small[`${d.name} (labels wider than their box)`] = cut.slice(0, 5);
      }
      expect(small).toEqual({});
    } finally {
      await browser.close();
    }
  }, 120_000);
});
