/**
 * Parsing a model reply into SEARCH/REPLACE edits and shell blocks (`aider/coders/editblock_coder.py` `find_original_update_blocks`): Aider's generator
 * `find_original_update_blocks(content, fence, valid_fnames)` and `EditBlockCoder.get_edits`.
 *
 * - Markers are recognised on Python-stripped lines: HEAD `^<{5,9} SEARCH>?\s*$`, DIVIDER `^={5,9}\s*$`,
 *   UPDATED `^>{5,9} REPLACE\s*$`. Fences are not structural: blocks need not sit inside one.
 * - A line starting (after strip) with ```bash, ```sh, … ```csh, ```tcsh opens a shell block unless a HEAD
 *   follows within two lines; prefix matching means ```csharp and ```shell-session count too.
 * - The REPLACE section ends at UPDATED *or* at a second DIVIDER.
 * - Errors are Aider's ValueError text: everything read so far, then "\n^^^ " and one of three messages.
 *   Items yielded before the error were already produced (generator), but `get_edits` keeps none of them.
 */
import { PythonError } from "../core/pyerror.js";
import { isBlank, splitlines, strip } from "../core/pystr.js";
import { requireString } from "../core/validate.js";
import { requireFence, type Fence } from "./fence.js";
import { findFilename, requireValidFnames } from "./filename.js";

/** One SEARCH/REPLACE edit: Aider's `(path, original, updated)` tuple. */
export interface EditBlock {
  path: string;
  search: string;
  replace: string;
}

/** What the parser yields: an edit block, or the body of a shell code block (Aider's `(None, text)` 2-tuple). */
export type ParsedItem = ({ kind: "edit" } & EditBlock) | { kind: "shell"; text: string };

/** A malformed reply: `message` is exactly the ValueError text Aider reflects back to the model. */
export class EditBlockParseError extends PythonError {
  constructor(message: string) {
    super("ValueError", message, message);
  }
}

export const MISSING_FILENAME_ERROR = (fence: Fence): string =>
  `Bad/missing filename. The filename must be alone on the line before the opening fence ${fence[0]}`;
export const EXPECTED_DIVIDER_ERROR = "Expected `=======`";
export const EXPECTED_UPDATED_ERROR = "Expected `>>>>>>> REPLACE` or `=======`";

/** The literal prefixes that open a shell block (checked with a plain startsWith on the stripped line). */
export const SHELL_FENCE_STARTS: readonly string[] = Object.freeze([
  "```bash", "```sh", "```shell", "```cmd", "```batch", "```powershell",
  "```ps1", "```zsh", "```fish", "```ksh", "```csh", "```tcsh",
]);

// Python's `re.match(p, line.strip())` for each marker. Each pattern ends in `\s*$`; Python's `\s` is its Unicode
// whitespace set (not JS's, which includes U+FEFF), so the tail is checked with `isBlank` instead of in the regex.
function marker(prefix: RegExp): (stripped: string) => boolean {
  return (stripped) => {
    const m = prefix.exec(stripped);
    return m !== null && isBlank(stripped.slice(m[0].length));
  };
}
/** `<<<<<<< SEARCH`: 5–9 "<", one space, SEARCH, an optional ">". */
export const isHead = marker(/^<{5,9} SEARCH>?/);
/** `=======`: 5–9 "=". */
export const isDivider = marker(/^={5,9}/);
/** `>>>>>>> REPLACE`: 5–9 ">", one space, REPLACE. */
export const isUpdated = marker(/^>{5,9} REPLACE/);

/**
 * Aider's generator `find_original_update_blocks(content, fence, valid_fnames)`: yields edits and shell blocks in
 * order and throws `EditBlockParseError` (Aider's ValueError) at the first malformed block.
 */
export function iterOriginalUpdateBlocks(
  content: string,
  fence: Fence,
  validFnames: readonly string[] | null,
): Generator<ParsedItem, void, undefined> {
  // Arguments are checked now, not at the first next() as a generator body would.
  const where = "findOriginalUpdateBlocks";
  requireString(where, "content", content);
  requireFence(where, "fence", fence);
  requireValidFnames(where, validFnames);
  return blocks(content, fence, validFnames);
}

function* blocks(content: string, fence: Fence, validFnames: readonly string[] | null): Generator<ParsedItem, void, undefined> {
  const lines = splitlines(content, true);
  const stripped = lines.map((l) => strip(l));
  const n = lines.length;
  let current: string | null = null;
  let i = 0;
  const fail = (message: string): EditBlockParseError =>
    new EditBlockParseError(`${lines.slice(0, i + 1).join("")}\n^^^ ${message}`);

  while (i < n) {
    const nextIsHead = (i + 1 < n && isHead(stripped[i + 1]!)) || (i + 2 < n && isHead(stripped[i + 2]!));
    if (SHELL_FENCE_STARTS.some((s) => stripped[i]!.startsWith(s)) && !nextIsHead) {
      const body: string[] = [];
      i++;
      while (i < n && !stripped[i]!.startsWith("```")) body.push(lines[i++]!);
      if (i < n) i++; // the closing ``` line
      yield { kind: "shell", text: body.join("") };
      continue;
    }
    if (isHead(stripped[i]!)) {
      const before = lines.slice(Math.max(0, i - 3), i);
      // A DIVIDER right after HEAD is a new file: its name is taken as written, not matched to the chat's files.
      const isNewFile = i + 1 < n && isDivider(stripped[i + 1]!);
      let path = findFilename(before, fence, isNewFile ? null : validFnames);
      if (!path) {
        if (!current) throw fail(MISSING_FILENAME_ERROR(fence));
        path = current;
      }
      current = path;
      const search: string[] = [];
      i++;
      while (i < n && !isDivider(stripped[i]!)) search.push(lines[i++]!);
      if (i >= n) throw fail(EXPECTED_DIVIDER_ERROR);
      const replace: string[] = [];
      i++;
      while (i < n && !isUpdated(stripped[i]!) && !isDivider(stripped[i]!)) replace.push(lines[i++]!);
      if (i >= n) throw fail(EXPECTED_UPDATED_ERROR);
      yield { kind: "edit", path, search: search.join(""), replace: replace.join("") };
    }
    i++; // also steps over the UPDATED (or second DIVIDER) line
  }
}

/** Everything the generator yields before it stops, and the error text if it stopped on a malformed block. */
export interface ParseResult {
  items: ParsedItem[];
  error: string | null;
}

/** Runs `iterOriginalUpdateBlocks` to the end, keeping the items yielded before an error (the vectors' view). */
export function findOriginalUpdateBlocks(content: string, fence: Fence, validFnames: readonly string[] | null): ParseResult {
  const items: ParsedItem[] = [];
  try {
    for (const item of iterOriginalUpdateBlocks(content, fence, validFnames)) items.push(item);
  } catch (err) {
    if (err instanceof EditBlockParseError) return { items, error: err.message };
    throw err;
  }
  return { items, error: null };
}

/** `get_edits`: either every edit and shell command of the reply, or only the error (nothing is kept). */
export type GetEditsResult =
  | { ok: true; edits: EditBlock[]; shellCommands: string[] }
  | { ok: false; error: string };

/**
 * Aider's `EditBlockCoder.get_edits`: `list(find_original_update_blocks(...))`, so one malformed block discards
 * every block of the reply; otherwise shell blocks are split off from the edits. `validFnames` are the chat files.
 */
export function getEdits(content: string, fence: Fence, validFnames: readonly string[] | null): GetEditsResult {
  const { items, error } = findOriginalUpdateBlocks(content, fence, validFnames);
  if (error !== null) return { ok: false, error };
  const edits: EditBlock[] = [];
  const shellCommands: string[] = [];
  for (const it of items) {
    if (it.kind === "shell") shellCommands.push(it.text);
    else edits.push({ path: it.path, search: it.search, replace: it.replace });
  }
  return { ok: true, edits, shellCommands };
}

/**
 * Writes an edit the way Aider's prompts ask the model to: the path alone on a line, the opening fence, the
 * three markers, the closing fence. A non-empty SEARCH or REPLACE that lacks a final "\n" gets one.
 */
export function formatEditBlock(edit: EditBlock, fence: Fence): string {
  const where = "formatEditBlock";
  requireString(where, "edit.path", edit?.path);
  requireString(where, "edit.search", edit.search);
  requireString(where, "edit.replace", edit.replace);
  requireFence(where, "fence", fence);
  const body = (s: string) => (s && !s.endsWith("\n") ? s + "\n" : s);
  return `${edit.path}\n${fence[0]}\n<<<<<<< SEARCH\n${body(edit.search)}=======\n${body(edit.replace)}>>>>>>> REPLACE\n${fence[1]}\n`;
}
