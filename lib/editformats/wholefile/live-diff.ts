/**
 * Whole-file's streaming display (`aider/coders/wholefile_coder.py` last part; `wholefile_coder.py:16-20, 98-103, 130-144`,
 * `aider/diffs.py`): `diff_partial_update` (a ```diff block of the listing so far against the original, with a
 * " N /  M lines [███░…]  P%" progress line while unfinished), `get_edits(mode="diff")` (prose echoed, each
 * listing of an existing file shown as that diff, a new file as a plain listing) and
 * `render_incremental_response` (the raw reply when the listing has no filename).
 * Limitation: "last non-deleted line" counts the lines difflib keeps equal; Python's `ndiff` can also keep an
 * identical line inside a replaced run, which only happens with difflib's autojunk (200+ lines).
 */
import { getOpcodes, unifiedDiff } from "../../core/difflib-unified.js";
import { splitlines } from "../../core/pystr.js";
import { requireBoolean, requireStringArray } from "../../core/validate.js";
import type { Fence } from "../../editblock/fence.js";
import { EditFormatValueError } from "../coder.js";
import type { EditFiles } from "../workspace.js";
import { contentInProgress, walkWholeFileReply } from "./parse.js";

/** Python `a // b` for non-negative floats. */
function floorDiv(a: number, b: number): number {
  const mod = a % b;
  const div = (a - mod) / b;
  let fl = Math.floor(div);
  if (div - fl > 0.5) fl += 1;
  return fl;
}

/** Python `format(x, "3.0f")`: round half to even, width 3. */
function pct3(x: number): string {
  const fl = Math.floor(x);
  const frac = x - fl;
  const r = frac > 0.5 || (frac === 0.5 && fl % 2 === 1) ? fl + 1 : fl;
  return String(r).padStart(3);
}

/** Aider's `create_progress_bar(percentage)`: 30 cells. */
export function progressBar(percentage: number): string {
  const filled = Math.trunc(floorDiv(30 * percentage, 100));
  return "█".repeat(filled) + "░".repeat(30 - filled);
}

/** Aider's `find_last_non_deleted`: how many original lines are covered up to the last one kept (null: none). */
export function findLastNonDeleted(orig: readonly string[], updated: readonly string[]): number | null {
  let last: number | null = null;
  for (const [tag, , i2] of getOpcodes(orig, updated)) if (tag === "equal") last = i2;
  return last;
}

/** Aider's `diffs.diff_partial_update(lines_orig, lines_updated, final)`. */
export function diffPartialUpdate(orig: readonly string[], updated: readonly string[], final: boolean): string {
  requireStringArray("diffPartialUpdate", "orig", orig);
  requireStringArray("diffPartialUpdate", "updated", updated);
  requireBoolean("diffPartialUpdate", "final", final);
  const lastKept = final ? orig.length : findLastNonDeleted(orig, updated);
  if (lastKept === null) return "";
  const pct = orig.length ? (lastKept * 100) / orig.length : 50;
  const bar = ` ${String(lastKept).padStart(3)} / ${String(orig.length).padStart(3)} lines [${progressBar(pct)}] ${pct3(pct)}%\n`;
  const newLines = final ? [...updated] : [...updated.slice(0, -1), bar];
  let diff = unifiedDiff(orig.slice(0, lastKept), newLines, 5).slice(2).join("");
  if (!diff.endsWith("\n")) diff += "\n";
  let ticks = "```";
  for (let i = 3; i < 10; i++) {
    ticks = "`".repeat(i);
    if (!diff.includes(ticks)) break;
  }
  return `${ticks}diff\n${diff}${ticks}\n\n`;
}

/** `do_live_diff`: an existing file's listing as a partial diff, a new one as a fenced listing (display lines). */
function liveDiff(files: EditFiles, path: string, lines: string[], final: boolean): string[] {
  if (files.exists(path)) {
    const orig = files.readText(path);
    if (orig !== null) return splitlines(diffPartialUpdate(splitlines(orig, true), lines, final));
  }
  return ["```", ...lines, "```"];
}

/** `WholeFileCoder.get_edits(mode="diff")`: the text the terminal shows while the reply streams. */
export function wholeFileLiveView(reply: string, chatFiles: readonly string[], fence: Fence, files: EditFiles): string {
  const out: string[] = [];
  for (const e of walkWholeFileReply(reply, chatFiles, fence)) {
    if (e.kind === "prose") out.push(e.line);
    else out.push(...liveDiff(files, e.edit[0], e.edit[2], e.closed));
  }
  return out.join("\n");
}

/** `render_incremental_response(final)`: the live view, or the (right-stripped) reply when it has no filename. */
export function renderIncrementalResponse(reply: string, chatFiles: readonly string[], fence: Fence, files: EditFiles): string {
  try {
    return wholeFileLiveView(reply, chatFiles, fence, files);
  } catch (err) {
    if (err instanceof EditFormatValueError) return contentInProgress(reply);
    throw err;
  }
}
