/**
 * Budget laws: the seed page's strict prefix (repomap/teaching/repo-map.ts `strictBudgetPrefix`, seed 000 knowledge point 1)
 * against Aider's binary search with its ±15 % acceptance (repomap/budget/map-search.ts `aiderMapSearch`, `aider/repomap.py` `get_ranked_tags_map`),
 * on one ranking whose prefixes cost the sum of their entries' costs.
 *
 * With additive costs the strict prefix is the best fit: the longest prefix within budget. Aider's search probes
 * prefix lengths and stops at the first probe within 15 % of the budget, on either side.
 */
import type { Arbitrary } from "fast-check";
import { aiderMapSearch, MAP_SEARCH_TOLERANCE, type MapSearchResult } from "../repomap/budget/map-search.js";
import { strictBudgetPrefix, type SymbolKey } from "../repomap/teaching/repo-map.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";

/** A ranking (best first) given by each entry's token cost, and a budget in tokens. */
export interface BudgetCase {
  readonly costs: readonly number[];
  readonly budget: number;
}

/**
 * Small rankings (1–30 entries of 1–10 tokens, budgets 1–150) that shrink to readable cases, or Aider-sized ones
 * (1–200 entries of 1–60 tokens — Aider guesses 25 a tag — budgets 1–4096).
 */
export const budgetCase = (fc: FastCheck): Arbitrary<BudgetCase> =>
  fc.oneof(
    { withCrossShrink: true },
    fc.record({
      costs: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 30 }),
      budget: fc.integer({ min: 1, max: 150 }),
    }),
    fc.record({
      costs: fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 200, size: "max" }),
      budget: fc.integer({ min: 1, max: 4096 }),
    }),
  );

/** The entry names of the ranking: entry1, entry2, … */
const entryKey = (i: number): SymbolKey => [`entry${i + 1}`, "tag"];

/** Both selections on one ranking: the strict prefix length (= best fit) and Aider's chosen prefix length. */
export function runBudget(c: BudgetCase) {
  const keys = c.costs.map((_, i) => entryKey(i));
  const symbolCosts = Object.fromEntries(keys.map(([f], i) => [f, { tag: c.costs[i]! }]));
  const prefix = [0];
  for (const cost of c.costs) prefix.push(prefix[prefix.length - 1]! + cost);
  const strict = strictBudgetPrefix(keys, symbolCosts, c.budget);
  const aider: MapSearchResult = aiderMapSearch(c.costs.length, c.budget, (k) => ({
    text: keys.slice(0, k).map(([f]) => f).join("\n"),
    tokens: prefix[k]!,
  }));
  const strictK = strict.selected.length;
  return { keys, prefix, strict, strictK, strictTokens: prefix[strictK]!, aider };
}

function budgetRows(c: BudgetCase): ExploreRow[] {
  const { keys, prefix, strictK, aider } = runBudget(c);
  const probeNote = new Map(aider.probes.map((p, i) => [p.k, `probe ${i + 1}${p.kept ? ", kept" : ""}`]));
  const rows: ExploreRow[] = keys.map(([name], i) => ({
    entry: name,
    cost: c.costs[i]!,
    "tokens of the prefix": prefix[i + 1]!,
    "teaching (strict)": i < strictK ? "✓" : "",
    "Aider (±15 %)": aider.chosenK !== null && i < aider.chosenK ? "✓" : "",
    "Aider probed this length": probeNote.get(i + 1) ?? "",
  }));
  return [
    ...rows,
    {
      entry: `budget ${c.budget}`,
      cost: "",
      "tokens of the prefix": "",
      "teaching (strict)": `${prefix[strictK]} tokens`,
      "Aider (±15 %)": aider.tokens === null ? "no map" : `${aider.tokens} tokens`,
      "Aider probed this length": probeNote.get(0) ?? "",
    },
  ];
}

const law = (l: Omit<Law<BudgetCase>, "mechanism" | "arbitrary" | "rows">): Law<BudgetCase> => ({
  ...l,
  mechanism: "budget",
  arbitrary: budgetCase,
  rows: budgetRows,
});

export const budgetStrictNeverExceeds = law({
  id: "budget/strict-never-exceeds",
  statement: "the strict prefix never exceeds the budget",
  verdict: "holds",
  lesson: "The page stops at the first entry that does not fit, so what it takes always fits.",
  check(c) {
    const { strictTokens } = runBudget(c);
    return strictTokens <= c.budget ? null : `strict prefix costs ${strictTokens} > ${c.budget}`;
  },
});

export const budgetAiderNeverExceeds = law({
  id: "budget/aider-never-exceeds",
  statement: "Aider's search never exceeds the budget",
  verdict: "fails",
  lesson: "A probe within 15 % of the budget ends the search on either side, so a map up to 15 % over budget is accepted.",
  check(c) {
    const { aider } = runBudget(c);
    return aider.tokens === null || aider.tokens <= c.budget ? null : `Aider's map costs ${aider.tokens} > ${c.budget}`;
  },
});

export const budgetAiderWithin15 = law({
  id: "budget/aider-over-by-less-than-15-percent",
  statement: "Aider's map exceeds the budget by less than 15 %, never more",
  verdict: "holds",
  lesson: "Over budget is accepted only through the tolerance test |tokens − budget| / budget < 0.15.",
  check(c) {
    const { aider } = runBudget(c);
    if (aider.tokens === null || aider.tokens <= c.budget) return null;
    return (aider.tokens - c.budget) / c.budget < MAP_SEARCH_TOLERANCE ? null : `Aider's map costs ${aider.tokens}: ${(((aider.tokens - c.budget) / c.budget) * 100).toFixed(2)} % over`;
  },
});

export const budgetAiderNeverSmaller = law({
  id: "budget/aider-never-smaller-than-best-fit",
  statement: "Aider's map is never smaller than the best fit (the longest prefix within budget)",
  verdict: "fails",
  lesson: "The first probe within 15 % wins: the search can stop below the budget although a longer prefix would still fit.",
  check(c) {
    const { strictK, aider } = runBudget(c);
    const k = aider.chosenK ?? 0;
    return k >= strictK ? null : `Aider stopped at ${k} entries, the best fit is ${strictK}`;
  },
});

export const budgetDiffersOnlyWithin15 = law({
  id: "budget/differs-only-within-15-percent",
  statement: "Aider's map differs from the best fit only when it stopped at a probe within 15 % of the budget",
  verdict: "holds",
  lesson: "With costs that add up, the binary search otherwise ends exactly on the best fit; every difference is the tolerance at work.",
  check(c) {
    const { strictK, aider } = runBudget(c);
    const k = aider.chosenK ?? 0;
    if (k === strictK) return null;
    const pct = aider.tokens === null ? Infinity : Math.abs(aider.tokens - c.budget) / c.budget;
    return pct < MAP_SEARCH_TOLERANCE ? null : `Aider chose ${k} entries (${aider.tokens} tokens), best fit ${strictK}, not within 15 %`;
  },
});

export const budgetSameRankingPrefixes = law({
  id: "budget/prefixes-of-one-ranking",
  statement: "both are prefixes of the same ranking; Aider's is the longer one only when it is over budget, and it returns no map only when the strict prefix is empty",
  verdict: "holds",
  lesson: "Neither method reorders or skips entries: they differ only in where they cut the ranking.",
  check(c) {
    const { keys, strict, strictK, aider } = runBudget(c);
    if (strict.selected.some((key, i) => key !== keys[i] && (key[0] !== keys[i]![0] || key[1] !== keys[i]![1]))) return "strict selection is not a prefix";
    if (aider.chosenK === null) return strictK === 0 ? null : `no map although ${strictK} entries fit`;
    if (aider.map !== keys.slice(0, aider.chosenK).map(([f]) => f).join("\n")) return "Aider's map is not the text of a prefix";
    if (aider.chosenK > strictK && aider.tokens! <= c.budget) return `Aider's prefix is longer (${aider.chosenK} > ${strictK}) but within budget`;
    return null;
  },
});

export const BUDGET_LAWS = [
  budgetStrictNeverExceeds,
  budgetAiderNeverExceeds,
  budgetAiderWithin15,
  budgetAiderNeverSmaller,
  budgetDiffersOnlyWithin15,
  budgetSameRankingPrefixes,
] as const;
