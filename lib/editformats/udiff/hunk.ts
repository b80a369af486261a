/**
 * Applying one unified-diff hunk to a text (`aider/coders/udiff_coder.py` "Applying"): Aider's `cleanup_pure_whitespace_lines`,
 * `normalize_hunk`, `directly_apply_hunk`, `make_new_lines_explicit`, `apply_partial_hunk`, `apply_hunk` and the
 * unused `collapse_repeats`.
 *
 * What a learner meets here: the search replaces EVERY occurrence of a before-text of ≥ 10 non-blank characters;
 * a tiny before-text that occurs twice is refused; context lines the file does not have are turned into `+` lines
 * and inserted (make_new_lines_explicit); then each change run is tried with as much surrounding context as works,
 * more context first, and at equal totals more preceding context first.
 */
import { PythonError } from "../../core/pyerror.js";
import { cpLength, cpSlice, rstrip, splitlines, strip } from "../../core/pystr.js";
import { unifiedDiff } from "../../core/difflib-unified.js";
import { requireStringArray } from "../../core/validate.js";
import { hunkToBeforeAfter, hunkToBeforeAfterLines, type Hunk } from "./parse.js";
import { diffLines, flexiJustSearchAndReplace, pyCount } from "./search-replace.js";

/** Aider's `cleanup_pure_whitespace_lines`: a whitespace-only line → its character at -(line-ending length). */
export function cleanupPureWhitespaceLines(lines: readonly string[]): string[] {
  requireStringArray("cleanupPureWhitespaceLines", "lines", lines);
  return lines.map((line) => {
    if (strip(line)) return line;
    if (line === "") throw new PythonError("IndexError", "string index out of range");
    const endLen = cpLength(line) - cpLength(rstrip(line, "\r\n"));
    return endLen === 0 ? Array.from(line)[0]! : cpSlice(line, -endLen, -endLen + 1 || undefined);
  });
}

/** `unified_diff(a, b, n=max(len))` without its 3 header lines: the whole change as one hunk ([] when a == b). */
export function wholeHunk(a: readonly string[], b: readonly string[]): string[] {
  return unifiedDiff(a, b, Math.max(a.length, b.length)).slice(3);
}

/** Aider's `normalize_hunk`: before/after with whitespace-only lines cleaned, rebuilt as one full-context hunk. */
export function normalizeHunk(hunk: Hunk): string[] {
  const [before, after] = hunkToBeforeAfterLines(hunk);
  return wholeHunk(cleanupPureWhitespaceLines(before), cleanupPureWhitespaceLines(after));
}

/** Aider's `collapse_repeats` (defined, never called): runs of one character collapsed to one. */
export function collapseRepeats(s: string): string {
  let out = "";
  let prev: string | null = null;
  for (const ch of s) {
    if (ch !== prev) out += ch;
    prev = ch;
  }
  return out;
}

/** Aider's `directly_apply_hunk`: the flexible search-and-replace of before → after, or null. */
export function directlyApplyHunk(content: string, hunk: Hunk): string | null {
  const [before, after] = hunkToBeforeAfter(hunk);
  if (!before) return null;
  const [beforeLines] = hunkToBeforeAfterLines(hunk);
  const bare = beforeLines.map((l) => strip(l)).join("");
  // the "tiny repeated context" refusal
  if (cpLength(bare) < 10 && pyCount(content, before) > 1) return null;
  return flexiJustSearchAndReplace([before, after, content]);
}

/** Aider's `make_new_lines_explicit`: drops before-lines the file lacks, so context it lacks becomes `+` lines. */
export function makeNewLinesExplicit(content: string, hunk: Hunk): string[] {
  const [before, after] = hunkToBeforeAfter(hunk);
  const backDiff = diffLines(before, content).filter((line) => line[0] !== "+");
  const newBefore = directlyApplyHunk(before, backDiff);
  if (!newBefore) return [...hunk];
  if (cpLength(strip(newBefore)) < 10) return [...hunk];
  const beforeLines = splitlines(before, true);
  const newBeforeLines = splitlines(newBefore, true);
  if (newBeforeLines.length < beforeLines.length * 0.66) return [...hunk];
  return wholeHunk(newBeforeLines, splitlines(after, true));
}

/** Aider's `apply_partial_hunk`: one change run with as much of its surrounding context as applies. */
export function applyPartialHunk(content: string, preceding: Hunk, changes: Hunk, following: Hunk): string | null {
  const total = preceding.length + following.length;
  for (let drop = 0; drop <= total; drop++) {
    const use = total - drop;
    for (let usePrec = preceding.length; usePrec >= 0; usePrec--) {
      if (usePrec > use) continue;
      const useFoll = use - usePrec;
      if (useFoll > following.length) continue;
      const prec = usePrec ? preceding.slice(-usePrec) : [];
      const res = directlyApplyHunk(content, [...prec, ...changes, ...following.slice(0, useFoll)]);
      if (res) return res;
    }
  }
  return null;
}

/** Splits a hunk into alternating runs by op ("-"/"+" → change, "\n" → context, others by their own char). */
function sections(hunk: Hunk): string[][] {
  const ops = hunk.map((line) => {
    const op = Array.from(line)[0];
    if (op === undefined) throw new PythonError("IndexError", "string index out of range");
    return op === "-" || op === "+" ? "x" : op === "\n" ? " " : op;
  });
  let cur = " ";
  let section: string[] = [];
  const out: string[][] = [];
  ops.forEach((op, i) => {
    if (op !== cur) {
      out.push(section);
      section = [];
      cur = op;
    }
    section.push(hunk[i]!);
  });
  out.push(section);
  if (cur !== " ") out.push([]);
  return out;
}

/** Aider's `apply_hunk`: directly, else with new lines made explicit, run by run; null when any run fails. */
export function applyHunk(content: string, hunk: Hunk): string | null {
  const direct = directlyApplyHunk(content, hunk);
  if (direct) return direct;
  const parts = sections(makeNewLinesExplicit(content, hunk));
  let text = content;
  for (let i = 2; i < parts.length; i += 2) {
    const res = applyPartialHunk(text, parts[i - 2]!, parts[i - 1]!, parts[i]!);
    if (!res) return null;
    text = res;
  }
  return text;
}
