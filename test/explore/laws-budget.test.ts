/**
 * The budget laws (lib/explore/laws-budget.ts) on hand-built rankings: where the strict prefix and Aider's ±15 %
 * search agree every law holds; on rankings built from the search's rules (first probe min(⌊M/25⌋, N), stop at the
 * first probe within 15 %) the two refuted laws report the parting. The fast-check runs are test/properties/budget.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  BUDGET_LAWS,
  budgetAiderNeverExceeds,
  budgetAiderNeverSmaller,
  budgetAiderWithin15,
  budgetDiffersOnlyWithin15,
  budgetSameRankingPrefixes,
  budgetStrictNeverExceeds,
  runBudget,
  type BudgetCase,
} from "../../lib/explore/laws-budget.js";
import { expectCatalogued } from "./catalogued.js";

/** Three entries of 1 for a budget of 3: both take all three (probes 0, 2, then 3 at 0 % off). */
const AGREE: BudgetCase = { costs: [1, 1, 1], budget: 3 };
/** Two entries of 10 for 18: probes 0, 1 (10, kept), 2 (20: 11 % over, within 15 %, ends the search); the page takes one. */
const OVER: BudgetCase = { costs: [10, 10], budget: 18 };
/** 20 + 1 + 1 + 1 for 24: probes 0, then ⌊(1+4)/2⌋ = 2 (21: 12.5 % under) ends the search; all four (23) fit. */
const SHORT: BudgetCase = { costs: [20, 1, 1, 1], budget: 24 };

describe("runBudget", () => {
  it("prices prefixes by summing costs and runs both selections on one ranking", () => {
    const r = runBudget(OVER);
    expect(r.prefix).toEqual([0, 10, 20]);
    expect(r.keys).toEqual([["entry1", "tag"], ["entry2", "tag"]]);
    expect([r.strictK, r.strictTokens]).toEqual([1, 10]);
    expect(r.aider.probes.map((p) => [p.k, p.tokens, p.kept])).toEqual([[0, 0, false], [1, 10, true], [2, 20, true]]);
    expect(r.aider).toMatchObject({ chosenK: 2, tokens: 20, map: "entry1\nentry2" });
  });
});

describe("the budget laws on hand-built rankings", () => {
  it("all hold where the strict prefix and Aider's search take the same entries", () => {
    const r = runBudget(AGREE);
    expect([r.strictK, r.aider.chosenK]).toEqual([3, 3]);
    for (const law of BUDGET_LAWS) expect(law.check(AGREE), law.id).toBeNull();
  });

  it("Aider's search takes a map over budget when it is within 15 %: never-exceeds reports it, the 15 % law holds", () => {
    expect(budgetAiderNeverExceeds.check(OVER)).toBe("Aider's map costs 20 > 18");
    expect(budgetStrictNeverExceeds.check(OVER)).toBeNull();
    expect(budgetAiderWithin15.check(OVER)).toBeNull();
    expect(budgetDiffersOnlyWithin15.check(OVER)).toBeNull();
    expect(budgetSameRankingPrefixes.check(OVER)).toBeNull();
    expect(budgetAiderNeverSmaller.check(OVER)).toBeNull();
  });

  it("Aider's search stops below the best fit at a probe within 15 %: never-smaller reports it", () => {
    expect(runBudget(SHORT).strictK).toBe(4);
    expect(budgetAiderNeverSmaller.check(SHORT)).toBe("Aider stopped at 2 entries, the best fit is 4");
    expect(budgetAiderNeverExceeds.check(SHORT)).toBeNull();
    expect(budgetDiffersOnlyWithin15.check(SHORT)).toBeNull();
    expect(budgetSameRankingPrefixes.check(SHORT)).toBeNull();
  });

  it("nothing fits and no probe is within 15 %: both give no map, and every law holds", () => {
    const none: BudgetCase = { costs: [50], budget: 10 };
    const r = runBudget(none);
    expect([r.strictK, r.aider.chosenK, r.aider.tokens]).toEqual([0, null, null]);
    for (const law of BUDGET_LAWS) expect(law.check(none), law.id).toBeNull();
  });
});

describe("the budget laws' rows", () => {
  it("mark each side's entries and Aider's probes, then the budget line", () => {
    const rows = BUDGET_LAWS[0].rows(OVER);
    expect(rows.map((r) => [r.entry, r["teaching (strict)"], r["Aider (±15 %)"], r["Aider probed this length"]])).toEqual([
      ["entry1", "✓", "✓", "probe 2, kept"],
      ["entry2", "", "✓", "probe 3, kept"],
      ["budget 18", "10 tokens", "20 tokens", "probe 1"],
    ]);
    expect(BUDGET_LAWS[0].rows({ costs: [50], budget: 10 }).at(-1)!["Aider (±15 %)"]).toBe("no map");
  });
});

describe("the budget laws' metadata", () => {
  it("are the catalogue's budget laws, the two that fail refuted by the cases above", () => {
    expectCatalogued(BUDGET_LAWS, "budget");
    expect(BUDGET_LAWS.filter((l) => l.verdict === "fails")).toEqual([budgetAiderNeverExceeds, budgetAiderNeverSmaller]);
  });
});
