/**
 * Filename detection for SEARCH/REPLACE blocks (`aider/coders/editblock_coder.py` `find_filename`): `strip_filename` cleans one line into a
 * candidate name, `find_filename` walks back up to three lines before the SEARCH marker and resolves the
 * candidates against the chat's file names (exact, then basename, then difflib close match ≥ 0.8, then "has a
 * dot", then the first candidate). Python string semantics throughout (Python's `str` semantics).
 */
import { getCloseMatches } from "../core/difflib.js";
import { WorkbenchInputError } from "../core/errors.js";
import { lstrip, rstrip, strip } from "../core/pystr.js";
import { requireString, requireStringArray } from "../core/validate.js";
import { requireFence, type Fence } from "./fence.js";

const TRIPLE_BACKTICKS = "```";

/** `pathlib.PurePosixPath(p).name`: the last component, ignoring empty and "." components ("" when there is none). */
export function pathName(path: string): string {
  requireString("pathName", "path", path);
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  return parts.length > 0 ? parts[parts.length - 1]! : "";
}

function fenceTail(s: string, prefix: string): string | null {
  const tail = s.slice(prefix.length);
  return tail && (tail.includes(".") || tail.includes("/")) ? tail : null;
}

/**
 * Aider's `strip_filename(line, fence)`: null for "..." and for a fence line without a name after it
 * (```` ```python ````); the text after the fence when it has a "." or "/"; otherwise the line with surrounding
 * whitespace, trailing ":", leading "#", backticks and asterisks removed — which can be "" (no name) or prose.
 */
export function stripFilename(line: string, fence: Fence): string | null {
  requireString("stripFilename", "line", line);
  requireFence("stripFilename", "fence", fence);
  let s = strip(line);
  if (s === "...") return null;
  if (s.startsWith(fence[0])) return fenceTail(s, fence[0]);
  // A triple-backtick line counts as a fence whatever the chosen fence is.
  if (s.startsWith(TRIPLE_BACKTICKS)) return fenceTail(s, TRIPLE_BACKTICKS);
  s = rstrip(s, ":");
  s = lstrip(s, "#");
  s = strip(s);
  s = strip(s, "`");
  s = strip(s, "*");
  return s;
}

/**
 * Aider's `find_filename(lines, fence, valid_fnames)`. `lines` are the (up to three) lines before the SEARCH
 * marker, with their line endings. Walking from the nearest line back, each non-empty `stripFilename` result is a
 * candidate; the walk stops after the first line that does not start (unstripped) with the fence or with ```.
 * `validFnames` null means "no matching" (used for new-file blocks).
 */
export function findFilename(lines: readonly string[], fence: Fence, validFnames: readonly string[] | null): string | null {
  const where = "findFilename";
  requireStringArray(where, "lines", lines);
  requireFence(where, "fence", fence);
  requireValidFnames(where, validFnames);
  const candidates: string[] = [];
  for (const line of [...lines].reverse().slice(0, 3)) {
    const name = stripFilename(line, fence);
    if (name) candidates.push(name);
    if (!line.startsWith(fence[0]) && !line.startsWith(TRIPLE_BACKTICKS)) break;
  }
  if (candidates.length === 0) return null;
  const valid = validFnames ?? [];
  // 1. a candidate that is exactly a chat file name
  for (const c of candidates) if (valid.includes(c)) return c;
  // 2. a candidate that is the basename of a chat file: that file's full name
  for (const c of candidates) for (const v of valid) if (c === pathName(v)) return v;
  // 3. a close match (difflib ratio ≥ 0.8)
  for (const c of candidates) {
    const close = getCloseMatches(c, valid, { n: 1, cutoff: 0.8 });
    if (close.length > 0) return close[0]!;
  }
  // 4. a candidate that looks like a file name; 5. the nearest candidate
  return candidates.find((c) => c.includes(".")) ?? candidates[0]!;
}

/** Rejects a `validFnames` argument that is neither null nor an array of strings. */
export function requireValidFnames(where: string, value: unknown): readonly string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw new WorkbenchInputError(where, "validFnames", "must be null or an array of strings", value);
  return requireStringArray(where, "validFnames", value);
}
