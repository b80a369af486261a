/**
 * The one chain every edit format shares (seed 001 §4, §8; reference §7 intro, §3.3–§3.4): Aider's
 * `Coder.apply_updates` = get_edits → apply_edits_dry_run → prepare_to_edit (allowed_to_edit once per path:
 * in chat / new file "Create new file?" / other file "Allow edits …?") → apply_edits, with its three outcomes:
 * a ValueError is reflected and counted as malformed ("The LLM did not conform to the edit format."), any other
 * exception is printed as "Exception while updating files:" and its text reflected, success prints
 * "Applied edit to …" (or "Did not apply edit to … (--dry-run)"). No git here (Aider's `repo=None`).
 * A format plugs in as an `EditFormatCoder`; lib/loop and the conformance suites both run through `applyUpdates`.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { PythonError } from "../core/pyerror.js";
import { compareCodePoints } from "../core/pystr.js";
import type { Fence } from "../editblock/fence.js";
import type { ProjectFiles } from "./workspace.js";

/**
 * An error Aider raises as a `ValueError` (or a subclass, e.g. patch's `DiffError`): its text is reflected to the
 * model and counts as a malformed response. `pythonType` is the Python class name the vectors record.
 */
export class EditFormatValueError extends Error {
  readonly pythonType: string;
  constructor(message: string, pythonType = "ValueError") {
    super(message);
    this.name = "EditFormatValueError";
    this.pythonType = pythonType;
  }
}

/** What a coder works on: the project, the chat files (mutable: allowed_to_edit adds to it), the fence. */
export interface CoderContext {
  files: ProjectFiles;
  /** Aider's `abs_fnames`, as project-relative paths. */
  chatFiles: Set<string>;
  fence: Fence;
  /** Shell blocks a format collected (diff-fenced / diff). */
  shellCommands: string[];
}

/** One edit format's parse and apply steps, as Aider's coder classes split them. */
export interface EditFormatCoder<E> {
  /** Aider's `edit_format` name. */
  readonly name: string;
  getEdits(reply: string, ctx: CoderContext): E[];
  /** Identity for udiff, patch and whole; SEARCH/REPLACE re-targets here. */
  applyEditsDryRun(edits: E[], ctx: CoderContext): E[];
  /** The path `prepare_to_edit` checks (null: passed through unchecked, as Aider does). */
  pathOf(edit: E): string | null;
  applyEdits(edits: E[], ctx: CoderContext): void;
}

export interface ApplyUpdatesResult {
  /** Aider's returned `edited` set, sorted (null sorts first). */
  edited: (string | null)[];
  reflectedMessage: string | null;
  numMalformedResponses: number;
}

/** Aider's link printed after a malformed response. */
export const EDIT_ERRORS_URL = "https://aider.chat/docs/troubleshooting/edit-errors.html";

/** The sorted relative chat files (`get_inchat_relative_files`). */
export function inchatRelativeFiles(ctx: CoderContext): string[] {
  return [...ctx.chatFiles].sort(compareCodePoints);
}

/** Aider's `allowed_to_edit(path)` without a repository. */
export function allowedToEdit(ctx: CoderContext, path: string): boolean {
  const { files } = ctx;
  const key = files.key(path);
  if (ctx.chatFiles.has(key)) return true;
  if (!files.exists(key)) {
    if (!files.confirm("Create new file?", path)) {
      files.log("output", `Skipping edits to ${path}`);
      return false;
    }
    if (!files.dryRun && !files.touchFile(key)) {
      files.log("error", `Unable to create ${path}, skipping edits.`);
      return false;
    }
    ctx.chatFiles.add(key);
    return true;
  }
  if (!files.confirm("Allow edits to file that has not been added to the chat?", path)) {
    files.log("output", `Skipping edits to ${path}`);
    return false;
  }
  ctx.chatFiles.add(key);
  return true;
}

/** Aider's `prepare_to_edit`: the edits whose path is allowed (asked once per path; a null path passes). */
export function prepareToEdit<E>(coder: EditFormatCoder<E>, edits: E[], ctx: CoderContext): E[] {
  const seen = new Map<string, boolean>();
  return edits.filter((e) => {
    const path = coder.pathOf(e);
    if (path === null) return true;
    if (!seen.has(path)) seen.set(path, allowedToEdit(ctx, path));
    return seen.get(path)!;
  });
}

function sortEdited(paths: Iterable<string | null>): (string | null)[] {
  return [...new Set(paths)].sort((a, b) => (a === null ? -1 : b === null ? 1 : compareCodePoints(a, b)));
}

/** Aider's `Coder.apply_updates` for any format; the io calls go to `ctx.files.io`. */
export function applyUpdates<E>(coder: EditFormatCoder<E>, reply: string, ctx: CoderContext): ApplyUpdatesResult {
  const { files } = ctx;
  let edited: (string | null)[] = [];
  try {
    let edits = coder.getEdits(reply, ctx);
    edits = coder.applyEditsDryRun(edits, ctx);
    edits = prepareToEdit(coder, edits, ctx);
    edited = sortEdited(edits.map((e) => coder.pathOf(e)));
    coder.applyEdits(edits, ctx);
  } catch (err) {
    if (err instanceof WorkbenchInputError && err.where === "ProjectFiles") {
      // Not Aider: it would write outside its root. The workbench refuses, says so, and reflects nothing.
      files.log("error", `workbench sandbox: ${err.message}; the edits were not applied`);
      return { edited, reflectedMessage: null, numMalformedResponses: 0 };
    }
    const valueError = err instanceof EditFormatValueError || (err instanceof PythonError && err.pythonType === "ValueError");
    const text = err instanceof PythonError ? err.pythonMessage : err instanceof Error ? err.message : String(err);
    if (!(err instanceof EditFormatValueError || err instanceof PythonError)) throw err; // a bug of ours, not Aider's
    if (valueError) {
      files.log("error", "The LLM did not conform to the edit format.");
      files.log("output", EDIT_ERRORS_URL);
      files.log("output", "");
      files.log("output", text);
      return { edited, reflectedMessage: text, numMalformedResponses: 1 };
    }
    files.log("error", "Exception while updating files:");
    files.log("error", text);
    return { edited, reflectedMessage: text, numMalformedResponses: 0 };
  }
  for (const p of edited) files.log("output", files.dryRun ? `Did not apply edit to ${p} (--dry-run)` : `Applied edit to ${p}`);
  return { edited, reflectedMessage: null, numMalformedResponses: 0 };
}
