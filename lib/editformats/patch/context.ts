/**
 * The V4A patch format's building blocks (`aider/coders/patch_coder.py`, `patch_coder.py:54-204`): its action and chunk
 * records, `DiffError`, `find_context_core` / `find_context` (exact, then rstrip, then strip equality; an
 * End-of-File section tries the file's tail first and otherwise adds 10000 to the fuzz — which is only summed,
 * never checked), `peek_next_section` (one section's context, chunks, next index and eof flag) and
 * `identify_files_needed` (every "*** Update File: " / "*** Delete File: " line, even after "*** End Patch").
 */
import { rstrip, splitlines, strip } from "../../core/pystr.js";
import { requireInteger, requireStringArray } from "../../core/validate.js";
import { EditFormatValueError } from "../coder.js";

export type ActionType = "Add" | "Delete" | "Update";

/** One run of changes: at `orig_index` in the file, remove `del_lines`, insert `ins_lines`. */
export interface Chunk {
  orig_index: number;
  del_lines: string[];
  ins_lines: string[];
}

/** One file's action, serialised as the vectors do (Aider's `PatchAction` dataclass). */
export interface PatchAction {
  type: ActionType;
  path: string;
  new_content: string | null;
  chunks: Chunk[];
  move_path: string | null;
}

/** Aider's `DiffError` (a ValueError subclass). */
export class DiffError extends EditFormatValueError {
  constructor(message: string) {
    super(message, "DiffError");
    this.name = "DiffError";
  }
}

/** How Python 3.11 prints `f"{action.type}"` for Aider's `ActionType(str, Enum)`. */
export const ACTION_TYPE_NAME: Readonly<Record<ActionType, string>> = Object.freeze({
  Add: "ActionType.ADD",
  Delete: "ActionType.DELETE",
  Update: "ActionType.UPDATE",
});

/** Aider's `_norm`: a trailing CR removed (never matters: lines come from splitlines). */
export const norm = (line: string): string => (line.endsWith("\r") ? line.slice(0, -1) : line);

function findWith(lines: readonly string[], context: readonly string[], start: number, f: (s: string) => string): number {
  const want = context.map(f);
  for (let i = start; i <= lines.length - context.length; i++) {
    let ok = true;
    for (let j = 0; j < context.length && ok; j++) ok = f(lines[i + j]!) === want[j];
    if (ok) return i;
  }
  return -1;
}

/** Aider's `find_context_core`: [index, fuzz] with fuzz 0 exact, 1 rstrip, 100 strip; [-1, 0] when absent. */
export function findContextCore(lines: readonly string[], context: readonly string[], start: number): [number, number] {
  requireStringArray("findContextCore", "lines", lines);
  requireStringArray("findContextCore", "context", context);
  requireInteger("findContextCore", "start", start, 0);
  if (context.length === 0) return [start, 0];
  const passes: [(s: string) => string, number][] = [[(s) => s, 0], [(s) => rstrip(s), 1], [(s) => strip(s), 100]];
  for (const [f, fuzz] of passes) {
    const i = findWith(lines, context, start, f);
    if (i !== -1) return [i, fuzz];
  }
  return [-1, 0];
}

/** Aider's `find_context`: with eof, the tail first, else a search from `start` with fuzz + 10000. */
export function findContext(lines: readonly string[], context: readonly string[], start: number, eof: boolean): [number, number] {
  if (eof) {
    if (lines.length >= context.length) {
      const [i, fuzz] = findContextCore(lines, context, lines.length - context.length);
      if (i !== -1) return [i, fuzz];
    }
    const [i, fuzz] = findContextCore(lines, context, start);
    return [i, fuzz + 10000];
  }
  return findContextCore(lines, context, start);
}

const SECTION_ENDS = ["@@", "*** End Patch", "*** Update File:", "*** Delete File:", "*** Add File:", "*** End of File"];

/** Aider's `peek_next_section(lines, index)`: [context lines, chunks, next index, eof]. */
export function peekNextSection(lines: readonly string[], index: number): [string[], Chunk[], number, boolean] {
  requireStringArray("peekNextSection", "lines", lines);
  requireInteger("peekNextSection", "index", index, 0);
  const start = index;
  const old: string[] = [];
  let del: string[] = [];
  let ins: string[] = [];
  const chunks: Chunk[] = [];
  let mode = "keep";
  const close = () => {
    chunks.push({ orig_index: old.length - del.length, del_lines: del, ins_lines: ins });
    del = [];
    ins = [];
  };
  while (index < lines.length) {
    const s = lines[index]!;
    const n = norm(s);
    if (SECTION_ENDS.some((p) => n.startsWith(p)) || n === "***") break;
    if (n.startsWith("***")) throw new DiffError(`Invalid patch line found in update section: ${s}`);
    index++;
    const last = mode;
    let text: string;
    if (s.startsWith("+")) [mode, text] = ["add", s.slice(1)];
    else if (s.startsWith("-")) [mode, text] = ["delete", s.slice(1)];
    else if (s.startsWith(" ")) [mode, text] = ["keep", s.slice(1)];
    else if (strip(s) === "") [mode, text] = ["keep", ""];
    else throw new DiffError(`Invalid line prefix in update section: ${s}`);
    if (mode === "keep" && last !== mode && (ins.length > 0 || del.length > 0)) close();
    if (mode === "delete") {
      del.push(text);
      old.push(text);
    } else if (mode === "add") ins.push(text);
    else old.push(text);
  }
  if (ins.length > 0 || del.length > 0) close();
  let eof = false;
  if (index < lines.length && norm(lines[index]!) === "*** End of File") {
    index++;
    eof = true;
  }
  if (index === start && !eof) throw new DiffError("Empty patch section found.");
  return [old, chunks, index, eof];
}

/** Aider's `identify_files_needed`: the Update and Delete paths (first-seen order; Aider's is a set). */
export function identifyFilesNeeded(text: string): string[] {
  const paths = new Set<string>();
  for (const line of splitlines(text)) {
    const n = norm(line);
    for (const p of ["*** Update File: ", "*** Delete File: "]) if (n.startsWith(p)) paths.add(strip(n.slice(p.length)));
  }
  return [...paths];
}
