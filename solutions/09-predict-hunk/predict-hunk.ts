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
// BEGIN SOLUTION
import { pystr } from "@aider-workbench/lib";
// END SOLUTION

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
  // BEGIN SOLUTION
  return {
    exact: "def f():\n    a = 10\n    b = 2\n    return a\n",
    // 13 non-blank characters: search_and_replace changes BOTH lines
    everyOccurrence: "x = 1\ntotal = x + 2\nx = 1\ntotal = x + 2\n",
    // "x=1" is under 10 non-blank characters and occurs twice: refused, and no partial run can help
    tinyRepeated: null,
    // the context line the file lacks becomes a "+" line: it is inserted
    wrongContext: "def f():\ndef g():\n    a = 10\n    b = 2\n    return a\n",
    // the "-" line the file lacks is dropped; its "+" replacement is still inserted
    missingMinus: "def f():\n    a = 1\n    q = 3\n    b = 2\n    return a\n",
    // relative indentation finds the block four spaces deeper and keeps the file's indentation
    lostIndent: "def f():\n    a = 1\n    b = 20\n    return a\n",
    // "..." is neither " ", "-" nor "+": it vanishes from both sides
    dotsDropped: "def f():\n    a = 1\n    b = 2\n    return a + 1\n",
    nothingMatches: null,
    // the reply's \r\n stays in the hunk; the file was read with universal newlines
    crlfReply: null,
  };
  // END SOLUTION
}

/** Part 2: Aider's `hunk_to_before_after(hunk)`: [before-text, after-text]. */
export function beforeAfter(hunk: readonly string[]): [string, string] {
  // BEGIN SOLUTION
  let before = "";
  let after = "";
  for (const line of hunk) {
    const short = pystr.cpLength(line) < 2;
    const op = short ? " " : line[0]!;
    const rest = short ? line : line.slice(1);
    if (op === " ") {
      before += rest;
      after += rest;
    } else if (op === "-") before += rest;
    else if (op === "+") after += rest;
  }
  return [before, after];
  // END SOLUTION
}

/** Part 2: the "tiny repeated context" refusal of `directly_apply_hunk` (true: Aider refuses before searching). */
export function refusesTinyContext(content: string, hunk: readonly string[]): boolean {
  // BEGIN SOLUTION
  const [before] = beforeAfter(hunk);
  if (!before) return false;
  const beforeLines = hunk.filter((l) => pystr.cpLength(l) < 2 || l[0] === " " || l[0] === "-").map((l) => (pystr.cpLength(l) < 2 ? l : l.slice(1)));
  const bare = beforeLines.map((l) => pystr.strip(l)).join("");
  return pystr.cpLength(bare) < 10 && content.split(before).length - 1 > 1;
  // END SOLUTION
}

/** Part 2: the UnifiedDiffNoMatch text Aider sends back for `hunk` (already normalised) in `path`. */
export function noMatchMessage(path: string, hunk: readonly string[]): string {
  // BEGIN SOLUTION
  const [original] = beforeAfter(hunk);
  const n = pystr.splitlines(original).length;
  return (
    `UnifiedDiffNoMatch: hunk failed to apply!\n\n${path} does not contain lines that match the diff you provided!\n` +
    `Try again.\nDO NOT skip blank lines, comments, docstrings, etc!\nThe diff needs to apply cleanly to the lines in ${path}!\n\n` +
    `${path} does not contain these ${n} exact lines in a row:\n\`\`\`\n${original}\`\`\`\n`
  );
  // END SOLUTION
}
