/**
 * The map budget: the seed page's strict prefix against Aider's ±15 % binary search, on one ranking whose prefixes
 * cost the sum of their entries (lib/explore/laws-budget.ts). Aider's search on arbitrary, non-additive token counts
 * is checked in test/repomap/budget/map.test.ts.
 */
import { describe, expect } from "vitest";
import { aiderMapSearch, strictBudgetPrefix, type SymbolKey } from "../../lib/index.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";
import { budgetAiderNeverExceeds, budgetAiderNeverSmaller, budgetAiderWithin15, budgetDiffersOnlyWithin15, budgetSameRankingPrefixes, budgetStrictNeverExceeds } from "../../lib/explore/laws-budget.js";

/** Both selections computed directly from the lib functions (not through the law's own helper). */
function select(costs: readonly number[], budget: number) {
  const keys = costs.map((_, i): SymbolKey => [`entry${i + 1}`, "tag"]);
  const symbolCosts = Object.fromEntries(keys.map(([f], i) => [f, { tag: costs[i]! }]));
  const strict = strictBudgetPrefix(keys, symbolCosts, budget);
  const aider = aiderMapSearch(costs.length, budget, (k) => ({ text: String(k), tokens: costs.slice(0, k).reduce((a, b) => a + b, 0) }));
  return { strict: strict.selected.length, spent: budget - strict.remainingTokens, aider };
}

describe("map budget: strict prefix and Aider's ±15 % search", () => {
  lawHolds(budgetStrictNeverExceeds);

  lawRefuted(budgetAiderNeverExceeds, [
    {
      name: "two entries of 4 for a budget of 7: Aider takes both (8 tokens, 14 % over)",
      seed: 14,
      path: "0:2:3",
      counterexample: { costs: [4, 4], budget: 7 },
      shows({ costs, budget }) {
        const r = select(costs, budget);
        expect(r).toMatchObject({ strict: 1, spent: 4 });
        // first probe min(⌊7/25⌋, 2) = 0; then k = 1 (4 tokens, kept, 43 % under) and k = 2 (8 tokens, within 15 %)
        expect(r.aider.probes.map((p) => [p.k, p.tokens, p.kept])).toEqual([[0, 0, false], [1, 4, true], [2, 8, true]]);
        expect(r.aider).toMatchObject({ chosenK: 2, tokens: 8 });
      },
    },
    {
      name: "one entry of 8 for a budget of 7: the page takes nothing, Aider takes it",
      seed: 9,
      path: "2:0:6",
      counterexample: { costs: [8], budget: 7 },
      shows({ costs, budget }) {
        const r = select(costs, budget);
        expect(r.strict).toBe(0);
        expect(r.aider).toMatchObject({ chosenK: 1, tokens: 8 });
      },
    },
  ]);

  lawHolds(budgetAiderWithin15);

  lawRefuted(budgetAiderNeverSmaller, [
    {
      name: "10 + 1 + 1 for a budget of 12: Aider stops at 11 tokens although all 12 fit",
      seed: 10,
      path: "12:3:22:18:18:5:18:2:4:15:2:2:16:3:15:2:18:2:14:1:11:3:9:1:13:2:1:9:1:8:11:0",
      counterexample: { costs: [10, 1, 1], budget: 12 },
      shows({ costs, budget }) {
        const r = select(costs, budget);
        expect(r).toMatchObject({ strict: 3, spent: 12 });
        expect(r.aider.probes.map((p) => [p.k, p.tokens])).toEqual([[0, 0], [2, 11]]);
        expect(r.aider).toMatchObject({ chosenK: 2, tokens: 11 });
      },
    },
  ]);

  lawHolds(budgetDiffersOnlyWithin15);
  lawHolds(budgetSameRankingPrefixes);

  catalogueCovered("budget");
});
