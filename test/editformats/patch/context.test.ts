/** lib/editformats/patch/context.ts: V4A's context search, section reader and needed files (`aider/coders/patch_coder.py`). */
import { describe, expect, it } from "vitest";
import { EditFormatValueError } from "../../../lib/editformats/coder.js";
import { DiffError, findContext, findContextCore, identifyFilesNeeded, norm, peekNextSection } from "../../../lib/editformats/patch/context.js";
import { thrown } from "../../support/thrown.js";

const diffError = (f: () => unknown): DiffError => {
  const e = thrown(f);
  expect(e).toBeInstanceOf(DiffError);
  return e as DiffError;
};

describe("findContextCore: exact, then rstrip, then strip equality", () => {
  const lines = ["def f():", "    x = 1   ", "    y = 2", "x = 1"];

  it("the first pass that finds the context gives its fuzz: 0 exact, 1 rstrip, 100 strip", () => {
    expect(findContextCore(lines, ["    y = 2"], 0)).toEqual([2, 0]);
    expect(findContextCore(lines, ["    x = 1"], 0)).toEqual([1, 1]);
    expect(findContextCore(lines, ["y = 2"], 0)).toEqual([2, 100]);
  });

  it("an exact match later in the file wins over a fuzzy one earlier", () => {
    expect(findContextCore(lines, ["x = 1"], 0)).toEqual([3, 0]);
  });

  it("searches from start; an absent context is [-1, 0]; an empty one is [start, 0]", () => {
    expect(findContextCore(["a", "b", "a"], ["a"], 1)).toEqual([2, 0]);
    expect(findContextCore(lines, ["nowhere"], 0)).toEqual([-1, 0]);
    expect(findContextCore(lines, [], 2)).toEqual([2, 0]);
  });

  it("rejects a bad start or lines, naming the parameter", () => {
    expect(() => findContextCore(lines, ["a"], -1)).toThrow("findContextCore: start must be a non-negative integer");
    expect(() => findContextCore(["a", 1] as never, ["a"], 0)).toThrow("findContextCore: lines[1] must be a string");
  });
});

describe("findContext: End of File", () => {
  it("with eof the file's tail is tried first", () => {
    expect(findContext(["x", "y", "x"], ["x"], 0, true)).toEqual([2, 0]);
    expect(findContext(["x", "y", "x"], ["x"], 0, false)).toEqual([0, 0]);
  });

  it("when the tail does not match, a normal search runs with 10000 added to the fuzz (summed, never checked)", () => {
    expect(findContext(["x", "y", "z"], ["x"], 0, true)).toEqual([0, 10000]);
    expect(findContext(["x", "y", "z"], ["q"], 0, true)).toEqual([-1, 10000]);
  });

  it("an empty context with eof lands after the last line (an append)", () => {
    expect(findContext(["a", "b"], [], 0, true)).toEqual([2, 0]);
    expect(findContext(["a", "b"], [], 0, false)).toEqual([0, 0]);
  });
});

describe("peekNextSection", () => {
  it("keep and delete lines are the context; a chunk closes when a keep line follows changes, its index relative to the section", () => {
    expect(peekNextSection([" a", "-b", "+B", " c", "@@ next"], 0)).toEqual([["a", "b", "c"], [{ orig_index: 1, del_lines: ["b"], ins_lines: ["B"] }], 4, false]);
  });

  it("interleaved - and + lines form one chunk; a blank or tab-only line is a keep line of \"\"", () => {
    expect(peekNextSection(["-a", "+A", "-b", "+B"], 0)).toEqual([["a", "b"], [{ orig_index: 0, del_lines: ["a", "b"], ins_lines: ["A", "B"] }], 4, false]);
    expect(peekNextSection(["\t", "+x"], 0)[1]).toEqual([{ orig_index: 1, del_lines: [], ins_lines: ["x"] }]);
  });

  it("a following *** End of File is consumed and sets eof; *** alone and the action lines end a section", () => {
    expect(peekNextSection([" a", "+b", "*** End of File", "*** End Patch"], 0)).toEqual([["a"], [{ orig_index: 1, del_lines: [], ins_lines: ["b"] }], 3, true]);
    expect(peekNextSection([" a", "***"], 0)[2]).toBe(1);
    expect(peekNextSection([" a", "*** Add File: n.py"], 0)[2]).toBe(1);
  });

  it("Aider's three DiffErrors: another *** line, an unknown prefix, an empty section", () => {
    expect(diffError(() => peekNextSection([" a", "*** Move to: b.py"], 0)).message).toBe("Invalid patch line found in update section: *** Move to: b.py");
    expect(diffError(() => peekNextSection(["oops"], 0)).message).toBe("Invalid line prefix in update section: oops");
    expect(diffError(() => peekNextSection(["@@ scope", "*** End Patch"], 1)).message).toBe("Empty patch section found.");
  });

  it("DiffError is a ValueError subclass: an EditFormatValueError whose Python type is DiffError", () => {
    const e = diffError(() => peekNextSection(["oops"], 0));
    expect(e).toBeInstanceOf(EditFormatValueError);
    expect(e.pythonType).toBe("DiffError");
  });

  it("rejects a bad index, naming it", () => {
    expect(() => peekNextSection([], 0.5)).toThrow("peekNextSection: index must be a non-negative integer");
  });
});

describe("identifyFilesNeeded and norm", () => {
  it("every Update and Delete path (space after the colon required), stripped, once, even after *** End Patch", () => {
    const text = [
      "*** Begin Patch",
      "*** Update File: a.py",
      "*** Delete File:  b.py ",
      "*** Add File: c.py",
      "*** Update File:x.py",
      "*** End Patch",
      "*** Update File: d.py",
      "*** Update File: a.py",
    ].join("\n");
    expect(identifyFilesNeeded(text)).toEqual(["a.py", "b.py", "d.py"]);
  });

  it("norm drops one trailing CR", () => {
    expect(norm("x\r")).toBe("x");
    expect(norm("x\r\r")).toBe("x\r");
    expect(norm("x")).toBe("x");
  });
});
