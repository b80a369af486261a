/**
 * The misconception matcher (lib/misconceptions/match.ts) on calls built by hand from exercise 02's budget walk
 * (f 3 tokens, g 5, h 1, ranked so): an entry is named when its variant returns what the student did on EVERY call of
 * its function and the right answer differs on at least one; the first such entry in catalogue order wins; calls of
 * other functions, variants that throw and fromExpected entries without `expected` do not count.
 */
import { describe, expect, it } from "vitest";
import { misconceptions } from "../../lib/index.js";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";
import { matchMisconception, misconceptionReport, type ObservedCall } from "../../lib/misconceptions/match.js";

const k = (s: string) => [["a", s], 1] as const;
const RANKED = [k("f"), k("g"), k("h")];
const COSTS = { a: { f: 3, g: 5, h: 1 } };
const take = (...symbols: string[]) => symbols.map((s) => ["a", s]);
const call = (budget: number, output: unknown, ranked: unknown = RANKED): ObservedCall => ({ fn: "strictBudgetPrefix", args: [ranked, COSTS, budget], output });
/** Budget 8: the right prefix is f, g (5 ≤ 5); "cost < left" stops after f with 5 left. */
const STRICT_LESS_AT_8 = call(8, { selected: take("f"), remainingTokens: 5 });
/** Budget 10: right and "cost < left" both take all three. */
const ALL_AT_10 = call(10, { selected: take("f", "g", "h"), remainingTokens: 1 });

describe("matchMisconception", () => {
  it("names the variant that returns what the student did on a call where the right answer differs", () => {
    expect(matchMisconception("02-symbol-budget", [STRICT_LESS_AT_8])?.id).toBe("02-cost-strictly-less");
    expect(matchMisconception("02-symbol-budget", [STRICT_LESS_AT_8, ALL_AT_10])?.id).toBe("02-cost-strictly-less");
  });

  it("a right answer is never a misconception, even where a variant returns it too", () => {
    expect(matchMisconception("02-symbol-budget", [ALL_AT_10])).toBeNull();
  });

  it("the variant must fit every call of its function: one call it does not explain rules it out", () => {
    const otherwise = call(10, { selected: take("f"), remainingTokens: 7 });
    expect(matchMisconception("02-symbol-budget", [STRICT_LESS_AT_8, otherwise])).toBeNull();
  });

  it("when several entries fit, the first in catalogue order is named", () => {
    // one symbol costing the whole budget: "cost < left" and "skip with cost < left" both take nothing
    const both = call(3, { selected: [], remainingTokens: 3 }, [k("f")]);
    const ids = misconceptions.misconceptionsOf("02-symbol-budget").map((m) => m.id);
    expect(ids.indexOf("02-cost-strictly-less")).toBeLessThan(ids.indexOf("02-skip-strictly-less"));
    expect(misconceptionById("02-skip-strictly-less")!.run([k("f")], COSTS, 3)).toEqual({ selected: [], remainingTokens: 3 });
    expect(matchMisconception("02-symbol-budget", [both])?.id).toBe("02-cost-strictly-less");
  });

  it("calls of other functions are ignored by an entry", () => {
    const spread = { fn: "spreadToSymbols", args: [null, null], output: "anything" };
    expect(matchMisconception("02-symbol-budget", [spread, STRICT_LESS_AT_8])?.id).toBe("02-cost-strictly-less");
  });

  it("a variant that throws on a call does not match it", () => {
    // no costs for file a: every walk throws reading f's, so no output can be explained (lib's answer throws too)
    const missingCost = { fn: "strictBudgetPrefix", args: [RANKED, { b: { f: 3 } }, 8], output: { selected: take("f"), remainingTokens: 5 } };
    expect(matchMisconception("02-symbol-budget", [missingCost])).toBeNull();
  });

  it("an input lib refuses is no evidence: a student who does not check it is not named for a variant that returns the same", () => {
    // g's cost is missing: lib throws; "cost < left" reads undefined < 5 as false and stops after f, as the student did
    const refused = call(8, { selected: take("f"), remainingTokens: 5 });
    const noG = { ...refused, args: [RANKED, { a: { f: 3, h: 1 } }, 8] };
    expect(misconceptionById("02-cost-strictly-less")!.run(...noG.args)).toEqual(noG.output);
    expect(matchMisconception("02-symbol-budget", [noG])).toBeNull();
    // with a valid call where the variant explains the wrong answer, the refused one does not stand in the way
    expect(matchMisconception("02-symbol-budget", [noG, STRICT_LESS_AT_8])?.id).toBe("02-cost-strictly-less");
  });

  it("entries derived from the right answer match only calls that carry it", () => {
    const m = misconceptions.misconceptionsOf("08-reflection-loop")[0]!;
    expect(m.fromExpected).toBe(true);
    expect(matchMisconception("08-reflection-loop", [{ fn: m.fn, args: [{ steps: [], lint: [], options: {} }], output: {} }])).toBeNull();
  });
});

describe("misconceptionReport", () => {
  it("is the entry's id, title and '<notebook> § <section>'", () => {
    const m = misconceptionById("02-cost-strictly-less")!;
    expect(misconceptionReport(m)).toEqual({ id: m.id, title: m.title, notebook: `02-symbols-and-budget.ipynb § ${m.notebook.section}` });
  });
});

describe("matchMisconception's arguments", () => {
  it("rejects an exercise without a catalogue and malformed calls", () => {
    expect(() => matchMisconception("99-nothing", [])).toThrow(/matchMisconception.*exercise/);
    expect(() => matchMisconception("01-pagerank", [{ fn: "pageRankStep" } as never])).toThrow(/calls\[0\]/);
  });

  it("uses the test's own expected value when the call carries one", () => {
    const m = misconceptionById("05-dry-run-ignored")!;
    const args = [["app.py"], ["app.py"], { dryRun: true }];
    const output = m.run(...args);
    expect(matchMisconception("05-commit-plan", [{ fn: "commitPlan", args, output }])?.id).toBe(m.id);
    // told that this output IS the right answer, the matcher names nothing
    expect(matchMisconception("05-commit-plan", [{ fn: "commitPlan", args, output, expected: output }])).toBeNull();
  });

  it("names nothing without a call of a catalogued function", () => {
    expect(matchMisconception("01-pagerank", [{ fn: "handCalculationAB", args: [0.85], output: { A: 0.15, B: 0.1275 } }])).toBeNull();
  });
});

