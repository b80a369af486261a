/**
 * Exercise 07 — Aider's sampled token estimate vs the exact count (reference §1.6).
 *
 * Counting a big map's tokens exactly is slow, so Aider's repo map (`RepoMap.token_count`) estimates:
 *   text shorter than 200 code points  → the exact count
 *   otherwise  lines = splitlines(text, keepends), step = ⌊len(lines) / 100⌋ or 1,
 *              sample = every step-th line from the first, joined,
 *              estimate = count(sample) / len(sample) · len(text)      (lengths in code points; a fraction)
 * Read exercises/07-token-estimate/README.md first; grade with `npm run -s workbench -- grade 07`.
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
