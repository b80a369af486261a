/**
 * The applyEdits laws (lib/explore/laws-apply-edits.ts) on hand-built edit lists: what applyEdits writes is what it
 * reports applied; "applied" is the chain's non-empty result, not a change (`aider/coders/editblock_coder.py` `do_replace`); and do_replace's
 * strip_quoted_wrapping re-joins SEARCH with "\n", dropping a trailing blank line the bare chain would not.
 * The fast-check runs are test/properties/search-replace.test.ts.
 */
import { describe, expect, it } from "vitest";
import { APPLY_EDITS_LAWS, applyAgreesWithChain, applyReportsChanges, applyWritesWhatItReports, runApply, type ApplyCase } from "../../lib/explore/laws-apply-edits.js";
import { expectCatalogued } from "./catalogued.js";

/** An edit that changes a line, one that misses, one whose REPLACE is its SEARCH. */
const MIXED: ApplyCase = {
  files: { "f0.py": "a = 1\nb = 2\n" },
  edits: [
    { path: "f0.py", search: "a = 1\n", replace: "edit 0\n" },
    { path: "f0.py", search: "missing\n", replace: "x\n" },
    { path: "f0.py", search: "b = 2\n", replace: "b = 2\n" },
  ],
};
/** Two files, an edit each, both changing their file. */
const CHANGING: ApplyCase = {
  files: { "f0.py": "a = 1\n", "f1.py": "c = 3\n" },
  edits: [
    { path: "f1.py", search: "c = 3\n", replace: "edit 0\n" },
    { path: "f0.py", search: "a = 1\n", replace: "edit 1\n" },
  ],
};

describe("runApply", () => {
  it("applies the edits in order on a fresh copy and says, per applied edit, whether its write changed the file", () => {
    const { result, files, changed } = runApply(MIXED);
    expect(result.outcomes.map((o) => o.applied)).toEqual([true, false, true]);
    expect(changed).toEqual([true, null, false]);
    expect(files.writes).toEqual([
      { path: "f0.py", content: "edit 0\nb = 2\n" },
      { path: "f0.py", content: "edit 0\nb = 2\n" },
    ]);
    expect(MIXED.files["f0.py"]).toBe("a = 1\nb = 2\n");
  });
});

describe("the applyEdits laws on hand-built edits", () => {
  it("writes are exactly the applied edits, in order, whatever fails between them", () => {
    expect(applyWritesWhatItReports.check(MIXED)).toBeNull();
    expect(applyWritesWhatItReports.check(CHANGING)).toBeNull();
  });

  it("an edit whose REPLACE equals its SEARCH is applied and changes nothing: applied-means-changed reports it", () => {
    expect(applyReportsChanges.check(MIXED)).toBe("edit 3 is reported applied but its file did not change");
    expect(applyReportsChanges.check(CHANGING)).toBeNull();
  });

  it("a trailing blank SEARCH line: the chain finds no match, applyEdits drops the line and applies", () => {
    expect(applyAgreesWithChain.check({ file: "a = 1\nb = 2\n", search: "b = 2\n\n", replace: "edit\n" })).toBe("the chain finds no match, applyEdits applies it");
    expect(applyAgreesWithChain.check({ file: "a = 1\nb = 2\n", search: "b = 2\n", replace: "edit\n" })).toBeNull();
    expect(applyAgreesWithChain.check({ file: "a = 1\n", search: "c = 3\n\n", replace: "edit\n" })).toBeNull();
  });
});

describe("the applyEdits laws' rows and metadata", () => {
  it("rows: each file before, each edit with what happened, each file after", () => {
    const rows = applyReportsChanges.rows(MIXED);
    expect(rows.map((r) => r.what)).toEqual([
      "f0.py before",
      "edit 1 on f0.py: applied to f0.py, file changed",
      "edit 2 on f0.py: failed",
      "edit 3 on f0.py: applied to f0.py, file NOT changed",
      "f0.py after",
    ]);
    expect(rows[2]!.text).toBe("<<<<<<< SEARCH\nmissing\n=======\nx\n>>>>>>> REPLACE\n");
    expect(rows[4]!.text).toBe("edit 0\nb = 2\n");
  });

  it("are search-replace laws, the two refuted ones those parted above", () => {
    expectCatalogued(APPLY_EDITS_LAWS, "search-replace");
    expect(APPLY_EDITS_LAWS.map((l) => l.verdict)).toEqual(["holds", "fails", "fails"]);
  });
});
