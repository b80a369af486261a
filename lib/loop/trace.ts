/**
 * The trace of one loop run: an ordered list of events (a request sent, each provider attempt, the parse, each
 * edit applied or failed, commits, lint, test, the reflection, the stop), each tagged with the error class of
 * seed 001 §11 when it reports a failure. `traceRows` gives a table for a notebook; `formatTrace` the text the
 * CLI prints.
 */
import { requireArray } from "../core/validate.js";
import type { ErrorClassId } from "./error-classes.js";

export type LoopEventKind =
  | "request" // send_message starts: the user's message or a reflected one
  | "model-call" // one attempt at the provider
  | "provider-error" // that attempt failed (retried, or not)
  | "reply" // the model's reply
  | "file-mention" // the reply named files outside the chat
  | "parse" // SEARCH/REPLACE parsing
  | "permission" // allowed_to_edit refused a path, or asked a question
  | "dirty-commit" // the user's uncommitted changes committed before the edits
  | "apply" // one edit applied, or failed
  | "commit" // auto_commit of the edited files
  | "lint"
  | "shell" // shell commands the reply suggested (never run here)
  | "test"
  | "reflect" // a reflected message becomes the next request
  | "warning"
  | "handoff" // architect → editor (`aider/coders/architect_coder.py`)
  | "stop";

/** The component that performs each step: the owners of seed 001 §11's table, plus the loop itself (`run_one`). */
export const STEP_OWNERS: Readonly<Record<LoopEventKind, string>> = Object.freeze({
  request: "context builder",
  "model-call": "model client",
  "provider-error": "model client",
  reply: "model client",
  "file-mention": "context builder",
  parse: "edit-format parser",
  permission: "edit executor",
  "dirty-commit": "GitRepo / user",
  apply: "edit executor",
  commit: "GitRepo / user",
  lint: "validation runner",
  shell: "edit-format parser",
  test: "validation runner",
  reflect: "loop (run_one)",
  warning: "loop (run_one)",
  handoff: "architect coder",
  stop: "loop (run_one)",
});

/** Why the loop stopped. */
export type StopReason = "done" | "max-reflections" | "provider-error" | "context-overflow" | "script-ended" | "truncated";

export interface LoopEvent {
  /** 1-based position in the trace. */
  seq: number;
  /** Which request this belongs to: 0 for the user's message, n for the n-th reflection. */
  round: number;
  kind: LoopEventKind;
  /** The component that performed the step (`STEP_OWNERS`). */
  owner: string;
  /** true / false for steps that pass or fail; null for the others. */
  ok: boolean | null;
  /** The error class (seed 001 §11) of a failure; null otherwise. */
  errorClass: ErrorClassId | null;
  /** One line. */
  summary: string;
  /** The full text (an error message, a reflected message), or null. */
  detail: string | null;
}

/** Collects events in order. */
export class TraceRecorder {
  readonly events: LoopEvent[] = [];
  round = 0;

  /** `listener` sees each event as it is added (a live view of a slow, real model); null: none. */
  constructor(private readonly listener: ((event: LoopEvent) => void) | null = null) {}

  add(kind: LoopEventKind, summary: string, more: { ok?: boolean | null; errorClass?: ErrorClassId | null; detail?: string | null } = {}): LoopEvent {
    const event: LoopEvent = {
      seq: this.events.length + 1,
      round: this.round,
      kind,
      owner: STEP_OWNERS[kind],
      ok: more.ok ?? null,
      errorClass: more.errorClass ?? null,
      summary,
      detail: more.detail ?? null,
    };
    this.events.push(event);
    this.listener?.(event);
    return event;
  }
}

/** One row per event, for a table: seq, round, step, owner, result (✓ ✗ or blank), class, summary. */
export interface TraceRow {
  "#": number;
  round: string;
  step: LoopEventKind;
  owner: string;
  result: string;
  class: string;
  summary: string;
}

const mark = (ok: boolean | null): string => (ok === null ? "" : ok ? "✓" : "✗");
const roundName = (round: number): string => (round === 0 ? "user" : `reflection ${round}`);

/** The events as table rows (details left out: show them with `formatTrace` or from the events). */
export function traceRows(events: readonly LoopEvent[]): TraceRow[] {
  requireArray("traceRows", "events", events);
  return events.map((e) => ({ "#": e.seq, round: roundName(e.round), step: e.kind, owner: e.owner, result: mark(e.ok), class: e.errorClass ?? "", summary: e.summary }));
}

/** The events as text, one line each, with details indented under their event when `details` is true. */
export function formatTrace(events: readonly LoopEvent[], details = true): string {
  requireArray("formatTrace", "events", events);
  const lines: string[] = [];
  let round = -1;
  for (const e of events) {
    if (e.round !== round) {
      round = e.round;
      lines.push(`── ${roundName(round)} ──`);
    }
    const cls = e.errorClass ? ` [${e.errorClass}]` : "";
    lines.push(`${String(e.seq).padStart(3)}  ${e.kind.padEnd(14)} ${mark(e.ok) || " "}  ${e.summary}${cls}`);
    if (details && e.detail !== null) {
      for (const l of e.detail.replace(/\n$/, "").split("\n")) lines.push(`       │ ${l}`);
    }
  }
  return lines.join("\n") + "\n";
}
