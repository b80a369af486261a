/**
 * Diffs in colour for notebooks (seed 000 KP2 and KP3): a unified view of two texts — removed lines red, added
 * green, the changed characters inside a replaced line marked darker — computed by the `diff` package (jsdiff's
 * Myers diff, not a hand-written LCS), and git's own patches coloured as git colours them. Whitespace can be made
 * visible, for the indentation cases of the replace chain.
 */
import { diffChars, diffLines } from "diff";
import { WorkbenchInputError } from "../core/errors.js";
import { requireInteger, requireString } from "../core/validate.js";
import { escapeHtml, visibleWhitespace } from "./table.js";

export interface DiffViewOptions {
  title?: string;
  /** "·" for spaces, "→" for tabs (default false). */
  whitespace?: boolean;
  /** Unchanged lines kept around each change (default: all). */
  context?: number;
  /** A status shown beside the title: "applied", "failed" … coloured by `ok`. */
  status?: { text: string; ok: boolean };
}

const WHERE = "diffView";
const STYLE = {
  table: "border-collapse:collapse;font:12.5px/1.45 DejaVu Sans Mono,Menlo,Consolas,monospace;margin:4px 0;min-width:320px",
  del: "background:#ffebe9",
  add: "background:#dafbe1",
  delMark: "background:#ffc1ba",
  addMark: "background:#aceebb",
  num: "color:#6e7781;text-align:right;padding:0 6px;user-select:none;border-right:1px solid #d0d7de",
  code: "white-space:pre;padding:0 8px",
  hunk: "background:#ddf4ff;color:#57606a",
};

interface Row {
  kind: " " | "-" | "+";
  oldNo: number | null;
  newNo: number | null;
  html: string;
}

const lineText = (s: string, ws: boolean) => escapeHtml(ws ? visibleWhitespace(s).replace(/⏎\n?$/, "⏎") : s);

function splitKeep(value: string): string[] {
  const lines = value.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Character marks for a removed and an added line of one replacement. */
function markPair(oldLine: string, newLine: string, ws: boolean): [string, string] {
  let a = "", b = "";
  for (const part of diffChars(oldLine, newLine)) {
    const t = lineText(part.value, ws);
    if (part.removed) a += `<span style="${STYLE.delMark}">${t}</span>`;
    else if (part.added) b += `<span style="${STYLE.addMark}">${t}</span>`;
    else (a += t), (b += t);
  }
  return [a, b];
}

/** The rows of the diff of `before` → `after`. */
export function diffRows(before: string, after: string, whitespace = false): Row[] {
  const rows: Row[] = [];
  let o = 1, n = 1;
  const parts = diffLines(before, after);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part.removed && next?.added) {
      const dels = splitKeep(part.value), adds = splitKeep(next.value);
      const marked = dels.map((d, j) => (j < adds.length ? markPair(d, adds[j]!, whitespace) : [lineText(d, whitespace), ""]));
      dels.forEach((_, j) => rows.push({ kind: "-", oldNo: o++, newNo: null, html: marked[j]![0]! }));
      adds.forEach((a, j) => rows.push({ kind: "+", oldNo: null, newNo: n++, html: j < dels.length ? markPair(dels[j]!, a, whitespace)[1] : lineText(a, whitespace) }));
      i++;
      continue;
    }
    for (const line of splitKeep(part.value)) {
      if (part.removed) rows.push({ kind: "-", oldNo: o++, newNo: null, html: lineText(line, whitespace) });
      else if (part.added) rows.push({ kind: "+", oldNo: null, newNo: n++, html: lineText(line, whitespace) });
      else rows.push({ kind: " ", oldNo: o++, newNo: n++, html: lineText(line, whitespace) });
    }
  }
  return rows;
}

function keepContext(rows: Row[], context: number): (Row | null)[] {
  const near = rows.map((_, i) => rows.slice(Math.max(0, i - context), i + context + 1).some((r) => r.kind !== " "));
  const out: (Row | null)[] = [];
  rows.forEach((r, i) => {
    if (near[i]) out.push(r);
    else if (out[out.length - 1] !== null) out.push(null);
  });
  return out;
}

/** `before` → `after` as a coloured unified diff (HTML). Identical texts say so. */
export function diffView(before: string, after: string, options: DiffViewOptions = {}): string {
  requireString(WHERE, "before", before);
  requireString(WHERE, "after", after);
  const ws = options.whitespace ?? false;
  let rows: (Row | null)[] = diffRows(before, after, ws);
  if (options.context !== undefined) rows = keepContext(rows as Row[], requireInteger(WHERE, "options.context", options.context, 0));
  if (options.status && (typeof options.status.text !== "string" || typeof options.status.ok !== "boolean")) {
    throw new WorkbenchInputError(WHERE, "options.status", "must be { text: string, ok: boolean }", options.status);
  }
  const changed = rows.some((r) => r !== null && r.kind !== " ");
  const body = rows
    .map((r) => {
      if (r === null) return `<tr><td style="${STYLE.num}"></td><td style="${STYLE.num}"></td><td style="${STYLE.code};${STYLE.hunk}">⋯</td></tr>`;
      const bg = r.kind === "-" ? STYLE.del : r.kind === "+" ? STYLE.add : "";
      return `<tr class="diff-${r.kind === "-" ? "del" : r.kind === "+" ? "add" : "same"}" style="${bg}"><td style="${STYLE.num}">${r.oldNo ?? ""}</td><td style="${STYLE.num}">${r.newNo ?? ""}</td><td style="${STYLE.code}">${r.kind} ${r.html}</td></tr>`;
    })
    .join("\n");
  const status = options.status
    ? ` <span style="color:#fff;background:${options.status.ok ? "#1a7f37" : "#cf222e"};border-radius:10px;padding:0 8px;font-weight:normal">${escapeHtml(options.status.text)}</span>`
    : "";
  const head = options.title || status ? `<div style="font:bold 13px DejaVu Sans,Arial,sans-serif;margin:6px 0 2px">${escapeHtml(options.title ?? "")}${status}</div>` : "";
  const note = changed ? "" : `<div style="font:12px DejaVu Sans,Arial,sans-serif;color:#57606a">no change: the file is byte-identical</div>`;
  return `<div class="wb-diff">${head}${note}<table style="${STYLE.table}">${body}</table></div>`;
}

/** A git patch (`git show` / `git diff` text) coloured as git colours it: headers bold, hunks blue, − red, + green. */
export function patchView(patch: string, title?: string): string {
  requireString("patchView", "patch", patch);
  const lines = patch.replace(/\n$/, "").split("\n").map((line) => {
    const t = escapeHtml(line);
    if (/^(diff --git|index |--- |\+\+\+ |new file|deleted file|similarity|rename )/.test(line)) return `<div style="font-weight:bold">${t || " "}</div>`;
    if (line.startsWith("@@")) return `<div style="${STYLE.hunk}">${t}</div>`;
    if (line.startsWith("+")) return `<div class="diff-add" style="${STYLE.add}">${t}</div>`;
    if (line.startsWith("-")) return `<div class="diff-del" style="${STYLE.del}">${t}</div>`;
    return `<div>${t || " "}</div>`;
  });
  const head = title ? `<div style="font:bold 13px DejaVu Sans,Arial,sans-serif;margin:6px 0 2px">${escapeHtml(title)}</div>` : "";
  return `<div class="wb-patch">${head}<div style="font:12.5px/1.45 DejaVu Sans Mono,Menlo,Consolas,monospace;white-space:pre;border:1px solid #d0d7de;padding:4px 8px;overflow-x:auto">${lines.join("")}</div></div>`;
}
