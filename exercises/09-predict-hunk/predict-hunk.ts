/**
 * Exercise 09 — Predict what Aider does with a unified-diff hunk (`aider/coders/udiff_coder.py`).
 *
 * Aider's udiff coder does not apply a hunk the way `patch` does. It splits the hunk into a before-text (context
 * and `-` lines) and an after-text (context and `+` lines), then SEARCHES for the before-text as text and
 * replaces every occurrence; when that fails it drops the before-lines the file does not have and retries each
 * run of changes with as much context as still matches. If nothing works, the model gets UnifiedDiffNoMatch.
 * Read exercises/09-predict-hunk/README.md first; grade with `npm run -s workbench -- grade 09`.
 * Graded by test/exercises/09-predict-hunk.test.ts (this file is exercises/09-predict-hunk/predict-hunk.ts).
 */

/** The file most cases edit. */
export const FILE = "def f():\n    a = 1\n    b = 2\n    return a\n";
/** A file with repeated lines. */
export const REPEATED = "x = 1\ntotal = x + 1\nx = 1\ntotal = x + 1\n";

/** One hunk as `find_diffs` returns it (each line keeps its line ending) and the file it is applied to. */
export interface HunkCase {
  content: string;
  hunk: string[];
}

/** Part 1's hunks, each applied on its own by Aider's `UnifiedDiffCoder.apply_edits`. */
export const CASES = {
  exact: { content: FILE, hunk: [" def f():\n", "-    a = 1\n", "+    a = 10\n", "     b = 2\n"] },
  everyOccurrence: { content: REPEATED, hunk: ["-total = x + 1\n", "+total = x + 2\n"] },
  tinyRepeated: { content: REPEATED, hunk: ["-x = 1\n", "+x = 5\n"] },
  wrongContext: { content: FILE, hunk: [" def g():\n", "-    a = 1\n", "+    a = 10\n", "     b = 2\n"] },
  missingMinus: { content: FILE, hunk: [" def f():\n", "     a = 1\n", "-    q = 2\n", "+    q = 3\n", "     return a\n"] },
  lostIndent: { content: FILE, hunk: ["-a = 1\n", "-b = 2\n", "+a = 1\n", "+b = 20\n"] },
  dotsDropped: { content: FILE, hunk: [" def f():\n", "...\n", "-    return a\n", "+    return a + 1\n"] },
  nothingMatches: { content: FILE, hunk: ["-    c = 3\n", "-    d = 4\n", "+    c = 30\n"] },
  crlfReply: { content: FILE, hunk: [" def f():\r\n", "-    a = 1\r\n", "+    a = 10\r\n"] },
} satisfies Record<string, HunkCase>;

export type CaseName = keyof typeof CASES;

/** What happens to the file: its new text, or null when Aider answers UnifiedDiffNoMatch (file unchanged). */
export type Prediction = string | null;

/** Part 1, by hand: the file after each of CASES, or null. */
export function handPredictions(): Record<CaseName, Prediction> {
  // Exercise 09: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 09`).
  throw new Error("not implemented: handPredictions");
}

/** Part 2: Aider's `hunk_to_before_after(hunk)`: [before-text, after-text]. */
export function beforeAfter(hunk: readonly string[]): [string, string] {
  // Exercise 09: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 09`).
  throw new Error("not implemented: beforeAfter");
}

/** Part 2: the "tiny repeated context" refusal of `directly_apply_hunk` (true: Aider refuses before searching). */
export function refusesTinyContext(content: string, hunk: readonly string[]): boolean {
  // Exercise 09: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 09`).
  throw new Error("not implemented: refusesTinyContext");
}

/** Part 2: the UnifiedDiffNoMatch text Aider sends back for `hunk` (already normalised) in `path`. */
export function noMatchMessage(path: string, hunk: readonly string[]): string {
  // Exercise 09: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 09`).
  throw new Error("not implemented: noMatchMessage");
}
