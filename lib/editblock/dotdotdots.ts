/**
 * Aider's `try_dotdotdots(whole, part, replace)` (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`): SEARCH and REPLACE may elide code with lines
 * holding only "...". Both are split on the regex `(^\s*\.\.\.\n)` (MULTILINE, separators kept); the separators
 * must pair up exactly, and each remaining SEARCH piece must occur exactly once in the file, where it is replaced
 * by its REPLACE piece as a plain SUBSTRING (not line-aligned). An empty SEARCH piece appends its REPLACE piece.
 */
import { PythonError } from "../core/pyerror.js";
import { isPySpace } from "../core/pystr.js";
import { requireString } from "../core/validate.js";

/** Aider's ValueError inside try_dotdotdots; the caller swallows it. `message` may be "" (piece not found once). */
export class DotdotdotsError extends PythonError {
  constructor(message: string) {
    super("ValueError", message, message);
  }
}

export const UNPAIRED_DOTS_ERROR = "Unpaired ... in SEARCH/REPLACE block";
export const UNMATCHED_DOTS_ERROR = "Unmatched ... in SEARCH/REPLACE block";

/**
 * Python's `re.split(r"(^\s*\.\.\.\n)", text, flags=re.MULTILINE)`: pieces at even indices, separators at odd ones.
 * `^` holds only at the start and after "\n" (not after "\r" or U+2028 as in a JS /m regex), and `\s` is Python's
 * whitespace, so a separator can swallow blank lines before the "...". After `^`, `\s*` can only succeed at its
 * longest extent (the next character must be "."), so no backtracking is needed.
 */
export function splitOnDots(text: string): string[] {
  requireString("splitOnDots", "text", text);
  const out: string[] = [];
  let pieceStart = 0;
  let p = 0;
  while (p <= text.length) {
    if (p === 0 || text[p - 1] === "\n") {
      let q = p;
      while (q < text.length && isPySpace(text[q]!)) q++;
      if (text.startsWith("...\n", q)) {
        out.push(text.slice(pieceStart, p), text.slice(p, q + 4));
        pieceStart = p = q + 4;
        continue;
      }
    }
    p++;
  }
  out.push(text.slice(pieceStart));
  return out;
}

/** Python's `haystack.count(needle) == 1` for a non-empty needle (occurrences counted without overlap). */
function occursOnce(haystack: string, needle: string): boolean {
  const first = haystack.indexOf(needle);
  return first >= 0 && haystack.indexOf(needle, first + needle.length) < 0;
}

/**
 * Aider's `try_dotdotdots`: the new text, null when SEARCH has no "..." line, or a thrown `DotdotdotsError`
 * (unpaired or unmatched separators, or a piece found zero or several times). Arguments are the prepped texts.
 */
export function tryDotdotdots(whole: string, part: string, replace: string): string | null {
  requireString("tryDotdotdots", "whole", whole);
  requireString("tryDotdotdots", "part", part);
  requireString("tryDotdotdots", "replace", replace);
  const partPieces = splitOnDots(part);
  const replacePieces = splitOnDots(replace);
  if (partPieces.length !== replacePieces.length) throw new DotdotdotsError(UNPAIRED_DOTS_ERROR);
  if (partPieces.length === 1) return null;
  for (let i = 1; i < partPieces.length; i += 2) {
    if (partPieces[i] !== replacePieces[i]) throw new DotdotdotsError(UNMATCHED_DOTS_ERROR);
  }
  let result = whole;
  for (let i = 0; i < partPieces.length; i += 2) {
    const p = partPieces[i]!;
    const r = replacePieces[i]!;
    if (!p && !r) continue;
    if (!p) {
      if (!result.endsWith("\n")) result += "\n";
      result += r;
      continue;
    }
    if (!occursOnce(result, p)) throw new DotdotdotsError("");
    const at = result.indexOf(p);
    result = result.slice(0, at) + r + result.slice(at + p.length);
  }
  return result;
}
