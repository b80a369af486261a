import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactLineMatches, teachingLines, teachingSearchReplace, uniqueMatchSearchReplace, WorkbenchInputError } from "../../../lib/index.js";

describe("uniqueMatchSearchReplace — seed 001's unique-match rule", () => {
  it("SEARCH twice: refused, the text unchanged, both lines named", () => {
    const file = "x = 1\ny = 2\nx = 1\n";
    expect(uniqueMatchSearchReplace(file, "x = 1\n", "x = 9\n")).toEqual({ text: file, outcome: "ambiguous", matchCount: 2, matchLines: [1, 3] });
  });

  it("SEARCH once: applied, as the first-match model would", () => {
    const r = uniqueMatchSearchReplace("a\nb\nc\n", "b\n", "B\n");
    expect(r).toEqual({ text: "a\nB\nc\n", outcome: "applied", matchCount: 1, matchLines: [2] });
  });

  it("SEARCH absent: not_found, with no indentation fallback", () => {
    const file = "def f():\n    a = 1\n";
    // the first-match model would re-indent this one; the unique-match rule asks for the text verbatim
    expect(teachingSearchReplace(file, "a = 1\n", "a = 2\n").mode).toBe("indent");
    expect(uniqueMatchSearchReplace(file, "a = 1\n", "a = 2\n")).toEqual({ text: file, outcome: "not_found", matchCount: 0, matchLines: [] });
  });

  it("overlapping matches count: `a a` in `a a a` occurs twice", () => {
    expect(uniqueMatchSearchReplace("a\na\na\n", "a\na\n", "b\n")).toMatchObject({ outcome: "ambiguous", matchCount: 2, matchLines: [1, 2] });
  });

  it("a blank SEARCH or a non-string is refused, naming the parameter", () => {
    expect(() => uniqueMatchSearchReplace("a\n", "  \n", "b")).toThrow(WorkbenchInputError);
    expect(() => uniqueMatchSearchReplace("a\n", "  \n", "b")).toThrow(/uniqueMatchSearchReplace.*search/);
    expect(() => uniqueMatchSearchReplace(1 as unknown as string, "a", "b")).toThrow(/text/);
  });

  it("agrees with the first-match model exactly when SEARCH occurs once, and otherwise leaves the text alone", () => {
    const line = fc.constantFrom("a\n", "b\n", "    a\n", "\n");
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(line, { minLength: 1, maxLength: 3 }), (fileLines, searchLines) => {
        const file = fileLines.join("");
        const search = searchLines.join("");
        fc.pre(search.trim() !== "");
        const r = uniqueMatchSearchReplace(file, search, "Z\n");
        const count = exactLineMatches(teachingLines(file), teachingLines(search)).length;
        expect(r.matchCount).toBe(count);
        if (count === 1) expect(r.text).toBe(teachingSearchReplace(file, search, "Z\n").text);
        else expect(r.text).toBe(file);
      }),
    );
  });
});
