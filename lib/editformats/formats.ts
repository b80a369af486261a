/**
 * Which coder an `edit_format` name selects (`aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py` table, `Coder.create` walking `coders.__all__`), and
 * the editor format the architect hands its plan to when none is configured (`aider/coders/architect_coder.py`, `models.py:625-645`):
 * `diff`, `whole` and `diff-fenced` become their `editor-*` variants, other formats are used as they are.
 * The `editor-*` and `udiff-simple` coders differ from their bases only in prompts.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { editBlockCoder, editBlockFencedCoder } from "./editblock-coder.js";
import type { EditFormatCoder } from "./coder.js";
import { patchCoder } from "./patch/coder.js";
import { udiffCoder } from "./udiff/coder.js";
import { wholeFileCoder } from "./wholefile/coder.js";

export const EDIT_FORMATS = Object.freeze([
  "diff", "diff-fenced", "udiff", "udiff-simple", "patch", "whole", "editor-diff", "editor-diff-fenced", "editor-whole",
] as const);
export type EditFormatName = (typeof EDIT_FORMATS)[number];

const CODERS: Readonly<Record<EditFormatName, EditFormatCoder<unknown>>> = Object.freeze({
  diff: editBlockCoder as EditFormatCoder<unknown>,
  "editor-diff": editBlockCoder as EditFormatCoder<unknown>,
  "diff-fenced": editBlockFencedCoder as EditFormatCoder<unknown>,
  "editor-diff-fenced": editBlockFencedCoder as EditFormatCoder<unknown>,
  udiff: udiffCoder as EditFormatCoder<unknown>,
  "udiff-simple": udiffCoder as EditFormatCoder<unknown>,
  patch: patchCoder as EditFormatCoder<unknown>,
  whole: wholeFileCoder as EditFormatCoder<unknown>,
  "editor-whole": wholeFileCoder as EditFormatCoder<unknown>,
});

export function isEditFormatName(v: unknown): v is EditFormatName {
  return typeof v === "string" && (EDIT_FORMATS as readonly string[]).includes(v);
}

/** Checks an edit-format name: `where: param must be one of …` otherwise. */
export function requireEditFormat(where: string, param: string, value: unknown): EditFormatName {
  if (!isEditFormatName(value)) throw new WorkbenchInputError(where, param, `must be one of ${EDIT_FORMATS.join(", ")}`, value);
  return value;
}

/** The coder for an edit-format name; an unknown name is a WorkbenchInputError listing the known ones. */
export function coderFor(name: unknown): EditFormatCoder<unknown> {
  return CODERS[requireEditFormat("coderFor", "editFormat", name)];
}

/** Aider's default editor edit format for an editor model whose own format is `format`. */
export function defaultEditorEditFormat(format: EditFormatName): EditFormatName {
  if (format === "diff") return "editor-diff";
  if (format === "whole") return "editor-whole";
  if (format === "diff-fenced") return "editor-diff-fenced";
  return format;
}
