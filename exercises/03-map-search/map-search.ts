/**
 * Exercise 03 — Aider's ±15 % binary search over the number of tags (reference §1.5).
 *
 * The teaching model (exercise 02) takes the longest prefix that fits a hard budget. Aider instead searches for a
 * prefix length k of the ranking whose rendered map has about M tokens:
 *   lo = 0, hi = N, k = min(⌊M / 25⌋, N)                    (first guess: about 25 tokens per tag)
 *   while lo ≤ hi:
 *     t = tokens(k), err = |t − M| / M
 *     if (t ≤ M and t > best tokens so far) or err < 0.15:  keep k as the best
 *       if err < 0.15: stop                                 (even when t > M: up to 15 % OVER budget)
 *     if t < M: lo = k + 1 else: hi = k − 1
 *     k = ⌊(lo + hi) / 2⌋
 * Read exercises/03-map-search/README.md first; grade with `npm run -s workbench -- grade 03`.
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
