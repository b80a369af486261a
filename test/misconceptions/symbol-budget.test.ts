/**
 * Exercise 02's wrong variants (lib/misconceptions/symbol-budget.ts) on hand-built rankings (seed 000, knowledge
 * point 1: a symbol's importance is Σ r(src)·w/out(src) over its edges, ties by (file, symbol) in code-point order;
 * the budget takes the longest PREFIX whose symbols each cost ≤ what is left): each variant differs from lib's where
 * its mistake matters and agrees where it does not.
 */
import { describe, expect, it } from "vitest";
import { SYMBOL_BUDGET_MISCONCEPTIONS, SYMBOL_BUDGET_RIGHT } from "../../lib/misconceptions/symbol-budget.js";
import { buildTeachingGraph, type SymbolKey } from "../../lib/repomap/teaching/repo-map.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const prefix = rightFor(SYMBOL_BUDGET_RIGHT, "strictBudgetPrefix");
const spread = rightFor(SYMBOL_BUDGET_RIGHT, "spreadToSymbols");
const k = (s: string): readonly [SymbolKey, number] => [["a", s], 1];
/** f (3 tokens), g (5), h (1), ranked in that order. */
const RANKED = [k("f"), k("g"), k("h")];
const COSTS = { a: { f: 3, g: 5, h: 1 } };
const take = (...symbols: string[]) => symbols.map((s) => ["a", s]);

describe("strictBudgetPrefix variants", () => {
  it("the right prefix: f and g fill a budget of 8 exactly; with 4 the walk stops at g", () => {
    expect(prefix.run(RANKED, COSTS, 8)).toEqual({ selected: take("f", "g"), remainingTokens: 0 });
    expect(prefix.run(RANKED, COSTS, 4)).toEqual({ selected: take("f"), remainingTokens: 1 });
  });

  it("02-cost-strictly-less refuses g when it costs exactly what is left (5 of 5); with room to spare it is right", () => {
    const m = entry(SYMBOL_BUDGET_MISCONCEPTIONS, "02-cost-strictly-less");
    expect(m.run(RANKED, COSTS, 8)).toEqual({ selected: take("f"), remainingTokens: 5 });
    expect(m.run(RANKED, COSTS, 10)).toEqual(prefix.run(RANKED, COSTS, 10));
    expect(m.run(RANKED, COSTS, 10)).toEqual({ selected: take("f", "g", "h"), remainingTokens: 1 });
  });

  it("02-skip-and-go-on skips g and takes h below it; when everything fits it is right", () => {
    const m = entry(SYMBOL_BUDGET_MISCONCEPTIONS, "02-skip-and-go-on");
    expect(m.run(RANKED, COSTS, 4)).toEqual({ selected: take("f", "h"), remainingTokens: 0 });
    expect(m.run(RANKED, COSTS, 9)).toEqual(prefix.run(RANKED, COSTS, 9));
    expect(m.run(RANKED, COSTS, 9)).toEqual({ selected: take("f", "g", "h"), remainingTokens: 0 });
  });

  it("02-skip-strictly-less takes h (1 < 2) after skipping g with 5; with 4 the two mistakes cancel (h: 1 < 1 is false)", () => {
    const m = entry(SYMBOL_BUDGET_MISCONCEPTIONS, "02-skip-strictly-less");
    expect(prefix.run(RANKED, COSTS, 5)).toEqual({ selected: take("f"), remainingTokens: 2 });
    expect(m.run(RANKED, COSTS, 5)).toEqual({ selected: take("f", "h"), remainingTokens: 1 });
    expect(m.run(RANKED, COSTS, 4)).toEqual(prefix.run(RANKED, COSTS, 4));
  });
});

describe("spreadToSymbols variants", () => {
  /** a → b (f, weight 1), a → c (g, weight 3): out(a) = 4. */
  const busy = buildTeachingGraph(["a", "b", "c"], [["a", "b", "f", 1], ["a", "c", "g", 3]], { a: 1 });
  const rank = new Map([["a", 0.4], ["b", 0.3], ["c", 0.3]]);

  it("the right spread divides a's 0.4 by out(a) = 4: (c, g) gets 0.3, (b, f) 0.1", () => {
    const r = spread.run(busy, rank) as [SymbolKey, number][];
    expect(r.map(([key]) => key)).toEqual([["c", "g"], ["b", "f"]]);
    expect(r[0]![1]).toBeCloseTo(0.3, 15);
    expect(r[1]![1]).toBeCloseTo(0.1, 15);
  });

  it("02-share-not-divided hands out 0.4·w to each edge: 1.2 and 0.4; with one edge of weight 1 per file it is right", () => {
    const m = entry(SYMBOL_BUDGET_MISCONCEPTIONS, "02-share-not-divided");
    const r = m.run(busy, rank) as [SymbolKey, number][];
    expect(r.map(([key]) => key)).toEqual([["c", "g"], ["b", "f"]]);
    expect(r[0]![1]).toBeCloseTo(1.2, 15);
    expect(r[1]![1]).toBeCloseTo(0.4, 15);
    const single = buildTeachingGraph(["a", "b"], [["a", "b", "f", 1], ["b", "a", "g", 1]], { a: 1 });
    expect(m.run(single, rank)).toEqual(spread.run(single, rank));
  });

  it("02-ties-utf16 puts the emoji file first (UTF-16 D83D < FF5E), Python's code points put U+FF5E first; ASCII ties agree", () => {
    const m = entry(SYMBOL_BUDGET_MISCONCEPTIONS, "02-ties-utf16");
    const [emoji, fullwidth] = ["\u{1F600}.py", "\uFF5E.py"];
    const ties = buildTeachingGraph([emoji, fullwidth, "s"], [["s", emoji, "f", 1], ["s", fullwidth, "f", 1]], { s: 1 });
    const r = new Map([[emoji, 0.25], [fullwidth, 0.25], ["s", 0.5]]);
    expect((spread.run(ties, r) as [SymbolKey, number][]).map(([key]) => key[0])).toEqual([fullwidth, emoji]);
    expect((m.run(ties, r) as [SymbolKey, number][]).map(([key]) => key[0])).toEqual([emoji, fullwidth]);
    const ascii = buildTeachingGraph(["x.py", "b.py", "s"], [["s", "x.py", "f", 1], ["s", "b.py", "f", 1]], { s: 1 });
    const ra = new Map([["x.py", 0.25], ["b.py", 0.25], ["s", 0.5]]);
    expect(m.run(ascii, ra)).toEqual(spread.run(ascii, ra));
  });
});

describe("exercise 02's entries", () => {
  it("are the catalogue's, each for spreadToSymbols or strictBudgetPrefix", () => {
    expectEntries("02-symbol-budget", SYMBOL_BUDGET_MISCONCEPTIONS, SYMBOL_BUDGET_RIGHT);
  });
});
