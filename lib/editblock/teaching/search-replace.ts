/**
 * The seed page's teaching `search_replace` (seed 000, knowledge point 2): replace the FIRST exact line-block match
 * of SEARCH; failing that, the first window where every SEARCH line appears with one uniform missing indentation;
 * failing that, `no_match` with the text returned unchanged. No other fallback, no file I/O.
 * Aider's full chain (extra indentation, leading blank line, `...`) is in `replace.ts` beside it.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { isBlank, splitlines } from "../../core/pystr.js";
import { requireString } from "../../core/validate.js";

export type SearchReplaceMode = "exact" | "indent" | "no_match";

export interface SearchReplaceResult {
  /** The new text (a trailing newline is added when the input lacked one and a block was replaced). */
  text: string;
  mode: SearchReplaceMode;
  /** Number of exact matches in exact mode, null in indent mode, 0 in no_match mode. */
  matchCount: number | null;
  /** 1-based line where the replaced block started, null when nothing matched. */
  startLine: number | null;
}

const WHERE = "teachingSearchReplace";

/** The page's line split: add "\n" to non-empty text that lacks it, then Python's `splitlines(keepends=True)`. */
export function teachingLines(value: string): string[] {
  return splitlines(value + (value && !value.endsWith("\n") ? "\n" : ""), true);
}

/** Every start index (0-based) where `part` occurs in `whole` as an exact block of lines. */
export function exactLineMatches(whole: readonly string[], part: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i <= whole.length - part.length; i++) {
    let ok = true;
    for (let j = 0; j < part.length && ok; j++) ok = whole[i + j] === part[j];
    if (ok) out.push(i);
  }
  return out;
}

/**
 * The indentation the window `whole[start…]` adds uniformly to every non-blank SEARCH line, or null.
 * Blank SEARCH lines must face blank lines; every other line must end with the SEARCH line behind a
 * whitespace-only prefix, and all those prefixes must be the same.
 */
export function uniformMissingIndent(whole: readonly string[], part: readonly string[], start: number): string | null {
  const prefixes = new Set<string>();
  let valid = true;
  for (let j = 0; j < part.length; j++) {
    const actual = whole[start + j]!;
    const expected = part[j]!;
    if (isBlank(expected)) {
      valid = valid && isBlank(actual);
      continue;
    }
    if (!actual.endsWith(expected)) return null;
    const prefix = actual.slice(0, actual.length - expected.length);
    if (!isBlank(prefix)) return null;
    prefixes.add(prefix);
  }
  return valid && prefixes.size === 1 ? [...prefixes][0]! : null;
}

/** The page's `search_replace(text, search, replacement)`. */
export function teachingSearchReplace(text: string, search: string, replacement: string): SearchReplaceResult {
  requireString(WHERE, "text", text);
  requireString(WHERE, "search", search);
  requireString(WHERE, "replacement", replacement);
  if (isBlank(search)) throw new WorkbenchInputError(WHERE, "search", "must contain a non-blank line", search);
  const whole = teachingLines(text);
  const part = teachingLines(search);
  const after = teachingLines(replacement);
  const matches = exactLineMatches(whole, part);
  if (matches.length > 0) {
    const start = matches[0]!;
    return {
      text: [...whole.slice(0, start), ...after, ...whole.slice(start + part.length)].join(""),
      mode: "exact",
      matchCount: matches.length,
      startLine: start + 1,
    };
  }
  for (let start = 0; start <= whole.length - part.length; start++) {
    const prefix = uniformMissingIndent(whole, part, start);
    if (prefix === null) continue;
    const shifted = after.map((line) => (isBlank(line) ? line : prefix + line));
    return {
      text: [...whole.slice(0, start), ...shifted, ...whole.slice(start + part.length)].join(""),
      mode: "indent",
      matchCount: null,
      startLine: start + 1,
    };
  }
  return { text, mode: "no_match", matchCount: 0, startLine: null };
}
