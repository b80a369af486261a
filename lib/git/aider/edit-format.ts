/**
 * The edit step a turn is given (reference §3.3): an edit format resolves its edits' target paths
 * (`apply_edits_dry_run`), names each edit's path, and applies the allowed edits through the turn's file access
 * (whose `write` is a no-op in dry run, like Aider's `io.write_text`). The turn owns permission, dirty commits and the
 * auto commit; the format only edits. `wholeFileFormat` writes whole new contents (Aider's "whole" edit format);
 * `editBlockFormat` is SEARCH/REPLACE through lib/editblock's `applyEdits` (Aider's EditBlockCoder).
 */
import { requireRecord, requireString } from "../../core/validate.js";
import { applyEdits } from "../../editblock/apply.js";
import type { EditBlock } from "../../editblock/parse.js";
import { checkSandboxPath } from "../sandbox/sandbox.js";

/** The file access a format gets (lib/editblock's `EditFileSystem`): sandbox-checked paths; `write` does nothing in dry run. */
export interface TurnFiles {
  read(path: string): string | null;
  write(path: string, content: string): void;
  exists(path: string): boolean;
}

/** One edit format, injected into the turn. */
export interface EditFormat<E> {
  /** A short name for reports ("whole", "editblock"). */
  readonly name: string;
  /** `apply_edits_dry_run`: the edits with the path each will really land in (a format may re-target). */
  resolve(edits: readonly E[], files: TurnFiles): E[] | Promise<E[]>;
  /** The path an edit targets. */
  pathOf(edit: E): string;
  /** `apply_edits`: applies the edits; returns Aider's failure text (a ValueError → reflection) or null. */
  apply(edits: readonly E[], files: TurnFiles): string | null | Promise<string | null>;
}

/** A whole-file edit: the file's complete new contents. */
export interface WholeFileEdit {
  path: string;
  content: string;
}

/** Aider's "whole" edit format: every edit replaces the file's contents; it never fails and never re-targets. */
export const wholeFileFormat: EditFormat<WholeFileEdit> = Object.freeze({
  name: "whole",
  resolve: (edits: readonly WholeFileEdit[]) => [...edits],
  pathOf: (edit: WholeFileEdit) => edit.path,
  apply(edits: readonly WholeFileEdit[], files: TurnFiles) {
    for (const e of edits) files.write(e.path, e.content);
    return null;
  },
});

/** `{path: content}` → whole-file edits, in key order, each path checked against the sandbox rules. */
export function wholeFileEdits(where: string, edited: unknown): WholeFileEdit[] {
  const rec = requireRecord(where, "edited", edited);
  return Object.entries(rec).map(([path, content]) => ({
    path: checkSandboxPath(where, `edited[${JSON.stringify(path)}]`, path),
    content: requireString(where, `edited[${JSON.stringify(path)}]`, content),
  }));
}

/**
 * Aider's EditBlockCoder: `resolve` is `apply_edits(edits, dry_run=True)` (re-targets an edit whose SEARCH is not in
 * its file to the first chat file that takes it), `apply` is `apply_edits(edits)` — run with dry_run False even in
 * a dry run, as Aider does, its writes dropped by `TurnFiles` — returning the failure message Aider reflects.
 * `chatFiles` is read at each call: `allowed_to_edit` adds files to the chat between the two.
 */
export function editBlockFormat(chatFiles: () => readonly string[]): EditFormat<EditBlock> {
  return Object.freeze({
    name: "editblock",
    resolve: (edits: readonly EditBlock[], files: TurnFiles) => applyEdits(edits, files, { chatFiles: chatFiles(), dryRun: true }).updated,
    pathOf: (edit: EditBlock) => edit.path,
    apply: (edits: readonly EditBlock[], files: TurnFiles) => applyEdits(edits, files, { chatFiles: chatFiles() }).error,
  });
}
