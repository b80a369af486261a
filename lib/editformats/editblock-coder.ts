/**
 * SEARCH/REPLACE as an `EditFormatCoder` (aider/coders/editblock_coder.py, editblock_fenced_coder.py): Aider's
 * `EditBlockCoder` (`diff`) and `EditBlockFencedCoder` (`diff-fenced`, the path INSIDE the fence) share parsing and
 * applying — lib/editblock's `getEdits` and `applyEdits` — and differ only in their prompts. get_edits keeps the
 * shell blocks aside (one malformed block discards the whole reply); the dry-run step re-targets an edit to the
 * chat file that takes it; apply reports each block's outcome and raises Aider's failure message as a ValueError.
 */
import { applyEdits } from "../editblock/apply.js";
import { getEdits, type EditBlock } from "../editblock/parse.js";
import { EditFormatValueError, inchatRelativeFiles, type CoderContext, type EditFormatCoder } from "./coder.js";

function makeEditBlockCoder(name: "diff" | "diff-fenced"): EditFormatCoder<EditBlock> {
  return Object.freeze({
    name,
    getEdits(reply: string, ctx: CoderContext) {
      const r = getEdits(reply, ctx.fence, inchatRelativeFiles(ctx));
      if (!r.ok) throw new EditFormatValueError(r.error);
      ctx.shellCommands.push(...r.shellCommands);
      return r.edits;
    },
    applyEditsDryRun: (edits: EditBlock[], ctx: CoderContext) =>
      applyEdits(edits, ctx.files, { chatFiles: inchatRelativeFiles(ctx), fence: ctx.fence, dryRun: true }).updated,
    pathOf: (edit: EditBlock) => edit.path,
    applyEdits(edits: EditBlock[], ctx: CoderContext) {
      const r = applyEdits(edits, ctx.files, { chatFiles: inchatRelativeFiles(ctx), fence: ctx.fence });
      for (const o of r.outcomes) {
        const how = o.applied && o.how ? (o.how.how === "replace" ? o.how.stage : o.how.how) : null;
        ctx.outcomes?.push({ path: o.path, applied: o.applied, how });
      }
      if (r.error !== null) throw new EditFormatValueError(r.error);
    },
  });
}

/** Aider's `EditBlockCoder` (`diff`). */
export const editBlockCoder = makeEditBlockCoder("diff");
/** Aider's `EditBlockFencedCoder` (`diff-fenced`). */
export const editBlockFencedCoder = makeEditBlockCoder("diff-fenced");
