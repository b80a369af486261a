/**
 * Suite `udiff` (`aider/coders/udiff_coder.py`, golden `udiff.json`): Aider's unified-diff coder function by function —
 * find_diffs / get_edits, hunk_to_before_after, normalize_hunk and its whitespace cleanup, collapse_repeats,
 * the search_replace helpers (search_and_replace, strip_blank_lines, try_strategy, flexi_just_search_and_replace,
 * RelativeIndenter, diff_lines), directly_apply_hunk, make_new_lines_explicit, apply_partial_hunk, apply_hunk,
 * do_replace (on a one-file project), apply_edits (files + io + the exact UnifiedDiffNoMatch text) and
 * end-to-end apply_updates.
 */
import { ProjectFiles } from "../editformats/workspace.js";
import { applyUdiffEdits } from "../editformats/udiff/apply.js";
import { udiffDoReplace } from "../editformats/udiff/apply.js";
import { udiffCoder } from "../editformats/udiff/coder.js";
import {
  applyHunk, applyPartialHunk, cleanupPureWhitespaceLines, collapseRepeats, directlyApplyHunk, makeNewLinesExplicit, normalizeHunk,
} from "../editformats/udiff/hunk.js";
import { findDiffs, getUdiffEdits, hunkToBeforeAfter, hunkToBeforeAfterLines, type UdiffEdit } from "../editformats/udiff/parse.js";
import { RelativeIndenter } from "../editformats/udiff/relative-indent.js";
import {
  diffLines, flexiJustSearchAndReplace, requireTexts, searchAndReplace, stripBlankLines, tryStrategy, type Preproc,
} from "../editformats/udiff/search-replace.js";
import { readStringRecord } from "./editblock-fields.js";
import { capture, functionCase, outcome, runApplyUpdatesCase, runByFunction } from "./editformat-cases.js";
import { VectorFormatError, type CaseReader } from "./format.js";
import { readStringList } from "./read.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

const str = (c: CaseReader, k: string) => c.get<string>(`input.${k}`, "string");
const list = (c: CaseReader, k: string) => readStringList(c, `input.${k}`);
const texts = (c: CaseReader) => requireTexts(c.id, c.get("input.texts", "array"));

function readEdits(c: CaseReader): UdiffEdit[] {
  return c.get<unknown[]>("input.edits", "array").map((e, i) => {
    if (!Array.isArray(e) || e.length !== 2 || !(e[0] === null || typeof e[0] === "string")) {
      throw new VectorFormatError(c.id, `input.edits[${i}]`, "must be [path or null, hunk lines]");
    }
    return [e[0], readStringList(c, `input.edits.${i}.1`)] as const;
  });
}

const HANDLERS: [(fn: string) => boolean, (c: CaseReader) => CaseOutcome | Promise<CaseOutcome>][] = [
  [(f) => f === "find_diffs", (c) => functionCase(c, () => findDiffs(str(c, "content")))],
  [(f) => f === "UnifiedDiffCoder.get_edits", (c) => functionCase(c, () => getUdiffEdits(str(c, "partial_response_content")))],
  [
    (f) => f === "hunk_to_before_after",
    (c) => functionCase(c, () => (c.get<boolean>("input.lines", "boolean") ? hunkToBeforeAfterLines(list(c, "hunk")) : hunkToBeforeAfter(list(c, "hunk")))),
  ],
  [(f) => f === "normalize_hunk", (c) => functionCase(c, () => normalizeHunk(list(c, "hunk")))],
  [(f) => f === "cleanup_pure_whitespace_lines", (c) => functionCase(c, () => cleanupPureWhitespaceLines(list(c, "lines")))],
  [(f) => f === "collapse_repeats", (c) => functionCase(c, () => collapseRepeats(str(c, "s")))],
  [(f) => f === "search_replace.search_and_replace", (c) => functionCase(c, () => searchAndReplace(texts(c)))],
  [(f) => f === "flexi_just_search_and_replace", (c) => functionCase(c, () => flexiJustSearchAndReplace(texts(c)))],
  [(f) => f === "search_replace.strip_blank_lines", (c) => functionCase(c, () => stripBlankLines(list(c, "texts")))],
  [
    (f) => f.startsWith("search_replace.try_strategy"),
    (c) => functionCase(c, () => tryStrategy(texts(c), c.get<Preproc>("input.preproc", "array"))),
  ],
  [
    (f) => f === "RelativeIndenter([text]).make_relative / make_absolute",
    (c) =>
      functionCase(c, () => {
        const ri = new RelativeIndenter([str(c, "text")]);
        const relative = ri.makeRelative(str(c, "text"));
        return { marker: ri.marker, relative, absolute: ri.makeAbsolute(relative) };
      }),
  ],
  [(f) => f === "RelativeIndenter(texts).marker", (c) => functionCase(c, () => new RelativeIndenter(list(c, "texts")).marker)],
  [(f) => f === "search_replace.diff_lines", (c) => functionCase(c, () => diffLines(str(c, "search_text"), str(c, "replace_text")))],
  [(f) => f === "directly_apply_hunk", (c) => functionCase(c, () => directlyApplyHunk(str(c, "content"), list(c, "hunk")))],
  [(f) => f === "make_new_lines_explicit", (c) => functionCase(c, () => makeNewLinesExplicit(str(c, "content"), list(c, "hunk")))],
  [
    (f) => f === "apply_partial_hunk",
    (c) => functionCase(c, () => applyPartialHunk(str(c, "content"), list(c, "preceding_context"), list(c, "changes"), list(c, "following_context"))),
  ],
  [(f) => f === "apply_hunk", (c) => functionCase(c, () => applyHunk(str(c, "content"), list(c, "hunk")))],
  [
    (f) => f.startsWith("do_replace"),
    (c) => {
      const exists = c.get<boolean>("input.file_exists", "boolean");
      const project = new ProjectFiles(exists ? { "f.txt": c.get<string>("input.file_on_disk", "string") } : {});
      const content = c.get<string | null>("input.content", "string|null");
      return functionCase(c, () => ({ return: udiffDoReplace(project, "f.txt", content, list(c, "hunk")), files_after: project.snapshot() }));
    },
  ],
  [
    (f) => f === "UnifiedDiffCoder.apply_edits(edits)",
    (c) => {
      const project = new ProjectFiles(readStringRecord(c, "input.files"));
      const edits = readEdits(c);
      const run = capture(() => applyUdiffEdits(edits, project));
      const expected = { expected: c.get("expected", "object"), error: c.get("error", "any") };
      return outcome(c.id, expected, () => ({
        expected: { return: run.expected ?? null, files_after: project.snapshot(), io: project.io },
        error: run.error,
      }));
    },
  ],
  [(f) => f.startsWith("Coder.apply_updates"), (c) => runApplyUpdatesCase(c, udiffCoder)],
];

export const udiffSuite: ConformanceSuite = {
  name: "udiff",
  description: "unified diff: find_diffs, hunk normalising and matching, search_replace helpers, apply_edits, apply_updates",
  run: (file) => runByFunction(file, HANDLERS),
};
