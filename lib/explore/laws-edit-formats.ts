/**
 * Laws relating Aider's edit formats (`aider/coders/editblock_coder.py`; `aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py`; seed 001 §4, §8): the same change written as a
 * SEARCH/REPLACE block, a unified diff, a V4A patch and a whole-file listing. Where the context is exact and
 * unique they agree; where the file drifted or the context repeats they part — each difference kept as the
 * smallest counterexample fast-check found.
 */
import type { Arbitrary } from "fast-check";
import { applyEdits } from "../editblock/apply.js";
import { MemoryFileSystem } from "../editblock/files.js";
import { EditFormatValueError } from "../editformats/coder.js";
import { applyPatchEdits } from "../editformats/patch/apply.js";
import { getPatchEdits } from "../editformats/patch/parse.js";
import { applyUdiffEdits } from "../editformats/udiff/apply.js";
import { wholeHunk } from "../editformats/udiff/hunk.js";
import { pyCount } from "../editformats/udiff/search-replace.js";
import { ProjectFiles } from "../editformats/workspace.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";

/** A file, the lines the model takes as its window (`seen`: what it believes is there), and their replacement. */
export interface FormatCase {
  readonly file: string;
  readonly search: string;
  readonly replace: string;
}

const lines = (t: string) => (t === "" ? [] : t.split(/(?<=\n)/));
const PATH = "f.py";

/** What each format makes of the change: the new file text, or null when it failed (no write). */
export function applyInEachFormat(c: FormatCase): { diff: string | null; udiff: string | null; patch: string | null } {
  const eb = new MemoryFileSystem({ [PATH]: c.file });
  const r = applyEdits([{ path: PATH, search: c.search, replace: c.replace }], eb, { chatFiles: [PATH] });
  const diff = r.failed.length === 0 ? eb.readText(PATH) : null;

  const ud = new ProjectFiles({ [PATH]: c.file });
  let udiff: string | null = null;
  try {
    applyUdiffEdits([[PATH, wholeHunk(lines(c.search), lines(c.replace))]], ud);
    udiff = ud.raw(PATH);
  } catch (err) {
    if (!(err instanceof EditFormatValueError)) throw err;
  }

  const pf = new ProjectFiles({ [PATH]: c.file });
  const body = wholeHunk(lines(c.search), lines(c.replace)).map((l) => (l.endsWith("\n") ? l.slice(0, -1) : l));
  let patch: string | null = null;
  try {
    applyPatchEdits(getPatchEdits(`*** Begin Patch\n*** Update File: ${PATH}\n${body.join("\n")}\n*** End Patch\n`, pf), pf);
    patch = pf.raw(PATH);
  } catch (err) {
    if (!(err instanceof EditFormatValueError)) throw err;
  }
  return { diff, udiff, patch };
}

const rowsOf = (c: FormatCase): ExploreRow[] => {
  const r = applyInEachFormat(c);
  const show = (t: string | null) => (t === null ? "(failed: file unchanged)" : t);
  return [
    { what: "file", text: c.file },
    { what: "the model's lines (SEARCH / context and -)", text: c.search },
    { what: "its new lines (REPLACE / context and +)", text: c.replace },
    { what: "SEARCH/REPLACE (diff)", text: show(r.diff) },
    { what: "unified diff (udiff)", text: show(r.udiff) },
    { what: "V4A patch (patch)", text: show(r.patch) },
  ];
};

const line = (fc: FastCheck) => fc.constantFrom("x = 1", "y = 2", "total = x + y", "return total", "print(total)", "");
const text = (ls: readonly string[]) => ls.map((l) => l + "\n").join("");

/** A file of 1–6 lines, a window of it, and 0–3 new lines for it. */
const exactCase = (fc: FastCheck): Arbitrary<FormatCase> =>
  fc
    .record({ file: fc.array(line(fc), { minLength: 1, maxLength: 6 }), from: fc.nat(), length: fc.integer({ min: 1, max: 3 }), repl: fc.array(line(fc), { maxLength: 3 }) })
    .map(({ file, from, length, repl }) => {
      const start = from % file.length;
      return { file: text(file), search: text(file.slice(start, start + length)), replace: text(repl) };
    });

/** Like `exactCase`, but one line of the model's window is not what the file has (the file drifted). */
const driftCase = (fc: FastCheck): Arbitrary<FormatCase> =>
  fc.tuple(exactCase(fc), fc.nat(), line(fc)).map(([c, k, other]) => {
    const seen = lines(c.search);
    const i = k % seen.length;
    seen[i] = other + "\n";
    return { ...c, search: seen.join("") };
  });

/** At how many line positions the search's lines occur in the file (overlapping windows count). */
export function lineOccurrences(file: string, search: string): number {
  const f = lines(file);
  const p = lines(search);
  let n = 0;
  for (let i = 0; i + p.length <= f.length; i++) if (p.every((l, j) => f[i + j] === l)) n++;
  return n;
}

/** Ends with a blank line (or is one): strip_quoted_wrapping drops it from SEARCH/REPLACE. */
const endsBlank = (t: string) => t === "\n" || t.endsWith("\n\n");

const sameOrWhy = (r: ReturnType<typeof applyInEachFormat>): string | null =>
  r.diff === r.udiff && r.udiff === r.patch ? null : `diff ${JSON.stringify(r.diff)}, udiff ${JSON.stringify(r.udiff)}, patch ${JSON.stringify(r.patch)}`;

export const formatsAgreeOnExactContext: Law<FormatCase> = {
  id: "edit-formats/exact-context-agree",
  mechanism: "edit-formats",
  statement:
    "with exact context that occurs once (as lines and as text), no trailing blank line and a non-blank result, SEARCH/REPLACE, unified diff and V4A patch of one change give the same file",
  verdict: "holds",
  lesson:
    "When the model copies the file's lines exactly, and they occur once, the format is only a matter of how much it must write. " +
    "(A trailing blank line is excluded: SEARCH/REPLACE's strip_quoted_wrapping drops it, the other formats keep it.)",
  arbitrary: exactCase,
  precondition: (c) =>
    lineOccurrences(c.file, c.search) === 1 &&
    pyCount(c.file, c.search) === 1 &&
    c.search.trim() !== "" &&
    c.search !== c.replace &&
    !endsBlank(c.search) &&
    !endsBlank(c.replace) &&
    c.file.replace(c.search, c.replace).trim() !== "",
  check: (c) => sameOrWhy(applyInEachFormat(c)),
  rows: rowsOf,
};

export const formatsAgreeWhenRepeated: Law<FormatCase> = {
  id: "edit-formats/repeated-context-agree",
  mechanism: "edit-formats",
  statement: "with exact context that occurs more than once (as lines or as text), SEARCH/REPLACE, unified diff and V4A patch of one change give the same file",
  verdict: "fails",
  lesson:
    "SEARCH/REPLACE and patch match whole lines and change the first occurrence; the unified diff matches TEXT: it changes every " +
    "occurrence of a before-text of 10+ characters, refuses a shorter repeated one, and a hunk starting with a blank line can match the previous line's newline.",
  arbitrary: exactCase,
  precondition: (c) => (lineOccurrences(c.file, c.search) > 1 || pyCount(c.file, c.search) > 1) && c.search.trim() !== "" && c.search !== c.replace,
  check: (c) => sameOrWhy(applyInEachFormat(c)),
  rows: rowsOf,
};

export const formatsFailTogetherOnDrift: Law<FormatCase> = {
  id: "edit-formats/drift-fails-everywhere",
  mechanism: "edit-formats",
  statement: "when one of the model's lines is not in the file, every format refuses the change",
  verdict: "fails",
  lesson: "SEARCH/REPLACE refuses; the unified diff recovers by dropping the lines the file lacks (make_new_lines_explicit) and retrying with less context — sometimes inserting the stale line as new code.",
  arbitrary: driftCase,
  precondition: (c) => !c.file.includes(c.search) && c.search.trim() !== "" && c.search !== c.replace,
  check: (c) => {
    const r = applyInEachFormat(c);
    const took = (["diff", "udiff", "patch"] as const).filter((k) => r[k] !== null);
    return took.length === 0 ? null : `${took.join(" and ")} applied it: ${took.map((k) => JSON.stringify(r[k])).join(", ")}`;
  },
  rows: rowsOf,
};

export const EDIT_FORMAT_LAWS = [formatsAgreeOnExactContext, formatsAgreeWhenRepeated, formatsFailTogetherOnDrift] as const;
