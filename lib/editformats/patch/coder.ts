/**
 * Aider's `PatchCoder` (`patch`, `aider/coders/patch_coder.py`) as an `EditFormatCoder`: get_edits reads the files the patch
 * names and parses it, there is no dry-run step, apply_edits runs the actions. `prepare_to_edit` sees each
 * action's path — so a new Add File path is asked about ("Create new file?") and touched before the Add runs.
 */
import type { CoderContext, EditFormatCoder } from "../coder.js";
import { applyPatchEdits } from "./apply.js";
import type { PatchAction } from "./context.js";
import { getPatchEdits } from "./parse.js";

export type PatchEdit = readonly [path: string, action: PatchAction];

export const patchCoder: EditFormatCoder<PatchEdit> = Object.freeze({
  name: "patch",
  getEdits: (reply: string, ctx: CoderContext) => getPatchEdits(reply, ctx.files),
  applyEditsDryRun: (edits: PatchEdit[]) => edits,
  pathOf: (edit: PatchEdit) => edit[0],
  applyEdits: (edits: PatchEdit[], ctx: CoderContext) => applyPatchEdits(edits, ctx.files),
});
