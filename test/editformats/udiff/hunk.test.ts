/** lib/editformats/udiff/hunk.ts: applying one unified-diff hunk to a text (`aider/coders/udiff_coder.py` "Applying"). */
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import {
  applyHunk,
  applyPartialHunk,
  cleanupPureWhitespaceLines,
  collapseRepeats,
  directlyApplyHunk,
  makeNewLinesExplicit,
  normalizeHunk,
  wholeHunk,
} from "../../../lib/editformats/udiff/hunk.js";

describe("cleanupPureWhitespaceLines and normalizeHunk", () => {
  it("a whitespace-only line becomes its character at -(line-ending length): \\n for LF, \\r for CRLF, the first without one", () => {
    expect(cleanupPureWhitespaceLines(["  \n", " \r\n", "\t", "   ", "x \n"])).toEqual(["\n", "\r", "\t", " ", "x \n"]);
    expect(() => cleanupPureWhitespaceLines([""])).toThrow(new PythonError("IndexError", "string index out of range"));
    expect(() => cleanupPureWhitespaceLines("x\n" as never)).toThrow("cleanupPureWhitespaceLines: lines must be an array");
  });

  it("wholeHunk is the full-context diff without its headers, [] for equal sides", () => {
    expect(wholeHunk(["a\n", "b\n"], ["a\n", "c\n"])).toEqual([" a\n", "-b\n", "+c\n"]);
    expect(wholeHunk(["a\n"], ["a\n"])).toEqual([]);
  });

  it("normalizeHunk regroups interleaved changes, and a change of whitespace-only lines normalises to nothing", () => {
    expect(normalizeHunk(["-a\n", "+A\n", "-b\n", "+B\n"])).toEqual(["-a\n", "-b\n", "+A\n", "+B\n"]);
    expect(normalizeHunk([" x\n", "-    \n", "+\n"])).toEqual([]);
    expect(normalizeHunk(["-a\n", " b\n", "+c\n"])).toEqual(["-a\n", " b\n", "+c\n"]);
  });

  it("collapseRepeats (unused by Aider) collapses runs of one character", () => {
    expect(collapseRepeats("aaabccdd")).toBe("abcd");
    expect(collapseRepeats("")).toBe("");
  });
});

describe("directlyApplyHunk: the flexible search and replace", () => {
  it("an empty before-text gives nothing", () => {
    expect(directlyApplyHunk("x = 1\n", ["+y\n"])).toBeNull();
  });

  it("a tiny before-text that occurs twice is refused; a unique one applies", () => {
    expect(directlyApplyHunk("x = 1\nx = 1\n", ["-x = 1\n", "+y\n"])).toBeNull();
    expect(directlyApplyHunk("x = 1\ny = 2\n", ["-x = 1\n", "+x = 3\n"])).toBe("x = 3\ny = 2\n");
  });

  it("a before-text of 10 or more non-blank characters is replaced at EVERY occurrence", () => {
    const content = "value = compute()\nother\nvalue = compute()\n";
    expect(directlyApplyHunk(content, ["-value = compute()\n", "+value = cached()\n"])).toBe("value = cached()\nother\nvalue = cached()\n");
  });

  it("a hunk written at another indentation matches through relative indentation and takes the file's", () => {
    const content = "class A:\n    def f(self):\n        return 1\n";
    expect(directlyApplyHunk(content, [" def f(self):\n", "-    return 1\n", "+    return 2\n"])).toBe("class A:\n    def f(self):\n        return 2\n");
  });

  it("tabs never match spaces", () => {
    expect(directlyApplyHunk("\tx = compute(1)\n", ["-    x = compute(1)\n", "+    x = compute(2)\n"])).toBeNull();
  });

  it("deleting every line of a file gives one newline, not an empty text (the first preprocessing's empty result is falsy)", () => {
    expect(directlyApplyHunk("only line here\n", ["-only line here\n"])).toBe("\n");
  });
});

// Aider's own example: context the file does not have (`def g():`) ends up inserted.
const FILE_F = "def f():\n    total = compute()\n    return total\n";
const HUNK_G = [" def g():\n", "     total = compute()\n", "-    return total\n", "+    return total + 1\n"];

describe("makeNewLinesExplicit", () => {
  it("before-lines the file lacks are dropped, so context the file lacks becomes + lines", () => {
    expect(makeNewLinesExplicit(FILE_F, HUNK_G)).toEqual(["+def g():\n", "     total = compute()\n", "-    return total\n", "+    return total + 1\n"]);
  });

  it("keeps the hunk (a copy) when what is left is under 10 characters or under 0.66 of its lines", () => {
    const short = [" def g():\n", "-    return 1\n", "+    return 2\n"];
    const kept = makeNewLinesExplicit("def f():\n    return 1\n", short);
    expect(kept).toEqual(short);
    expect(kept).not.toBe(short);
    const mostlyAbsent = ["-one absent line\n", "-two absent line\n", "-three absent ln\n", " kept line here\n", "+new\n"];
    expect(makeNewLinesExplicit("kept line here\n", mostlyAbsent)).toEqual(mostlyAbsent);
  });
});

describe("applyPartialHunk: as much surrounding context as applies", () => {
  it("drops context that does not match, keeping what does", () => {
    const content = "alpha line\nbeta line\ngamma line\n";
    expect(applyPartialHunk(content, [" alpha line\n"], ["-beta line\n", "+BETA line\n"], [" wrong line\n"])).toBe("alpha line\nBETA line\ngamma line\n");
  });

  it("at equal totals, preceding context is tried before following context", () => {
    const content = "a1\nX = long_value\nb1\nc1\nX = long_value\nd1\n";
    // prec a1 picks the first occurrence, foll d1 the second; with no context both would change
    expect(applyPartialHunk(content, [" a1\n"], ["-X = long_value\n", "+X = short\n"], [" d1\n"])).toBe("a1\nX = short\nb1\nc1\nX = long_value\nd1\n");
  });

  it("null when no amount of context applies", () => {
    expect(applyPartialHunk("nothing\n", [], ["-absent line here\n", "+x\n"], [])).toBeNull();
  });
});

describe("applyHunk", () => {
  it("applies directly when it can", () => {
    expect(applyHunk("a = 1\nb = 2\n", [" a = 1\n", "-b = 2\n", "+b = 3\n"])).toBe("a = 1\nb = 3\n");
  });

  it("else makes new lines explicit and applies run by run: the missing context line is inserted", () => {
    expect(applyHunk(FILE_F, HUNK_G)).toBe("def f():\ndef g():\n    total = compute()\n    return total + 1\n");
  });

  it("a - line the file lacks is dropped and its + replacement still inserted", () => {
    const content = "first line here\nmiddle stays\nlast line here\n";
    const hunk = ["-first line here\n", "+FIRST\n", " middle stays\n", "-not in file at all\n", "+y\n"];
    expect(applyHunk(content, hunk)).toBe("FIRST\nmiddle stays\ny\nlast line here\n");
  });

  it("null when a run cannot be placed", () => {
    expect(applyHunk("a\nb\n", ["-not present one\n", "+x\n"])).toBeNull();
  });

  it("an empty hunk line crashes with IndexError, as Python's line[0] does", () => {
    expect(() => applyHunk("a\n", ["-zzz absent text\n", ""])).toThrow(new PythonError("IndexError", "string index out of range"));
  });
});
