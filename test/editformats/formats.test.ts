/** lib/editformats/formats.ts: the edit-format registry (Aider's edit_format names, the editor formats). */
import { describe, expect, it } from "vitest";
import { editformats } from "../../lib/index.js";

const { coderFor, defaultEditorEditFormat, udiff } = editformats;

describe("the edit-format registry", () => {
  it("every name selects a coder; the editor-* and udiff-simple variants share their base's parser", () => {
    for (const name of editformats.EDIT_FORMATS) expect(coderFor(name).getEdits).toBeTypeOf("function");
    expect(coderFor("udiff-simple")).toBe(coderFor("udiff"));
    expect(coderFor("editor-whole")).toBe(coderFor("whole"));
    expect(() => coderFor("unified")).toThrow("coderFor: editFormat must be one of diff, diff-fenced, udiff");
  });

  it("the architect's default editor format: diff, whole, diff-fenced become editor-*, others stay", () => {
    expect(["diff", "whole", "diff-fenced", "udiff", "patch"].map((f) => defaultEditorEditFormat(f as editformats.EditFormatName))).toEqual([
      "editor-diff", "editor-whole", "editor-diff-fenced", "udiff", "patch",
    ]);
  });
});
