/**
 * One loop run as a picture (seed 001 §2 and §5): each request round a row, each step of the trace a cell coloured
 * by its outcome (green passed, red failed, grey neither), and each reflection a loop drawn from the failure that
 * caused it back to the start of the next round. Hovering a cell shows the step's one-line summary. Why the loop
 * stopped is written after the last step (below it when the row is too long); the two legend lines can be left out
 * where the page explains the colours once for several pictures.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireArray, requireInteger, requireRecord, requireString } from "../core/validate.js";
import { COLORS, ID, num, svgDocument, text } from "./svg.js";
import { escapeHtml } from "./table.js";

/** The fields of a loop event the picture reads (lib/loop's `LoopEvent` has them). */
export interface TimelineEvent {
  round: number;
  kind: string;
  ok: boolean | null;
  summary: string;
  errorClass?: string | null;
}

export interface TimelineOptions {
  title?: string;
  /** Why the loop stopped, written at the end. */
  stopReason?: string;
  width?: number;
  /** The picture's accessible name when it has no title (a caption beside it says what it shows). */
  label?: string;
  /** The counts and the colour legend under the picture (default true). */
  legend?: boolean;
}

export const TIMELINE_DEFAULTS = Object.freeze({ legend: true });

const WHERE = "timelinePicture";
const SHORT: Readonly<Record<string, string>> = Object.freeze({
  request: "request",
  "model-call": "call",
  "provider-error": "error",
  reply: "reply",
  "file-mention": "mention",
  parse: "parse",
  permission: "permit",
  "dirty-commit": "dirty",
  apply: "apply",
  commit: "commit",
  lint: "lint",
  shell: "shell",
  test: "test",
  reflect: "reflect",
  warning: "warn",
  stop: "stop",
});

/** The run as rows of coloured cells, one row per round, reflections drawn as loops back. */
export function timelinePicture(events: readonly TimelineEvent[], options: TimelineOptions = {}): string {
  const evs = requireArray(WHERE, "events", events).map((e, i) => {
    const r = requireRecord(WHERE, `events[${i}]`, e);
    const ok = r.ok;
    if (ok !== null && typeof ok !== "boolean") throw new WorkbenchInputError(WHERE, `events[${i}].ok`, "must be true, false or null", ok);
    return { round: requireInteger(WHERE, `events[${i}].round`, r.round, 0), kind: requireString(WHERE, `events[${i}].kind`, r.kind), ok, summary: requireString(WHERE, `events[${i}].summary`, r.summary), errorClass: typeof r.errorClass === "string" ? r.errorClass : null };
  });
  if (evs.length === 0) throw new WorkbenchInputError(WHERE, "events", "must hold an event", events);
  const rounds = [...new Set(evs.map((e) => e.round))].sort((a, b) => a - b);
  const perRow = Math.max(...rounds.map((r) => evs.filter((e) => e.round === r).length));
  const legend = options.legend ?? TIMELINE_DEFAULTS.legend;
  if (typeof legend !== "boolean") throw new WorkbenchInputError(WHERE, "options.legend", "must be a boolean", legend);
  const labelW = 118, cellW = 58, cellH = 22, gap = 4, rowH = 39;
  // Why it stopped goes after the last row's last step (≈ 8 px a character at 13 px bold) when the picture stays
  // within a page's width (800 px) that way; else under the last row.
  const stopText = options.stopReason ? `stop: ${options.stopReason}` : "";
  const lastCount = evs.filter((e) => e.round === rounds[rounds.length - 1]).length;
  const natural = Math.max(560, labelW + perRow * (cellW + gap) + 30);
  const besideEnd = labelW + lastCount * (cellW + gap) + 6 + stopText.length * 8 + 8;
  const width = options.width ?? (stopText !== "" && besideEnd <= 800 ? Math.max(natural, besideEnd) : natural);
  const cw = Math.min(cellW, (width - labelW - 30) / perRow - gap);
  const top = options.title ? 30 : 6;
  const parts: string[] = [];
  const rowY = (i: number) => top + i * rowH;
  rounds.forEach((round, i) => {
    const y = rowY(i);
    parts.push(text(8, y + 16, round === 0 ? "user request" : `reflection ${round}`, 13, 'font-weight="bold"'));
    evs.filter((e) => e.round === round).forEach((e, j) => {
      const x = labelW + j * (cw + gap);
      const [stroke, fill] = e.ok === true ? [COLORS.ok, COLORS.okFill] : e.ok === false ? [COLORS.fail, COLORS.failFill] : [COLORS.neutral, COLORS.neutralFill];
      parts.push(
        `<g class="step ${e.ok === true ? "ok" : e.ok === false ? "failed" : "info"}" data-kind="${escapeHtml(e.kind)}"><title>${escapeHtml(`${e.kind}: ${e.summary}${e.errorClass ? ` [${e.errorClass}]` : ""}`)}</title>` +
          `<rect x="${num(x)}" y="${y}" width="${num(cw)}" height="${cellH}" rx="4" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/>` +
          text(x + cw / 2, y + 15, SHORT[e.kind] ?? e.kind, 12, `text-anchor="middle" fill="${stroke === COLORS.neutral ? COLORS.text : stroke}"`) +
          "</g>",
      );
    });
    const next = rounds[i + 1];
    if (next !== undefined) {
      // The reflection: from the end of this row back round to the start of the next.
      const inRow = evs.filter((e) => e.round === round);
      const cause = [...inRow].reverse().find((e) => e.ok === false);
      const xEnd = labelW + inRow.length * (cw + gap) - gap, yMid = y + cellH / 2;
      const ny = rowY(i + 1) + cellH / 2;
      parts.push(
        `<path class="reflection" d="M${num(xEnd + 2)},${num(yMid)} C${num(xEnd + 40)},${num(yMid)} ${num(xEnd + 40)},${num(y + cellH + 15)} ${num(xEnd)},${num(y + cellH + 15)} L${num(labelW - 14)},${num(y + cellH + 15)} C${num(labelW - 30)},${num(y + cellH + 15)} ${num(labelW - 30)},${num(ny)} ${num(labelW - 6)},${num(ny)}" fill="none" stroke="${COLORS.fail}" stroke-width="2" marker-end="url(#${ID}-arrow)"/>`,
      );
      parts.push(text(labelW + 4, y + cellH + 11, `reflected${cause ? `: ${cause.kind} failed${cause.errorClass ? ` (${cause.errorClass})` : ""}` : ""}`, 12, `fill="${COLORS.fail}"`));
    }
  });
  const lastY = rowY(rounds.length - 1);
  const lastEnd = labelW + lastCount * (cw + gap) + 6;
  const stopBeside = stopText !== "" && lastEnd + stopText.length * 8 <= width - 4;
  const stopY = stopBeside ? lastY + 16 : lastY + cellH + 20;
  const stop = stopText ? text(stopBeside ? lastEnd : labelW, stopY, stopText, 13, `font-weight="bold" fill="${options.stopReason === "done" ? COLORS.ok : COLORS.fail}"`) : "";
  const counts = `${evs.filter((e) => e.ok === true).length} passed · ${evs.filter((e) => e.ok === false).length} failed · ${rounds.length - 1} reflection${rounds.length === 2 ? "" : "s"}`;
  const body = (stopBeside || !stopText ? lastY + cellH : stopY) + 6;
  const height = body + (legend ? 34 : 0);
  const legendLines = legend
    ? text(8, height - 22, `${counts} · green passed, red failed, grey a step with no outcome`, 12, `fill="${COLORS.muted}"`) +
      text(8, height - 7, "a red loop: a failure sent back to the model (a reflection) · hover a cell for its summary", 12, `fill="${COLORS.muted}"`)
    : "";
  const defs = `<defs><marker id="${ID}-arrow" viewBox="0 0 10 10" refX="2" refY="5" markerWidth="5" markerHeight="5" markerUnits="strokeWidth" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${COLORS.fail}"/></marker></defs>`;
  const title = options.title ? text(8, 22, options.title, 15, 'font-weight="bold"') : "";
  return svgDocument(defs + title + "\n" + parts.join("\n") + "\n" + stop + legendLines, { width, height, label: options.title ?? options.label ?? "loop timeline" });
}
