/**
 * Python `difflib`'s opcode and unified-diff layer over `SequenceMatcher` (lib/core/difflib.ts): `get_opcodes`,
 * `get_grouped_opcodes(n)` and `unified_diff(a, b, n=n)` with empty file names and `lineterm="\n"`. Aider's udiff
 * coder rebuilds every hunk with `unified_diff(before, after, n=max(len))` and drops the 3 header lines
 * (`aider/coders/udiff_coder.py` normalize_hunk, make_new_lines_explicit); its live whole-file view uses n=5 (`aider/coders/wholefile_coder.py`).
 * Lines are compared whole, line endings included, with difflib's default autojunk.
 */
import { SequenceMatcher } from "./difflib.js";
import { requireInteger, requireStringArray } from "./validate.js";

export type OpTag = "equal" | "replace" | "delete" | "insert";
/** One opcode: a[i1:i2] becomes b[j1:j2]. */
export type Opcode = readonly [tag: OpTag, i1: number, i2: number, j1: number, j2: number];

/** Python's `SequenceMatcher(None, a, b).get_opcodes()`. */
export function getOpcodes(a: readonly string[], b: readonly string[]): Opcode[] {
  const out: Opcode[] = [];
  let i = 0;
  let j = 0;
  for (const m of new SequenceMatcher(a, b).getMatchingBlocks()) {
    const tag: OpTag | "" = i < m.a && j < m.b ? "replace" : i < m.a ? "delete" : j < m.b ? "insert" : "";
    if (tag) out.push([tag, i, m.a, j, m.b]);
    i = m.a + m.size;
    j = m.b + m.size;
    if (m.size) out.push(["equal", m.a, i, m.b, j]);
  }
  return out;
}

/** Python's `get_grouped_opcodes(n)`: change groups with up to `n` lines of context each side. */
export function getGroupedOpcodes(a: readonly string[], b: readonly string[], n = 3): Opcode[][] {
  let codes = getOpcodes(a, b);
  if (codes.length === 0) codes = [["equal", 0, 1, 0, 1]];
  const first = codes[0]!;
  if (first[0] === "equal") codes[0] = [first[0], Math.max(first[1], first[2] - n), first[2], Math.max(first[3], first[4] - n), first[4]];
  const last = codes[codes.length - 1]!;
  if (last[0] === "equal") codes[codes.length - 1] = [last[0], last[1], Math.min(last[2], last[1] + n), last[3], Math.min(last[4], last[3] + n)];
  const groups: Opcode[][] = [];
  let group: Opcode[] = [];
  for (const code of codes) {
    let [tag, i1, i2, j1, j2] = code;
    if (tag === "equal" && i2 - i1 > 2 * n) {
      group.push([tag, i1, Math.min(i2, i1 + n), j1, Math.min(j2, j1 + n)]);
      groups.push(group);
      group = [];
      i1 = Math.max(i1, i2 - n);
      j1 = Math.max(j1, j2 - n);
    }
    group.push([tag, i1, i2, j1, j2]);
  }
  if (group.length > 0 && !(group.length === 1 && group[0]![0] === "equal")) groups.push(group);
  return groups;
}

function formatRange(start: number, stop: number): string {
  let beginning = start + 1;
  const length = stop - start;
  if (length === 1) return `${beginning}`;
  if (!length) beginning -= 1;
  return `${beginning},${length}`;
}

/** Python's `list(difflib.unified_diff(a, b, n=n))` with empty file names: "--- \n", "+++ \n", "@@ … @@\n", lines. */
export function unifiedDiff(a: readonly string[], b: readonly string[], n = 3): string[] {
  requireStringArray("unifiedDiff", "a", a);
  requireStringArray("unifiedDiff", "b", b);
  requireInteger("unifiedDiff", "n", n, 0);
  const out: string[] = [];
  for (const group of getGroupedOpcodes(a, b, n)) {
    if (out.length === 0) out.push("--- \n", "+++ \n");
    const first = group[0]!;
    const last = group[group.length - 1]!;
    out.push(`@@ -${formatRange(first[1], last[2])} +${formatRange(first[3], last[4])} @@\n`);
    for (const [tag, i1, i2, j1, j2] of group) {
      if (tag === "equal") {
        for (const line of a.slice(i1, i2)) out.push(" " + line);
        continue;
      }
      if (tag === "replace" || tag === "delete") for (const line of a.slice(i1, i2)) out.push("-" + line);
      if (tag === "replace" || tag === "insert") for (const line of b.slice(j1, j2)) out.push("+" + line);
    }
  }
  return out;
}
