/**
 * Skeleton rendering: grep-ast's `TreeContext` with the options Aider's `render_tree` uses (`aider/repomap.py` `to_tree/render_tree`):
 * no line numbers, no child context, no last line, margin 0, no loi marks, loi_pad 0, parent context on, scopes
 * that start on line 0 not shown, header_max 10.
 *
 *  - index: every syntax node covering line i adds its start row to scopes[i]; a line on which two or more
 *    multi-line nodes start has as header the smallest of them (by size, then end), cut to 10 lines, shown without
 *    its last line; otherwise the header is the line itself;
 *  - show = the lines of interest + the headers of every scope of each of them (not the ones starting on line 0);
 *  - close small gaps: a single hidden line between two shown ones is shown, and so is a blank line right after a
 *    shown non-blank one;
 *  - format: `│` + line for each shown line, one `⋮` for each run of hidden lines, "" when nothing is shown.
 *
 * The index is built from node row spans (pure); `nodeSpans` reads them from a tree-sitter tree.
 */
import type { Tree } from "web-tree-sitter";
import type { Grammar } from "../scan/grammars.js";
import { WorkbenchInputError } from "../../core/errors.js";
import { isBlank, splitlines } from "../../core/pystr.js";
import { requireArray, requireString } from "../../core/validate.js";

/** grep-ast's `header_max`: a header is cut to this many lines. */
export const HEADER_MAX = 10;

/** Row spans of syntax nodes: `starts[k]`..`ends[k]` (0-based, inclusive) for the k-th node. */
export interface NodeSpans {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/** What TreeContext computes once per file: the lines, each line's scope starts and each line's header. */
export interface TreeContextIndex {
  /** Python `code.splitlines()`. */
  readonly lines: readonly string[];
  /** `len(lines) + 1`, as grep-ast counts. */
  readonly numLines: number;
  /** Distinct start rows of the nodes covering each line (index < numLines). */
  readonly scopes: readonly (readonly number[])[];
  /** Header range of each line: show `[headStart[i], headEnd[i])`. */
  readonly headStart: Int32Array;
  readonly headEnd: Int32Array;
}

/** Builds the index from the file's text and its nodes' row spans (spans past the last line are ignored). */
export function buildTreeContext(code: string, spans: NodeSpans): TreeContextIndex {
  requireString("buildTreeContext", "code", code);
  if (spans.starts.length !== spans.ends.length) {
    throw new WorkbenchInputError("buildTreeContext", "spans", "must have as many ends as starts");
  }
  const lines = splitlines(code);
  const numLines = lines.length + 1;
  const scopeSets: Set<number>[] = Array.from({ length: numLines }, () => new Set<number>());
  // per start line: the smallest multi-line node (size, end) and how many multi-line nodes start there
  const bestSize = new Int32Array(numLines).fill(-1);
  const bestEnd = new Int32Array(numLines);
  const count = new Int32Array(numLines);
  for (let k = 0; k < spans.starts.length; k++) {
    const start = spans.starts[k]!;
    const end = spans.ends[k]!;
    if (start < 0 || start >= numLines) continue;
    for (let i = start; i <= end && i < numLines; i++) scopeSets[i]!.add(start);
    const size = end - start;
    if (size > 0) {
      count[start]!++;
      if (bestSize[start] === -1 || size < bestSize[start]! || (size === bestSize[start] && end < bestEnd[start]!)) {
        bestSize[start] = size;
        bestEnd[start] = end;
      }
    }
  }
  const headStart = new Int32Array(numLines);
  const headEnd = new Int32Array(numLines);
  for (let i = 0; i < numLines; i++) {
    headStart[i] = i;
    if (count[i]! > 1) headEnd[i] = bestSize[i]! > HEADER_MAX ? i + HEADER_MAX : bestEnd[i]!;
    else headEnd[i] = i + 1;
  }
  const scopes = scopeSets.map((s) => [...s].sort((a, b) => a - b));
  return { lines, numLines, scopes, headStart, headEnd };
}

function checkLois(lois: readonly number[]): void {
  requireArray("renderTreeContext", "lois", lois);
  lois.forEach((l, i) => {
    if (typeof l !== "number" || !Number.isInteger(l) || l < 0) {
      throw new WorkbenchInputError("renderTreeContext", `lois[${i}]`, "must be a non-negative integer (a 0-based line)", l);
    }
  });
}

/** The lines TreeContext shows for these lines of interest (add_context with Aider's options). */
export function shownLines(index: TreeContextIndex, lois: readonly number[]): Set<number> {
  checkLois(lois);
  const show = new Set<number>(lois);
  for (const loi of new Set(lois)) {
    if (loi >= index.scopes.length) continue;
    for (const s of index.scopes[loi]!) {
      const hs = index.headStart[s]!;
      if (hs > 0) for (let j = hs; j < index.headEnd[s]!; j++) show.add(j);
    }
  }
  // close_small_gaps
  const closed = new Set(show);
  const sorted = [...show].sort((a, b) => a - b);
  for (let k = 0; k + 1 < sorted.length; k++) if (sorted[k + 1]! - sorted[k]! === 2) closed.add(sorted[k]! + 1);
  const { lines, numLines } = index;
  for (let i = 0; i < lines.length; i++) {
    if (!closed.has(i)) continue;
    if (!isBlank(lines[i]!) && i < numLines - 2 && isBlank(lines[i + 1]!)) closed.add(i + 1);
  }
  return closed;
}

/** TreeContext.format(): `│line` for shown lines, `⋮` for each hidden run, "" when nothing is shown. */
export function formatShown(index: TreeContextIndex, show: ReadonlySet<number>): string {
  if (show.size === 0) return "";
  let out = "";
  let dots = !show.has(0);
  index.lines.forEach((line, i) => {
    if (!show.has(i)) {
      if (dots) out += "⋮\n";
      dots = false;
      return;
    }
    out += "│" + line + "\n";
    dots = true;
  });
  return out;
}

/** render_tree's result for one file's index and lines of interest. */
export function renderTreeContext(index: TreeContextIndex, lois: readonly number[]): string {
  return formatShown(index, shownLines(index, lois));
}

/**
 * One file's TreeContext as Aider keeps it (one per file, reused across `render_tree` calls): `add_context` returns
 * early when there are no lines of interest, so an empty `lois` re-formats whatever the previous call showed
 * ("" on a fresh context). Aider's `to_tree` never passes an empty `lois`; the golden vectors do.
 */
export class AiderTreeContext {
  private show: Set<number> = new Set();
  constructor(readonly index: TreeContextIndex) {}

  render(lois: readonly number[]): string {
    checkLois(lois);
    if (lois.length > 0) this.show = shownLines(this.index, lois);
    return formatShown(this.index, this.show);
  }
}

/**
 * The row spans of every node of a tree (named and anonymous, pre-order), as grep-ast's walk_tree sees them.
 * Nodes whose type id is in `hidden` are walked through (their children count, they do not).
 */
export function nodeSpans(tree: Tree, hidden: ReadonlySet<number> = new Set()): NodeSpans {
  // Typed as plain Int32Array: TypeScript ≥ 5.7 infers Int32Array<ArrayBuffer> here, which `grow`'s result is not.
  let starts: Int32Array = new Int32Array(1024);
  let ends: Int32Array = new Int32Array(1024);
  let n = 0;
  const cursor = tree.walk();
  try {
    for (;;) {
      if (!hidden.has(cursor.nodeTypeId)) {
        if (n === starts.length) {
          const grow = (a: Int32Array): Int32Array => {
            const b = new Int32Array(a.length * 2);
            b.set(a);
            return b;
          };
          starts = grow(starts);
          ends = grow(ends);
        }
        starts[n] = cursor.startPosition.row;
        ends[n] = cursor.endPosition.row;
        n++;
      }
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return { starts: starts.subarray(0, n), ends: ends.subarray(0, n) };
      }
    }
  } finally {
    cursor.delete();
  }
}

/** The index for one file's text: `render_tree` adds a final newline when the text lacks one, then parses it. */
export function treeContextFor(
  grammar: Pick<Grammar, "parser" | "aiderHiddenTypeIds">,
  code: string,
  aiderGrammar = true,
): TreeContextIndex {
  requireString("treeContextFor", "code", code);
  const text = code.endsWith("\n") ? code : code + "\n";
  const tree = grammar.parser.parse(text);
  if (!tree) throw new Error("tree-sitter returned no tree");
  try {
    return buildTreeContext(text, nodeSpans(tree, aiderGrammar ? grammar.aiderHiddenTypeIds : new Set()));
  } finally {
    tree.delete();
  }
}
