/**
 * lib/editformats beyond the golden vectors (test/conformance/editformat-suites.test.ts): the Python string
 * semantics the udiff matcher depends on (the rest is in workspace, formats and coder .test.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editformats } from "../../lib/index.js";

const { udiff } = editformats;

describe("Python semantics under the udiff matcher", () => {
  it("str.count and str.replace with an empty needle", () => {
    expect(udiff.pyCount("abc", "")).toBe(4);
    expect(udiff.pyReplaceAll("ab", "", "-")).toBe("-a-b-");
    expect(udiff.pyReplaceAll("", "", "-")).toBe("-");
    expect(udiff.pyCount("aaaa", "aa")).toBe(2); // non-overlapping
  });

  it("RelativeIndenter: indentation changes are lengths, so a tab line after a space line comes back as the wrong character", () => {
    const ri = new udiff.RelativeIndenter(["\t\n a\n"]);
    expect(ri.makeAbsolute(ri.makeRelative("\t\n a\n"))).toBe("\n\ta\n");
  });

  it("RelativeIndenter: make_absolute undoes make_relative for space-indented text (blank lines lose their indent)", () => {
    const lineArb = fc.tuple(fc.constantFrom("", " ", "  ", "    "), fc.constantFrom("", "a", "b c"), fc.constantFrom("\n", "\r\n"));
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (parts) => {
        const text = parts.map(([i, t, e]) => i + t + e).join("");
        const ri = new udiff.RelativeIndenter([text]);
        expect(ri.makeAbsolute(ri.makeRelative(text))).toBe(
          // a whitespace-only line loses its indentation: make_absolute does not indent a blank line
          text.split(/(?<=\n)/).map((l) => (l.replace(/[\r\n]+$/, "").trim() === "" ? l.replace(/^[ \t]+/, "") : l)).join(""),
        );
      }),
      { numRuns: 200 },
    );
  });
});
