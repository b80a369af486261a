/**
 * Aider's try_dotdotdots (`aider/coders/editblock_coder.py` `replace_most_similar_chunk`, lines 190-240 of editblock_coder.py) on its own: the split on "..." lines,
 * the pairing checks and their ValueErrors, and the substring replacements. How replace_most_similar_chunk swallows
 * the errors: test/editblock/replace.test.ts.
 */
import { describe, expect, it } from "vitest";
import { PythonError } from "../../lib/core/pyerror.js";
import { DotdotdotsError, splitOnDots, tryDotdotdots, UNMATCHED_DOTS_ERROR, UNPAIRED_DOTS_ERROR } from "../../lib/editblock/dotdotdots.js";

/** What tryDotdotdots raised: the error's Python type and message, or null when it returned. */
function raised(whole: string, part: string, replace: string): { type: string; message: string } | null {
  try {
    tryDotdotdots(whole, part, replace);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(DotdotdotsError);
    return { type: (err as DotdotdotsError).pythonType, message: (err as DotdotdotsError).pythonMessage };
  }
}

describe("splitOnDots: re.split(r'(^\\s*\\.\\.\\.\\n)', text, flags=re.MULTILINE)", () => {
  it("Python's MULTILINE ^ holds only after \\n; \\s* swallows blank lines before the dots", () => {
    expect(splitOnDots("a\n\n  ...\nb\n")).toEqual(["a\n", "\n  ...\n", "b\n"]);
    expect(splitOnDots("a\r...\nb\n")).toEqual(["a\r...\nb\n"]);
    expect(splitOnDots("a\u2028...\nb\n")).toEqual(["a\u2028...\nb\n"]);
    expect(splitOnDots("a\n \x1c...\nb")).toEqual(["a\n", " \x1c...\n", "b"]);
    expect(splitOnDots("...\n")).toEqual(["", "...\n", ""]);
    expect(splitOnDots("x...\n...  \n")).toEqual(["x...\n...  \n"]);
  });

  it("keeps separators at odd indices, an empty piece between two adjacent ones, and needs the newline after the dots", () => {
    expect(splitOnDots("...\n...\n")).toEqual(["", "...\n", "", "...\n", ""]);
    expect(splitOnDots("a\n...")).toEqual(["a\n..."]);
    expect(splitOnDots("a\n....\n")).toEqual(["a\n....\n"]);
    expect(splitOnDots("")).toEqual([""]);
  });

  it("rejects a text that is not a string, naming it", () => {
    expect(() => splitOnDots(null as unknown as string)).toThrow(/splitOnDots: text must be a string/);
  });
});

describe("tryDotdotdots: the pairing checks", () => {
  it("is null when SEARCH and REPLACE hold no '...' line", () => {
    expect(tryDotdotdots("a\n", "a\n", "b\n")).toBeNull();
    expect(tryDotdotdots("a\n", "x...\n", "y...\n")).toBeNull(); // "x...\n" is not a separator line: no dots at all
  });

  it("a different number of '...' lines is Aider's 'Unpaired' ValueError, checked before anything else", () => {
    expect(raised("a\n", "a\n", "a\n...\n")).toEqual({ type: "ValueError", message: UNPAIRED_DOTS_ERROR });
    expect(raised("a\nb\n", "a\n...\nb\n...\n", "a\n...\nb\n")).toEqual({ type: "ValueError", message: UNPAIRED_DOTS_ERROR });
    expect(UNPAIRED_DOTS_ERROR).toBe("Unpaired ... in SEARCH/REPLACE block");
  });

  it("'...' lines that differ (indentation, a swallowed blank line) are the 'Unmatched' ValueError", () => {
    expect(raised("a\nb\n", "a\n...\n", "a\n  ...\n")).toEqual({ type: "ValueError", message: UNMATCHED_DOTS_ERROR });
    expect(raised("a\nb\n", "a\n\n...\n", "a\n...\n")).toEqual({ type: "ValueError", message: UNMATCHED_DOTS_ERROR });
    expect(UNMATCHED_DOTS_ERROR).toBe("Unmatched ... in SEARCH/REPLACE block");
  });

  it("DotdotdotsError is a Python ValueError whose message is exactly Aider's text", () => {
    const e = new DotdotdotsError(UNPAIRED_DOTS_ERROR);
    expect(e).toBeInstanceOf(PythonError);
    expect([e.pythonType, e.pythonMessage, e.message, e.pythonText()]).toEqual(["ValueError", UNPAIRED_DOTS_ERROR, UNPAIRED_DOTS_ERROR, `ValueError: ${UNPAIRED_DOTS_ERROR}`]);
  });
});

describe("tryDotdotdots: the replacements", () => {
  it("replaces each SEARCH piece by its REPLACE piece as a substring, which can land mid-line", () => {
    expect(tryDotdotdots("foo(bar)\nz\n", "bar)\n...\n", "baz)\n...\n")).toBe("foo(baz)\nz\n");
    expect(tryDotdotdots("a\nb\nc\n", "a\n...\nc\n", "A\n...\nC\n")).toBe("A\nb\nC\n");
  });

  it("pieces are searched in order in the text as the earlier ones left it", () => {
    expect(tryDotdotdots("x\n", "x\n...\ny\n", "y\n...\nz\n")).toBe("z\n");
  });

  it("a piece must occur exactly once, counting without overlap as str.count does; else a ValueError with no text", () => {
    expect(tryDotdotdots("xaa\n", "...\naa\n", "...\nbb\n")).toBe("xbb\n");
    expect(tryDotdotdots("aaa\n", "...\naa", "...\nb")).toBe("ba\n"); // "aaa".count("aa") == 1
    expect(raised("aaaa\n", "...\naa", "...\nb")).toEqual({ type: "ValueError", message: "" }); // twice
    expect(raised("aaa\n", "aa...\n...\n", "b...\n...\n")).toEqual({ type: "ValueError", message: "" }); // piece "aa...\n" absent
  });

  it("an empty SEARCH piece appends its REPLACE piece, after adding a newline if needed", () => {
    expect(tryDotdotdots("a", "...\n", "...\nb\n")).toBe("a\nb\n");
    expect(tryDotdotdots("a\n", "...\n", "...\nb\n")).toBe("a\nb\n");
    expect(tryDotdotdots("a\nb\n", "a\n...\n", "A\n...\nc\n")).toBe("A\nb\nc\n");
  });

  it("pieces empty on both sides change nothing: the text comes back as it was", () => {
    expect(tryDotdotdots("a\n", "...\n", "...\n")).toBe("a\n");
    expect(tryDotdotdots("", "...\n...\n", "...\n...\n")).toBe("");
  });
});

describe("tryDotdotdots: arguments", () => {
  it("rejects a non-string whole, part or replace, naming it", () => {
    expect(() => tryDotdotdots(1 as unknown as string, "b", "c")).toThrow(/tryDotdotdots: whole must be a string/);
    expect(() => tryDotdotdots("a", undefined as unknown as string, "c")).toThrow(/tryDotdotdots: part must be a string/);
    expect(() => tryDotdotdots("a", "b", 3 as unknown as string)).toThrow(/tryDotdotdots: replace must be a string/);
  });
});
