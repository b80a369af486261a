import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBlank } from "../../../lib/core/pystr.js";
import { teachingSearchReplace, teachingLines, WorkbenchInputError } from "../../../lib/index.js";
import { searchReplaceInput } from "../../../lib/grader/judge/arbitraries.js";
import { readSeedFixture } from "../../reference/seed-fixtures.js";

describe("searchReplace — the seed page's worked examples", () => {
  it("`x = 1` twice: exact mode, only the first replaced, matchCount 2", () => {
    const r = teachingSearchReplace("x = 1\ny = 2\nx = 1\n", "x = 1\n", "x = 3\n");
    expect(r).toEqual({ text: "x = 3\ny = 2\nx = 1\n", mode: "exact", matchCount: 2, startLine: 1 });
  });

  it("a four-space-indented file with an unindented SEARCH: indent mode, REPLACE re-indented", () => {
    const file = "def f():\n    a = 1\n    b = 2\n    return a + b\n";
    const r = teachingSearchReplace(file, "a = 1\nb = 2\n", "a = 10\n\nb = 20\n");
    expect(r.mode).toBe("indent");
    expect(r.matchCount).toBeNull();
    expect(r.startLine).toBe(2);
    // blank REPLACE lines stay blank, every other line gets the four spaces
    expect(r.text).toBe("def f():\n    a = 10\n\n    b = 20\n    return a + b\n");
  });

  it("non-uniform indentation: no_match and the text returned unchanged", () => {
    const file = "def f():\n    a = 1\n        b = 2\n";
    const r = teachingSearchReplace(file, "a = 1\nb = 2", "z\n");
    expect(r).toEqual({ text: file, mode: "no_match", matchCount: 0, startLine: null });
  });

  it("different content: no_match", () => {
    expect(teachingSearchReplace("a\nb\n", "c", "d").mode).toBe("no_match");
  });

  it("a file without a final newline gains one when a block is replaced (the page's line split)", () => {
    expect(teachingSearchReplace("a\nb", "b", "c").text).toBe("a\nc\n");
  });

  it("Python's splitlines: \\r, \\u2028 and \\f end lines too", () => {
    expect(teachingSearchReplace("a\rb\u2028c\x0cd", "d", "D")).toMatchObject({ text: "a\rb\u2028c\x0cD\n", mode: "exact", startLine: 4 });
  });

  it("a SEARCH line ending in \\r gains \\n and becomes a \\r\\n line, so it never matches a \\r-ended line", () => {
    expect(teachingSearchReplace("a\rb\rc\r", "b\r", "B").mode).toBe("no_match");
  });
});

describe("searchReplace — agrees exactly with the seed page's own Python (recorded in test/fixtures/seed-000/)", () => {
  it("on random texts, SEARCH windows and re-indented windows", () => {
    const fixture = readSeedFixture<{ text: string; search: string; replacement: string }>("search_replace.json");
    expect(fixture.cases.length).toBeGreaterThanOrEqual(300);
    const modes = new Set<string>();
    for (const { input, expected } of fixture.cases) {
      if ("error" in expected) {
        expect(() => teachingSearchReplace(input.text, input.search, input.replacement)).toThrow(WorkbenchInputError);
        continue;
      }
      const ours = teachingSearchReplace(input.text, input.search, input.replacement);
      modes.add(ours.mode);
      expect({ text: ours.text, mode: ours.mode, match_count: ours.matchCount, start_line: ours.startLine }).toEqual(expected.ok);
    }
    // the sample must exercise all three modes, or the comparison proves little
    expect([...modes].sort()).toEqual(["exact", "indent", "no_match"]);
  });
});

describe("searchReplace — laws", () => {
  it("no_match returns the input byte-identical", () => {
    fc.assert(
      fc.property(searchReplaceInput, ({ text, search, replacement }) => {
        const r = teachingSearchReplace(text, search, replacement);
        if (r.mode === "no_match") expect(r.text).toBe(text);
      }),
    );
  });

  it("exact mode changes only the first occurrence: lines before it and after it are the original lines", () => {
    fc.assert(
      fc.property(searchReplaceInput, ({ text, search, replacement }) => {
        const r = teachingSearchReplace(text, search, replacement);
        if (r.mode !== "exact") return;
        const whole = teachingLines(text);
        const part = teachingLines(search);
        const start = r.startLine! - 1;
        expect(whole.slice(start, start + part.length)).toEqual(part);
        for (let i = 0; i < start; i++) expect(whole.slice(i, i + part.length)).not.toEqual(part);
        expect(r.text.startsWith(whole.slice(0, start).join(""))).toBe(true);
        expect(r.text.endsWith(whole.slice(start + part.length).join(""))).toBe(true);
        expect(r.text.length).toBe(
          whole.join("").length - part.join("").length + teachingLines(replacement).join("").length,
        );
      }),
    );
  });

});

describe("searchReplace — bad input", () => {
  const cases: [string, unknown[], RegExp][] = [
    ["text not a string", [1, "a", "b"], /teachingSearchReplace: text must be a string/],
    ["search not a string", ["a", null, "b"], /teachingSearchReplace: search must be a string/],
    ["replacement not a string", ["a", "a", undefined], /teachingSearchReplace: replacement must be a string/],
    ["empty SEARCH", ["a", "", "b"], /teachingSearchReplace: search must contain a non-blank line/],
    ["blank SEARCH", ["a", " \n\t\x1c\n", "b"], /teachingSearchReplace: search must contain a non-blank line/],
  ];
  it.each(cases)("%s", (_n, args, message) => {
    const call = () => (teachingSearchReplace as (...a: unknown[]) => unknown)(...args);
    expect(call).toThrow(WorkbenchInputError);
    expect(call).toThrow(message);
  });
  it("a SEARCH of only U+FEFF is not blank (Python does not strip the BOM)", () => {
    expect(isBlank("\ufeff")).toBe(false);
    expect(teachingSearchReplace("a\n", "\ufeff", "b").mode).toBe("no_match");
  });
});
