/**
 * Suite `editblock_misc` (`aider/coders/editblock_coder.py` `find_filename`, `do_replace`, `apply_edits`; test/fixtures/golden/README.md): direct vectors for Aider's helpers, one sub-list each —
 * `strip_filename`, `find_filename`, `strip_quoted_wrapping`, `find_similar_lines` and `apply_edits` (files before
 * and after, the dry-run return, the exact failure message). A case may record a Python exception instead of a
 * result as `expected_error: "<Type>: <message>"`. A file must hold at least one of the sub-lists; ids are the
 * case's `id`, else `<sub-list>[<index>]`.
 */
import { PythonError } from "../core/pyerror.js";
import { applyEdits } from "../editblock/apply.js";
import { stripQuotedWrapping } from "../editblock/do-replace.js";
import { findFilename, stripFilename } from "../editblock/filename.js";
import { MemoryFileSystem } from "../editblock/files.js";
import { findSimilarLines } from "../editblock/similar.js";
import { compareCase, editTuple, readEditTuples, readFence, readStringRecord, readStrings, readStringsOrNull } from "./editblock-fields.js";
import { readCases, VectorFormatError, type CaseReader } from "./format.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

/** Aider's recorded output for a case: `{ error }` when it raised, else whatever `expected` reads. */
function expectation(c: CaseReader, expected: () => unknown): unknown {
  return c.has("expected_error") ? { error: c.get<string>("expected_error", "string") } : expected();
}

const SUBLISTS: Record<string, (c: CaseReader) => CaseOutcome> = {
  strip_filename(c) {
    const line = c.get<string>("line", "string");
    const fence = readFence(c);
    return compareCase(c.id, expectation(c, () => c.get("expected", "string|null")), () => stripFilename(line, fence));
  },
  find_filename(c) {
    const lines = readStrings(c, "lines");
    const fence = readFence(c);
    const valid = readStringsOrNull(c, "valid_fnames");
    return compareCase(c.id, expectation(c, () => c.get("expected", "string|null")), () => findFilename(lines, fence, valid));
  },
  strip_quoted_wrapping(c) {
    const text = c.get<string>("text", "string");
    const fname = c.get<string | null>("fname", "string|null");
    const fence = readFence(c);
    return compareCase(c.id, expectation(c, () => c.get("expected", "string")), () => stripQuotedWrapping(text, fname, fence));
  },
  find_similar_lines(c) {
    const search = c.get<string>("search", "string");
    const content = c.get<string | null>("content", "string|null");
    return compareCase(c.id, expectation(c, () => c.get("expected", "string")), () => findSimilarLines(search, content));
  },
  apply_edits(c) {
    const before = readStringRecord(c, "files_before");
    const chatFiles = readStrings(c, "chat_files");
    const edits = readEditTuples(c, "edits");
    const dryRun = c.get<boolean>("dry_run", "boolean");
    const fence = readFence(c);
    const expected = expectation(c, () => {
      const ret = c.get<unknown>("expected.return", "any");
      if (ret !== null) readEditTuples(c, "expected.return");
      return { return: ret, error: c.get("expected.error", "string|null"), files_after: readStringRecord(c, "expected.files_after") };
    });
    return compareCase(c.id, expected, () => {
      const files = new MemoryFileSystem(before);
      try {
        const r = applyEdits(edits, files, { chatFiles, fence, dryRun });
        return { return: dryRun ? r.updated.map(editTuple) : null, error: r.error, files_after: files.snapshot() };
      } catch (err) {
        // Where Aider crashes (e.g. a failed edit on a missing file), accept the crash recorded either as
        // `expected_error` or as `expected.error` together with the files as the crash left them.
        if (!(err instanceof PythonError) || c.has("expected_error")) throw err;
        return { return: null, error: err.pythonText(), files_after: files.snapshot() };
      }
    });
  },
};

export const editblockMiscSuite: ConformanceSuite = {
  name: "editblock_misc",
  description: "strip_filename, find_filename, strip_quoted_wrapping, find_similar_lines, apply_edits",
  run(file) {
    const present = Object.keys(SUBLISTS).filter((k) => typeof file === "object" && file !== null && k in file);
    if (present.length === 0) {
      throw new VectorFormatError("(file)", Object.keys(SUBLISTS).join("|"), "is missing: the file holds none of the sub-lists");
    }
    return present.flatMap((k) => readCases(file, k).map((c) => SUBLISTS[k]!(c)));
  },
};
