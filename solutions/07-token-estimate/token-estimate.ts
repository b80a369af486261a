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
// BEGIN SOLUTION
import { pystr } from "@aider-workbench/lib";
// END SOLUTION

/** Counts a text's tokens exactly (the model's tokenizer). */
export type TokenCounter = (text: string) => number;

/** Aider's estimate of the tokens of `text`, using the exact `count` on the sample. */
export function sampledTokenCount(text: string, count: TokenCounter): number {
  // BEGIN SOLUTION
  const length = pystr.cpLength(text);
  if (length < 200) return count(text);
  const lines = pystr.splitlines(text, true);
  const step = Math.floor(lines.length / 100) || 1;
  let sample = "";
  for (let i = 0; i < lines.length; i += step) sample += lines[i];
  return (count(sample) / pystr.cpLength(sample)) * length;
  // END SOLUTION
}

/** (estimate − exact) / exact for `text`; 0 when both are 0. */
export function relativeError(text: string, count: TokenCounter): number {
  // BEGIN SOLUTION
  const exact = count(text);
  const estimate = sampledTokenCount(text, count);
  return exact === 0 ? (estimate === 0 ? 0 : Infinity) : (estimate - exact) / exact;
  // END SOLUTION
}

/**
 * Part 2: a text that fools the sample. Return a text (at least 200 code points) whose estimate under `count`
 * is off from the exact count by more than half, in either direction — for ANY counter that counts
 * whitespace-separated words, as the graded tests' counters do.
 */
export function misleadingText(): string {
  // BEGIN SOLUTION
  // 300 lines → step 3: the sample is lines 0, 3, 6, …. Make exactly those lines long and wordy and the others
  // one-word: the sample's token density (tokens per code point) is far above the text's.
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) lines.push(i % 3 === 0 ? "a b c d e f g h i j\n" : "xxxxxxxxxxxxxxxxxxx\n");
  return lines.join("");
  // END SOLUTION
}
