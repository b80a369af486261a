import { describe, expect, it } from "vitest";
import { EARLIER, labelEarlier, ownOutputs, ranText, setPrompt } from "../../../../lib/notebooks/live/browser/session-view.js";

/** An outputs box as the pages have it: its HTML, data attributes and title. */
function box(innerHTML: string, from?: string): HTMLElement {
  const attrs: Record<string, string> = {};
  const el = { innerHTML, dataset: from ? { from } : {}, title: from ? "why" : "", removeAttribute: (n: string) => (n === "title" ? (el.title = "") : delete attrs[n]) };
  return el as unknown as HTMLElement;
}

describe("what a page shows about its session", () => {
  it("writes the prompt as Jupyter does, and leaves a cell without one alone", () => {
    const prompt = { textContent: "In [7]:" };
    const section = { querySelector: (s: string) => (s === ".prompt" ? prompt : null) } as unknown as HTMLElement;
    setPrompt(section, "*");
    expect(prompt.textContent).toBe("In [*]:");
    setPrompt(section, " ");
    expect(prompt.textContent).toBe("In [ ]:");
    expect(() => setPrompt({ querySelector: () => null } as unknown as HTMLElement, "1")).not.toThrow();
  });

  it("drops the label of outputs the session produced", () => {
    const b = box("<pre>x</pre>", "stored output from the build");
    ownOutputs(b);
    expect([b.dataset.from, b.title]).toEqual([undefined, ""]);
  });

  it("labels outputs left from before a restart, but keeps the build's label and never labels an empty box", () => {
    const shown = box("<pre>x</pre>");
    labelEarlier(shown);
    expect(shown.dataset.from).toBe(EARLIER);
    expect(shown.title).toMatch(/since it restarted/);
    const stored = box("<pre>x</pre>", "stored output from the build");
    labelEarlier(stored);
    expect(stored.dataset.from).toBe("stored output from the build");
    const empty = box("  ");
    labelEarlier(empty);
    expect(empty.dataset.from).toBeUndefined();
  });

  it("counts what the session ran, and says what running does when it ran nothing", () => {
    expect(ranText(0, 5)).toBe("nothing run yet — running a cell runs the cells above it first");
    expect(ranText(3, 5)).toBe("3 of 5 code cells run");
  });
});
