/**
 * Aider's `WholeFileCoder` (`whole`, and `editor-whole`, which only swaps prompts; `aider/coders/wholefile_coder.py`) as an
 * `EditFormatCoder`: get_edits reads the listings against the sorted chat files and the coder's fence, no dry-run
 * step, apply_edits writes each listing's lines joined (an empty listing empties the file; no folders are
 * created here — a new file's folder comes from allowed_to_edit's touch).
 */
import type { CoderContext, EditFormatCoder } from "../coder.js";
import { inchatRelativeFiles } from "../coder.js";
import type { EditFiles } from "../workspace.js";
import { getWholeFileEdits, type WholeFileEdit } from "./parse.js";

/** `WholeFileCoder.apply_edits(edits)`. */
export function applyWholeFileEdits(edits: readonly WholeFileEdit[], files: EditFiles): void {
  for (const [path, , lines] of edits) files.writeText(path, lines.join(""));
}

export const wholeFileCoder: EditFormatCoder<WholeFileEdit> = Object.freeze({
  name: "whole",
  getEdits: (reply: string, ctx: CoderContext) => getWholeFileEdits(reply, inchatRelativeFiles(ctx), ctx.fence),
  applyEditsDryRun: (edits: WholeFileEdit[]) => edits,
  pathOf: (edit: WholeFileEdit) => edit[0],
  applyEdits: (edits: WholeFileEdit[], ctx: CoderContext) => applyWholeFileEdits(edits, ctx.files),
});
