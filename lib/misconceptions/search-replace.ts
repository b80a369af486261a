/**
 * Exercise 04's misconceptions: wrong variants of the seed's first-match SEARCH/REPLACE with the uniform
 * indentation fallback (seed 000, knowledge point 2), beside lib's teaching model (lib/editblock/teaching/).
 */
import { isBlank } from "../core/pystr.js";
import { exactLineMatches, teachingSearchReplace, teachingLines, uniformMissingIndent, type SearchReplaceResult } from "../editblock/teaching/search-replace.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "04-search-replace";
const NOTEBOOK = "04-search-replace.ipynb";
const SEED = "seed 000, knowledge point 2 (search_replace: first exact match, then uniform indentation)";
type Lines = readonly string[];

const splice = (whole: Lines, start: number, length: number, lines: Lines): string =>
  [...whole.slice(0, start), ...lines, ...whole.slice(start + length)].join("");

/** The first prefix found, with or without checking that every line has the same one and that blanks face blanks. */
function looseIndent(whole: Lines, part: Lines, start: number, checkUniform: boolean, checkBlanks: boolean): string | null {
  let prefix: string | null = null;
  for (let j = 0; j < part.length; j++) {
    const have = whole[start + j]!;
    const want = part[j]!;
    if (isBlank(want)) {
      if (checkBlanks && !isBlank(have)) return null;
      continue;
    }
    if (!have.endsWith(want)) return null;
    const p = have.slice(0, have.length - want.length);
    if (!isBlank(p)) return null;
    if (checkUniform && prefix !== null && p !== prefix) return null;
    prefix ??= p;
  }
  return prefix;
}

/** `searchReplace` with the exact match chosen by `pick` and windows tried indent-first when `indentFirst`. */
function replaceWith(text: string, search: string, replacement: string, pick: "first" | "last", indentFirst: boolean): SearchReplaceResult {
  if (!indentFirst && pick === "first") return teachingSearchReplace(text, search, replacement);
  const whole = teachingLines(text);
  const part = teachingLines(search);
  const after = teachingLines(replacement);
  const exact = exactLineMatches(whole, part);
  const indented = (start: number): SearchReplaceResult | null => {
    const prefix = uniformMissingIndent(whole, part, start);
    if (prefix === null) return null;
    const shifted = after.map((l) => (isBlank(l) ? l : prefix + l));
    return { text: splice(whole, start, part.length, shifted), mode: "indent", matchCount: null, startLine: start + 1 };
  };
  const exactAt = (start: number): SearchReplaceResult => ({ text: splice(whole, start, part.length, after), mode: "exact", matchCount: exact.length, startLine: start + 1 });
  if (indentFirst) {
    for (let start = 0; start + part.length <= whole.length; start++) {
      if (exact.includes(start)) return exactAt(start);
      const r = indented(start);
      if (r) return r;
    }
    return { text, mode: "no_match", matchCount: 0, startLine: null };
  }
  if (exact.length > 0) return exactAt(exact[exact.length - 1]!);
  return teachingSearchReplace(text, search, replacement);
}

export const SEARCH_REPLACE_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "searchReplace", tolerance: 0, run: (t: string, s: string, r: string) => teachingSearchReplace(t, s, r) }),
  rightAnswer({ exercise: EXERCISE, fn: "exactMatches", tolerance: 0, run: (w: Lines, p: Lines) => exactLineMatches(w, p) }),
  rightAnswer({ exercise: EXERCISE, fn: "missingIndent", tolerance: 0, run: (w: Lines, p: Lines, s: number) => uniformMissingIndent(w, p, s) }),
];

export const SEARCH_REPLACE_MISCONCEPTIONS: readonly Misconception[] = [
  misconception({
    id: "04-last-match",
    exercise: EXERCISE,
    fn: "searchReplace",
    title: "the last exact match replaced instead of the first",
    explanation:
      "With SEARCH occurring more than once, the edit lands on the LAST occurrence. The seed (and Aider) replace the " +
      "FIRST window equal to SEARCH; matchCount tells how many there were, but only the first changes.",
    notebook: { file: NOTEBOOK, section: "The first match wins" },
    seed: SEED,
    run: (t: string, s: string, r: string) => replaceWith(t, s, r, "last", false),
  }),
  misconception({
    id: "04-indent-before-exact",
    exercise: EXERCISE,
    fn: "searchReplace",
    title: "windows tried in order, exact or indented, so an earlier indented match beats a later exact one",
    explanation:
      "Each window is tried for an exact OR an indented match before moving on. The seed looks for an exact match in " +
      "the whole text first and falls back to indentation only when there is none.",
    notebook: { file: NOTEBOOK, section: "Indentation, both ways" },
    seed: SEED,
    run: (t: string, s: string, r: string) => replaceWith(t, s, r, "first", true),
  }),
  misconception({
    id: "04-nonuniform-indent",
    exercise: EXERCISE,
    fn: "missingIndent",
    title: "non-uniform indentation accepted",
    explanation:
      "Every SEARCH line may sit behind its own whitespace prefix and the first one is returned. The seed requires ONE " +
      "common prefix: indentation missing by different amounts on different lines is no match, since re-indenting " +
      "REPLACE by one prefix would then change the code's structure.",
    notebook: { file: NOTEBOOK, section: "Indentation, both ways" },
    seed: SEED,
    run: (w: Lines, p: Lines, s: number) => looseIndent(w, p, s, false, true),
  }),
  misconception({
    id: "04-blanks-unchecked",
    exercise: EXERCISE,
    fn: "missingIndent",
    title: "blank SEARCH lines not checked against the text",
    explanation:
      "Blank SEARCH lines are skipped without looking at the line they face, so a blank line in SEARCH matches any " +
      "line of code. The seed requires a blank SEARCH line to face a blank line.",
    notebook: { file: NOTEBOOK, section: "Indentation, both ways" },
    seed: SEED,
    run: (w: Lines, p: Lines, s: number) => looseIndent(w, p, s, true, false),
  }),
  misconception({
    id: "04-matches-not-overlapping",
    exercise: EXERCISE,
    fn: "exactMatches",
    title: "matches searched without overlap (the scan jumps past each match)",
    explanation:
      "After a match at i the scan resumes at i + len(SEARCH), as a text search for non-overlapping occurrences " +
      "would. Every start where the lines are equal is a match, overlapping ones too, and matchCount counts them all.",
    notebook: { file: NOTEBOOK, section: "The first match wins" },
    seed: SEED,
    run: (w: Lines, p: Lines) => {
      const out: number[] = [];
      let next = 0;
      for (const i of exactLineMatches(w, p)) if (i >= next) {
        out.push(i);
        next = i + Math.max(1, p.length);
      }
      return out;
    },
  }),
  misconception({
    id: "04-ambiguous-refused",
    exercise: EXERCISE,
    fn: "searchReplace",
    title: "an ambiguous SEARCH refused (no edit when it occurs more than once)",
    explanation:
      "When SEARCH occurs more than once the edit is refused and the text left unchanged, as tools that require a " +
      "unique match do. The seed's model, like Aider, replaces the FIRST occurrence and reports how many there were.",
    notebook: { file: NOTEBOOK, section: "The first match wins" },
    seed: SEED,
    run: (t: string, s: string, r: string) => {
      const count = exactLineMatches(teachingLines(t), teachingLines(s)).length;
      return count > 1 ? { text: t, mode: "no_match", matchCount: count, startLine: null } : teachingSearchReplace(t, s, r);
    },
  }),
  misconception({
    id: "04-trimend-lines",
    exercise: EXERCISE,
    fn: "exactMatches",
    title: "lines compared after trimEnd (trailing spaces and line endings ignored)",
    explanation:
      "Lines are compared with their trailing whitespace removed, so `a\\r\\n` matches `a\\n` and `x = 1  ` matches " +
      "`x = 1`. The seed compares whole lines, endings included: only the indentation fallback forgives anything, and " +
      "only a uniform missing prefix.",
    notebook: { file: NOTEBOOK, section: "The first match wins" },
    seed: SEED,
    run: (w: Lines, p: Lines) => {
      const out: number[] = [];
      for (let i = 0; i + p.length <= w.length; i++) if (p.every((line, j) => w[i + j]!.trimEnd() === line.trimEnd())) out.push(i);
      return out;
    },
  }),
];
