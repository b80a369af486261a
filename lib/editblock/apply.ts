/**
 * Aider's `EditBlockCoder.apply_edits(edits, dry_run)` (`aider/coders/editblock_coder.py` `apply_edits`): applies parsed edits in order to
 * files reached through an `EditFileSystem`.
 *
 * - An edit is tried on its own file (if it exists); if that gives nothing and SEARCH is not blank, on every chat
 *   file in order — the first that takes it wins and the edit is re-targeted to that file.
 * - Each successful edit is written at once (unless dry run), so later edits see earlier ones and a failure later
 *   does not undo them: partial success is real.
 * - Dry run returns the (re-targeted) edits, failures included. Otherwise, if any failed, Aider raises a ValueError
 *   whose text — built after the writes, from the files as they are then — is the reflection message to the model.
 */
import { requireArray, requireBoolean, requireRecord, rejectUnknownKeys, requireString, requireStringArray } from "../core/validate.js";
import { isBlank } from "../core/pystr.js";
import { DEFAULT_FENCE, requireFence, type Fence } from "./fence.js";
import { doReplace, type DoReplaceOutcome } from "./do-replace.js";
import type { EditFileSystem } from "./files.js";
import type { EditBlock } from "./parse.js";
import { findSimilarLines } from "./similar.js";

export interface ApplyEditsOptions {
  /** The chat's editable files in order (Aider's `abs_fnames`, as repository-relative paths): the fallback targets. */
  chatFiles: readonly string[];
  /** The coder's fence: used to unwrap SEARCH/REPLACE and around "Did you mean" lines. Default ```. */
  fence?: Fence;
  /** Aider's `dry_run`: nothing is written; the re-targeted edits are returned. Default false. */
  dryRun?: boolean;
}

export const APPLY_EDITS_DEFAULTS: Readonly<{ fence: Fence; dryRun: boolean }> = Object.freeze({ fence: DEFAULT_FENCE, dryRun: false });

/** What happened to one edit. */
export interface EditOutcome {
  /** The edit as given. */
  edit: EditBlock;
  /** The file it was applied to (another chat file when re-targeted), or the path as given when it failed. */
  path: string;
  applied: boolean;
  /** How `do_replace` produced the new text on the file that took it (or on the last file tried). */
  how: DoReplaceOutcome | null;
}

export interface ApplyEditsResult {
  outcomes: EditOutcome[];
  /** Aider's `updated_edits`: every edit with its re-targeted path, failures included (the dry-run return value). */
  updated: EditBlock[];
  passed: EditBlock[];
  failed: EditBlock[];
  /** The ValueError text Aider raises when edits failed (not in a dry run, which returns first); else null. */
  error: string | null;
}

const plural = (n: number) => (n === 1 ? "block" : "blocks");

function checkEdits(where: string, edits: unknown): EditBlock[] {
  return requireArray(where, "edits", edits).map((e, i) => {
    const r = requireRecord(where, `edits[${i}]`, e);
    for (const k of ["path", "search", "replace"] as const) requireString(where, `edits[${i}].${k}`, r[k]);
    return { path: r.path as string, search: r.search as string, replace: r.replace as string };
  });
}

/**
 * Aider's `apply_edits`. Throws `PythonError` where Aider would crash (a failed edit whose named file does not
 * exist: `find_similar_lines(…, None)`), after the passed edits were written.
 */
export function applyEdits(edits: readonly EditBlock[], files: EditFileSystem, options: ApplyEditsOptions): ApplyEditsResult {
  const where = "applyEdits";
  const list = checkEdits(where, edits);
  requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", options as unknown as Record<string, unknown>, ["chatFiles", "fence", "dryRun"]);
  const chatFiles = requireStringArray(where, "options.chatFiles", options.chatFiles);
  const fence = requireFence(where, "options.fence", options.fence ?? APPLY_EDITS_DEFAULTS.fence);
  const dryRun = requireBoolean(where, "options.dryRun", options.dryRun ?? APPLY_EDITS_DEFAULTS.dryRun);

  const outcomes: EditOutcome[] = [];
  for (const edit of list) {
    let path = edit.path;
    let target = edit.path;
    let how: DoReplaceOutcome | null = null;
    if (files.exists(target)) how = doReplace(files, { fname: target, content: files.readText(target), before: edit.search, after: edit.replace, fence });
    if (!how?.result && !isBlank(edit.search)) {
      for (const chat of chatFiles) {
        target = chat;
        how = doReplace(files, { fname: chat, content: files.readText(chat), before: edit.search, after: edit.replace, fence });
        if (how.result) {
          path = chat;
          break;
        }
      }
    }
    const applied = Boolean(how?.result);
    if (applied && !dryRun) files.writeText(target, how!.result!);
    outcomes.push({ edit, path, applied, how });
  }

  const updated = outcomes.map((o) => ({ path: o.path, search: o.edit.search, replace: o.edit.replace }));
  const passed = outcomes.filter((o) => o.applied).map((o) => o.edit);
  const failed = outcomes.filter((o) => !o.applied).map((o) => o.edit);
  const error = dryRun || failed.length === 0 ? null : failureMessage(failed, passed.length, files, fence);
  return { outcomes, updated, passed, failed, error };
}

/** The reflection message for failed edits, word for word as Aider builds it; file contents are read now. */
function failureMessage(failed: readonly EditBlock[], passedCount: number, files: EditFileSystem, fence: Fence): string {
  let res = `# ${failed.length} SEARCH/REPLACE ${plural(failed.length)} failed to match!\n`;
  for (const { path, search, replace } of failed) {
    const content = files.readText(path);
    res +=
      `\n## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in ${path}\n` +
      `<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n\n`;
    const similar = findSimilarLines(search, content);
    if (similar) {
      res += `Did you mean to match some of these actual lines from ${path}?\n\n${fence[0]}\n${similar}\n${fence[1]}\n\n`;
    }
    if (replace && content!.includes(replace)) {
      res += `Are you sure you need this SEARCH/REPLACE block?\nThe REPLACE lines are already in ${path}!\n\n`;
    }
  }
  res += "The SEARCH section must exactly match an existing block of lines including all white space, comments, indentation, docstrings, etc\n";
  if (passedCount > 0) {
    res +=
      `\n# The other ${passedCount} SEARCH/REPLACE ${plural(passedCount)} were applied successfully.\n` +
      `Don't re-send them.\nJust reply with fixed versions of the ${plural(failed.length)} above that failed to match.\n`;
  }
  return res;
}
