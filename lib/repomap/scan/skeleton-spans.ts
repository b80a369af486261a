/**
 * What the skeleton renderer (render/render-tree.ts, `aider/repomap.py` `to_tree/render_tree`) needs of a file's syntax tree, small enough to
 * keep in the scan cache, so that rendering a skeleton after a scan never parses the file again.
 *
 * `buildTreeContext` depends on the node spans only through, per start row s:
 *  - the largest end of the nodes starting on s (line i lists s among its scopes iff some node starting on s ends
 *    on i or later), and
 *  - for the multi-line nodes starting on s: whether there are two or more, and the smallest end (the smallest
 *    (size, end) is the smallest end, since size = end − s).
 * So per start row at most two spans stand for all of them (`compactSpans`). A single-line node's descendants are
 * single-line nodes on its own row and change neither, so the tree walk skips them (`skeletonSpans`). The result is
 * stored as a string (`encodeSpans`): per start row, in order, the gap from the previous one, the largest end and,
 * when two or more multi-line nodes start there, the smallest multi-line end, as unsigned varints in base64.
 */
import type { Tree } from "web-tree-sitter";
import { WorkbenchInputError } from "../../core/errors.js";
import type { NodeSpans } from "../render/render-tree.js";

function checkSpans(where: string, spans: NodeSpans): void {
  if (!(spans?.starts instanceof Int32Array) || !(spans.ends instanceof Int32Array) || spans.starts.length !== spans.ends.length) {
    throw new WorkbenchInputError(where, "spans", "must be { starts, ends }: two Int32Arrays of one length", spans);
  }
}

/** Per start row: the largest end, and the number (capped at 2) and smallest end of the multi-line nodes. */
class RowSummary {
  // plain Int32Array/Uint8Array: TypeScript ≥ 5.7 infers the ArrayBuffer-specific types, which `grow` does not return
  private maxEnd: Int32Array;
  private minMultiEnd: Int32Array;
  private multi: Uint8Array;
  constructor(rows: number) {
    this.maxEnd = new Int32Array(Math.max(rows, 1)).fill(-1);
    this.minMultiEnd = new Int32Array(this.maxEnd.length);
    this.multi = new Uint8Array(this.maxEnd.length);
  }

  /** Room for start row `s` (a tree's nodes should all start within its root; this is in case one does not). */
  private grow(s: number): void {
    const size = Math.max(s + 1, this.maxEnd.length * 2);
    const maxEnd = new Int32Array(size).fill(-1);
    maxEnd.set(this.maxEnd);
    const minMultiEnd = new Int32Array(size);
    minMultiEnd.set(this.minMultiEnd);
    const multi = new Uint8Array(size);
    multi.set(this.multi);
    this.maxEnd = maxEnd;
    this.minMultiEnd = minMultiEnd;
    this.multi = multi;
  }

  add(s: number, e: number): void {
    if (s >= this.maxEnd.length) this.grow(s);
    if (e > this.maxEnd[s]!) this.maxEnd[s] = e;
    if (e > s) {
      const m = this.multi[s]!;
      if (m === 0 || e < this.minMultiEnd[s]!) this.minMultiEnd[s] = e;
      if (m < 2) this.multi[s] = m + 1;
    }
  }

  spans(): NodeSpans {
    let n = 0;
    for (let s = 0; s < this.maxEnd.length; s++) if (this.maxEnd[s]! >= 0) n += this.multi[s] === 2 ? 2 : 1;
    const starts = new Int32Array(n);
    const ends = new Int32Array(n);
    let k = 0;
    for (let s = 0; s < this.maxEnd.length; s++) {
      if (this.maxEnd[s]! < 0) continue;
      if (this.multi[s] === 2) {
        starts[k] = s;
        ends[k++] = this.minMultiEnd[s]!;
      }
      starts[k] = s;
      ends[k++] = this.maxEnd[s]!;
    }
    return { starts, ends };
  }
}

/** At most two spans per start row, sorted by start, that give `buildTreeContext` the same index as `spans`. */
export function compactSpans(spans: NodeSpans): NodeSpans {
  checkSpans("compactSpans", spans);
  let rows = 0;
  for (let k = 0; k < spans.starts.length; k++) rows = Math.max(rows, spans.starts[k]! + 1);
  const summary = new RowSummary(rows);
  for (let k = 0; k < spans.starts.length; k++) {
    const s = spans.starts[k]!;
    const e = spans.ends[k]!;
    if (s >= 0 && e >= s) summary.add(s, e); // buildTreeContext ignores the others: they cover no line, are not multi-line
  }
  return summary.spans();
}

/**
 * The compact spans of a tree (as `compactSpans(nodeSpans(tree, hidden))`), walking only the nodes that matter:
 * a single-line node is recorded and its subtree skipped. Hot (one call per scanned file), so a node's type (one
 * more call into wasm) is read only for multi-line nodes: a hidden single-line node stands for its first child,
 * which starts on the same row and is kept — hidden types are inner nodes (Python's `expression_statement`).
 */
export function skeletonSpans(tree: Tree, hidden: ReadonlySet<number> = new Set()): NodeSpans {
  const summary = new RowSummary(tree.rootNode.endPosition.row + 1);
  const anyHidden = hidden.size > 0;
  const cursor = tree.walk();
  try {
    for (;;) {
      const s = cursor.startPosition.row;
      const e = cursor.endPosition.row;
      if (e === s || !anyHidden || !hidden.has(cursor.nodeTypeId)) summary.add(s, e);
      if (e > s && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return summary.spans();
    }
  } finally {
    cursor.delete();
  }
}

/** Encodes compact spans (sorted by start, at most two per start, the larger end last) as a string. */
export function encodeSpans(spans: NodeSpans): string {
  checkSpans("encodeSpans", spans);
  const bytes: number[] = [];
  const put = (v: number): void => {
    for (; v >= 0x80; v = Math.floor(v / 0x80)) bytes.push((v % 0x80) | 0x80);
    bytes.push(v);
  };
  let prev = -1;
  for (let k = 0; k < spans.starts.length; k++) {
    const s = spans.starts[k]!;
    const two = k + 1 < spans.starts.length && spans.starts[k + 1] === s;
    const last = two ? k + 1 : k;
    const e = spans.ends[last]!;
    if (s <= prev || e < s || (two && (spans.ends[k]! < s || spans.ends[k]! > e || spans.starts[k + 2] === s))) {
      throw new WorkbenchInputError("encodeSpans", "spans", "must be compact spans (compactSpans' output)", { start: s });
    }
    put(s - prev - 1);
    put((e - s) * 2 + (two ? 1 : 0));
    if (two) put(spans.ends[k]! - s);
    prev = s;
    k = last;
  }
  return Buffer.from(bytes).toString("base64");
}

/** Decodes `encodeSpans`' string; null when it is not one (a damaged cache entry). */
export function decodeSpans(text: string): NodeSpans | null {
  if (typeof text !== "string") return null;
  const bytes = Buffer.from(text, "base64");
  if (bytes.toString("base64") !== text) return null;
  let pos = 0;
  const get = (): number => {
    let v = 0;
    for (let scale = 1; pos < bytes.length; scale *= 0x80) {
      const b = bytes[pos++]!;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
    }
    return -1;
  };
  const starts: number[] = [];
  const ends: number[] = [];
  let prev = -1;
  while (pos < bytes.length) {
    const gap = get();
    const ext = get();
    if (gap < 0 || ext < 0) return null;
    const s = prev + 1 + gap;
    if (ext % 2 === 1) {
      const first = get();
      if (first < 0 || first > (ext - 1) / 2) return null;
      starts.push(s);
      ends.push(s + first);
    }
    starts.push(s);
    ends.push(s + Math.floor(ext / 2));
    prev = s;
  }
  if (starts.some((s, i) => s > 0x7fffffff || ends[i]! > 0x7fffffff)) return null;
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}
