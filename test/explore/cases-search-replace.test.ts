/**
 * The SEARCH/REPLACE laws' inputs (lib/explore/cases-search-replace.ts): each generator makes the situation its doc
 * names (checked on a few generated cases: small numRuns, the project's seed setup), and runBoth, teachingText and
 * replaceRows report both models on one case.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  anyReplaceCase,
  deleteEverythingCase,
  dotsCase,
  exactCase,
  extraIndentCase,
  garbledCase,
  leadingBlankCase,
  missingIndentCase,
  replaceRows,
  runBoth,
  teachingText,
} from "../../lib/explore/cases-search-replace.js";

const RUNS = { numRuns: 25 };
const linesOf = (t: string) => (t === "" ? [] : t.split(/(?<=\n)/));
const occurrences = (whole: string, part: string) => whole.split(part).length - 1;

describe("the generators make the situation they name", () => {
  it("exactCase: SEARCH is a run of whole lines of the file, not all blank", () => {
    fc.assert(
      fc.property(exactCase(fc), (c) => {
        const file = c.file.endsWith("\n") ? c.file : c.file + "\n";
        expect(linesOf(file).some((_, i) => linesOf(file).slice(i, i + linesOf(c.search).length).join("") === c.search)).toBe(true);
        expect(c.search.trim()).not.toBe("");
      }),
      RUNS,
    );
  });

  it("deleteEverythingCase: SEARCH is the whole file, REPLACE empty", () => {
    fc.assert(
      fc.property(deleteEverythingCase(fc), (c) => {
        expect([c.search, c.replace, c.search.trim() !== ""]).toEqual([c.file, "", true]);
      }),
      RUNS,
    );
  });

  it("missingIndentCase: every non-blank SEARCH line is in the file behind one prefix of the chosen whitespace", () => {
    for (const ws of ["spaces", "mixed"] as const) {
      fc.assert(
        fc.property(missingIndentCase(fc, ws), (c) => {
          const wanted = linesOf(c.search).filter((l) => l !== "\n");
          expect(wanted.length).toBeGreaterThan(0);
          const prefixes = new Set(wanted.map((l) => linesOf(c.file).find((f) => f.endsWith(l) && f.length > l.length && f.slice(0, -l.length).trim() === "")?.slice(0, -l.length)));
          expect(prefixes.has(undefined)).toBe(false);
          if (ws === "spaces") for (const p of prefixes) expect(p).toMatch(/^ +$/);
        }),
        RUNS,
      );
    }
  });

  it("extraIndentCase: SEARCH and REPLACE carry `extra` more than the file; expected has REPLACE without it", () => {
    fc.assert(
      fc.property(extraIndentCase(fc), (c) => {
        const shifted = (t: string) => linesOf(t).map((l) => l.slice(c.extra.length)).join("");
        for (const l of [...linesOf(c.search), ...linesOf(c.replace)]) expect(l.startsWith(c.extra)).toBe(true);
        expect(c.file).toContain(shifted(c.search));
        expect(c.file).not.toContain(c.search);
        expect(c.expected).toBe(c.file.replace(shifted(c.search), shifted(c.replace)));
      }),
      RUNS,
    );
  });

  it("leadingBlankCase: SEARCH is a blank line and ≥ minBlock lines of the file, which has no blank line", () => {
    fc.assert(
      fc.property(leadingBlankCase(fc, 2), (c) => {
        expect(c.search.startsWith("\n")).toBe(true);
        expect(c.file).toContain(c.search.slice(1));
        expect(linesOf(c.search).length).toBeGreaterThanOrEqual(3);
        expect(linesOf(c.file)).not.toContain("\n");
        expect(c.expected).toBe(c.file.replace(c.search.slice(1), c.replace));
      }),
      RUNS,
    );
  });

  it("dotsCase: SEARCH and REPLACE hold one '...' line; each SEARCH piece occurs once in the file", () => {
    fc.assert(
      fc.property(dotsCase(fc), (c) => {
        const [a, b] = c.search.split("...\n") as [string, string];
        expect(occurrences(c.search, "...\n")).toBe(1);
        expect(occurrences(c.replace, "...\n")).toBe(1);
        expect([occurrences(c.file, a), occurrences(c.file, b)]).toEqual([1, 1]);
        const [ra, rb] = c.replace.split("...\n") as [string, string];
        expect(c.expected).toBe(c.file.replace(a, ra).replace(b, rb));
      }),
      RUNS,
    );
  });

  it("garbledCase: SEARCH is indented by more than the file line plus REPLACE's indent", () => {
    fc.assert(
      fc.property(garbledCase(fc), (c) => {
        const indent = (l: string) => l.length - l.trimStart().length;
        const fileLine = linesOf(c.file).find((l) => l.trim() === c.search.trim())!;
        expect(indent(c.search)).toBeGreaterThan(indent(fileLine) + indent(c.replace));
        const excess = indent(c.search) - indent(fileLine) - indent(c.replace);
        expect(c.expected).toBe(c.file.replace(fileLine, fileLine.slice(0, Math.max(0, fileLine.length - excess)) + c.replace.trimStart()));
      }),
      RUNS,
    );
  });

  it("anyReplaceCase: SEARCH never blank", () => {
    fc.assert(
      fc.property(anyReplaceCase(fc), (c) => {
        expect(c.search.trim()).not.toBe("");
      }),
      RUNS,
    );
  });
});

describe("runBoth, teachingText and replaceRows", () => {
  it("run the page's search_replace and Aider's chain on the same case", () => {
    const { teaching, aider } = runBoth({ file: "a\nx = 1\nx = 1\n", search: "x = 1\n", replace: "z\n" });
    expect(teaching).toMatchObject({ mode: "exact", text: "a\nz\nx = 1\n", matchCount: 2, startLine: 2 });
    expect(aider).toEqual({ result: "a\nz\nx = 1\n", stage: "perfect" });
    expect(teachingText(teaching)).toBe("a\nz\nx = 1\n");
  });

  it("report the teaching model's rejection of its input as text instead of throwing", () => {
    const { teaching } = runBoth({ file: "x = 1\n", search: "  \n", replace: "y\n" });
    expect(teaching).toEqual({ rejected: expect.stringMatching(/^teachingSearchReplace: search must contain a non-blank line/) });
    expect(teachingText(teaching)).toBeNull();
  });

  it("rows: the case, then each model's mode or stage and text (null shown as no match)", () => {
    expect(replaceRows({ file: "x = 1\n", search: "nope\n", replace: "y\n" })).toEqual([
      { what: "file", text: "x = 1\n" },
      { what: "SEARCH", text: "nope\n" },
      { what: "REPLACE", text: "y\n" },
      { what: "teaching model: no_match", text: "x = 1\n" },
      { what: "Aider: none", text: "(null: no match, the file is left as it was)" },
    ]);
    expect(replaceRows({ file: "x = 1\n", search: "", replace: "y\n" })[3]!.what).toBe("teaching model: rejected");
  });
});
