/**
 * Exercise 07's misconceptions: wrong variants of Aider's sampled token estimate (`RepoMap.token_count`,
 * `aider/repomap.py` `token_count`), beside lib's port `sampledTokenCount` (lib/repomap/budget/token-count.ts).
 */
import { cpLength, splitlines } from "../core/pystr.js";
import { sampledTokenCount, TOKEN_SAMPLE_THRESHOLD, type TokenCounter } from "../repomap/budget/token-count.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "07-token-estimate";
const NOTEBOOK = "02-symbols-and-budget.ipynb";
const SECTION = "4. How Aider counts tokens";
const SEED = "`aider/repomap.py` `token_count` (token_count: exact under 200 code points, else a line sample)";

/** What a variant estimate changes from Aider's. */
interface Twist {
  /** lengths in UTF-16 units (JavaScript's .length) instead of code points. */
  utf16?: boolean;
  /** the sample's rate scaled by the number of lines, not by the length. */
  byLines?: boolean;
  /** lines split on "\n" only. */
  newlineOnly?: boolean;
  /** step rounded up instead of down. */
  ceilStep?: boolean;
}

function estimateWith(twist: Twist, text: string, count: TokenCounter): number {
  const len = (s: string): number => (twist.utf16 ? s.length : cpLength(s));
  const length = len(text);
  if (length < TOKEN_SAMPLE_THRESHOLD) return count(text);
  const lines = twist.newlineOnly ? text.split(/(?<=\n)/) : splitlines(text, true);
  const step = (twist.ceilStep ? Math.ceil(lines.length / 100) : Math.floor(lines.length / 100)) || 1;
  const kept = lines.filter((_, i) => i % step === 0);
  const sample = kept.join("");
  return twist.byLines ? (count(sample) / kept.length) * lines.length : (count(sample) / len(sample)) * length;
}

const TOLERANCE = 1e-9;

export const TOKEN_ESTIMATE_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "sampledTokenCount", tolerance: TOLERANCE, run: (t: string, c: TokenCounter) => sampledTokenCount(t, c) }),
];

const entry = (id: string, title: string, explanation: string, twist: Twist): Misconception =>
  misconception({
    id,
    exercise: EXERCISE,
    fn: "sampledTokenCount",
    title,
    explanation,
    notebook: { file: NOTEBOOK, section: SECTION },
    seed: SEED,
    run: (t: string, c: TokenCounter) => estimateWith(twist, t, c),
  });

export const TOKEN_ESTIMATE_MISCONCEPTIONS: readonly Misconception[] = [
  entry(
    "07-utf16-length",
    "lengths in UTF-16 units (JavaScript's .length), not code points",
    "Python's len counts code points; JavaScript's .length counts UTF-16 units, so an emoji counts twice. The 200 " +
      "threshold is crossed too early and the scale factor len(text)/len(sample) is off for text outside the BMP.",
    { utf16: true },
  ),
  entry(
    "07-scaled-by-lines",
    "the sample scaled up by its number of lines, not by its length",
    "The estimate is tokens(sample) / lines(sample) · lines(text). Aider scales by length in code points, " +
      "tokens(sample) / len(sample) · len(text), so long and short lines weigh by how much text they hold.",
    { byLines: true },
  ),
  entry(
    "07-newline-only",
    "lines split on \\n only, not Python's splitlines",
    "Python's splitlines also ends lines at \\r, \\r\\n, \\x0b, \\x0c, \\x1c–\\x1e, \\x85, \\u2028 and \\u2029, so the number " +
      "of lines, the step and the sample differ on text that uses them.",
    { newlineOnly: true },
  ),
  entry(
    "07-step-rounded-up",
    "step = ⌈lines / 100⌉ instead of ⌊lines / 100⌋",
    "Rounding the step up samples fewer lines than Aider (every 2nd line of 150 instead of every line), which " +
      "changes the estimate. Aider's step is len(lines) // 100, or 1 when that is 0.",
    { ceilStep: true },
  ),
];
