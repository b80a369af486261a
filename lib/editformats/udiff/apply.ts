/**
 * `UnifiedDiffCoder.apply_edits` and udiff's `do_replace` (`aider/coders/udiff_coder.py`, `udiff_coder.py:69-144`): normalise
 * every hunk, skip empty ones, de-duplicate on path + hunk, then apply the unique hunks in order, each written at
 * once (later hunks see earlier ones; a failure does not undo them). Failures are collected and raised as ONE
 * ValueError whose text is Aider's UnifiedDiffNoMatch message per hunk, joined by a blank line.
 *
 * Quirks a learner meets: `UnifiedDiffNotUnique` can never fire (nothing raises it); the "some hunks did apply"
 * note compares characters to hunks and so never shows; a new file's hunk `touch`es the file without creating its
 * folder — even in a dry run; a blank before-text is a plain append (no newline inserted).
 */
import { PythonError } from "../../core/pyerror.js";
import { isBlank, splitlines } from "../../core/pystr.js";
import { EditFormatValueError } from "../coder.js";
import type { EditFiles } from "../workspace.js";
import { applyHunk, normalizeHunk } from "./hunk.js";
import { hunkToBeforeAfter, type Hunk, type UdiffEdit } from "./parse.js";

/** Aider's UnifiedDiffNoMatch text for one hunk (`num_lines` = len(original.splitlines())). */
export function noMatchError(path: string, original: string): string {
  return (
    "UnifiedDiffNoMatch: hunk failed to apply!\n\n" +
    `${path} does not contain lines that match the diff you provided!\n` +
    "Try again.\n" +
    "DO NOT skip blank lines, comments, docstrings, etc!\n" +
    `The diff needs to apply cleanly to the lines in ${path}!\n\n` +
    `${path} does not contain these ${splitlines(original).length} exact lines in a row:\n` +
    "```\n" +
    `${original}` +
    "```\n"
  );
}

/** A failed udiff apply: `message` is the ValueError text Aider reflects to the model. */
export class UdiffApplyError extends EditFormatValueError {
  constructor(message: string) {
    super(message);
    this.name = "UdiffApplyError";
  }
}

/** udiff's `do_replace(fname, content, hunk)`: the new text, or null (no match, or content None). */
export function udiffDoReplace(files: EditFiles, path: string, content: string | null, hunk: Hunk): string | null {
  const [before, after] = hunkToBeforeAfter(hunk);
  let text = content;
  if (!files.exists(path) && isBlank(before)) {
    files.touch(path); // Path.touch: no parent folders, and not guarded by dry run
    text = "";
  }
  if (text === null) return null;
  if (isBlank(before)) return text + after;
  return applyHunk(text, hunk) || null;
}

/** `UnifiedDiffCoder.apply_edits(edits)`; throws UdiffApplyError with Aider's message when any hunk failed. */
export function applyUdiffEdits(edits: readonly UdiffEdit[], files: EditFiles): void {
  const seen = new Set<string>();
  const uniq: [string, string[]][] = [];
  for (const [path, raw] of edits) {
    const hunk = normalizeHunk(raw);
    if (hunk.length === 0) continue;
    if (path === null) throw new PythonError("TypeError", "unsupported operand type(s) for +: 'NoneType' and 'str'");
    const key = [path + "\n", ...hunk].join("");
    if (seen.has(key)) continue;
    seen.add(key);
    uniq.push([path, hunk]);
  }
  const errors: string[] = [];
  for (const [path, hunk] of uniq) {
    const content = files.readText(path);
    const [original] = hunkToBeforeAfter(hunk);
    const updated = udiffDoReplace(files, path, content, hunk);
    if (!updated) {
      errors.push(noMatchError(path, original));
      continue;
    }
    files.writeText(path, updated);
  }
  // Aider appends its "Note: some hunks did apply successfully…" suffix only when len(joined text) < len(uniq):
  // one message is already hundreds of characters, so the suffix is left out here as it is in practice.
  if (errors.length > 0) throw new UdiffApplyError(errors.join("\n\n"));
}
