/** lib/editformats/udiff/relative-indent.ts: Aider's RelativeIndenter (search_replace.py:18-171, `aider/coders/udiff_coder.py`). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PythonError } from "../../../lib/core/pyerror.js";
import { DEFAULT_MARKER, RelativeIndenter, RelativeIndentError } from "../../../lib/editformats/udiff/relative-indent.js";
import { thrown } from "../../support/thrown.js";


describe("RelativeIndenter: the marker", () => {
  it("is ← unless a text holds it; then the highest code point no text holds, from U+10FFFF down", () => {
    expect(new RelativeIndenter(["a\n", "b\n"]).marker).toBe(DEFAULT_MARKER);
    expect(DEFAULT_MARKER).toBe("←");
    expect(new RelativeIndenter(["a ← b\n"]).marker).toBe("\u{10FFFF}");
    expect(new RelativeIndenter(["←", "\u{10FFFF}"]).marker).toBe("\u{10FFFE}");
  });

  it("rejects texts that are not an array of strings", () => {
    expect(() => new RelativeIndenter("x" as never)).toThrow("RelativeIndenter: texts must be an array");
    expect(() => new RelativeIndenter(["x", 2] as never)).toThrow("RelativeIndenter: texts[1] must be a string");
  });
});

describe("RelativeIndenter: makeRelative and makeAbsolute", () => {
  it("each line becomes its indentation change (added whitespace, or the marker once per outdented column), then the rest", () => {
    const ri = new RelativeIndenter(["a\n  b\nc\n"]);
    expect(ri.makeRelative("a\n  b\nc\n")).toBe("\na\n  \nb\n←←\nc\n");
    expect(ri.makeAbsolute("\na\n  \nb\n←←\nc\n")).toBe("a\n  b\nc\n");
  });

  it("a shifted block has the same relative text after its first line", () => {
    const ri = new RelativeIndenter([]);
    const flat = ri.makeRelative("if x:\n    y()\n");
    const shifted = ri.makeRelative("    if x:\n        y()\n");
    expect(shifted.slice(shifted.indexOf("\n"))).toBe(flat.slice(flat.indexOf("\n")));
  });

  it("makeRelative refuses a text holding the marker; makeAbsolute one that leaves a marker over (both ValueError)", () => {
    const ri = new RelativeIndenter(["plain\n"]);
    const e1 = thrown(() => ri.makeRelative("x ← y\n"));
    expect(e1).toBeInstanceOf(RelativeIndentError);
    expect(e1).toMatchObject({ pythonType: "ValueError", pythonMessage: "Text already contains the outdent marker: ←" });
    const e2 = thrown(() => ri.makeAbsolute("\n←x\n"));
    expect(e2).toBeInstanceOf(RelativeIndentError);
    expect(e2).toMatchObject({ pythonType: "ValueError", pythonMessage: "Error transforming text back to absolute indents" });
  });

  it("makeAbsolute of an odd number of lines is Python's IndexError", () => {
    expect(() => new RelativeIndenter([]).makeAbsolute("\n")).toThrow(new PythonError("IndexError", "list index out of range"));
  });

  it("indentation changes are lengths, so a tab line after a space line comes back as the wrong character", () => {
    const ri = new RelativeIndenter(["\t\n a\n"]);
    expect(ri.makeAbsolute(ri.makeRelative("\t\n a\n"))).toBe("\n\ta\n");
  });

  it("make_absolute undoes make_relative for space-indented text (blank lines lose their indent)", () => {
    const lineArb = fc.tuple(fc.constantFrom("", " ", "  ", "    "), fc.constantFrom("", "a", "b c"), fc.constantFrom("\n", "\r\n"));
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (parts) => {
        const text = parts.map(([i, t, e]) => i + t + e).join("");
        const ri = new RelativeIndenter([text]);
        expect(ri.makeAbsolute(ri.makeRelative(text))).toBe(
          // a whitespace-only line loses its indentation: make_absolute does not indent a blank line
          text.split(/(?<=\n)/).map((l) => (l.replace(/[\r\n]+$/, "").trim() === "" ? l.replace(/^[ \t]+/, "") : l)).join(""),
        );
      }),
      { numRuns: 200 },
    );
  });
});
