/** lib/show/budget.ts: the token budget drawn — the strict prefix, the ±15 % band, Aider's probes (seed 000 KP1, `aider/repomap.py` `get_ranked_tags_map`). */
import { describe, expect, it } from "vitest";
import { budgetPicture, strictPrefixLength } from "../../lib/show/budget.js";
import { byClass, byName, svgRoot, textOf } from "../support/markup.js";

const entries = [
  { label: "slugify", tokens: 7 },
  { label: "main", tokens: 12 },
  { label: "User", tokens: 30 },
  { label: "connect", tokens: 9 },
];

describe("strictPrefixLength", () => {
  it("stops at the first entry that does not fit even if a later one would", () => {
    expect(strictPrefixLength(entries, 40)).toBe(2);
    expect(strictPrefixLength(entries, 58)).toBe(4);
    expect(strictPrefixLength(entries, 0)).toBe(0);
    expect(strictPrefixLength([], 10)).toBe(0);
    expect(strictPrefixLength([{ label: "free", tokens: 0 }], 0)).toBe(1);
  });
});

describe("budgetPicture", () => {
  it("marks the strict prefix green, the first misfit red, and says where it stopped", () => {
    const svg = budgetPicture({ entries, budget: 40 });
    expect(svg.match(/class="entry taken"/g)).toHaveLength(2);
    expect(svg.match(/class="entry/g)).toHaveLength(4);
    expect(svg).toContain("19 tokens, 21 left (stops at User, 30 tokens)");
    const fills = byClass(svgRoot(svg), "entry").map((r) => r.attrs.fill);
    expect(fills[0]).toBe(fills[1]);
    expect(new Set(fills.slice(1, 4)).size).toBe(3); // taken, the misfit, the rest: three colours
  });

  it("lays the entries end to end, each as wide as its cost", () => {
    const rects = byClass(svgRoot(budgetPicture({ entries, budget: 40 })), "entry").map((r) => ({ x: Number(r.attrs.x), w: Number(r.attrs.width), t: Number(r.attrs["data-tokens"]) }));
    for (let i = 1; i < rects.length; i++) expect(rects[i]!.x).toBeCloseTo(rects[i - 1]!.x + rects[i - 1]!.w, 0);
    expect(rects[2]!.w / rects[2]!.t).toBeCloseTo(rects[1]!.w / rects[1]!.t, 1);
  });

  it("draws each probe in order, the accepted one ringed, and the band around the budget", () => {
    const probes = [{ k: 40, tokens: 800, kept: true }, { k: 70, tokens: 1400, kept: false }, { k: 55, tokens: 1100, kept: true }];
    const many = Array.from({ length: 100 }, (_, i) => ({ label: `t${i}`, tokens: 20 }));
    const svg = budgetPicture({ entries: many, budget: 1024, probes, chosenK: 55 });
    expect([...svg.matchAll(/class="probe[^"]*" data-k="(\d+)"/g)].map((m) => Number(m[1]))).toEqual([40, 70, 55]);
    expect(svg.match(/class="chosen"/g)).toHaveLength(1);
    const band = /class="band" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(svg)!;
    const budgetX = Number(/class="budget" x1="([\d.]+)"/.exec(svg)![1]);
    expect(Number(band[1]) + Number(band[2]) / 2).toBeCloseTo(budgetX, 0);
    expect(budgetPicture({ entries: many, budget: 1024, probes, chosenK: 55 })).toBe(svg);
    const probeLabels = byName(svgRoot(svg), "text").map(textOf).filter((t) => t.startsWith("probe "));
    expect(probeLabels).toEqual(["probe 1: k = 40 → 800 tokens — kept", "probe 2: k = 70 → 1400 tokens", "probe 3: k = 55 → 1100 tokens (within band) — accepted"]);
  });

  it("says so when no probe qualified (chosenK null)", () => {
    const svg = budgetPicture({ entries, budget: 10, probes: [{ k: 1, tokens: 50, kept: false }], chosenK: null });
    expect(byName(svgRoot(svg), "text").map(textOf)).toContain("no probe qualified: no map at all");
    expect(byClass(svgRoot(svg), "chosen")).toHaveLength(0);
  });

  it("labels and the title with <, & and \" are escaped and read back as written", () => {
    const svg = budgetPicture({ entries: [{ label: 'a<b&"c"', tokens: 500 }], budget: 1000 }, { title: 'M & "k" <1>' });
    const root = svgRoot(svg);
    const texts = byName(root, "text").map(textOf);
    expect(texts).toContain('a<b&"c"');
    expect(texts).toContain('M & "k" <1>');
    expect(root.attrs["aria-label"]).toBe('M & "k" <1>');
  });

  it("rejects negative budgets, costs and probe sizes, and a narrow width; a budget of 0 takes nothing", () => {
    expect(() => budgetPicture({ entries, budget: -1 })).toThrow(/budgetPicture: input\.budget must be ≥ 0/);
    expect(budgetPicture({ entries, budget: 0 })).not.toContain('class="entry taken"');
    expect(() => budgetPicture({ entries: [{ label: "x", tokens: -1 }], budget: 5 })).toThrow(/input\.entries\[0\]\.tokens must be ≥ 0/);
    expect(() => budgetPicture({ entries: [{ label: 1 as never, tokens: 1 }], budget: 5 })).toThrow("budgetPicture: input.entries[0].label must be a string");
    expect(() => budgetPicture({ entries, budget: 5, probes: [{ k: -1, tokens: 1 }] })).toThrow("budgetPicture: input.probes[0].k must be a non-negative integer");
    expect(() => budgetPicture({ entries, budget: 5 }, { width: 200 })).toThrow("budgetPicture: options.width must be an integer ≥ 300");
    expect(() => budgetPicture({ entries, budget: Number.NaN })).toThrow("budgetPicture: input.budget must be a finite number");
  });
});
