/**
 * SEARCH/REPLACE: the seed page's search_replace against Aider's replace_most_similar_chunk and apply_edits
 * (lib/explore/laws-search-replace.ts, laws-apply-edits.ts). Single-model laws stay beside each model:
 * test/editblock/teaching/search-replace.test.ts, replace.test.ts, apply.test.ts.
 */
import { describe, expect } from "vitest";
import { applyEdits, MemoryFileSystem, replaceMostSimilarChunk, teachingSearchReplace } from "../../lib/index.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";
import { applyAgreesWithChain, applyReportsChanges, applyWritesWhatItReports } from "../../lib/explore/laws-apply-edits.js";
import { deleteEverythingAgree, deleteEverythingFails, dotsAgree, dotsContrast, exactMatchesAgree, extraIndentAgree, extraIndentContrast, failedMatchUnchanged, garbledClean, garbledContrast, leadingBlankAgree, leadingBlankContrast, missingIndentAgree, missingIndentMixed } from "../../lib/explore/laws-search-replace.js";

const both = (c: { file: string; search: string; replace: string }) => ({
  teaching: teachingSearchReplace(c.file, c.search, c.replace),
  aider: replaceMostSimilarChunk(c.file, c.search, c.replace),
});

describe("SEARCH/REPLACE: teaching model and Aider's chain", () => {
  describe("exact matches", () => {
    lawHolds(exactMatchesAgree);
    lawRefuted(deleteEverythingAgree, [
      {
        name: "deleting the only line: the page gives an empty file, Aider reports no match",
        seed: 1,
        path: "0:0",
        counterexample: { file: "x = 1\n", search: "x = 1\n", replace: "" },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching).toMatchObject({ mode: "exact", text: "" });
          expect(aider).toEqual({ result: null, stage: "none", dotsError: null });
        },
      },
    ]);
    lawRefuted(deleteEverythingFails, [
      {
        name: "deleting a file that starts with a blank line: the next step keeps that line, Aider writes \"\\n\"",
        seed: 1,
        path: "2:4",
        counterexample: { file: "\nx = 1\nx = 1\n", search: "\nx = 1\nx = 1\n", replace: "" },
        shows(c) {
          expect(both(c).aider).toEqual({ result: "\n", stage: "skip_leading_blank+perfect" });
          const files = new MemoryFileSystem({ "f.py": c.file });
          expect(applyEdits([{ path: "f.py", search: c.search, replace: c.replace }], files, { chatFiles: ["f.py"] }).error).toBeNull();
          expect(files.readText("f.py")).toBe("\n");
        },
      },
    ]);
  });

  describe("missing indentation", () => {
    lawHolds(missingIndentAgree);
    lawRefuted(missingIndentMixed, [
      {
        name: "file ' \\tx', SEARCH '\\tx': Aider counts the tab as one column and shortens REPLACE's indent",
        seed: 1,
        path: "2:0:1",
        counterexample: { file: " \tx = 1\n", search: "\tx = 1\n", replace: "  x = 10\n" },
        shows(c) {
          const { teaching, aider } = both(c);
          // the page: the file adds " " in front of SEARCH; REPLACE keeps its two spaces
          expect(teaching).toMatchObject({ mode: "indent", text: "   x = 10\n" });
          // Aider: both outdented by min indent 1 ("\t" | " "), then the file's " \t" put in front of " x = 10"
          expect(aider).toEqual({ result: " \t x = 10\n", stage: "leading_whitespace" });
        },
      },
      {
        name: "a REPLACE line indented by a tab loses the tab",
        seed: 3,
        path: "3:0:1:1:3:4:4:4",
        counterexample: { file: "  x = 1\n", search: " x = 1\n", replace: "\tx = 10\n  x = 10\n" },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching).toMatchObject({ mode: "indent", text: " \tx = 10\n   x = 10\n" });
          expect(aider).toEqual({ result: "  x = 10\n   x = 10\n", stage: "leading_whitespace" });
        },
      },
    ]);
  });

  describe("extra indentation", () => {
    lawHolds(extraIndentContrast);
    lawRefuted(extraIndentAgree, [
      {
        name: "SEARCH and REPLACE two spaces deeper than the file",
        seed: 1,
        path: "0:0:0:0:0:0:0",
        counterexample: { file: "x = 1\n", search: "  x = 1\n", replace: "  x = 10\n", extra: "  ", expected: "x = 10\n" },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching).toMatchObject({ mode: "no_match", text: "x = 1\n" });
          expect(aider).toEqual({ result: "x = 10\n", stage: "leading_whitespace" });
        },
      },
    ]);
  });

  describe("a spurious leading blank line", () => {
    lawHolds(leadingBlankContrast);
    lawRefuted(leadingBlankAgree, [
      {
        name: "a blank line, then two lines of the file (the shortest SEARCH Aider retries)",
        seed: 1,
        path: "3:0:1:1:1",
        counterexample: { file: "x = 1\nx = 1\n", search: "\nx = 1\nx = 1\n", replace: "x = 10\n", expected: "x = 10\n" },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching.mode).toBe("no_match");
          expect(aider).toEqual({ result: "x = 10\n", stage: "skip_leading_blank+perfect" });
          // with only one line after the blank one, Aider does not retry either
          expect(replaceMostSimilarChunk("x = 1\n", "\nx = 1\n", "x = 10\n").result).toBeNull();
        },
      },
    ]);
  });

  describe("'...' elision", () => {
    lawHolds(dotsContrast);
    lawRefuted(dotsAgree, [
      {
        name: "two lines elided into 'first ... last'",
        seed: 1,
        path: "0:0:0:0:0:0:0:0:0",
        counterexample: {
          file: "x = 1\nreturn x\n",
          search: "x = 1\n...\nreturn x\n",
          replace: "x = 10\n...\nx = 10\n",
          expected: "x = 10\nx = 10\n",
        },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching.mode).toBe("no_match");
          expect(aider).toEqual({ result: "x = 10\nx = 10\n", stage: "dotdotdots" });
        },
      },
    ]);
  });

  describe("over-indented SEARCH, less-indented REPLACE", () => {
    lawHolds(garbledContrast);
    lawRefuted(garbledClean, [
      {
        name: "SEARCH one space deeper than the file, REPLACE not indented: 'x = 1x = 10'",
        seed: 1,
        path: "0:0:0:0:0:0:0:0",
        counterexample: { file: "x = 1\n", search: " x = 1\n", replace: "x = 10\n", expected: "x = 1x = 10\n" },
        shows(c) {
          const { teaching, aider } = both(c);
          expect(teaching.mode).toBe("no_match");
          // the "indent" is "x = 1\n"[:len("x = 1\n") - len(" x = 1\n")] = "x = 1\n"[:-1] = "x = 1"
          expect(aider).toEqual({ result: "x = 1x = 10\n", stage: "leading_whitespace" });
        },
      },
    ]);
  });

  describe("failure and applying", () => {
    lawHolds(failedMatchUnchanged);
    lawHolds(applyWritesWhatItReports);
    lawRefuted(applyReportsChanges, [
      {
        name: "an edit whose REPLACE equals its SEARCH is applied and written, and changes nothing",
        seed: 3,
        path: "2:0:0:0:0:0:0:1",
        counterexample: { files: { "f0.py": "a = 1\n" }, edits: [{ path: "f0.py", search: "a = 1\n", replace: "a = 1\n" }] },
        shows(c) {
          const files = new MemoryFileSystem(c.files);
          const r = applyEdits(c.edits, files, { chatFiles: ["f0.py"] });
          expect(r.passed).toEqual(c.edits);
          expect(files.writes).toEqual([{ path: "f0.py", content: "a = 1\n" }]);
          expect(files.snapshot()).toEqual(c.files);
        },
      },
    ]);
    lawRefuted(applyAgreesWithChain, [
      {
        name: "a trailing blank SEARCH line: the chain finds no match, applyEdits drops the line and applies",
        seed: 1,
        path: "0:0:0:0:0:1",
        counterexample: { file: "a = 1\n", search: "a = 1\n\n", replace: "edit\n" },
        shows(c) {
          expect(replaceMostSimilarChunk(c.file, c.search, c.replace).result).toBeNull();
          const files = new MemoryFileSystem({ "f.py": c.file });
          const r = applyEdits([{ path: "f.py", search: c.search, replace: c.replace }], files, { chatFiles: ["f.py"] });
          expect(r.outcomes[0]).toMatchObject({ applied: true, how: { how: "replace", stage: "perfect", result: "edit\n" } });
        },
      },
    ]);
  });

  catalogueCovered("search-replace");
});
