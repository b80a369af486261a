/**
 * applyEdits laws (editblock/apply.ts, `aider/coders/editblock_coder.py` `do_replace`, `apply_edits`): what "applied" means when Aider applies a list of
 * edits to files, and how `do_replace` differs from the bare matching chain it wraps.
 */
import type { Arbitrary } from "fast-check";
import { applyEdits, type ApplyEditsResult } from "../editblock/apply.js";
import { MemoryFileSystem } from "../editblock/files.js";
import type { EditBlock } from "../editblock/parse.js";
import { replaceMostSimilarChunk } from "../editblock/replace.js";
import { replaceRows, type ReplaceCase } from "./cases-search-replace.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";

/** Files (path → content) and the edits applied to them in order; every file is a chat file. */
export interface ApplyCase {
  readonly files: Readonly<Record<string, string>>;
  readonly edits: readonly EditBlock[];
}

const LINES = ["a = 1", "b = 2", "c = 3", ""] as const;
const text = (lines: readonly string[]) => lines.map((l) => l + "\n").join("");

/** 1–3 files; 1–4 edits, each a window of its file with a new line, a window left as it is, or a miss. */
export const applyCase = (fc: FastCheck): Arbitrary<ApplyCase> =>
  fc
    .record({
      contents: fc.array(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
      picks: fc.array(
        fc.record({ file: fc.nat(), from: fc.nat(), length: fc.integer({ min: 1, max: 2 }), kind: fc.constantFrom("change", "change", "same", "miss") }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map(({ contents, picks }) => {
      const names = contents.map((_, i) => `f${i}.py`);
      const edits = picks.map((p, k): EditBlock => {
        const f = p.file % contents.length;
        const lines = contents[f]!;
        const start = p.from % lines.length;
        const window = text(lines.slice(start, start + p.length));
        if (p.kind === "miss") return { path: names[f]!, search: `missing ${k}\n`, replace: `edit ${k}\n` };
        return { path: names[f]!, search: window, replace: p.kind === "same" ? window : `edit ${k}\n` };
      });
      return { files: Object.fromEntries(names.map((n, i) => [n, text(contents[i]!)])), edits };
    });

/** Runs applyEdits on a fresh in-memory copy; each applied edit's file text before and after its write. */
export function runApply(c: ApplyCase): { result: ApplyEditsResult; files: MemoryFileSystem; changed: (boolean | null)[] } {
  const files = new MemoryFileSystem(c.files);
  const result = applyEdits(c.edits, files, { chatFiles: Object.keys(c.files) });
  const current = new Map(Object.entries(c.files));
  let w = 0;
  const changed = result.outcomes.map((o) => {
    if (!o.applied) return null;
    const write = files.writes[w++];
    if (write === undefined) return false;
    const was = current.get(write.path);
    current.set(write.path, write.content);
    return was !== write.content;
  });
  return { result, files, changed };
}

function applyRows(c: ApplyCase): ExploreRow[] {
  const { result, files, changed } = runApply(c);
  const after = files.snapshot();
  return [
    ...Object.entries(c.files).map(([path, t]) => ({ what: `${path} before`, text: t })),
    ...result.outcomes.map((o, k) => ({
      what: `edit ${k + 1} on ${o.edit.path}: ${o.applied ? `applied to ${o.path}, file ${changed[k] ? "changed" : "NOT changed"}` : "failed"}`,
      text: `<<<<<<< SEARCH\n${o.edit.search}=======\n${o.edit.replace}>>>>>>> REPLACE\n`,
    })),
    ...Object.entries(after).map(([path, t]) => ({ what: `${path} after`, text: t })),
  ];
}

export const applyWritesWhatItReports: Law<ApplyCase> = {
  id: "search-replace/apply-writes-what-it-reports",
  mechanism: "search-replace",
  statement: "applyEdits writes exactly the edits it reports applied, in order, each with its file's new text; failed edits write nothing",
  verdict: "holds",
  lesson: "Every success is written at once, so a later failure does not undo it: partial success is real.",
  arbitrary: applyCase,
  check(c) {
    const { result, files } = runApply(c);
    const expected = result.outcomes.filter((o) => o.applied).map((o) => ({ path: o.path, content: o.how!.result! }));
    if (JSON.stringify(files.writes) !== JSON.stringify(expected)) return `writes ${JSON.stringify(files.writes)}, applied ${JSON.stringify(expected)}`;
    return result.passed.length + result.failed.length === c.edits.length ? null : "passed + failed ≠ edits";
  },
  rows: applyRows,
};

export const applyReportsChanges: Law<ApplyCase> = {
  id: "search-replace/applied-means-changed",
  mechanism: "search-replace",
  statement: "the edits applyEdits reports applied are exactly those that changed a file",
  verdict: "fails",
  lesson: "'Applied' means the chain returned a non-empty text, not that the text differs: an edit whose REPLACE equals its SEARCH is applied, written, and changes nothing.",
  arbitrary: applyCase,
  check(c) {
    const { changed } = runApply(c);
    const k = changed.findIndex((x) => x === false);
    return k < 0 ? null : `edit ${k + 1} is reported applied but its file did not change`;
  },
  rows: applyRows,
};

/** One edit whose SEARCH is a window of the file, sometimes with a blank line after it. */
const trailingBlankCase = (fc: FastCheck): Arbitrary<ReplaceCase> =>
  fc
    .record({
      lines: fc.array(fc.constantFrom("a = 1", "b = 2", "c = 3"), { minLength: 1, maxLength: 4 }),
      from: fc.nat(),
      length: fc.integer({ min: 1, max: 2 }),
      tail: fc.constantFrom("", "\n"),
    })
    .map(({ lines, from, length, tail }) => {
      const start = from % lines.length;
      return { file: text(lines), search: text(lines.slice(start, start + length)) + tail, replace: "edit\n" };
    });

export const applyAgreesWithChain: Law<ReplaceCase> = {
  id: "search-replace/apply-matches-like-the-chain",
  mechanism: "search-replace",
  statement: "applyEdits applies a single edit exactly when replaceMostSimilarChunk matches it on the file",
  verdict: "fails",
  lesson: "do_replace first runs strip_quoted_wrapping, which re-joins SEARCH with \"\\n\": a trailing blank SEARCH line is dropped (and \\r\\n becomes \\n), so applyEdits takes edits the bare chain rejects.",
  arbitrary: trailingBlankCase,
  check(c) {
    const chain = replaceMostSimilarChunk(c.file, c.search, c.replace).result !== null;
    const applied = applyEdits([{ path: "f.py", search: c.search, replace: c.replace }], new MemoryFileSystem({ "f.py": c.file }), { chatFiles: ["f.py"] }).outcomes[0]!.applied;
    return chain === applied ? null : `the chain ${chain ? "matches" : "finds no match"}, applyEdits ${applied ? "applies it" : "fails"}`;
  },
  rows: replaceRows,
};

export const APPLY_EDITS_LAWS = [applyWritesWhatItReports, applyReportsChanges, applyAgreesWithChain] as const;
