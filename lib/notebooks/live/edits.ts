/**
 * The learner's edits in the live pages of `npm start`: a copy of each edited notebook under
 * `.workbench/notebooks/` (git-ignored) holding the edited sources, never written over `notebooks/`. A cell is
 * "edited" when its source in the copy differs from the original's (cells matched by id); reverting a cell copies
 * the original source back, reverting a notebook removes the copy.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { parseNotebook, serialiseNotebook, sourceText, toLines, type Notebook } from "../ipynb.js";

/** The folder of the learner's copies in the project at `root`. */
export function editsFolder(root: string): string {
  return join(root, ".workbench", "notebooks");
}

/**
 * Where the learner's copy of `notebook` (a path in notebooks/) lives in the folder `dir` (see `editsFolder`):
 * always a file directly in `dir`, so a name such as `..` is refused rather than resolved outside it.
 */
export function learnerCopyPath(dir: string, notebook: string): string {
  const name = basename(notebook);
  if (!/^[^/\\]+\.ipynb$/.test(name)) throw new WorkbenchInputError("learnerCopyPath", "notebook", "must name a .ipynb file", notebook);
  return join(dir, name);
}

const load = (file: string): Notebook => parseNotebook(readFileSync(file, "utf8"), basename(file));

/** The edited sources of `notebook`, by cell id: only cells whose source differs from the original. */
export function readEdits(dir: string, notebook: string): Map<string, string> {
  const copy = learnerCopyPath(dir, notebook);
  const edits = new Map<string, string>();
  if (!existsSync(copy)) return edits;
  const original = new Map(load(notebook).cells.map((c) => [c.id, sourceText(c.source)]));
  for (const cell of load(copy).cells) {
    const text = sourceText(cell.source);
    if (cell.id !== undefined && original.has(cell.id) && original.get(cell.id) !== text) edits.set(cell.id, text);
  }
  return edits;
}

function cellIndex(nb: Notebook, cellId: string, fn: string): number {
  const i = nb.cells.findIndex((c) => c.id === cellId && c.cell_type === "code");
  if (i < 0) throw new WorkbenchInputError(fn, "cellId", "must name a code cell of the notebook", cellId);
  return i;
}

/** Stores `source` as cell `cellId`'s text in the learner's copy (made from the original when missing). */
export function saveCellEdit(dir: string, notebook: string, edit: { cellId: string; source: string }): void {
  const { cellId, source } = edit;
  const copy = learnerCopyPath(dir, notebook);
  const nb = existsSync(copy) ? load(copy) : load(notebook);
  nb.cells[cellIndex(nb, cellId, "saveCellEdit")]!.source = toLines(source);
  mkdirSync(dir, { recursive: true });
  writeFileSync(copy, serialiseNotebook(nb));
}

/** Puts the original source of cell `cellId` back; returns it. */
export function revertCellEdit(dir: string, notebook: string, cellId: string): string {
  const original = load(notebook);
  const source = sourceText(original.cells[cellIndex(original, cellId, "revertCellEdit")]!.source);
  if (existsSync(learnerCopyPath(dir, notebook))) saveCellEdit(dir, notebook, { cellId, source });
  return source;
}

/** Drops every edit of `notebook` (removes the learner's copy). */
export function revertNotebookEdits(dir: string, notebook: string): void {
  rmSync(learnerCopyPath(dir, notebook), { force: true });
}
