/**
 * Parsing a V4A patch reply (`aider/coders/patch_coder.py`, `patch_coder.py:220-547`): `PatchCoder.get_edits` (sentinels, the
 * files it reads, the error wrapping), `_parse_patch_text` (Update / Delete / Add actions keyed by path, merged
 * Updates, conflicts), `_parse_update_file_sections` (scope lines, sections located in file order) and
 * `_parse_add_file_content`.
 *
 * What a learner meets: prose or a ``` fence before "*** Begin Patch" breaks the whole patch; a second Update of
 * a file is searched again from the top of the ORIGINAL file; the "fuzzy" scope pass compares the same strings as
 * the exact one, so it never helps; the fuzz total is never checked, so any strip-equal context is accepted.
 */
import { splitlines, strip } from "../../core/pystr.js";
import { requireInteger, requireRecord, requireStringArray } from "../../core/validate.js";
import { EditFormatValueError } from "../coder.js";
import type { EditFiles } from "../workspace.js";
import { DiffError, findContext, identifyFilesNeeded, norm, peekNextSection, type PatchAction } from "./context.js";

const ACTION_STARTS = ["*** End Patch", "*** Update File:", "*** Delete File:", "*** Add File:"];
const endsBody = (line: string) => ACTION_STARTS.some((p) => norm(line).startsWith(p));

/** Aider's `_parse_update_file_sections`: the Update action's chunks, the next line index and the fuzz. */
export function parseUpdateFileSections(lines: readonly string[], index: number, fileContent: string): [PatchAction, number, number] {
  const action: PatchAction = { type: "Update", path: "", new_content: null, chunks: [], move_path: null };
  const orig = splitlines(fileContent);
  let pos = 0;
  let fuzzTotal = 0;
  while (index < lines.length) {
    if (endsBody(lines[index]!)) break;
    const scope: string[] = [];
    while (index < lines.length && norm(lines[index]!).startsWith("@@")) {
      const s = strip(lines[index]!.slice(2));
      if (s) scope.push(s);
      index++;
    }
    if (scope.length > 0) {
      // Aider then runs a second, "fuzzy" pass that compares exactly the same stripped strings: it can never succeed.
      let found = -1;
      for (let t = pos; t < orig.length && found === -1; t++) {
        if (scope.every((s, i) => t + i < orig.length && strip(norm(orig[t + i]!)) === s)) found = t;
      }
      if (found === -1) throw new DiffError(`Could not find scope context:\n${scope.join("\n")}`);
      pos = found + scope.length;
    }
    const [context, chunks, next, eof] = peekNextSection(lines, index);
    const [at, fuzz] = findContext(orig, context, pos, eof);
    fuzzTotal += fuzz;
    if (at === -1) {
      const marker = eof ? "*** End of File" : "";
      throw new DiffError(`Could not find patch context ${marker} starting near line ${pos}:\n${context.join("\n")}`);
    }
    for (const c of chunks) action.chunks.push({ ...c, orig_index: c.orig_index + at });
    pos = at + context.length;
    index = next;
  }
  return [action, index, fuzzTotal];
}

/** Aider's `_parse_add_file_content`: "+" lines (a blank line counts as ""), joined with "\n". */
export function parseAddFileContent(lines: readonly string[], index: number): [PatchAction, number] {
  const added: string[] = [];
  while (index < lines.length) {
    const line = lines[index]!;
    if (endsBody(line)) break;
    if (line.startsWith("+")) added.push(line.slice(1));
    else if (strip(norm(line)) === "") added.push("");
    else throw new DiffError(`Invalid Add File line (missing '+'): ${line}`);
    index++;
  }
  return [{ type: "Add", path: "", new_content: added.join("\n"), chunks: [], move_path: null }, index];
}

function after(line: string, prefix: string): string | null {
  const n = norm(line);
  return n.startsWith(prefix) ? strip(n.slice(prefix.length)) : null;
}

/** Aider's `_parse_patch_text(lines, start, current_files)`: the actions by path (insertion order) and the fuzz. */
export function parsePatchText(
  lines: readonly string[],
  start: number,
  currentFiles: Readonly<Record<string, string>>,
  warn: (message: string) => void = () => {},
): { actions: Map<string, PatchAction>; fuzz: number } {
  requireStringArray("parsePatchText", "lines", lines);
  requireInteger("parsePatchText", "start", start, 0);
  requireRecord("parsePatchText", "currentFiles", currentFiles);
  const actions = new Map<string, PatchAction>();
  let fuzz = 0;
  let index = start;
  while (index < lines.length) {
    const line = lines[index]!;
    if (norm(line) === "*** End Patch") break;
    let path: string | null;
    if ((path = after(line, "*** Update File: ")) !== null) {
      index++;
      if (!path) throw new DiffError("Update File action missing path.");
      let moveTo: string | null = null;
      if (index < lines.length && (moveTo = after(lines[index]!, "*** Move to: ")) !== null) {
        index++;
        if (!moveTo) throw new DiffError("Move to action missing path.");
      }
      // Unreachable from get_edits (every Update path was read first); this wording is not in the public vectors.
      if (!Object.hasOwn(currentFiles, path)) throw new DiffError(`Update File Error - missing file content for: ${path}`);
      const existing = actions.get(path);
      if (existing && existing.type !== "Update") throw new DiffError(`Conflicting actions for file: ${path}`);
      const [action, next, f] = parseUpdateFileSections(lines, index, currentFiles[path]!);
      index = next;
      fuzz += f;
      if (existing) {
        existing.chunks.push(...action.chunks);
        if (moveTo) {
          if (existing.move_path && existing.move_path !== moveTo) throw new DiffError(`Conflicting move targets for file: ${path}`);
          existing.move_path = moveTo;
        }
      } else actions.set(path, { ...action, path, move_path: moveTo });
      continue;
    }
    if ((path = after(line, "*** Delete File: ")) !== null) {
      index++;
      if (!path) throw new DiffError("Delete File action missing path.");
      const existing = actions.get(path);
      if (existing) {
        if (existing.type === "Delete") {
          warn(`Duplicate delete action for file: ${path} ignored.`);
          continue;
        }
        throw new DiffError(`Conflicting actions for file: ${path}`);
      }
      // `_parse_patch_text` (aider/coders/patch_coder.py) words it unlike Update's: "file not found".
      if (!Object.hasOwn(currentFiles, path)) throw new DiffError(`Delete File Error - file not found: ${path}`);
      actions.set(path, { type: "Delete", path, new_content: null, chunks: [], move_path: null });
      continue;
    }
    if ((path = after(line, "*** Add File: ")) !== null) {
      index++;
      if (!path) throw new DiffError("Add File action missing path.");
      if (actions.has(path)) throw new DiffError(`Duplicate action for file: ${path}`);
      const [action, next] = parseAddFileContent(lines, index);
      index = next;
      actions.set(path, { ...action, path }); // whether the file exists is not checked here
      continue;
    }
    if (!strip(norm(line))) {
      index++;
      continue;
    }
    throw new DiffError(`Unknown or misplaced line while parsing patch: ${line}`);
  }
  return { actions, fuzz };
}

/** `PatchCoder.get_edits`: `[path, action]` pairs; the files it needs are read through `files` (and logged). */
export function getPatchEdits(content: string, files: EditFiles): [string, PatchAction][] {
  if (!content || !strip(content)) return [];
  const lines = splitlines(content);
  let start = 1;
  if (lines.length < 2 || !norm(lines[0]!).startsWith("*** Begin Patch")) {
    const patchLike = lines.some((l) => ["@@", "*** Update File:", "*** Add File:", "*** Delete File:"].some((p) => norm(l).startsWith(p)));
    if (!patchLike) {
      files.log("warning", "Response does not appear to be in patch format.");
      return [];
    }
    files.log("warning", "Patch format warning: Missing '*** Begin Patch'/'*** End Patch' sentinels.");
    start = 0;
  }
  const current: Record<string, string> = {};
  for (const rel of identifyFilesNeeded(content)) {
    const text = files.readText(rel);
    if (text === null) throw new DiffError(`File referenced in patch not found or could not be read: ${rel}`);
    current[rel] = text;
  }
  try {
    return [...parsePatchText(lines, start, current, (m) => files.log("warning", m)).actions.entries()];
  } catch (err) {
    if (err instanceof DiffError) throw new EditFormatValueError(`Error parsing patch content: ${err.message}`);
    throw new EditFormatValueError(`Unexpected error parsing patch: ${err instanceof Error ? err.message : String(err)}`);
  }
}
