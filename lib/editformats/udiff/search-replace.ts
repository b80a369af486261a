/**
 * The parts of Aider's `search_replace.py` that the unified-diff coder uses (`aider/coders/udiff_coder.py`): `search_and_replace`
 * (replaces EVERY occurrence; its "not unique" raise is commented out in Aider, so it never refuses), the
 * preprocessings `strip_blank_lines`, relative indent and line reversal, `try_strategy`, the four `all_preprocs`
 * in their order, `flexi_just_search_and_replace`, and `diff_lines` (a diff-match-patch line diff, Diff_Timeout 5 s).
 * Python `str.count`/`str.replace` semantics are kept, including the empty search string.
 */
import DiffMatchPatch from "diff-match-patch";
import { WorkbenchInputError } from "../../core/errors.js";
import { splitlines, strip } from "../../core/pystr.js";
import { requireArray, requireBoolean, requireString } from "../../core/validate.js";
import { RelativeIndenter, RelativeIndentError } from "./relative-indent.js";

/** `[search, replace, original]`, the `texts` triple every strategy receives. */
export type Texts = readonly [search: string, replace: string, original: string];
/** `(strip_blank_lines, relative_indent, reverse_lines)`. */
export type Preproc = readonly [stripBlankLines: boolean, relativeIndent: boolean, reverseLines: boolean];

/** Aider's `all_preprocs`, in the order they are tried. */
export const ALL_PREPROCS: readonly Preproc[] = Object.freeze([
  [false, false, false],
  [true, false, false],
  [false, true, false],
  [true, true, false],
] as const);

/** Python `s.count(sub)` (non-overlapping; an empty `sub` counts len(s)+1 positions). */
export function pyCount(s: string, sub: string): number {
  if (sub === "") return Array.from(s).length + 1;
  return s.split(sub).length - 1;
}

/** Python `s.replace(old, new)`: every non-overlapping occurrence; an empty `old` inserts between code points. */
export function pyReplaceAll(s: string, old: string, replacement: string): string {
  if (old === "") return s === "" ? replacement : replacement + Array.from(s).join(replacement) + replacement;
  return s.split(old).join(replacement);
}

export function requireTexts(where: string, value: unknown): Texts {
  const arr = requireArray(where, "texts", value);
  if (arr.length !== 3) throw new WorkbenchInputError(where, "texts", "must be [search, replace, original]", value);
  return [requireString(where, "texts[0]", arr[0]), requireString(where, "texts[1]", arr[1]), requireString(where, "texts[2]", arr[2])];
}

/** Aider's `search_and_replace`: None when the search text is absent, else every occurrence replaced. */
export function searchAndReplace(texts: Texts): string | null {
  const [search, replace, original] = texts;
  if (pyCount(original, search) === 0) return null;
  return pyReplaceAll(original, search, replace);
}

/** Aider's `strip_blank_lines`: `t.strip("\n") + "\n"` for every text (the file included). */
export function stripBlankLines(texts: readonly string[]): string[] {
  return texts.map((t) => strip(t, "\n") + "\n");
}

/** Aider's `reverse_lines`. */
export function reverseLines(text: string): string {
  return splitlines(text, true).reverse().join("");
}

/** Aider's `try_strategy(texts, search_and_replace, preproc)`: the preprocessed search, mapped back; null = none. */
export function tryStrategy(texts: Texts, preproc: Preproc): string | null {
  const [blank, relative, reverse] = preproc.map((p, i) => requireBoolean("tryStrategy", `preproc[${i}]`, p));
  let t: string[] = [...texts];
  let ri: RelativeIndenter | null = null;
  if (blank) t = stripBlankLines(t);
  if (relative) {
    ri = new RelativeIndenter(t);
    t = t.map((x) => ri!.makeRelative(x));
  }
  if (reverse) t = t.map(reverseLines);
  let res = searchAndReplace([t[0]!, t[1]!, t[2]!]);
  if (res && reverse) res = reverseLines(res);
  if (res && ri) {
    try {
      res = ri.makeAbsolute(res);
    } catch (err) {
      if (err instanceof RelativeIndentError) return null;
      throw err;
    }
  }
  return res;
}

/** Aider's `flexi_just_search_and_replace`: the first truthy result of the four preprocessings, else null. */
export function flexiJustSearchAndReplace(texts: Texts): string | null {
  for (const p of ALL_PREPROCS) {
    const res = tryStrategy(texts, p);
    if (res) return res;
  }
  return null;
}

/** Aider's `diff_lines(search_text, replace_text)`: a line diff as " x", "-x", "+x" lines (line endings kept). */
export function diffLines(searchText: string, replaceText: string): string[] {
  requireString("diffLines", "searchText", searchText);
  requireString("diffLines", "replaceText", replaceText);
  const dmp = new DiffMatchPatch();
  dmp.Diff_Timeout = 5;
  const { chars1, chars2, lineArray } = dmp.diff_linesToChars_(searchText, replaceText);
  const diffs = dmp.diff_main(chars1, chars2, false);
  dmp.diff_cleanupSemantic(diffs);
  dmp.diff_cleanupEfficiency(diffs);
  dmp.diff_charsToLines_(diffs, lineArray);
  const out: string[] = [];
  for (const [op, text] of diffs) {
    const d = op < 0 ? "-" : op > 0 ? "+" : " ";
    for (const line of splitlines(text, true)) out.push(d + line);
  }
  return out;
}
