/**
 * The edit-format laws (lib/explore/laws-edit-formats.ts) on hand-built changes: with exact context found once the
 * three formats write the same file; a repeated context parts them (SEARCH/REPLACE and patch change the first
 * occurrence, the unified diff every occurrence of 10+ characters and none of a shorter one, `aider/coders/udiff_coder.py`); a
 * drifted context is refused by SEARCH/REPLACE and patch while the unified diff retries without the stale context
 * line. The fast-check runs are test/properties/edit-formats.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  applyInEachFormat,
  EDIT_FORMAT_LAWS,
  formatsAgreeOnExactContext,
  formatsAgreeWhenRepeated,
  formatsFailTogetherOnDrift,
  lineOccurrences,
  type FormatCase,
} from "../../lib/explore/laws-edit-formats.js";
import { expectCatalogued } from "./catalogued.js";

const ONCE: FormatCase = { file: "x = 1\ny = 2\nreturn total\n", search: "y = 2\n", replace: "z = 3\n" };
/** "total = x + y" (13 characters) twice, the print between them. */
const REPEATED_LONG: FormatCase = { file: "total = x + y\nprint(total)\ntotal = x + y\n", search: "total = x + y\n", replace: "total = 0\n" };
/** "y = 2" (5 characters) twice. */
const REPEATED_SHORT: FormatCase = { file: "y = 2\nx = 1\ny = 2\n", search: "y = 2\n", replace: "z\n" };
/** The model believes "return total" precedes "y = 2" and keeps it: a context line the file lacks. */
const STALE_CONTEXT: FormatCase = { file: "x = 1\ny = 2\n", search: "return total\ny = 2\n", replace: "return total\ny = 3\n" };

describe("lineOccurrences", () => {
  it("counts the line positions where the search's lines start, overlapping windows included", () => {
    expect(lineOccurrences("a\na\na\n", "a\na\n")).toBe(2);
    expect(lineOccurrences("ab\nb\n", "b\n")).toBe(1);
    expect(lineOccurrences("a\n", "a\nb\n")).toBe(0);
  });
});

describe("applyInEachFormat", () => {
  it("writes the change as each format and returns each file, or null where a format refused it", () => {
    expect(applyInEachFormat(ONCE)).toEqual({ diff: "x = 1\nz = 3\nreturn total\n", udiff: "x = 1\nz = 3\nreturn total\n", patch: "x = 1\nz = 3\nreturn total\n" });
    expect(applyInEachFormat({ file: "x = 1\n", search: "y = 2\n", replace: "z\n" })).toEqual({ diff: null, udiff: null, patch: null });
  });
});

describe("the edit-format laws on hand-built changes", () => {
  it("exact context found once: the three formats agree", () => {
    expect(formatsAgreeOnExactContext.precondition!(ONCE)).toBe(true);
    expect(formatsAgreeOnExactContext.check(ONCE)).toBeNull();
    expect(formatsAgreeWhenRepeated.precondition!(ONCE)).toBe(false);
  });

  it("a repeated long context: the unified diff changes both occurrences, the others the first", () => {
    expect(formatsAgreeWhenRepeated.precondition!(REPEATED_LONG)).toBe(true);
    expect(formatsAgreeOnExactContext.precondition!(REPEATED_LONG)).toBe(false);
    const first = "total = 0\nprint(total)\ntotal = x + y\n";
    expect(formatsAgreeWhenRepeated.check(REPEATED_LONG)).toBe(`diff ${JSON.stringify(first)}, udiff "total = 0\\nprint(total)\\ntotal = 0\\n", patch ${JSON.stringify(first)}`);
  });

  it("a repeated short context (under 10 characters): the unified diff refuses it", () => {
    expect(formatsAgreeWhenRepeated.check(REPEATED_SHORT)).toBe('diff "z\\nx = 1\\ny = 2\\n", udiff null, patch "z\\nx = 1\\ny = 2\\n"');
  });

  it("a line the file lacks: every format refuses a changed line, but the unified diff drops a stale context line", () => {
    const missing: FormatCase = { file: "x = 1\n", search: "y = 2\n", replace: "z\n" };
    expect(formatsFailTogetherOnDrift.precondition!(missing)).toBe(true);
    expect(formatsFailTogetherOnDrift.check(missing)).toBeNull();
    expect(formatsFailTogetherOnDrift.precondition!(STALE_CONTEXT)).toBe(true);
    expect(formatsFailTogetherOnDrift.check(STALE_CONTEXT)).toBe('udiff applied it: "x = 1\\ny = 3\\n"');
  });
});

describe("the edit-format laws' rows and metadata", () => {
  it("rows: the file, the model's lines, and each format's result", () => {
    const rows = formatsFailTogetherOnDrift.rows(STALE_CONTEXT);
    expect(rows.map((r) => r.text)).toEqual([STALE_CONTEXT.file, STALE_CONTEXT.search, STALE_CONTEXT.replace, "(failed: file unchanged)", "x = 1\ny = 3\n", "(failed: file unchanged)"]);
  });

  it("are the catalogue's edit-format laws; the two refuted ones are those parted above", () => {
    expectCatalogued(EDIT_FORMAT_LAWS, "edit-formats");
    expect(EDIT_FORMAT_LAWS.map((l) => l.verdict)).toEqual(["holds", "fails", "fails"]);
  });
});
