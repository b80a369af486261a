/**
 * Applying V4A patch actions (`aider/coders/patch_coder.py` "Apply", `patch_coder.py:549-706`): `_apply_update` (chunks in
 * `orig_index` order, deleted lines compared stripped, inserted lines written verbatim — so a strip match takes
 * the patch's indentation — result joined with "\n" plus a final "\n"), and `apply_edits` (Add / Delete / Update
 * with move, in order; earlier actions stay applied when a later one fails; each failure is a ValueError
 * "Error applying action 'ActionType.X' to {path}: …").
 *
 * Quirks a learner meets: `--dry-run` only silences `write_text`, so a Delete still deletes, a move still
 * unlinks its source and folders are still created; an Add of a file that exists fails — and in the full chain
 * `allowed_to_edit` has just touched the new file, so every Add File through apply_updates fails that way.
 */
import { splitlines, strip } from "../../core/pystr.js";
import { requireString } from "../../core/validate.js";
import { PythonError } from "../../core/pyerror.js";
import { EditFormatValueError } from "../coder.js";
import type { EditFiles } from "../workspace.js";
import { ACTION_TYPE_NAME, DiffError, norm, type Chunk, type PatchAction } from "./context.js";

/** Aider's `_apply_update(text, action, path)`: the new file text, or DiffError. */
export function applyUpdate(text: string, chunks: readonly Chunk[], path: string): string {
  requireString("applyUpdate", "text", text);
  const orig = splitlines(text);
  const dest: string[] = [];
  let cur = 0;
  for (const chunk of [...chunks].sort((a, b) => a.orig_index - b.orig_index)) {
    const start = chunk.orig_index;
    if (start < cur) {
      throw new DiffError(`${path}: Overlapping or out-of-order chunk detected. Current index ${cur}, chunk starts at ${start}.`);
    }
    dest.push(...orig.slice(cur, start));
    const actual = orig.slice(start, start + chunk.del_lines.length);
    const same = actual.length === chunk.del_lines.length && actual.every((l, i) => strip(norm(l)) === strip(norm(chunk.del_lines[i]!)));
    if (!same) {
      throw new DiffError(
        `${path}: Mismatch applying patch near line ${start + 1}.\nExpected lines to remove:\n` +
          chunk.del_lines.map((s) => `- ${s}`).join("\n") +
          "\nFound lines in file:\n" +
          actual.map((s) => `  ${s}`).join("\n"),
      );
    }
    dest.push(...chunk.ins_lines);
    cur = start + chunk.del_lines.length;
  }
  dest.push(...orig.slice(cur));
  const result = dest.join("\n");
  return result || orig.length > 0 ? result + "\n" : result;
}

function applyOne(action: PatchAction, files: EditFiles): void {
  const path = action.path;
  if (action.type === "Add") {
    if (files.exists(path)) throw new DiffError(`ADD Error: File already exists: ${path}`);
    if (action.new_content === null) throw new DiffError(`ADD change for ${path} has no content`);
    files.log("output", `Adding ${path}`);
    files.mkdirs(parentOf(path));
    files.writeText(path, action.new_content.endsWith("\n") ? action.new_content : action.new_content + "\n");
  } else if (action.type === "Delete") {
    files.log("output", `Deleting ${path}`);
    if (!files.exists(path)) files.log("warning", `DELETE Warning: File not found, skipping: ${path}`);
    else files.unlink(path);
  } else {
    if (!files.exists(path)) throw new DiffError(`UPDATE Error: File does not exist: ${path}`);
    const current = files.readText(path);
    if (current === null) throw new DiffError(`Could not read file for UPDATE: ${path}`);
    const updated = applyUpdate(current, action.chunks, path);
    const target = action.move_path ?? path;
    const moving = action.move_path !== null && files.key(target) !== files.key(path);
    if (action.move_path) {
      files.log("output", `Updating and moving ${path} to ${action.move_path}`);
      if (files.exists(target) && moving) files.log("warning", `UPDATE Warning: Target file for move already exists, overwriting: ${action.move_path}`);
    } else files.log("output", `Updating ${path}`);
    files.mkdirs(parentOf(target));
    files.writeText(target, updated);
    if (moving) files.unlink(path);
  }
}

const parentOf = (path: string): string => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");

/** `PatchCoder.apply_edits(edits)`: every action in order; the first failure is raised as Aider's ValueError. */
export function applyPatchEdits(edits: readonly (readonly [string, PatchAction])[], files: EditFiles): void {
  for (const [, action] of edits) {
    try {
      applyOne(action, files);
    } catch (err) {
      const kind = ACTION_TYPE_NAME[action.type];
      if (err instanceof DiffError) throw new EditFormatValueError(`Error applying action '${kind}' to ${action.path}: ${err.message}`);
      if (err instanceof PythonError) throw new EditFormatValueError(`Error applying action '${kind}' to ${action.path}: ${err.pythonMessage}`);
      throw err;
    }
  }
}
