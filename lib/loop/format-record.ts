/**
 * Trace events for a reply in any edit format (reference §7, §3.3), the same steps as SEARCH/REPLACE's:
 * "parse" (how many edits, or the parser's exact error: `output-parse`), "permission" (the questions and refusals),
 * "apply" (the format's failure text: `block-mismatch`; or an exception's text), "commit" (none without git).
 */
import { EDIT_ERRORS_URL } from "../editformats/coder.js";
import type { ErrorClassId } from "./error-classes.js";
import type { FormatReplyResult } from "./format-workspace.js";
import type { TraceRecorder } from "./trace.js";
import type { UpdateResult } from "./workspace.js";

/** What the apply step hands back to the loop. */
export interface ApplyStep {
  update: UpdateResult | null;
  reflected: string | null;
  errorClass: ErrorClassId | null;
  shellCommands: string[];
}

/** Records one reply's parse and apply in `trace`; returns the loop's view of it. */
export function recordFormatReply(trace: TraceRecorder, r: FormatReplyResult, workspace: string): ApplyStep {
  if (!r.parsed.ok) {
    const title = r.parsed.crashed ? "Exception while updating files (the parser crashed)" : "The LLM did not conform to the edit format.";
    trace.add("parse", `${r.format}: ${title}`, { ok: false, errorClass: "output-parse", detail: r.parsed.error });
    return { update: null, reflected: r.parsed.error, errorClass: "output-parse", shellCommands: [] };
  }
  const shell = r.parsed.shellCommands.length > 0 ? `, ${r.parsed.shellCommands.length} shell block(s)` : "";
  trace.add("parse", `${r.format}: ${r.parsed.edits} edit(s)${shell}`, { ok: true });
  const u = r.update;
  if (u === null) return { update: null, reflected: null, errorClass: null, shellCommands: r.parsed.shellCommands };
  const boilerplate = new Set(["The LLM did not conform to the edit format.", EDIT_ERRORS_URL, "", "Exception while updating files:", u.reflected]);
  for (const p of u.printed) {
    if (p.level === "ask") trace.add("permission", p.text);
    else if (p.text.startsWith("Applied edit to ")) trace.add("apply", `${p.text.slice("Applied edit to ".length)}: applied`, { ok: true });
    else if (!boilerplate.has(p.text)) trace.add("apply", `${p.level}: ${p.text}`, { ok: p.level === "output" ? null : false });
  }
  for (const path of u.refused) trace.add("permission", `${path}: edits dropped (allowed_to_edit refused)`, { ok: false });
  if (u.reflected !== null) {
    const crashed = r.malformed === 0;
    trace.add("apply", crashed ? "Exception while updating files" : "the failure message for the model", { ok: false, errorClass: "block-mismatch", detail: u.reflected });
  }
  trace.add("commit", `no commit (${workspace})`, { detail: `history gets: ${u.reply}` });
  return { update: u, reflected: u.reflected, errorClass: u.reflected === null ? null : "block-mismatch", shellCommands: r.parsed.shellCommands };
}
