/**
 * Exercise 03 — Aider's ±15 % binary search over the number of tags (`aider/repomap.py` `get_ranked_tags_map`; docs/aider-paths.md,
 * "The map search"; seed 000, knowledge point 1, "Teaching budget versus Aider's").
 *
 * Exercise 02's budget is a hard limit. Aider's `get_ranked_tags_map_uncached` instead binary-searches the prefix
 * length k of the ranking for a rendered map CLOSE TO `maxMapTokens`, and a close map may be over budget. Work out
 * from the README and notebook 02 how it starts, which probes it keeps, when it stops and how it moves its bounds: the graded
 * tests compare every probe with Aider's own outputs.
 * Read exercises/03-map-search/README.md first; grade with `npm run -s workbench -- grade 03`.
 * Graded by test/exercises/03-map-search.test.ts (this file is exercises/03-map-search/map-search.ts).
 */

export interface SearchResult {
  /** The chosen prefix length, or null when no probe was kept (then Aider shows no map). */
  chosenK: number | null;
  /** Its token count, or null. */
  tokens: number | null;
  /** Every k probed, in order. */
  probes: number[];
}

/** Aider's search over k = 0…numTags for budget `maxMapTokens` (> 0); `tokensFor(k)` renders and counts a prefix. */
export function mapSearch(numTags: number, maxMapTokens: number, tokensFor: (k: number) => number): SearchResult {
  // Exercise 03: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 03`).
  throw new Error("not implemented: mapSearch");
}

/**
 * Part 2: a counterexample to "map-tokens is a hard limit". Return a case where every tag costs the same number
 * of tokens, in which Aider's search accepts a map OVER the budget although a smaller prefix would fit.
 */
export function overBudgetExample(): { numTags: number; maxMapTokens: number; tokensPerTag: number } {
  // Exercise 03: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 03`).
  throw new Error("not implemented: overBudgetExample");
}
