/**
 * Exercise 06 — trace the path: which step of Aider's replace chain applies (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`).
 *
 * Aider's `replace_most_similar_chunk(whole, part, replace)` tries, in order, and returns the first TRUTHY result:
 *   perfect                                  the first window of lines equal to SEARCH
 *   leading_whitespace                       a window equal but for one uniform leading-whitespace offset
 *   skip_leading_blank+perfect / +leading_whitespace
 *                                            the two again without ONE leading blank SEARCH line (only when SEARCH
 *                                            has more than 2 lines)
 *   dotdotdots                               "..." lines split SEARCH and REPLACE into pieces replaced one by one
 *   none                                     nothing worked (the fuzzy matcher after it is never reached)
 * Read exercises/06-trace-the-path/README.md first; grade with `npm run -s workbench -- grade 06`.
 * Graded by test/exercises/06-trace-the-path.test.ts (this file is exercises/06-trace-the-path/trace.ts).
 */
import type { ReplaceStage } from "@aider-workbench/lib";

/** The steps a prediction can name ("fuzzy" is not one: Aider never gets there). */
export type Stage = Exclude<ReplaceStage, "fuzzy">;

/** Part 1's cases: [whole, SEARCH, REPLACE]. Trace each by hand; do not run anything. */
export const CASES = {
  duplicate: ["x = 1\ny = 2\nx = 1\n", "x = 1\n", "x = 42\n"],
  missingIndent: ["def f():\n    return 1\n", "return 1\n", "return 2\n"],
  extraIndent: ["if ok:\n    x = 1\n", "        x = 1\n", "        x = 2\n"],
  exactBeatsEarlierIndent: ["    a = 1\na = 1\n", "a = 1\n", "a = 2\n"],
  tabVsSpaces: ["\tx = 1\n", "    x = 1\n", "    x = 2\n"],
  leadingBlankThreeLines: ["a\nb\nc\n", "\nb\nc\n", "B\nC\n"],
  leadingBlankTwoLines: ["a\nb\n", "\nb\n", "B\n"],
  dots: ["a\nb\nc\nd\n", "a\n...\nc\n", "A\n...\nC\n"],
  dotsUnpaired: ["a\nb\nc\n", "a\n...\nc\n", "A\nC\n"],
  dotsPieceTwice: ["x\ny\nx\n", "x\n...\ny\n", "X\n...\nY\n"],
  trailingSpace: ["x = 1 \n", "x = 1\n", "x = 2\n"],
  deleteEverything: ["a\n", "a\n", ""],
  emptySearch: ["a\n", "", "top\n"],
} as const satisfies Record<string, readonly [string, string, string]>;

export type CaseName = keyof typeof CASES;

/** Part 1, by hand: the step Aider's chain takes for each case (type your answers in; no code). */
export function handTrace(): Record<CaseName, Stage> {
  // Exercise 06: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 06`).
  throw new Error("not implemented: handTrace");
}

/**
 * Part 2: the chain's control flow. Return the step that produces Aider's result for (whole, part, replace).
 * The steps themselves are in the workbench: `prep`, `perfectReplace`, `replaceMissingLeadingWhitespace`,
 * `tryDotdotdots` (which throws `DotdotdotsError`). Compose them; do not call `replaceMostSimilarChunk`.
 */
export function chainStage(whole: string, part: string, replace: string): Stage {
  // Exercise 06: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 06`).
  throw new Error("not implemented: chainStage");
}
