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
  // BEGIN SOLUTION
  let lo = 0;
  let hi = numTags;
  let k = Math.min(Math.floor(maxMapTokens / 25), numTags);
  let best: { k: number; tokens: number } | null = null;
  const probes: number[] = [];
  while (lo <= hi) {
    const t = tokensFor(k);
    probes.push(k);
    const close = Math.abs(t - maxMapTokens) / maxMapTokens < 0.15;
    if ((t <= maxMapTokens && t > (best?.tokens ?? 0)) || close) {
      best = { k, tokens: t };
      if (close) break;
    }
    if (t < maxMapTokens) lo = k + 1;
    else hi = k - 1;
    k = Math.floor((lo + hi) / 2);
  }
  return { chosenK: best?.k ?? null, tokens: best?.tokens ?? null, probes };
  // END SOLUTION
}

/**
 * Part 2: a counterexample to "map-tokens is a hard limit". Return a case where every tag costs the same number
 * of tokens, in which Aider's search accepts a map OVER the budget although a smaller prefix would fit.
 */
export function overBudgetExample(): { numTags: number; maxMapTokens: number; tokensPerTag: number } {
  // BEGIN SOLUTION
  // The worked example (20 tokens a tag, budget 1024): probes 40 (800 tokens, kept), 70 (1400), 55 (1100: 7.4 % over, accepted), while
  // 51 tags (1020) would have fit.
  return { numTags: 100, maxMapTokens: 1024, tokensPerTag: 20 };
  // END SOLUTION
}
