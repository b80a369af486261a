/**
 * Exercise 04 — first-match SEARCH/REPLACE with the uniform-indentation fallback (seed 000, knowledge point 2).
 *
 * The seed's `search_replace(text, search, replacement)`, on lists of lines that keep their line endings:
 *   1. exact: the FIRST window of the text's lines equal to SEARCH's lines is replaced by REPLACE's lines;
 *   2. indent: failing that, the first window where every SEARCH line appears behind ONE common whitespace
 *      prefix (blank SEARCH lines facing blank lines) is replaced by REPLACE with that prefix added;
 *   3. no_match: the text comes back unchanged.
 * Read exercises/04-search-replace/README.md first; grade with `npm run -s workbench -- grade 04`.
 * Graded by test/exercises/04-search-replace.test.ts (this file is exercises/04-search-replace/search-replace.ts).
 */
import { pystr, teachingLines, type SearchReplaceResult } from "@aider-workbench/lib";

/** Every 0-based index where `part` occurs in `whole` as a block of whole lines, in order. */
export function exactMatches(whole: readonly string[], part: readonly string[]): number[] {
  // Exercise 04: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 04`).
  throw new Error("not implemented: exactMatches");
}

/**
 * The one whitespace prefix that the window of `whole` starting at `start` adds to every non-blank line of
 * `part`, or null: blank `part` lines must face blank lines, every other line must be prefix + the `part` line
 * with a blank prefix, and all those prefixes must be equal.
 */
export function missingIndent(whole: readonly string[], part: readonly string[], start: number): string | null {
  // Exercise 04: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 04`).
  throw new Error("not implemented: missingIndent");
}

/** The seed's `search_replace`; split texts into lines with `teachingLines` (the seed's `lines`). */
export function searchReplace(text: string, search: string, replacement: string): SearchReplaceResult {
  // Exercise 04: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 04`).
  throw new Error("not implemented: searchReplace");
}
