/**
 * Reading a unified-diff reply (`aider/coders/udiff_coder.py` "Parsing"): Aider's `find_diffs`, `process_fenced_block`,
 * `UnifiedDiffCoder.get_edits` and `hunk_to_before_after`.
 *
 * Quirks kept on purpose: only a line starting with ```diff opens a fence (```diffx too); an unclosed fence drops
 * its last line; a ```diff on the last line crashes (UnboundLocalError); the a/ b/ prefixes are stripped only from
 * the first header of a fence; context-only hunks vanish; any line starting with "@" ends a hunk; a header right
 * after an "@@" line crashes with IndexError; `...`, unprefixed lines and "\ No newline" vanish from both sides.
 * The crashes are `PythonError`s: Aider reflects their text to the model.
 */
import { PythonError, pyIndex } from "../../core/pyerror.js";
import { cpLength, cpSlice, strip } from "../../core/pystr.js";
import { splitlines } from "../../core/pystr.js";
import { requireString, requireStringArray } from "../../core/validate.js";

/** One hunk as `find_diffs` returns it: its lines, each keeping its line ending. */
export type Hunk = readonly string[];
/** `(path, hunk)`; the path is null when no `--- / +++` header was seen. */
export type UdiffEdit = readonly [path: string | null, hunk: Hunk];

const SENTINEL = "@@ @@";

/** Aider's `process_fenced_block(lines, start)`: [index after the closing fence, edits]. */
export function processFencedBlock(lines: readonly string[], start: number): [number, UdiffEdit[]] {
  if (start >= lines.length) {
    throw new PythonError("UnboundLocalError", "cannot access local variable 'line_num' where it is not associated with a value");
  }
  let lineNum = start;
  for (; lineNum < lines.length; lineNum++) if (lines[lineNum]!.startsWith("```")) break;
  if (lineNum === lines.length) lineNum = lines.length - 1; // the for loop's variable stays on the last line
  let block = [...lines.slice(start, lineNum), SENTINEL];

  let fname: string | null = null;
  if (block[0]!.startsWith("--- ") && block[1]!.startsWith("+++ ")) {
    const a = strip(cpSlice(block[0]!, 4));
    const b = strip(cpSlice(block[1]!, 4));
    fname = (a.startsWith("a/") || a === "/dev/null") && b.startsWith("b/") ? cpSlice(b, 2) : b;
    block = block.slice(2);
  }

  const edits: UdiffEdit[] = [];
  let keeper = false;
  let hunk: string[] = [];
  for (const line of block) {
    hunk.push(line);
    if (cpLength(line) < 2) continue;
    if (line.startsWith("+++ ") && pyIndex(hunk, -2).startsWith("--- ")) {
      hunk = pyIndex(hunk, -3) === "\n" ? hunk.slice(0, -3) : hunk.slice(0, -2);
      edits.push([fname, hunk]);
      hunk = [];
      keeper = false;
      fname = strip(cpSlice(line, 4)); // no a/ b/ stripping for a later header
      continue;
    }
    const op = line[0]!;
    if (op === "-" || op === "+") {
      keeper = true;
      continue;
    }
    if (op !== "@") continue;
    if (!keeper) {
      hunk = [];
      continue;
    }
    edits.push([fname, hunk.slice(0, -1)]);
    hunk = [];
    keeper = false;
  }
  return [lineNum + 1, edits];
}

/** Aider's `find_diffs(content)`: every hunk of every ```diff fence, in order. */
export function findDiffs(content: string): UdiffEdit[] {
  requireString("findDiffs", "content", content);
  const text = content.endsWith("\n") ? content : content + "\n";
  const lines = splitlines(text, true);
  let lineNum = 0;
  const edits: UdiffEdit[] = [];
  while (lineNum < lines.length) {
    while (lineNum < lines.length) {
      if (lines[lineNum]!.startsWith("```diff")) {
        const [next, these] = processFencedBlock(lines, lineNum + 1);
        lineNum = next;
        edits.push(...these);
        break;
      }
      lineNum++;
    }
  }
  return edits;
}

/** `UnifiedDiffCoder.get_edits`: `find_diffs`, each path-less hunk taking the last path seen (null before any). */
export function getUdiffEdits(content: string): UdiffEdit[] {
  let last: string | null = null;
  return findDiffs(content).map(([path, hunk]) => {
    if (path) last = path;
    return [path ? path : last, hunk] as const;
  });
}

/** Aider's `hunk_to_before_after(hunk, lines=True)`: the before and after lines; ops other than " -+" are dropped. */
export function hunkToBeforeAfterLines(hunk: Hunk): [string[], string[]] {
  requireStringArray("hunkToBeforeAfter", "hunk", hunk);
  const before: string[] = [];
  const after: string[] = [];
  for (const line of hunk) {
    let op: string;
    let rest: string;
    if (cpLength(line) < 2) {
      op = " ";
      rest = line;
    } else {
      op = line[0]!;
      rest = line.slice(1);
    }
    if (op === " ") {
      before.push(rest);
      after.push(rest);
    } else if (op === "-") before.push(rest);
    else if (op === "+") after.push(rest);
  }
  return [before, after];
}

/** Aider's `hunk_to_before_after(hunk)`: the before and after texts. */
export function hunkToBeforeAfter(hunk: Hunk): [string, string] {
  const [b, a] = hunkToBeforeAfterLines(hunk);
  return [b.join(""), a.join("")];
}
