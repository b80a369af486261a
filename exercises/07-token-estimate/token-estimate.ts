/**
 * Exercise 07 — Aider's sampled token estimate vs the exact count (`aider/repomap.py` `token_count`; docs/aider-paths.md).
 *
 * Counting a big map's tokens exactly is slow, so Aider's repo map (`RepoMap.token_count`) counts a short text
 * exactly and only a SAMPLE of the lines of a long one, scaled up to the whole text. Which texts are short, which
 * lines the sample takes and how it is scaled are in the README: return exactly Aider's number (a fraction),
 * with Python's notions of length and of a line.
 * Read exercises/07-token-estimate/README.md first; grade with `npm run -s workbench -- grade 07`.
 * Graded by test/exercises/07-token-estimate.test.ts (this file is exercises/07-token-estimate/token-estimate.ts).
 */

/** Counts a text's tokens exactly (the model's tokenizer). */
export type TokenCounter = (text: string) => number;

/** Aider's estimate of the tokens of `text`, using the exact `count` on the sample. */
export function sampledTokenCount(text: string, count: TokenCounter): number {
  // Exercise 07: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 07`).
  throw new Error("not implemented: sampledTokenCount");
}

/** (estimate − exact) / exact for `text`; 0 when both are 0. */
export function relativeError(text: string, count: TokenCounter): number {
  // Exercise 07: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 07`).
  throw new Error("not implemented: relativeError");
}

/**
 * Part 2: a text that fools the sample. Return a text (at least 200 code points) whose estimate under `count`
 * is off from the exact count by more than half, in either direction — for ANY counter that counts
 * whitespace-separated words, as the graded tests' counters do.
 */
export function misleadingText(): string {
  // Exercise 07: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 07`).
  throw new Error("not implemented: misleadingText");
}
