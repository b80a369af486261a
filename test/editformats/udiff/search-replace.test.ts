/** lib/editformats/udiff/search-replace.ts: the parts of Aider's search_replace.py the udiff coder uses (`aider/coders/udiff_coder.py`). */
import { describe, expect, it } from "vitest";
import {
  ALL_PREPROCS,
  diffLines,
  flexiJustSearchAndReplace,
  pyCount,
  pyReplaceAll,
  requireTexts,
  reverseLines,
  searchAndReplace,
  stripBlankLines,
  tryStrategy,
} from "../../../lib/editformats/udiff/search-replace.js";

describe("Python semantics under the udiff matcher", () => {
  it("str.count and str.replace with an empty needle", () => {
    expect(pyCount("abc", "")).toBe(4);
    expect(pyReplaceAll("ab", "", "-")).toBe("-a-b-");
    expect(pyReplaceAll("", "", "-")).toBe("-");
    expect(pyCount("aaaa", "aa")).toBe(2); // non-overlapping
  });

  it("an empty needle counts code points, not UTF-16 units", () => {
    expect(pyCount("a😀", "")).toBe(3);
    expect(pyReplaceAll("😀", "", "|")).toBe("|😀|");
  });
});

describe("searchAndReplace and the preprocessings", () => {
  it("None when the search text is absent, else EVERY occurrence replaced (it never refuses a repeat)", () => {
    expect(searchAndReplace(["q\n", "Q\n", "a\nb\n"])).toBeNull();
    expect(searchAndReplace(["x\n", "y\n", "x\nz\nx\n"])).toBe("y\nz\ny\n");
  });

  it("stripBlankLines strips newlines at both ends and adds one; reverseLines reverses the lines with their endings", () => {
    expect(stripBlankLines(["\n\na\n\n", "", "b"])).toEqual(["a\n", "\n", "b\n"]);
    expect(reverseLines("a\nb\nc")).toBe("cb\na\n");
    expect(reverseLines("")).toBe("");
  });

  it("requireTexts wants [search, replace, original], all strings", () => {
    expect(requireTexts("f", ["a", "b", "c"])).toEqual(["a", "b", "c"]);
    expect(() => requireTexts("f", ["a", "b"])).toThrow("f: texts must be [search, replace, original]");
    expect(() => requireTexts("f", ["a", "b", 3])).toThrow("f: texts[2] must be a string");
    expect(() => requireTexts("f", "abc")).toThrow("f: texts must be an array");
  });
});

describe("tryStrategy", () => {
  const texts = ["if x:\n    y()\n", "if x:\n    z()\n", "def f():\n    if x:\n        y()\n"] as const;

  it("plain and blank-stripped search miss a block at another indentation; relative indentation finds it", () => {
    expect(tryStrategy(texts, [false, false, false])).toBeNull();
    expect(tryStrategy(texts, [true, false, false])).toBeNull();
    expect(tryStrategy(texts, [false, true, false])).toBe("def f():\n    if x:\n        z()\n");
  });

  it("line reversal maps the result back to the original order", () => {
    expect(tryStrategy(["b\n", "B\n", "a\nb\nc\n"], [false, false, true])).toBe("a\nB\nc\n");
  });

  it("when strip-blank-lines is what matches, the file's leading and trailing blank lines are lost", () => {
    expect(tryStrategy(["x = 1\n\n\n", "x = 2\n", "\n\nx = 1\ny\n\n"], [true, false, false])).toBe("x = 2\ny\n");
  });

  it("a relative match that straddles a line leaves a marker in the text: make_absolute's ValueError becomes no result", () => {
    // "  \n" is found inside "a  \n"'s relative form, so the outdent of the replacement lands in a line's text
    const straddling = ["  \n", "  x\ny\n", "a  \nb\n"] as const;
    expect(tryStrategy(straddling, [false, true, false])).toBeNull();
    expect(tryStrategy(straddling, [false, false, false])).toBe("a  x\ny\nb\n");
  });

  it("rejects a preproc that is not three booleans, naming the element", () => {
    expect(() => tryStrategy(texts, [1, false, false] as never)).toThrow("tryStrategy: preproc[0] must be a boolean");
  });
});

describe("flexiJustSearchAndReplace", () => {
  it("tries none, blank lines, relative indent, both — in that order", () => {
    expect(ALL_PREPROCS).toEqual([
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [true, true, false],
    ]);
  });

  it("takes the first truthy result: deleting every line gives one newline, since the first preprocessing's empty text is falsy", () => {
    expect(flexiJustSearchAndReplace(["a\nb\n", "", "a\nb\n"])).toBe("\n");
    expect(flexiJustSearchAndReplace(["q\n", "Q\n", "a\n"])).toBeNull();
  });
});

describe("diffLines", () => {
  it("a line diff as ' x', '-x', '+x' lines keeping their endings", () => {
    expect(diffLines("a\nb\nc\n", "a\nB\nc\n")).toEqual([" a\n", "-b\n", "+B\n", " c\n"]);
    expect(diffLines("", "x\n")).toEqual(["+x\n"]);
  });

  it("rejects non-string texts, naming them", () => {
    expect(() => diffLines(1 as never, "")).toThrow("diffLines: searchText must be a string");
    expect(() => diffLines("", null as never)).toThrow("diffLines: replaceText must be a string");
  });
});
