/**
 * Exercise 02 — from file rank to symbols, and the strict token budget (seed 000, knowledge point 1).
 *
 * After PageRank, the seed's model spreads each referencing file's rank over its out-edges and adds it up per
 * (definer file, symbol):  importance(dst, s) = Σ over edges (src → dst, s, w) of  r(src)·w / out(src).
 * Symbols are ranked by importance, highest first, ties by (file, symbol) in Python's order (by code point).
 * The budget rule then takes the longest PREFIX of that ranking whose costs fit, stopping at the first misfit.
 * Read exercises/02-symbol-budget/README.md first; grade with `npm run -s workbench -- grade 02`.
 * Graded by test/exercises/02-symbol-budget.test.ts (this file is exercises/02-symbol-budget/symbol-budget.ts).
 */
import { pystr, type SymbolKey, type TeachingGraph } from "@aider-workbench/lib";

/** Importance of every (definer, symbol) that some edge points at, sorted as described above. */
export function spreadToSymbols(graph: TeachingGraph, rank: ReadonlyMap<string, number>): [SymbolKey, number][] {
  // Exercise 02: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 02`).
  throw new Error("not implemented: spreadToSymbols");
}

/**
 * The seed's strict budget: walk `ranked` in order, take each symbol while its cost (from `symbolCosts[file][symbol]`,
 * a positive integer) fits in what is left, and stop at the first one that does not fit.
 */
export function strictBudgetPrefix(
  ranked: readonly (readonly [SymbolKey, number])[],
  symbolCosts: Readonly<Record<string, Readonly<Record<string, number>>>>,
  budget: number,
): { selected: SymbolKey[]; remainingTokens: number } {
  // Exercise 02: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 02`).
  throw new Error("not implemented: strictBudgetPrefix");
}
