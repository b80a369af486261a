/**
 * Exercise 02's misconceptions: wrong variants of spreading file rank to symbols and of the seed's strict budget
 * prefix (seed 000, knowledge point 1), beside lib's teaching model (lib/repomap/teaching/repo-map.ts).
 */
import { compareSymbolKeys, spreadRankToSymbols, strictBudgetPrefix, type SymbolKey, type TeachingGraph } from "../repomap/teaching/repo-map.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "02-symbol-budget";
const NOTEBOOK = "02-symbols-and-budget.ipynb";
const SEED = "seed 000, knowledge point 1 (symbol importance and the strict token budget)";
type Ranked = readonly (readonly [SymbolKey, number])[];
type Costs = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Walks `ranked` taking a symbol when `fits(cost, remaining)`; on a misfit stops, or with `skip` goes on. */
function walk(ranked: Ranked, costs: Costs, budget: number, fits: (cost: number, left: number) => boolean, skip: boolean) {
  const selected: SymbolKey[] = [];
  let remainingTokens = budget;
  for (const [key] of ranked) {
    const cost = costs[key[0]]![key[1]]!;
    if (!fits(cost, remainingTokens)) {
      if (skip) continue;
      break;
    }
    selected.push(key);
    remainingTokens -= cost;
  }
  return { selected, remainingTokens };
}

/** Importance per (file, symbol), optionally not divided by out(src), ties by code point or (`tieUtf16`) by UTF-16 units. */
function spreadWith(graph: TeachingGraph, rank: ReadonlyMap<string, number>, divide: boolean, tieUtf16: boolean): [SymbolKey, number][] {
  const byKey = new Map<string, [SymbolKey, number]>();
  for (const [src, dst, symbol, weight] of graph.edges) {
    const id = JSON.stringify([dst, symbol]);
    const entry = byKey.get(id) ?? [[dst, symbol] as const, 0];
    entry[1] += (rank.get(src)! * weight) / (divide ? graph.outgoing.get(src)! : 1);
    byKey.set(id, entry);
  }
  const utf16 = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return [...byKey.values()].sort(([ka, va], [kb, vb]) =>
    va !== vb ? vb - va : tieUtf16 ? utf16(ka[0], kb[0]) || utf16(ka[1], kb[1]) : compareSymbolKeys(ka, kb),
  );
}

export const SYMBOL_BUDGET_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "spreadToSymbols", tolerance: 1e-12, run: (g: TeachingGraph, r: ReadonlyMap<string, number>) => spreadRankToSymbols(g, r) }),
  rightAnswer({ exercise: EXERCISE, fn: "strictBudgetPrefix", tolerance: 0, run: (r: Ranked, c: Costs, b: number) => strictBudgetPrefix(r, c, b) }),
];

export const SYMBOL_BUDGET_MISCONCEPTIONS: readonly Misconception[] = [
  misconception({
    id: "02-cost-strictly-less",
    exercise: EXERCISE,
    fn: "strictBudgetPrefix",
    title: "a symbol fits only when its cost is < what is left (not ≤)",
    explanation:
      "The walk takes a symbol only when cost < remaining, so a symbol that fills the budget exactly is refused and " +
      "the walk stops one symbol early. The seed's rule is cost ≤ remaining: a budget may be used to the last token.",
    notebook: { file: NOTEBOOK, section: "2. The seed's strict prefix" },
    seed: SEED,
    run: (r: Ranked, c: Costs, b: number) => walk(r, c, b, (cost, left) => cost < left, false),
  }),
  misconception({
    id: "02-skip-and-go-on",
    exercise: EXERCISE,
    fn: "strictBudgetPrefix",
    title: "an expensive symbol skipped and the walk goes on",
    explanation:
      "On a symbol that does not fit, the walk skips it and keeps taking cheaper ones further down (a greedy " +
      "knapsack). The seed takes a PREFIX of the ranking and stops at the first misfit, so no lower-ranked symbol " +
      "is shown while a higher-ranked one is left out.",
    notebook: { file: NOTEBOOK, section: "2. The seed's strict prefix" },
    seed: SEED,
    run: (r: Ranked, c: Costs, b: number) => walk(r, c, b, (cost, left) => cost <= left, true),
  }),
  misconception({
    id: "02-skip-strictly-less",
    exercise: EXERCISE,
    fn: "strictBudgetPrefix",
    title: "skip-and-go-on with cost < what is left",
    explanation:
      "Both mistakes at once: misfits are skipped instead of ending the prefix, and a symbol filling the budget " +
      "exactly counts as a misfit.",
    notebook: { file: NOTEBOOK, section: "2. The seed's strict prefix" },
    seed: SEED,
    run: (r: Ranked, c: Costs, b: number) => walk(r, c, b, (cost, left) => cost < left, true),
  }),
  misconception({
    id: "02-share-not-divided",
    exercise: EXERCISE,
    fn: "spreadToSymbols",
    title: "a file's rank given whole to each edge (not divided by out(src))",
    explanation:
      "Each edge adds r(src)·w instead of r(src)·w / out(src): a file with many references hands out more rank " +
      "than it has, so symbols used by busy files are over-weighted and the importances no longer add up to the rank spread.",
    notebook: { file: NOTEBOOK, section: "1. From file rank to symbols" },
    seed: SEED,
    run: (g: TeachingGraph, r: ReadonlyMap<string, number>) => spreadWith(g, r, false, false),
  }),
  misconception({
    id: "02-ties-utf16",
    exercise: EXERCISE,
    fn: "spreadToSymbols",
    title: "ties ordered by JavaScript's string order (UTF-16 units), not Python's (code points)",
    explanation:
      "Equal importances are ordered with < on strings, which compares UTF-16 code units: a name with an astral " +
      "character (an emoji) sorts before one with U+FF5E, where Python's tuple order puts it after.",
    notebook: { file: NOTEBOOK, section: "1. From file rank to symbols" },
    seed: SEED,
    run: (g: TeachingGraph, r: ReadonlyMap<string, number>) => spreadWith(g, r, true, true),
  }),
];
