/**
 * Aider's `to_tree` (`aider/repomap.py` `to_tree/render_tree`): turns a prefix of the ranking into the map text. Entries are sorted as Python
 * sorts tuples (a filename-only `(f,)` before any Tag of f), chat files are skipped, each file with Tags becomes
 * `"\n" + f + ":\n"` followed by its rendered skeleton (the lines of interest are the Tags' lines, duplicates
 * kept), a filename-only file becomes `"\n" + f + "\n"`, and finally every line is cut to 100 code points.
 *
 * The skeleton renderer (Aider's `render_tree`, grep-ast's TreeContext) is injected, so this module is pure.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { cpSlice, splitlines } from "../../core/pystr.js";
import { requireArray } from "../../core/validate.js";
import { checkRankedEntry, compareRankedEntries, entryFile, isFileOnly, isRankedEntry, type NameSet, type RankedEntry, type Tag } from "../ranking/tag.js";

/** Renders one file's skeleton around its lines of interest (0-based); Aider's `render_tree(abs, rel, lois)`. */
export type SkeletonRenderer = (absPath: string, relPath: string, linesOfInterest: readonly number[]) => string;

/** Aider's cut for every map line, in code points. */
export const TO_TREE_MAX_LINE = 100;

const WHERE = "aiderToTree";

/** The map text for `entries` (any order), hiding `chatRelFnames`, with `render` drawing each file's skeleton. */
export function aiderToTree(entries: readonly RankedEntry[], chatRelFnames: NameSet, render: SkeletonRenderer): string {
  requireArray(WHERE, "entries", entries).forEach((e, i) => isRankedEntry(e) || checkRankedEntry(WHERE, `entries[${i}]`, e));
  const chat = new Set(chatRelFnames instanceof Set ? chatRelFnames : requireArray(WHERE, "chatRelFnames", chatRelFnames) as string[]);
  if (typeof render !== "function") throw new WorkbenchInputError(WHERE, "render", "must be a function (absPath, relPath, lois) => string", render);
  if (entries.length === 0) return "";

  let out = "";
  let cur: string | null = null;
  let curAbs = "";
  let lois: number[] | null = null;
  const flush = (): void => {
    if (lois !== null) {
      const text = render(curAbs, cur!, lois);
      if (typeof text !== "string") throw new WorkbenchInputError(WHERE, "render", "must return a string", text);
      out += "\n" + cur + ":\n" + text;
      lois = null;
    } else if (cur) out += "\n" + cur + "\n";
  };
  for (const entry of [...entries].sort(compareRankedEntries)) {
    const file = entryFile(entry);
    if (chat.has(file)) continue;
    if (file !== cur) {
      flush();
      if (!isFileOnly(entry)) {
        lois = [];
        curAbs = (entry as Tag).fname;
      }
      cur = file;
    }
    if (lois !== null) (lois as number[]).push((entry as Tag).line);
  }
  flush();
  return splitlines(out).map((line) => cpSlice(line, 0, TO_TREE_MAX_LINE)).join("\n") + "\n";
}
