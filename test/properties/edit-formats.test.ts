/**
 * Laws relating Aider's edit formats (lib/explore/laws-edit-formats.ts, `aider/coders/editblock_coder.py`; `aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py`): the same change as a
 * SEARCH/REPLACE block, a unified diff and a V4A patch. Example-based tests: test/conformance/editformat-suites.test.ts.
 */
import { describe, expect } from "vitest";
import { explore } from "../../lib/index.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";

describe("the edit formats against each other", () => {
  lawHolds(explore.formatsAgreeOnExactContext, 300);

  lawRefuted(explore.formatsAgreeWhenRepeated, [
    {
      name: "deleting a repeated long line: the unified diff deletes both, and the blank-line retry leaves \"\\n\\n\"",
      seed: 1,
      path: "6:1:2:3:3",
      counterexample: { file: "total = x + y\ntotal = x + y\n", search: "total = x + y\n", replace: "" },
      shows(c) {
        expect(explore.applyInEachFormat(c)).toEqual({ diff: "total = x + y\n", udiff: "\n\n", patch: "total = x + y\n" });
      },
    },
    {
      name: "a repeated short line (under 10 characters) is refused by the unified diff only",
      seed: 2,
      path: "10:1:0:1:1",
      counterexample: { file: "x = 1\nx = 1\n", search: "x = 1\n", replace: "" },
      shows(c) {
        expect(explore.applyInEachFormat(c)).toEqual({ diff: "x = 1\n", udiff: null, patch: "x = 1\n" });
      },
    },
  ]);

  lawRefuted(explore.formatsFailTogetherOnDrift, [
    {
      name: "the unified diff drops the line the file lacks and still deletes the one it has",
      seed: 2,
      path: "4:1:1:2:5:5",
      counterexample: { file: "x = 1\nprint(total)\n", search: "return total\nprint(total)\n", replace: "return total\n" },
      shows(c) {
        expect(explore.applyInEachFormat(c)).toEqual({ diff: null, udiff: "x = 1\n", patch: null });
      },
    },
  ]);

  catalogueCovered("edit-formats");
});
