/**
 * What the skeleton renderer (aider-render-tree.ts, reference §1.7) needs of a file's syntax tree, small enough to
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
import { WorkbenchInputError } from "../core/errors.js";
import type { NodeSpans } from "./aider-render-tree.js";

function checkSpans(where: string, spans: NodeSpans): void {
  if (!(spans?.starts instanceof Int32Array) || !(spans.ends instanceof Int32Array) || spans.starts.length !== spans.ends.length) {
    throw new WorkbenchInputError(where, "spans", "must be { starts, ends }: two Int32Arrays of one length", spans);
  }
}

/** At most two spans per start row, sorted by start, that give `buildTreeContext` the same index as `spans`. */
export function compactSpans(spans: NodeSpans): NodeSpans {
  checkSpans("compactSpans", spans);
  const maxEnd = new Map<number, number>();
  const multi = new Map<number, { count: number; minEnd: number }>();
  for (let k = 0; k < spans.starts.length; k++) {
    const s = spans.starts[k]!;
    const e = spans.ends[k]!;
    if (s < 0 || e < s) continue; // buildTreeContext ignores these: they cover no line and are not multi-line
    if ((maxEnd.get(s) ?? -1) < e) maxEnd.set(s, e);
    if (e > s) {
      const m = multi.get(s);
      if (!m) multi.set(s, { count: 1, minEnd: e });
      else {
        m.count++;
        if (e < m.minEnd) m.minEnd = e;
      }
    }
  }
  const rows = [...maxEnd.keys()].sort((a, b) => a - b);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const s of rows) {
    const m = multi.get(s);
    if (m && m.count > 1) {
      starts.push(s);
      ends.push(m.minEnd);
    }
    starts.push(s);
    ends.push(maxEnd.get(s)!);
  }
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/**
 * The compact spans of a tree (as `compactSpans(nodeSpans(tree, hidden))`), walking only the nodes that matter:
 * a single-line node that is not hidden is recorded and its subtree skipped.
 */
export function skeletonSpans(tree: Tree, hidden: ReadonlySet<number> = new Set()): NodeSpans {
  const starts: number[] = [];
  const ends: number[] = [];
  const cursor = tree.walk();
  try {
    for (;;) {
      let descend = true;
      if (!hidden.has(cursor.nodeTypeId)) {
        const s = cursor.startPosition.row;
        const e = cursor.endPosition.row;
        starts.push(s);
        ends.push(e);
        descend = e > s;
      }
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return compactSpans({ starts: Int32Array.from(starts), ends: Int32Array.from(ends) });
      }
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
