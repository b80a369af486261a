/**
 * A loop run as notebook 06 shows it (seed 001 §2, §5 and §11): a caption line — the run's title
 * and its counts (requests, reflections, provider retries, malformed replies, tokens) — that folds out the full
 * trace as a table, and under it the run's timeline picture; a reader sees the run and opens the steps only when
 * they want them. Also `foldedText`, a long text (a prompt, a reflected message, a printed trace) folded the
 * same way. Both return HTML for `tslab.display.html`, in Jupyter and on the workbench's pages alike.
 */
import { rejectUnknownKeys, requireArray, requireBoolean, requireInteger, requireRecord, requireString } from "../core/validate.js";
import type { LoopCounts, LoopResult, LoopUsage } from "../loop/loop-options.js";
import { traceRows } from "../loop/trace.js";
import { escapeHtml, htmlTable } from "./table.js";
import { timelinePicture } from "./timeline.js";

export interface LoopRunPanelOptions {
  /** The picture's title (what the run shows). */
  title?: string;
  /** The picture's counts and colour legend (default true; leave them out where the page explains them once). */
  legend?: boolean;
}

/** The parts of a `LoopResult` the panel reads. */
export type LoopRunView = Pick<LoopResult, "events" | "counts" | "stopReason" | "usage">;

const WHERE = "loopRunPanel";
const plural = (n: number, one: string, many: string = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The run's counts and usage as one line: what the folded trace's summary says (requests and reflections always;
 * provider retries, malformed replies and tokens only when there are some).
 */
export function runSummary(counts: LoopCounts, usage: LoopUsage): string {
  const c = requireRecord("runSummary", "counts", counts);
  const n = (k: keyof LoopCounts) => requireInteger("runSummary", `counts.${k}`, c[k], 0);
  const u = requireRecord("runSummary", "usage", usage);
  const parts = [plural(n("requests"), "request"), plural(n("reflections"), "reflection")];
  if (n("providerRetries") > 0) parts.push(plural(n("providerRetries"), "provider retry", "provider retries"));
  if (n("malformedResponses") > 0) parts.push(plural(n("malformedResponses"), "malformed reply", "malformed replies"));
  if (u.promptTokens !== null) parts.push(`tokens ${String(u.promptTokens)} + ${String(u.completionTokens)}${u.cost === null ? ", no cost reported" : `, $${String(u.cost)}`}`);
  return parts.join(" · ");
}

/** The run's title and counts as a line that folds out its full trace, then the run's timeline picture. */
export function loopRunPanel(run: LoopRunView, options: LoopRunPanelOptions = {}): string {
  const r = requireRecord(WHERE, "run", run);
  const events = requireArray(WHERE, "run.events", r.events) as LoopResult["events"];
  const stopReason = requireString(WHERE, "run.stopReason", r.stopReason);
  const o = requireRecord(WHERE, "options", options);
  rejectUnknownKeys(WHERE, "options", o, ["title", "legend"]);
  const title = o.title === undefined ? undefined : requireString(WHERE, "options.title", o.title);
  const legend = o.legend === undefined ? true : requireBoolean(WHERE, "options.legend", o.legend);
  const picture = timelinePicture(events, title === undefined ? { stopReason, legend } : { label: title, stopReason, legend });
  const counts = `${runSummary(r.counts as LoopCounts, r.usage as LoopUsage)} · trace: ${plural(events.length, "step")}`;
  const caption = title === undefined ? escapeHtml(counts) : `<b>${escapeHtml(title)}</b> <span style="color:#57606a;font-size:.9em">— ${escapeHtml(counts)}</span>`;
  return `<div class="wb-loop-run"><details><summary>${caption}</summary>${htmlTable(traceRows(events))}</details>${picture}</div>`;
}

/** `text` in a <pre>, folded away under `summary` (both escaped). */
export function foldedText(summary: string, text: string): string {
  requireString("foldedText", "summary", summary);
  requireString("foldedText", "text", text);
  return `<details><summary>${escapeHtml(summary)}</summary><pre>${escapeHtml(text)}</pre></details>`;
}
