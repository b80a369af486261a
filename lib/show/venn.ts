/**
 * The commit plan's sets drawn (seed 000 KP3, `commit_plan`): D (the user's dirty files) and E (the files the turn
 * edits) as two overlapping circles, every file written in its region, the unrelated files outside both. The plan's
 * before-edit commit (D ∩ E, the user's version checkpointed) and after-edit commit (E) are marked on the files, the
 * unprotected overlap in red; given what git really committed, a last line says whether git agrees.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireRecord, requireString } from "../core/validate.js";
import { COLORS, num, svgDocument, text } from "./svg.js";
import { escapeHtml } from "./table.js";

export interface VennInput {
  dirty: readonly string[];
  edited: readonly string[];
  /** Files of the repository in neither set. */
  others?: readonly string[];
  /** The plan (`commitPlan`'s result): which files each commit takes. */
  plan?: { beforeEdit: readonly string[]; afterEdit: readonly string[]; overlapWithoutCheckpoint: readonly string[] };
  /** What git committed in the real turn, to compare with the plan. */
  git?: { beforeEdit: readonly string[]; afterEdit: readonly string[] };
}

export interface VennOptions {
  title?: string;
  width?: number;
}

const WHERE = "vennPicture";

function list(where: string, param: string, v: unknown): string[] {
  return requireArray(where, param, v).map((s, i) => requireString(where, `${param}[${i}]`, s));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join("\0") === [...b].sort().join("\0");

/** D and E as a Venn diagram with the plan's commits marked. */
export function vennPicture(input: VennInput, options: VennOptions = {}): string {
  requireRecord(WHERE, "input", input);
  const dirty = new Set(list(WHERE, "input.dirty", input.dirty)), edited = new Set(list(WHERE, "input.edited", input.edited));
  const others = list(WHERE, "input.others", input.others ?? []).filter((f) => !dirty.has(f) && !edited.has(f));
  const plan = input.plan ? requireRecord(WHERE, "input.plan", input.plan) && input.plan : null;
  const before = new Set(plan ? list(WHERE, "input.plan.beforeEdit", plan.beforeEdit) : []);
  const after = new Set(plan ? list(WHERE, "input.plan.afterEdit", plan.afterEdit) : []);
  const unprotected = new Set(plan ? list(WHERE, "input.plan.overlapWithoutCheckpoint", plan.overlapWithoutCheckpoint) : []);
  for (const f of before) if (!dirty.has(f) || !edited.has(f)) throw new WorkbenchInputError(WHERE, "input.plan.beforeEdit", "must lie in D ∩ E", f);
  const width = options.width ?? 640;
  const top = options.title ? 34 : 10;
  const onlyD = [...dirty].filter((f) => !edited.has(f)).sort(), both = [...dirty].filter((f) => edited.has(f)).sort(), onlyE = [...edited].filter((f) => !dirty.has(f)).sort();
  const rows = Math.max(onlyD.length, both.length, onlyE.length, 2);
  const r = Math.max(110, 28 + rows * 17);
  const cy = top + 40 + r, cxD = width / 2 - r * 0.62, cxE = width / 2 + r * 0.62;
  const parts: string[] = [];
  parts.push(`<circle class="set-D" cx="${num(cxD)}" cy="${num(cy)}" r="${num(r)}" fill="#ddf4ff" fill-opacity="0.6" stroke="${COLORS.node}" stroke-width="2"/>`);
  parts.push(`<circle class="set-E" cx="${num(cxE)}" cy="${num(cy)}" r="${num(r)}" fill="#fbefff" fill-opacity="0.6" stroke="${COLORS.prior}" stroke-width="2"/>`);
  if (plan && after.size > 0) parts.push(`<circle class="after-commit" cx="${num(cxE)}" cy="${num(cy)}" r="${num(r + 7)}" fill="none" stroke="${COLORS.ok}" stroke-width="2.5" stroke-dasharray="8 5"/>`);
  parts.push(text(cxD - r * 0.45, top + 20, "D: dirty (yours)", 14, `text-anchor="middle" font-weight="bold" fill="${COLORS.node}"`));
  parts.push(text(cxE + r * 0.45, top + 20, "E: edited this turn", 14, `text-anchor="middle" font-weight="bold" fill="${COLORS.prior}"`));
  const column = (files: string[], x: number, caption: string, mark: (f: string) => { color: string; suffix: string }) => {
    const y0 = cy - ((files.length + 1) * 17) / 2 + 12;
    parts.push(text(x, y0, caption, 12, `text-anchor="middle" fill="${COLORS.muted}" font-style="italic"`));
    files.forEach((f, i) => {
      const m = mark(f);
      parts.push(`<g class="file" data-file="${escapeHtml(f)}">` + text(x, y0 + 17 * (i + 1), f + m.suffix, 13, `text-anchor="middle" fill="${m.color}"`) + "</g>");
    });
    if (files.length === 0) parts.push(text(x, y0 + 17, "—", 13, 'text-anchor="middle"'));
  };
  const mark = (f: string) =>
    unprotected.has(f) ? { color: COLORS.fail, suffix: " ⚠" } : before.has(f) ? { color: COLORS.ok, suffix: " ①" } : { color: COLORS.text, suffix: after.has(f) ? " ②" : "" };
  column(onlyD, cxD - r * 0.5, "left alone", mark);
  column(both, width / 2, "D ∩ E", mark);
  column(onlyE, cxE + r * 0.5, "edited", mark);
  let y = cy + r + 28;
  if (others.length) {
    parts.push(text(16, y, `outside both (untouched): ${others.sort().join(", ")}`, 13));
    y += 20;
  }
  if (plan) {
    const b = [...before].sort().join(", ") || "nothing", a = [...after].sort().join(", ") || "nothing";
    parts.push(text(16, y, `① commit before the edit (your version): ${b}`, 13, `fill="${COLORS.ok}"`));
    parts.push(text(16, y + 18, `② commit after the edit (dashed ring): ${a}`, 13, `fill="${COLORS.ok}"`));
    y += 36;
    if (unprotected.size) {
      parts.push(text(16, y, `⚠ edited with no checkpoint of your version: ${[...unprotected].sort().join(", ")}`, 13, `fill="${COLORS.fail}"`));
      y += 18;
    }
  }
  if (input.git) {
    const gb = list(WHERE, "input.git.beforeEdit", input.git.beforeEdit), ga = list(WHERE, "input.git.afterEdit", input.git.afterEdit);
    const agrees = sameSet(gb, [...before]) && sameSet(ga, [...after]);
    const line = `git committed before: ${gb.join(", ") || "nothing"} · after: ${ga.join(", ") || "nothing"} — ${agrees ? "agrees with the plan" : "DIFFERS from the plan"}`;
    parts.push(text(16, y, line, 13, `class="git-${agrees ? "agrees" : "differs"}" font-weight="bold" fill="${agrees ? COLORS.ok : COLORS.fail}"`));
    y += 18;
  }
  const title = options.title ? text(8, 20, options.title, 15, 'font-weight="bold"') : "";
  return svgDocument(title + "\n" + parts.join("\n"), { width, height: y + 8, label: options.title ?? "D and E" });
}
