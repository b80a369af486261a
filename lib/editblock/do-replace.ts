/**
 * Applying one edit to one file's text (`aider/coders/editblock_coder.py` `do_replace`): Aider's `strip_quoted_wrapping` (models sometimes wrap
 * SEARCH or REPLACE in the filename line and a fence) and `do_replace`, which routes a blank SEARCH to
 * "append / create" and everything else to `replace_most_similar_chunk`.
 */
import { pyIndex } from "../core/pyerror.js";
import { isBlank, splitlines, strip } from "../core/pystr.js";
import { rejectUnknownKeys, requireRecord, requireString } from "../core/validate.js";
import { requireFence, type Fence } from "./fence.js";
import { pathName } from "./filename.js";
import { touch, type EditFileSystem } from "./files.js";
import { replaceMostSimilarChunk, type ReplaceOutcome } from "./replace.js";

/**
 * Aider's `strip_quoted_wrapping(text, fname, fence)`: drops a first line that ends with the file's name, then a
 * fence-open first line together with a fence-close last line; re-joins with "\n" and ends it with "\n" unless
 * empty. Throws `PythonError` IndexError, as Aider does, when dropping the name line leaves no lines.
 */
export function stripQuotedWrapping(text: string, fname: string | null, fence: Fence): string {
  requireString("stripQuotedWrapping", "text", text);
  if (fname !== null) requireString("stripQuotedWrapping", "fname", fname);
  requireFence("stripQuotedWrapping", "fence", fence);
  if (!text) return text;
  let lines = splitlines(text);
  if (fname && strip(pyIndex(lines, 0)).endsWith(pathName(fname))) lines = lines.slice(1);
  if (pyIndex(lines, 0).startsWith(fence[0]) && pyIndex(lines, -1).startsWith(fence[1])) lines = lines.slice(1, -1);
  const joined = lines.join("\n");
  return joined && !joined.endsWith("\n") ? joined + "\n" : joined;
}

/** How `doReplace` produced its text: appended to a blank SEARCH, a `replaceMostSimilarChunk` step, or not at all. */
export type DoReplaceOutcome =
  | { result: string; how: "append" }
  | { result: null; how: "no_content" }
  | (ReplaceOutcome & { how: "replace" });

/** `do_replace`'s arguments: the file, its content (null when missing or unreadable), SEARCH, REPLACE and the fence. */
export interface DoReplaceInput {
  fname: string;
  content: string | null;
  before: string;
  after: string;
  fence: Fence;
}

/**
 * Aider's `do_replace(fname, content, before, after, fence)`: unwraps both texts; if the file does not exist and
 * SEARCH is blank, TOUCHES it (a side effect, even in a dry run) and uses content ""; null content gives null;
 * a blank SEARCH appends REPLACE to the content; otherwise `replaceMostSimilarChunk`. `result` is Aider's return.
 */
export function doReplace(files: EditFileSystem, edit: DoReplaceInput): DoReplaceOutcome {
  const where = "doReplace";
  requireRecord(where, "edit", edit);
  rejectUnknownKeys(where, "edit", edit as unknown as Record<string, unknown>, ["fname", "content", "before", "after", "fence"]);
  const { fname, content, before, after, fence } = edit;
  requireString(where, "fname", fname);
  if (content !== null) requireString(where, "content", content);
  requireString(where, "before", before);
  requireString(where, "after", after);
  requireFence(where, "fence", fence);
  const search = stripQuotedWrapping(before, fname, fence);
  const replace = stripQuotedWrapping(after, fname, fence);
  let text = content;
  if (!files.exists(fname) && isBlank(search)) {
    touch(files, fname);
    text = "";
  }
  if (text === null) return { result: null, how: "no_content" };
  if (isBlank(search)) return { result: text + replace, how: "append" };
  return { ...replaceMostSimilarChunk(text, search, replace), how: "replace" };
}
