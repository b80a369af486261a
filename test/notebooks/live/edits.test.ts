/**
 * The learner's copies on temp folders: an edit goes to the copy, never over the notebook; only cells that differ
 * count as edited; reverting a cell or the notebook puts the original back; a notebook name cannot lead the copy
 * out of the edits folder.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { parseNotebook, sourceText } from "../../../lib/notebooks/ipynb.js";
import { editsFolder, learnerCopyPath, readEdits, revertCellEdit, revertNotebookEdits, saveCellEdit } from "../../../lib/notebooks/live/edits.js";
import { tempDirs } from "../../support/temp-dirs.js";

const tempDir = tempDirs();
const FIXTURE = join(__dirname, "..", "..", "fixtures", "notebooks", "passing.ipynb");

/** A project with one notebook (cells m: markdown, c1–c3: code) and an empty edits folder path. */
function project(): { notebook: string; dir: string; original: string } {
  const root = tempDir("edits-");
  mkdirSync(join(root, "notebooks"));
  const notebook = join(root, "notebooks", "01-passing.ipynb");
  cpSync(FIXTURE, notebook);
  return { notebook, dir: editsFolder(root), original: readFileSync(notebook, "utf8") };
}

const cellSource = (file: string, id: string) => sourceText(parseNotebook(readFileSync(file, "utf8")).cells.find((c) => c.id === id)!.source);

describe("editsFolder and learnerCopyPath", () => {
  it("keeps the copies in the project's git-ignored .workbench/notebooks/, one file per notebook by its name", () => {
    expect(editsFolder("/p")).toBe(join("/p", ".workbench", "notebooks"));
    expect(learnerCopyPath("/p/e", "/p/notebooks/01-a.ipynb")).toBe(join("/p/e", "01-a.ipynb"));
  });

  it("never points outside the edits folder, whatever the notebook path holds", () => {
    for (const sneaky of ["../../etc/passwd.ipynb", "notebooks/../../../x.ipynb", "/abs/elsewhere/02-b.ipynb"]) {
      expect(dirname(learnerCopyPath("/p/e", sneaky)), sneaky).toBe("/p/e");
    }
    for (const bad of ["..", "a/..", ".", "/", "", "notes.txt", ".ipynb", "x.ipynb/.."]) {
      expect(() => learnerCopyPath("/p/e", bad), bad).toThrow(WorkbenchInputError);
      expect(() => learnerCopyPath("/p/e", bad), bad).toThrow(/^learnerCopyPath: notebook must name a \.ipynb file/);
    }
  });

  it("so removing a notebook's edits cannot remove the folder around them", () => {
    const { dir } = project();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "keep.ipynb"), "{}");
    expect(() => revertNotebookEdits(join(dir, "inner"), "..")).toThrow(/notebook must name a \.ipynb file/);
    expect(readdirSync(dir)).toEqual(["keep.ipynb"]);
  });
});

describe("saveCellEdit and readEdits", () => {
  it("has no edits before anything is saved, and no copy", () => {
    const { notebook, dir } = project();
    expect(readEdits(dir, notebook).size).toBe(0);
    expect(existsSync(dir)).toBe(false);
  });

  it("writes the edit to the learner's copy (made from the original), never over the notebook", () => {
    const { notebook, dir, original } = project();
    saveCellEdit(dir, notebook, { cellId: "c2", source: "console.log('mine');\nconst y = 2;" });
    expect(readFileSync(notebook, "utf8")).toBe(original);
    const copy = learnerCopyPath(dir, notebook);
    expect(cellSource(copy, "c2")).toBe("console.log('mine');\nconst y = 2;");
    expect(cellSource(copy, "c1")).toBe(cellSource(notebook, "c1")); // the rest copied as it was
    expect([...readEdits(dir, notebook)]).toEqual([["c2", "console.log('mine');\nconst y = 2;"]]);
  });

  it("keeps earlier edits when another cell is saved, and counts a cell saved back to its original as not edited", () => {
    const { notebook, dir } = project();
    saveCellEdit(dir, notebook, { cellId: "c1", source: "one" });
    saveCellEdit(dir, notebook, { cellId: "c3", source: "three" });
    expect(new Map(readEdits(dir, notebook))).toEqual(new Map([["c1", "one"], ["c3", "three"]]));
    saveCellEdit(dir, notebook, { cellId: "c1", source: cellSource(notebook, "c1") });
    expect([...readEdits(dir, notebook).keys()]).toEqual(["c3"]);
  });

  it("ignores cells of the copy the original no longer has", () => {
    const { notebook, dir } = project();
    saveCellEdit(dir, notebook, { cellId: "c2", source: "edited" });
    const nb = JSON.parse(readFileSync(notebook, "utf8")) as { cells: { id: string }[] };
    nb.cells = nb.cells.filter((c) => c.id !== "c2");
    writeFileSync(notebook, JSON.stringify(nb));
    expect(readEdits(dir, notebook).size).toBe(0);
  });

  it("refuses a cell id that names no code cell (a markdown cell, an unknown id), naming the parameter", () => {
    const { notebook, dir } = project();
    expect(() => saveCellEdit(dir, notebook, { cellId: "m", source: "x" })).toThrow(/^saveCellEdit: cellId must name a code cell of the notebook/);
    expect(() => saveCellEdit(dir, notebook, { cellId: "nope", source: "x" })).toThrow(WorkbenchInputError);
    expect(existsSync(learnerCopyPath(dir, notebook))).toBe(false);
  });
});

describe("revertCellEdit and revertNotebookEdits", () => {
  it("reverting a cell puts its original source back in the copy and returns it; other edits stay", () => {
    const { notebook, dir } = project();
    saveCellEdit(dir, notebook, { cellId: "c1", source: "one" });
    saveCellEdit(dir, notebook, { cellId: "c2", source: "two" });
    expect(revertCellEdit(dir, notebook, "c1")).toBe(cellSource(notebook, "c1"));
    expect(cellSource(learnerCopyPath(dir, notebook), "c1")).toBe(cellSource(notebook, "c1"));
    expect([...readEdits(dir, notebook).keys()]).toEqual(["c2"]);
  });

  it("reverting a cell with no copy returns the original and makes no copy; an unknown cell is refused", () => {
    const { notebook, dir } = project();
    expect(revertCellEdit(dir, notebook, "c3")).toBe(cellSource(notebook, "c3"));
    expect(existsSync(learnerCopyPath(dir, notebook))).toBe(false);
    expect(() => revertCellEdit(dir, notebook, "m")).toThrow(/^revertCellEdit: cellId must name a code cell/);
  });

  it("reverting the notebook removes the copy (and is harmless when there is none)", () => {
    const { notebook, dir, original } = project();
    saveCellEdit(dir, notebook, { cellId: "c2", source: "two" });
    revertNotebookEdits(dir, notebook);
    expect(existsSync(learnerCopyPath(dir, notebook))).toBe(false);
    expect(readEdits(dir, notebook).size).toBe(0);
    expect(() => revertNotebookEdits(dir, notebook)).not.toThrow();
    expect(readFileSync(notebook, "utf8")).toBe(original);
  });
});
