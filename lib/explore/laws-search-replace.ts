/**
 * SEARCH/REPLACE laws: the seed page's `search_replace` (editblock/teaching/search-replace.ts, seed 000 knowledge point 2)
 * against Aider's `replace_most_similar_chunk` (editblock/replace.ts, `aider/coders/editblock_coder.py` `replace_most_similar_chunk`–4.5), on the cases of
 * cases-search-replace.ts. Where the two agree, a law says so; where they part, one law states exactly what each
 * does and another ("they agree") is refuted by the counterexample fast-check finds.
 */
import { lstrip, splitlines } from "../core/pystr.js";
import { MemoryFileSystem } from "../editblock/files.js";
import { applyEdits } from "../editblock/apply.js";
import {
  anyReplaceCase,
  deleteEverythingCase,
  dotsCase,
  exactCase,
  extraIndentCase,
  garbledCase,
  leadingBlankCase,
  missingIndentCase,
  replaceRows,
  runBoth,
  teachingText,
  type ReplaceCase,
} from "./cases-search-replace.js";
import type { FastCheck, Law } from "./law.js";
import type { Arbitrary } from "fast-check";

const law = <T extends ReplaceCase>(l: Omit<Law<T>, "mechanism" | "rows">): Law<T> => ({ ...l, mechanism: "search-replace", rows: replaceRows });

const show = (s: string | null) => (s === null ? "null" : JSON.stringify(s));

/** "They agree": both edit the text into the same new text, or both find no match (no_match ≡ Aider's null). */
function agreement(c: ReplaceCase): string | null {
  const { teaching, aider } = runBoth(c);
  const t = "rejected" in teaching || teaching.mode === "no_match" ? null : teaching.text;
  return t === aider.result ? null : `teaching ${"rejected" in teaching ? "rejected it" : teaching.mode}: ${show(t)}; Aider ${aider.stage}: ${show(aider.result)}`;
}

/** "They agree" over a situation: refuted as soon as the two part. */
const agreeOn = <T extends ReplaceCase>(id: string, situation: string, lesson: string, arbitrary: (fc: FastCheck) => Arbitrary<T>) =>
  law<T>({ id, statement: `teaching and Aider give the same text ${situation}`, verdict: "fails", lesson, arbitrary, check: agreement });

/** Index of the first window of `whole` equal to `part` line for line (−1 if none), on the page's line split. */
function firstExactWindow(file: string, search: string): number {
  const lines = (s: string) => splitlines(s && !s.endsWith("\n") ? s + "\n" : s, true);
  const w = lines(file);
  const p = lines(search);
  for (let i = 0; i + p.length <= w.length; i++) if (p.every((l, j) => w[i + j] === l)) return i;
  return -1;
}

export const exactMatchesAgree = law({
  id: "search-replace/exact-match-agree",
  statement: "on an exact match both replace its first occurrence, with the same text whenever that text is not empty",
  verdict: "holds",
  lesson: "The first exact window wins in both models, duplicates after it untouched.",
  arbitrary: exactCase,
  precondition: (c) => teachingText(runBoth(c).teaching) !== "",
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "exact") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    const first = firstExactWindow(c.file, c.search);
    if (teaching.startLine !== first + 1) return `teaching replaced at line ${teaching.startLine}, the first exact window is at ${first + 1}`;
    return aider.stage === "perfect" && aider.result === teaching.text ? null : `teaching ${show(teaching.text)}; Aider ${aider.stage} ${show(aider.result)}`;
  },
});

export const deleteEverythingAgree = agreeOn(
  "search-replace/delete-everything-agree",
  "when an exact match deletes the whole file",
  "Deleting everything gives \"\", which Aider's `if res:` treats as a failed match: an edit cannot empty a file.",
  deleteEverythingCase,
);

export const deleteEverythingFails = law({
  id: "search-replace/delete-everything-is-a-failure",
  statement: "when an exact match would delete the whole file, Aider reports no match",
  verdict: "fails",
  lesson: "The empty result only fails that step; the chain goes on. If the file starts with a blank line and SEARCH has more than 2 lines, the skip-leading-blank step deletes the rest and keeps that line: Aider writes \"\\n\".",
  arbitrary: deleteEverythingCase,
  check(c) {
    const { aider } = runBoth(c);
    return aider.result === null ? null : `Aider ${aider.stage}: ${show(aider.result)}`;
  },
});

export const missingIndentAgree = law({
  id: "search-replace/missing-indentation-agree",
  statement: "on uniform missing indentation made of spaces both re-indent REPLACE the same way",
  verdict: "holds",
  lesson: "Adding back the one prefix the file has in front of every SEARCH line is the tolerance both models share.",
  arbitrary: (fc) => missingIndentCase(fc, "spaces"),
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "indent") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    return aider.stage === "leading_whitespace" && aider.result === teaching.text ? null : `teaching ${show(teaching.text)}; Aider ${aider.stage} ${show(aider.result)}`;
  },
});

export const missingIndentMixed = agreeOn(
  "search-replace/missing-indentation-agree-with-tabs",
  "on uniform missing indentation, whatever mix of tabs and spaces it uses",
  "Aider outdents SEARCH by its smallest indentation and compares what remains by LENGTH: a tab and a space count the same, so where the page sees one uniform prefix Aider can see two — or one where there is none.",
  (fc) => missingIndentCase(fc, "mixed"),
);

export const extraIndentContrast = law({
  id: "search-replace/extra-indentation-contrast",
  statement: "a SEARCH indented more than the file (REPLACE at least as indented): the teaching model finds no match, Aider replaces the block with REPLACE shifted left by the excess",
  verdict: "holds",
  lesson: "Aider strips the smallest indentation of SEARCH and REPLACE together before matching, so too much indentation is forgiven as well as too little.",
  arbitrary: extraIndentCase,
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "no_match") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    return aider.stage === "leading_whitespace" && aider.result === c.expected ? null : `Aider ${aider.stage} ${show(aider.result)}, expected ${show(c.expected)}`;
  },
});

export const extraIndentAgree = agreeOn(
  "search-replace/extra-indentation-agree",
  "when SEARCH is indented more than the file",
  "The page forgives only MISSING indentation; Aider forgives extra indentation too.",
  extraIndentCase,
);

export const leadingBlankContrast = law({
  id: "search-replace/leading-blank-line-contrast",
  statement: "a SEARCH that starts with a blank line the file does not have (then ≥ 2 lines): the teaching model finds no match, Aider drops that line and splices REPLACE in as given",
  verdict: "holds",
  lesson: "Models often start SEARCH with a spurious blank line; Aider retries once without it, but only when SEARCH has more than 2 lines.",
  arbitrary: (fc) => leadingBlankCase(fc, 2),
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "no_match") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    return aider.stage === "skip_leading_blank+perfect" && aider.result === c.expected ? null : `Aider ${aider.stage} ${show(aider.result)}, expected ${show(c.expected)}`;
  },
});

export const leadingBlankAgree = agreeOn(
  "search-replace/leading-blank-line-agree",
  "when SEARCH starts with a blank line the file does not have",
  "With one block line both fail; with two or more Aider skips the blank line and the page does not.",
  (fc) => leadingBlankCase(fc, 1),
);

export const dotsContrast = law({
  id: "search-replace/dots-contrast",
  statement: "a SEARCH with a '...' line between two pieces of the file: the teaching model finds no match, Aider replaces each piece with its REPLACE piece",
  verdict: "holds",
  lesson: "'...' is Aider's elision: each piece must occur exactly once and is replaced as a substring; the page has no elision.",
  arbitrary: dotsCase,
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "no_match") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    return aider.stage === "dotdotdots" && aider.result === c.expected ? null : `Aider ${aider.stage} ${show(aider.result)}, expected ${show(c.expected)}`;
  },
});

export const dotsAgree = agreeOn("search-replace/dots-agree", "on a SEARCH with '...' elision", "The page has no elision: '...' is just a line that is not in the file.", dotsCase);

export const garbledContrast = law({
  id: "search-replace/over-indented-garbage",
  statement: "over-indented SEARCH, less-indented REPLACE: Aider writes the file line cut short by (SEARCH indent − REPLACE indent − file indent) code points, then REPLACE's text; the teaching model finds no match",
  verdict: "holds",
  lesson: "The 'offset' is line[:len(line) − len(search_line)], a negative slice here: Python keeps the line minus its last k characters.",
  arbitrary: garbledCase,
  check(c) {
    const { teaching, aider } = runBoth(c);
    if ("rejected" in teaching || teaching.mode !== "no_match") return `teaching: ${"rejected" in teaching ? teaching.rejected : teaching.mode}`;
    return aider.result === c.expected ? null : `Aider ${aider.stage} ${show(aider.result)}, expected ${show(c.expected)}`;
  },
});

export const garbledClean = law({
  id: "search-replace/aider-writes-only-whole-lines",
  statement: "every line Aider writes is a line of the file or a REPLACE line with whitespace added in front",
  verdict: "fails",
  lesson: "Not with an over-indented SEARCH and a less-indented REPLACE: the written line is a cut-off piece of the file line glued to REPLACE.",
  arbitrary: garbledCase,
  check(c) {
    const { aider } = runBoth(c);
    if (aider.result === null) return null;
    const fileLines = new Set(splitlines(c.file, true));
    const replaceLines = new Set(splitlines(c.replace, true).map((l) => lstrip(l)));
    const odd = splitlines(aider.result, true).find((l) => !fileLines.has(l) && !replaceLines.has(lstrip(l)));
    return odd === undefined ? null : `Aider wrote ${JSON.stringify(odd)}`;
  },
});

export const failedMatchUnchanged = law({
  id: "search-replace/failed-match-changes-nothing",
  statement: "a failed match never changes the text: on no_match the teaching model returns it byte for byte; when applyEdits reports an edit failed, the file is as it was and nothing was written",
  verdict: "holds",
  lesson: "Both fail closed: no partial edit of a file whose SEARCH was not found.",
  arbitrary: anyReplaceCase,
  check(c) {
    const { teaching } = runBoth(c);
    if (!("rejected" in teaching) && teaching.mode === "no_match" && teaching.text !== c.file) return "teaching changed the text on no_match";
    const files = new MemoryFileSystem({ "f.py": c.file });
    const r = applyEdits([{ path: "f.py", search: c.search, replace: c.replace }], files, { chatFiles: ["f.py"] });
    if (r.outcomes[0]!.applied) return null;
    return files.writes.length === 0 && files.readText("f.py") === c.file ? null : "applyEdits changed the file of a failed edit";
  },
});

export const SEARCH_REPLACE_LAWS = [
  exactMatchesAgree,
  deleteEverythingAgree,
  deleteEverythingFails,
  missingIndentAgree,
  missingIndentMixed,
  extraIndentContrast,
  extraIndentAgree,
  leadingBlankContrast,
  leadingBlankAgree,
  dotsContrast,
  dotsAgree,
  garbledContrast,
  garbledClean,
  failedMatchUnchanged,
] as const;
