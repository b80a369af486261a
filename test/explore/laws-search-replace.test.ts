/**
 * The SEARCH/REPLACE laws (lib/explore/laws-search-replace.ts) on hand-built edits: each "contrast" law holds on a
 * case of its situation built from the rules it cites (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`, `try_dotdotdots`: Aider's first exact window, `if res:`,
 * outdenting by the smallest indentation, the one-line blank retry, `...` pieces, the negative slice), and each
 * "they agree" law reports the parting there while holding where both models do the same. The fast-check runs are
 * test/properties/search-replace.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  deleteEverythingAgree,
  deleteEverythingFails,
  dotsAgree,
  dotsContrast,
  exactMatchesAgree,
  extraIndentAgree,
  extraIndentContrast,
  failedMatchUnchanged,
  garbledClean,
  garbledContrast,
  leadingBlankAgree,
  leadingBlankContrast,
  missingIndentAgree,
  missingIndentMixed,
  SEARCH_REPLACE_LAWS,
} from "../../lib/explore/laws-search-replace.js";
import { APPLY_EDITS_LAWS } from "../../lib/explore/laws-apply-edits.js";
import { expectCatalogued } from "./catalogued.js";

const AGREE_LAWS = [deleteEverythingAgree, missingIndentMixed, extraIndentAgree, leadingBlankAgree, dotsAgree];
/** The second of two equal lines is left alone: both models replace the first exact window. */
const DUPLICATE = { file: "a\nx = 1\nx = 1\n", search: "x = 1\n", replace: "z\n", extra: "", expected: "a\nz\nx = 1\n" };

describe("exact matches", () => {
  it("both replace the first of two exact windows: the exact-match law and every 'they agree' law hold", () => {
    expect(exactMatchesAgree.precondition!(DUPLICATE)).toBe(true);
    expect(exactMatchesAgree.check(DUPLICATE)).toBeNull();
    for (const law of AGREE_LAWS) expect(law.check(DUPLICATE), law.id).toBeNull();
    expect(garbledClean.check(DUPLICATE)).toBeNull();
  });

  it("the exact-match law is about exact matches only: on no match it says what the page did", () => {
    expect(exactMatchesAgree.check({ file: "x = 1\n", search: "y = 2\n", replace: "z\n" })).toBe("teaching: no_match");
  });

  it("deleting the whole file: the page gives \"\" (outside the exact-match law), Aider's `if res:` fails the step", () => {
    const c = { file: "y = 2\n", search: "y = 2\n", replace: "" };
    expect(exactMatchesAgree.precondition!(c)).toBe(false);
    expect(deleteEverythingAgree.check(c)).toBe('teaching exact: ""; Aider none: null');
    expect(deleteEverythingFails.check(c)).toBeNull();
  });

  it("deleting a file that starts with a blank line: the skip-leading-blank step deletes the rest and Aider writes \"\\n\"", () => {
    const c = { file: "\ny = 2\nreturn x\n", search: "\ny = 2\nreturn x\n", replace: "" };
    expect(deleteEverythingFails.check(c)).toBe('Aider skip_leading_blank+perfect: "\\n"');
  });
});

describe("indentation", () => {
  it("indentation missing by spaces: both add the file's prefix to REPLACE", () => {
    const c = { file: "def f():\n    x = 1\n    y = 2\n", search: "x = 1\ny = 2\n", replace: "z = 3\n" };
    expect(missingIndentAgree.check(c)).toBeNull();
    expect(missingIndentMixed.check(c)).toBeNull();
  });

  it("indentation with tabs: Aider outdents SEARCH and REPLACE by one column, counting a tab like a space", () => {
    // page: the file adds "\t" in front of SEARCH, so REPLACE becomes "\t  x = 10"; Aider: min indent 1 (SEARCH's tab),
    // REPLACE outdented to " x = 10", then the file line's "\t\t" (its length minus SEARCH's "x = 1") put in front
    const c = { file: "\t\tx = 1\n", search: "\tx = 1\n", replace: "  x = 10\n" };
    expect(missingIndentMixed.check(c)).toBe('teaching indent: "\\t  x = 10\\n"; Aider leading_whitespace: "\\t\\t x = 10\\n"');
    expect(missingIndentAgree.check(c)).toBe('teaching "\\t  x = 10\\n"; Aider leading_whitespace "\\t\\t x = 10\\n"');
  });

  it("SEARCH and REPLACE four spaces deeper than the file: the page finds nothing, Aider shifts REPLACE left", () => {
    const c = { file: "x = 1\n", search: "    x = 1\n", replace: "    z = 3\n", extra: "    ", expected: "z = 3\n" };
    expect(extraIndentContrast.check(c)).toBeNull();
    expect(extraIndentAgree.check(c)).toBe('teaching no_match: null; Aider leading_whitespace: "z = 3\\n"');
    expect(extraIndentContrast.check({ ...c, expected: "    z = 3\n" })).toBe('Aider leading_whitespace "z = 3\\n", expected "    z = 3\\n"');
  });

  it("SEARCH 6 deep, the file line 4, REPLACE 0: Aider writes the file line less its last 2 code points, then REPLACE", () => {
    // line[:len(line) − len(search_line)] = "    y = 2\n"[:-2] = "    y = "
    const c = { file: "    y = 2\n", search: "      y = 2\n", replace: "pass\n", expected: "    y = pass\n" };
    expect(garbledContrast.check(c)).toBeNull();
    expect(garbledClean.check(c)).toBe('Aider wrote "    y = pass\\n"');
  });
});

describe("a spurious leading blank line and '...'", () => {
  it("a blank line then two lines of the file: Aider retries without the blank line", () => {
    const c = { file: "# setup\ny = 2\nreturn x\n", search: "\ny = 2\nreturn x\n", replace: "pass\n", expected: "# setup\npass\n" };
    expect(leadingBlankContrast.check(c)).toBeNull();
    expect(leadingBlankAgree.check(c)).toBe('teaching no_match: null; Aider skip_leading_blank+perfect: "# setup\\npass\\n"');
  });

  it("a blank line then one line: Aider does not retry (SEARCH must have more than 2 lines), so they agree", () => {
    const c = { file: "# setup\ny = 2\n", search: "\ny = 2\n", replace: "pass\n", expected: "# setup\npass\n" };
    expect(leadingBlankAgree.check(c)).toBeNull();
    expect(leadingBlankContrast.check(c)).toBe('Aider none null, expected "# setup\\npass\\n"');
  });

  it("'...' between two pieces: Aider replaces each piece by its REPLACE piece, the page finds no match", () => {
    const c = { file: "x = 1\n# setup\nreturn x\n", search: "x = 1\n...\nreturn x\n", replace: "z = 3\n...\nreturn z\n", expected: "z = 3\n# setup\nreturn z\n" };
    expect(dotsContrast.check(c)).toBeNull();
    expect(dotsAgree.check(c)).toBe('teaching no_match: null; Aider dotdotdots: "z = 3\\n# setup\\nreturn z\\n"');
  });
});

describe("a failed match", () => {
  it("changes nothing in either model, and a match is no case of the law", () => {
    expect(failedMatchUnchanged.check({ file: "x = 1\n", search: "nothing\n", replace: "y\n" })).toBeNull();
    expect(failedMatchUnchanged.check(DUPLICATE)).toBeNull();
  });
});

describe("the SEARCH/REPLACE laws' rows and metadata", () => {
  it("every law shows the case and both models' results", () => {
    for (const law of SEARCH_REPLACE_LAWS) {
      expect(law.rows(DUPLICATE).map((r) => r.what), law.id).toEqual(["file", "SEARCH", "REPLACE", "teaching model: exact", "Aider: perfect"]);
    }
  });

  it("are catalogued beside applyEdits' laws; each 'they agree' law fails and says so in its statement", () => {
    expectCatalogued([...SEARCH_REPLACE_LAWS, ...APPLY_EDITS_LAWS], "search-replace");
    for (const law of AGREE_LAWS) {
      expect(law.verdict, law.id).toBe("fails");
      expect(law.statement, law.id).toMatch(/^teaching and Aider give the same text /);
    }
    expect(SEARCH_REPLACE_LAWS.filter((l) => l.verdict === "fails").map((l) => l.id).sort()).toEqual(
      [...AGREE_LAWS, deleteEverythingFails, garbledClean].map((l) => l.id).sort(),
    );
  });
});
