/**
 * Exercise 06's misconceptions: wrong control flow for Aider's `replace_most_similar_chunk` chain (
 * `aider/coders/editblock_coder.py` `replace_most_similar_chunk`), composed from lib's real steps (lib/editblock/replace.ts, dotdotdots.ts) beside lib's chain itself.
 */
import { isBlank } from "../core/pystr.js";
import { DotdotdotsError, tryDotdotdots } from "../editblock/dotdotdots.js";
import { perfectReplace, prep, replaceMissingLeadingWhitespace, replaceMostSimilarChunk, type ReplaceStage } from "../editblock/replace.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "06-trace-the-path";
const NOTEBOOK = "04-search-replace.ipynb";
const SEED = "`aider/coders/editblock_coder.py` `replace_most_similar_chunk` (replace_most_similar_chunk: the first truthy step wins)";
type Stage = Exclude<ReplaceStage, "fuzzy">;

/** What a variant chain changes from Aider's. */
interface Twist {
  /** a step returning "" (an emptied file) counts as success (Aider: "" is falsy, the chain goes on). */
  emptyIsSuccess?: boolean;
  /** the leading blank SEARCH line is dropped whatever SEARCH's length (Aider: only with more than 2 lines). */
  skipBlankAnyLength?: boolean;
  /** "blank" decided by JavaScript's trim() (Aider: Python's strip()). */
  jsTrim?: boolean;
  /** `...` tried before the leading-blank retry. */
  dotsFirst?: boolean;
}

function chainWith(twist: Twist, whole: string, part: string, replace: string): Stage {
  const w = prep(whole);
  const p = prep(part);
  const r = prep(replace);
  const ok = (s: string | null): boolean => (twist.emptyIsSuccess ? s !== null : Boolean(s));
  const blank = (s: string): boolean => (twist.jsTrim ? s.trim() === "" : isBlank(s));
  const firstTwo = (search: readonly string[]): "perfect" | "leading_whitespace" | null => {
    if (ok(perfectReplace(w.lines, search, r.lines))) return "perfect";
    if (ok(replaceMissingLeadingWhitespace(w.lines, search, r.lines))) return "leading_whitespace";
    return null;
  };
  const dots = (): boolean => {
    try {
      return ok(tryDotdotdots(w.text, p.text, r.text));
    } catch (err) {
      if (err instanceof DotdotdotsError) return false;
      throw err;
    }
  };
  const first = firstTwo(p.lines);
  if (first) return first;
  if (twist.dotsFirst && dots()) return "dotdotdots";
  if ((twist.skipBlankAnyLength ? p.lines.length > 0 : p.lines.length > 2) && blank(p.lines[0]!)) {
    const again = firstTwo(p.lines.slice(1));
    if (again) return `skip_leading_blank+${again}`;
  }
  if (!twist.dotsFirst && dots()) return "dotdotdots";
  return "none";
}

export const TRACE_PATH_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "chainStage", tolerance: 0, run: (w: string, p: string, r: string): Stage => replaceMostSimilarChunk(w, p, r).stage as Stage }),
];

const entry = (id: string, title: string, explanation: string, section: string, twist: Twist): Misconception =>
  misconception({
    id,
    exercise: EXERCISE,
    fn: "chainStage",
    title,
    explanation,
    notebook: { file: NOTEBOOK, section },
    seed: SEED,
    run: (w: string, p: string, r: string) => chainWith(twist, w, p, r),
  });

export const TRACE_PATH_MISCONCEPTIONS: readonly Misconception[] = [
  entry(
    "06-empty-is-success",
    "an empty result taken as success",
    "A step that empties the file returns \"\", and the chain stops there. Aider tests each result's truthiness: " +
      "\"\" is falsy in Python, so the chain goes on to the next step (and may end in none).",
    "The leading blank line and `...`",
    { emptyIsSuccess: true },
  ),
  entry(
    "06-skip-blank-any-length",
    "the leading blank line dropped from any SEARCH",
    "The retry without a leading blank SEARCH line runs whatever SEARCH's length. Aider drops ONE leading blank line " +
      "only when SEARCH has more than 2 lines, so a short SEARCH starting with a blank line is not retried.",
    "The leading blank line and `...`",
    { skipBlankAnyLength: true },
  ),
  entry(
    "06-trim-not-strip",
    "\"blank\" decided by JavaScript's trim(), not Python's strip()",
    "trim() and strip() disagree: strip() removes \\x1c–\\x1f but not U+FEFF (a BOM), trim() the other way round. A " +
      "first SEARCH line holding only those characters is blank to one and not to the other, so the retry runs or not.",
    "The leading blank line and `...`",
    { jsTrim: true },
  ),
  entry(
    "06-dots-before-blank",
    "`...` tried before the leading-blank retry",
    "The chain's order is fixed: perfect, leading whitespace, the same two without a leading blank line, then `...`. " +
      "Trying `...` earlier names dotdotdots where Aider's result comes from the skip_leading_blank retry.",
    "The leading blank line and `...`",
    { dotsFirst: true },
  ),
];
