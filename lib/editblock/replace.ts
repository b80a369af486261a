/**
 * Aider's `replace_most_similar_chunk(whole, part, replace)` (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`; its surprises in README.md): the chain that
 * applies one SEARCH/REPLACE to a file's text, returning the new text or null.
 *
 *   1. perfect: the first window of whole lines equal to the SEARCH lines (line endings included);
 *   2. leading_whitespace: the first window equal but for one uniform leading-whitespace offset (after outdenting
 *      SEARCH and REPLACE by their common minimum; Python's negative slices can make that offset garbage);
 *   3. 1–2 again without one spurious leading blank SEARCH line (only when SEARCH has more than 2 lines);
 *   4. dotdotdots: "..." elision (dotdotdots.ts), its errors swallowed;
 *   5. nothing — Aider returns before its fuzzy matcher, so that step is dead code (kept below, never taken).
 * Every result is tested for truthiness, so an empty result ("") counts as a failure. Lengths and slices are in
 * code points, lines come from Python's `splitlines` (Python's `str` semantics).
 */
import { cpLength, cpSlice, isBlank, lstrip, splitlines } from "../core/pystr.js";
import { SequenceMatcher } from "../core/difflib.js";
import { rejectUnknownKeys, requireRecord, requireString, requireStringArray } from "../core/validate.js";
import { DotdotdotsError, tryDotdotdots } from "./dotdotdots.js";

/**
 * Which step produced the result (the golden vectors' `stage`); "none" when every step failed. "fuzzy" exists
 * only so the dead branch below type-checks: Aider's chain never gets there, so it is never produced.
 */
export type ReplaceStage =
  | "perfect"
  | "leading_whitespace"
  | "skip_leading_blank+perfect"
  | "skip_leading_blank+leading_whitespace"
  | "dotdotdots"
  | "fuzzy"
  | "none";

export type ReplaceOutcome =
  /** `result` is Aider's return value (never ""). */
  | { result: string; stage: Exclude<ReplaceStage, "none"> }
  /** Aider returns None; `dotsError` is the swallowed ValueError text of try_dotdotdots, if it raised. */
  | { result: null; stage: "none"; dotsError: string | null };

/** Aider's `prep`: a final "\n" added to non-empty text that lacks one, then `splitlines(keepends=True)`. */
/** A text and its lines as Aider's `prep` gives them (the text ends with "\n" unless empty; lines keep their ends). */
export interface PreppedText {
  text: string;
  lines: string[];
}

export function prep(text: string): PreppedText {
  requireString("prep", "text", text);
  const t = text && !text.endsWith("\n") ? text + "\n" : text;
  return { text: t, lines: splitlines(t, true) };
}

/** Aider's `perfect_replace`: splices `replace` over the first window equal to `part` ("" possible), or null. */
export function perfectReplace(whole: readonly string[], part: readonly string[], replace: readonly string[]): string | null {
  for (let i = 0; i + part.length <= whole.length; i++) {
    let same = true;
    for (let j = 0; j < part.length && same; j++) same = whole[i + j] === part[j];
    if (same) return [...whole.slice(0, i), ...replace, ...whole.slice(i + part.length)].join("");
  }
  return null;
}

/** `len(s) - len(s.lstrip())`: the number of leading whitespace code points. */
const indentOf = (s: string): number => cpLength(s) - cpLength(lstrip(s));

/**
 * Aider's `match_but_for_leading_whitespace(window, part)`: the one prefix that every non-blank window line has
 * in front of its SEARCH line, or null. The prefix is `window[j][:len(window[j]) - len(part[j])]` — when the
 * SEARCH line is the longer one, Python's negative slice yields the window line minus its last k code points.
 */
export function matchButForLeadingWhitespace(window: readonly string[], part: readonly string[]): string | null {
  for (let j = 0; j < window.length; j++) if (lstrip(window[j]!) !== lstrip(part[j]!)) return null;
  const add = new Set<string>();
  for (let j = 0; j < window.length; j++) {
    const w = window[j]!;
    if (!isBlank(w)) add.add(cpSlice(w, 0, cpLength(w) - cpLength(part[j]!)));
  }
  return add.size === 1 ? [...add][0]! : null;
}

/**
 * Aider's `replace_part_with_missing_leading_whitespace`: outdent SEARCH and REPLACE by the smallest indent of
 * their non-blank lines, then replace the first window that matches but for a uniform prefix, putting that prefix
 * in front of every non-blank REPLACE line. "" possible; null when no window matches.
 */
export function replaceMissingLeadingWhitespace(whole: readonly string[], part: readonly string[], replace: readonly string[]): string | null {
  const leading = [...part, ...replace].filter((l) => !isBlank(l)).map(indentOf);
  const k = leading.length > 0 ? Math.min(...leading) : 0;
  const outdent = (l: string) => (k > 0 && !isBlank(l) ? cpSlice(l, k) : l);
  const p = part.map(outdent);
  const r = replace.map(outdent);
  for (let i = 0; i + p.length <= whole.length; i++) {
    const add = matchButForLeadingWhitespace(whole.slice(i, i + p.length), p);
    if (add === null) continue;
    const shifted = r.map((l) => (isBlank(l) ? l : add + l));
    return [...whole.slice(0, i), ...shifted, ...whole.slice(i + p.length)].join("");
  }
  return null;
}

/** Aider's `perfect_or_whitespace`: the first truthy result of steps 1 and 2, and which step it was. */
function perfectOrWhitespace(whole: readonly string[], part: readonly string[], replace: readonly string[]) {
  const perfect = perfectReplace(whole, part, replace);
  if (perfect) return { text: perfect, stage: "perfect" as const };
  const ws = replaceMissingLeadingWhitespace(whole, part, replace);
  if (ws) return { text: ws, stage: "leading_whitespace" as const };
  return null;
}

/**
 * Aider's fuzzy step is present in its source but unreachable: `replace_most_similar_chunk` returns before it
 * (`aider/coders/editblock_coder.py`, the `return` ahead of `replace_closest_edit_distance`). This flag makes that visible in our control flow; it is never true, so the branch never runs.
 */
export const FUZZY_STEP_REACHABLE = false as const;

/** Aider's `replace_most_similar_chunk(whole, part, replace)`, with the step that produced the result. */
export function replaceMostSimilarChunk(whole: string, part: string, replace: string): ReplaceOutcome {
  const w = prep(requireString("replaceMostSimilarChunk", "whole", whole));
  const p = prep(requireString("replaceMostSimilarChunk", "part", part));
  const r = prep(requireString("replaceMostSimilarChunk", "replace", replace));

  const first = perfectOrWhitespace(w.lines, p.lines, r.lines);
  if (first) return { result: first.text, stage: first.stage };

  // Models sometimes start SEARCH with a spurious blank line: drop ONE, only when SEARCH has more than 2 lines.
  if (p.lines.length > 2 && isBlank(p.lines[0]!)) {
    const second = perfectOrWhitespace(w.lines, p.lines.slice(1), r.lines);
    if (second) return { result: second.text, stage: `skip_leading_blank+${second.stage}` };
  }

  let dotsError: string | null = null;
  try {
    const dots = tryDotdotdots(w.text, p.text, r.text);
    if (dots) return { result: dots, stage: "dotdotdots" };
  } catch (err) {
    if (!(err instanceof DotdotdotsError)) throw err;
    dotsError = err.message;
  }

  // ── Dead in Aider: the function has already returned None here, so the fuzzy matcher never runs. ──
  if (FUZZY_STEP_REACHABLE) {
    const fuzzy = replaceClosestEditDistance(w.lines, p, r.lines);
    if (fuzzy) return { result: fuzzy, stage: "fuzzy" };
  }
  return { result: null, stage: "none", dotsError };
}

/** The difflib ratio `replaceClosestEditDistance` needs before it replaces (Aider's `similarity_thresh = 0.8`). */
export const CLOSEST_EDIT_DISTANCE_THRESHOLD = 0.8;

/**
 * UNREACHABLE IN AIDER — never called by `replaceMostSimilarChunk` (see FUZZY_STEP_REACHABLE). An illustration of
 * what Aider's dead `replace_closest_edit_distance` is for: take the window of whole lines, between 90% and 110%
 * of SEARCH's line count, whose text has the highest difflib ratio with the SEARCH text, and replace it when that
 * ratio is at least 0.8. Written from that description only; because Aider never runs it, no vector checks it.
 * Aider's `replace_closest_edit_distance(whole_lines, part, part_lines, replace_lines)`: `whole` is `whole_lines`,
 * `part` carries `part` and `part_lines` together (`part.text`, `part.lines`, as `prep(part)` gives them), `replace`
 * is `replace_lines`.
 */
export function replaceClosestEditDistance(whole: readonly string[], part: PreppedText, replace: readonly string[]): string | null {
  const where = "replaceClosestEditDistance";
  requireStringArray(where, "whole", whole);
  const p = requireRecord(where, "part", part);
  rejectUnknownKeys(where, "part", p, ["text", "lines"]);
  requireString(where, "part.text", p.text);
  const partLines = requireStringArray(where, "part.lines", p.lines);
  requireStringArray(where, "replace", replace);
  const partText = part.text;
  let best = { ratio: 0, start: -1, end: -1 };
  const shortest = Math.floor(partLines.length * 0.9);
  const longest = Math.ceil(partLines.length * 1.1);
  for (let len = Math.max(1, shortest); len <= longest; len++) {
    for (let i = 0; i + len <= whole.length; i++) {
      const ratio = new SequenceMatcher(whole.slice(i, i + len).join(""), partText).ratio();
      if (ratio > best.ratio) best = { ratio, start: i, end: i + len };
    }
  }
  if (best.start < 0 || best.ratio < CLOSEST_EDIT_DISTANCE_THRESHOLD) return null;
  return [...whole.slice(0, best.start), ...replace, ...whole.slice(best.end)].join("");
}
