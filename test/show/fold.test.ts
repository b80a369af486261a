import { describe, expect, it } from "vitest";
import { foldedHtml } from "../../lib/show/fold.js";

describe("foldedHtml", () => {
  it("folds the HTML as it is under an escaped summary, closed (no open attribute)", () => {
    const out = foldedHtml("Try it first <then> open", "<table><tr><td>1</td></tr></table>");
    expect(out).toBe('<details class="wb-fold"><summary>Try it first &lt;then&gt; open</summary><table><tr><td>1</td></tr></table></details>');
    expect(out).not.toMatch(/<details[^>]*\bopen\b/);
  });

  it("refuses a summary or content that is not text, or blank", () => {
    expect(() => foldedHtml(1 as never, "<p>x</p>")).toThrow(/^foldedHtml: summary /);
    expect(() => foldedHtml("s", undefined as never)).toThrow(/^foldedHtml: html /);
    expect(() => foldedHtml("  ", "<p>x</p>")).toThrow(/^foldedHtml: summary must not be blank/);
    expect(() => foldedHtml("s", "\n")).toThrow(/^foldedHtml: html must not be blank/);
  });
});
