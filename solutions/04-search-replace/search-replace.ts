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
  // BEGIN SOLUTION
  const found: number[] = [];
  outer: for (let i = 0; i + part.length <= whole.length; i++) {
    for (let j = 0; j < part.length; j++) if (whole[i + j] !== part[j]) continue outer;
    found.push(i);
  }
  return found;
  // END SOLUTION
}

/**
 * The one whitespace prefix that the window of `whole` starting at `start` adds to every non-blank line of
 * `part`, or null: blank `part` lines must face blank lines, every other line must be prefix + the `part` line
 * with a blank prefix, and all those prefixes must be equal.
 */
export function missingIndent(whole: readonly string[], part: readonly string[], start: number): string | null {
  // BEGIN SOLUTION
  let prefix: string | null = null;
  let blanksFaceBlanks = true;
  for (let j = 0; j < part.length; j++) {
    const have = whole[start + j]!;
    const want = part[j]!;
    if (pystr.isBlank(want)) {
      blanksFaceBlanks &&= pystr.isBlank(have);
      continue;
    }
    if (!have.endsWith(want)) return null;
    const p = have.slice(0, have.length - want.length);
    if (!pystr.isBlank(p) || (prefix !== null && p !== prefix)) return null;
    prefix = p;
  }
  return blanksFaceBlanks ? prefix : null;
  // END SOLUTION
}

/** The seed's `search_replace`; split texts into lines with `teachingLines` (the seed's `lines`). */
export function searchReplace(text: string, search: string, replacement: string): SearchReplaceResult {
  // BEGIN SOLUTION
  const whole = teachingLines(text);
  const part = teachingLines(search);
  const after = teachingLines(replacement);
  const splice = (start: number, lines: string[]): string =>
    [...whole.slice(0, start), ...lines, ...whole.slice(start + part.length)].join("");
  const exact = exactMatches(whole, part);
  if (exact.length > 0) return { text: splice(exact[0]!, after), mode: "exact", matchCount: exact.length, startLine: exact[0]! + 1 };
  for (let start = 0; start + part.length <= whole.length; start++) {
    const prefix = missingIndent(whole, part, start);
    if (prefix === null) continue;
    const shifted = after.map((l) => (pystr.isBlank(l) ? l : prefix + l));
    return { text: splice(start, shifted), mode: "indent", matchCount: null, startLine: start + 1 };
  }
  return { text, mode: "no_match", matchCount: 0, startLine: null };
  // END SOLUTION
}
