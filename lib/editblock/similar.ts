/**
 * Aider's `find_similar_lines(search, content, threshold=0.6)` (`aider/coders/editblock_coder.py` `apply_edits`): the "Did you mean" hint of the
 * failure message. It compares lists of WHOLE lines (Python `splitlines()`, no line endings) with difflib's
 * `SequenceMatcher(None, search_lines, window).ratio()` over every window of len(search_lines) lines, keeping the
 * first window with the strictly highest ratio. Lines must be equal to count, so one changed line in a 2-line
 * block gives 0.5 and no hint.
 */
import { SequenceMatcher } from "../core/difflib.js";
import { PythonError, pyIndex } from "../core/pyerror.js";
import { WorkbenchInputError } from "../core/errors.js";
import { splitlines } from "../core/pystr.js";
import { requireFinite, requireString } from "../core/validate.js";

/** How many lines of context Aider shows around an inexact best window. */
export const SIMILAR_LINES_CONTEXT = 5;

/**
 * The best window joined with "\n" when its first and last lines equal SEARCH's, else that window with up to
 * 5 lines of context on each side; "" when the best ratio is below `threshold`. Like Aider, `content` null raises
 * AttributeError and an empty SEARCH against matching windows raises IndexError (as `PythonError`).
 */
export function findSimilarLines(search: string, content: string | null, threshold = 0.6): string {
  const where = "findSimilarLines";
  requireString(where, "search", search);
  if (content !== null) requireString(where, "content", content);
  requireFinite(where, "threshold", threshold);
  if (threshold < 0 || threshold > 1) throw new WorkbenchInputError(where, "threshold", "must be in [0, 1]", threshold);
  const searchLines = splitlines(search);
  if (content === null) throw new PythonError("AttributeError", "'NoneType' object has no attribute 'splitlines'");
  const contentLines = splitlines(content);
  let bestRatio = 0;
  let bestStart = -1;
  for (let i = 0; i + searchLines.length <= contentLines.length; i++) {
    const ratio = new SequenceMatcher(searchLines, contentLines.slice(i, i + searchLines.length)).ratio();
    if (ratio > bestRatio) {
      bestRatio = ratio;
      bestStart = i;
    }
  }
  if (bestRatio < threshold) return "";
  // Only reachable with threshold 0 and no window scoring above 0: Aider then subscripts None.
  if (bestStart < 0) throw new PythonError("TypeError", "'NoneType' object is not subscriptable");
  const best = contentLines.slice(bestStart, bestStart + searchLines.length);
  if (pyIndex(best, 0) === pyIndex(searchLines, 0) && pyIndex(best, -1) === pyIndex(searchLines, -1)) return best.join("\n");
  const end = Math.min(contentLines.length, bestStart + searchLines.length + SIMILAR_LINES_CONTEXT);
  return contentLines.slice(Math.max(0, bestStart - SIMILAR_LINES_CONTEXT), end).join("\n");
}
