/**
 * Aider's `UnifiedDiffCoder` (`udiff`, and `udiff-simple`, which only swaps prompts; `aider/coders/udiff_coder.py`) as an
 * `EditFormatCoder`: get_edits = `find_diffs` with path inheritance, no dry-run step, apply = `apply_edits`.
 */
import type { CoderContext, EditFormatCoder } from "../coder.js";
import { applyUdiffEdits } from "./apply.js";
import { getUdiffEdits, type UdiffEdit } from "./parse.js";

export const udiffCoder: EditFormatCoder<UdiffEdit> = Object.freeze({
  name: "udiff",
  getEdits: (reply: string) => getUdiffEdits(reply),
  applyEditsDryRun: (edits: UdiffEdit[]) => edits,
  pathOf: (edit: UdiffEdit) => edit[0],
  applyEdits: (edits: UdiffEdit[], ctx: CoderContext) => applyUdiffEdits(edits, ctx.files),
});
