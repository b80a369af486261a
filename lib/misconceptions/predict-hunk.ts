/**
 * Exercise 09's misconceptions: wrong variants of Aider's `hunk_to_before_after` and of the "tiny repeated
 * context" refusal of `directly_apply_hunk` (`aider/coders/udiff_coder.py`), beside lib's udiff port (lib/editformats/udiff/).
 */
import { cpLength, strip } from "../core/pystr.js";
import { hunkToBeforeAfter, hunkToBeforeAfterLines, type Hunk } from "../editformats/udiff/parse.js";
import { pyCount } from "../editformats/udiff/search-replace.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "09-predict-hunk";
const NOTEBOOK = "07-edit-formats.ipynb";
const SECTION = "3. Aider's quirks, reproduced";
const SEED = "`aider/coders/udiff_coder.py` (udiff: hunk_to_before_after, directly_apply_hunk)";

/** before/after texts with short lines handled by `short` and lines of an unknown op kept as context or not. */
function split(hunk: Hunk, dropShort: boolean, unknownAsContext: boolean): [string, string] {
  let before = "";
  let after = "";
  for (const line of hunk) {
    if (cpLength(line) < 2 && dropShort) continue;
    const op = cpLength(line) < 2 ? " " : line[0]!;
    const rest = cpLength(line) < 2 ? line : line.slice(1);
    const context = op === " " || (unknownAsContext && op !== "-" && op !== "+");
    if (context || op === "-") before += rest;
    if (context || op === "+") after += rest;
  }
  return [before, after];
}

/** The refusal with its three parts changeable: the size measure, whether a repeat is needed, how repeats are counted. */
function refusal(content: string, hunk: Hunk, how: { rawLength?: boolean; anyCount?: boolean; overlapping?: boolean }): boolean {
  const [before] = hunkToBeforeAfter(hunk);
  if (!before) return false;
  const [lines] = hunkToBeforeAfterLines(hunk);
  const size = how.rawLength ? cpLength(before) : cpLength(lines.map((l) => strip(l)).join(""));
  if (size >= 10) return false;
  if (how.anyCount) return true;
  let n = 0;
  if (how.overlapping) for (let i = content.indexOf(before); i !== -1; i = content.indexOf(before, i + 1)) n++;
  else n = pyCount(content, before);
  return n > 1;
}

export const PREDICT_HUNK_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "beforeAfter", tolerance: 0, run: (h: Hunk) => hunkToBeforeAfter(h) }),
  rightAnswer({ exercise: EXERCISE, fn: "refusesTinyContext", tolerance: 0, run: (c: string, h: Hunk) => refusal(c, h, {}) }),
];

const entry = (id: string, fn: string, title: string, explanation: string, run: (...args: never[]) => unknown): Misconception =>
  misconception({ id, exercise: EXERCISE, fn, title, explanation, notebook: { file: NOTEBOOK, section: SECTION }, seed: SEED, run });

export const PREDICT_HUNK_MISCONCEPTIONS: readonly Misconception[] = [
  entry(
    "09-short-lines-dropped",
    "beforeAfter",
    "lines shorter than 2 characters dropped",
    "A bare \"\\n\" (a blank line whose leading space the model left out) is skipped. Aider reads any line shorter " +
      "than 2 characters as context, so it lands in both texts and the search still needs the blank line.",
    (h: Hunk) => split(h, true, false),
  ),
  entry(
    "09-unknown-op-as-context",
    "beforeAfter",
    "a line starting with another character taken as context",
    "Lines starting with neither ' ', '-' nor '+' (a stray '.' or a header) are kept in both texts. Aider ignores " +
      "them: they are in neither the before-text nor the after-text.",
    (h: Hunk) => split(h, false, true),
  ),
  entry(
    "09-tiny-any-count",
    "refusesTinyContext",
    "every tiny before-text refused, repeated or not",
    "The refusal fires whenever the before-text has fewer than 10 non-blank characters. Aider refuses only when " +
      "such a short text also occurs MORE THAN ONCE in the file: a short text found once is applied.",
    (c: string, h: Hunk) => refusal(c, h, { anyCount: true }),
  ),
  entry(
    "09-tiny-raw-length",
    "refusesTinyContext",
    "the 10 characters counted with whitespace and newlines",
    "The size is len(before) with its indentation and line endings. Aider strips every before-line and counts " +
      "what is left, so indented short lines are 'tiny' although their raw text is longer than 10.",
    (c: string, h: Hunk) => refusal(c, h, { rawLength: true }),
  ),
  entry(
    "09-count-overlapping",
    "refusesTinyContext",
    "occurrences counted overlapping",
    "Repeats are counted with an indexOf loop that advances one character. Python's str.count counts " +
      "non-overlapping occurrences, so \"a\\na\\n\" occurs once in \"a\\na\\na\\n\" for Aider, twice for this code.",
    (c: string, h: Hunk) => refusal(c, h, { overlapping: true }),
  ),
];
