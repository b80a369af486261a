import { describe, expect, it } from "vitest";
import { EARLIER_LABEL } from "../../../../lib/notebooks/html.js";
import { EARLIER, labelEarlier, ownOutputs, pageLang, ranText, setPrompt, STATE, stateLine } from "../../../../lib/notebooks/live/browser/session-view.js";

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

describe("the state line in the page's language", () => {
  /** A page whose `<html data-lang>` the test sets, with a MutationObserver that hears it change. */
  function page(lang: "en" | "zh") {
    let hear: (() => void) | null = null;
    const root = { attrs: { "data-lang": lang } as Record<string, string>, getAttribute(n: string) { return this.attrs[n] ?? null; } };
    const set = (v: "en" | "zh"): void => {
      root.attrs["data-lang"] = v;
      hear?.();
    };
    class Observer {
      constructor(private readonly cb: () => void) {}
      observe(): void {
        hear = this.cb;
      }
    }
    return { root, set, Observer };
  }

  it("says each message in English or Chinese, and says the last one again when the reader switches", () => {
    const p = page("en");
    const g = globalThis as { document?: unknown; MutationObserver?: unknown };
    const saved = { document: g.document, MutationObserver: g.MutationObserver };
    g.document = { documentElement: p.root };
    g.MutationObserver = p.Observer;
    try {
      const el = { textContent: "" } as HTMLElement;
      const say = stateLine(el, { en: "runtime", zh: "运行环境" });
      say(STATE.idle(2, 5));
      expect(el.textContent).toBe("runtime: idle — 2 of 5 code cells run");
      p.set("zh");
      expect(el.textContent).toBe("运行环境：空闲——已运行 2 / 5 个代码单元");
      say(STATE.above(4, 1, 1, 3));
      expect(el.textContent).toBe("运行环境：先运行单元 4 上面的单元：单元 1（第 1 个，共 3 个）");
      say(STATE.stopped("interrupted"));
      expect(el.textContent).toMatch(/^运行环境：已中断——所有变量都已清空/);
      p.set("en");
      expect(el.textContent).toBe("runtime: interrupted — every variable is gone; running a cell runs the cells above it first");
    } finally {
      g.document = saved.document;
      g.MutationObserver = saved.MutationObserver;
    }
  });

  it("is English where there is no page, and every message has both languages", () => {
    expect(pageLang(undefined)).toBe("en");
    const all = [STATE.ran(0, 3, "machine"), STATE.ran(1, 3, "browser"), STATE.ready(0, 2), STATE.idle(1, 2), STATE.running(3), STATE.above(2, 1, 1, 1), STATE.aboveFailed(3, 2), STATE.stopped("restarted"), STATE.cutOff(), STATE.nothingToRevert()];
    for (const m of all) {
      expect(m.en).not.toMatch(/[\u4e00-\u9fff]/);
      expect(m.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(STATE.ran(0, 3, "machine").en).toBe(`${ranText(0, 3)} (it runs on this machine)`);
  });

  it("the pages' stylesheet labels an earlier session's outputs by the same text the script sets", () => {
    expect(EARLIER_LABEL).toBe(EARLIER);
  });
});
