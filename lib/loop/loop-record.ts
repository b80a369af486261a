/**
 * How the steps of a request become trace events (seed 001 §11 classes): the model client's attempts (a failure
 * is `provider`, retried or not, or `context-overflow`), and what `apply_updates` + `auto_commit` did (questions,
 * the parse (`output-parse`), refusals, the dirty commit (`git`), re-targeting, each edit applied or failed
 * (`block-mismatch`), Aider's failure message, git errors, the commit and what the history gets), the same steps
 * for every edit format (aider/coders/base_coder.py `send_message`, `apply_updates`, `auto_commit`).
 */
import { EDIT_ERRORS_URL } from "../editformats/coder.js";
import type { ErrorClassId } from "./error-classes.js";
import type { Attempt } from "./model-client.js";
import type { ModelReply } from "./scripted-model.js";
import type { TraceRecorder } from "./trace.js";
import type { Printed, UpdateResult } from "./workspace.js";

/** One event per provider attempt; returns how many of them were retried. `retriesBefore` numbers the retries. */
export function recordAttempts(trace: TraceRecorder, attempts: readonly Attempt[], by: { modelName: string; retriesBefore: number }): number {
  const { modelName, retriesBefore } = by;
  let retries = 0;
  attempts.forEach((a, i) => {
    if (a.error === null) {
      const about = a.reply === null ? "" : replyFacts(a.reply);
      trace.add("model-call", `attempt ${i + 1}: ${modelName} answered${about}`, { ok: true });
      return;
    }
    const errorClass: ErrorClassId = a.error.kind === "context-window" ? "context-overflow" : "provider";
    if (a.retryAfter !== null) retries++;
    const asked = a.error.retryAfter !== null ? ` (the provider's Retry-After: ${a.error.retryAfter} s)` : "";
    const next =
      a.retryAfter !== null
        ? `model client retries in ${a.retryAfter} s${asked} (provider retry ${retriesBefore + retries}; not a reflection)`
        : errorClass === "context-overflow"
          ? "not retried: the context must shrink"
          : "not retried";
    trace.add("provider-error", `attempt ${i + 1}: ${a.error.message}`, { ok: false, errorClass, detail: next });
  });
  return retries;
}

/** What the server said about a reply, for the model-call event: " (streamed in 12 pieces; 812 + 45 tokens; …)" or "". */
export function replyFacts(r: ModelReply): string {
  const facts: string[] = [];
  if (r.chunks !== null) facts.push(`streamed in ${r.chunks} piece${r.chunks === 1 ? "" : "s"}`);
  if (r.usage !== null) facts.push(`${r.usage.promptTokens} prompt + ${r.usage.completionTokens} reply tokens`);
  if (r.cost !== null) facts.push(`$${r.cost}`);
  if (r.finishReason !== null) facts.push(`finish_reason ${r.finishReason}`);
  return facts.length === 0 ? "" : ` (${facts.join("; ")})`;
}

/** What the apply step hands back to the loop. */
export interface ApplyStep {
  update: UpdateResult | null;
  reflected: string | null;
  errorClass: ErrorClassId | null;
  shellCommands: string[];
}

const SEARCH_REPLACE = new Set(["diff", "diff-fenced", "editor-diff", "editor-diff-fenced"]);

/** Chain lines the trace shows elsewhere (the parse and reflect events, the commit events), or Aider's boilerplate. */
function shownElsewhere(p: Printed, u: UpdateResult): boolean {
  const boilerplate = ["The LLM did not conform to the edit format.", EDIT_ERRORS_URL, "", "Exception while updating files:", u.reflected, u.gitError];
  return p.level === "ask" || boilerplate.includes(p.text) || /^(Committing .* before applying edits\.|You can use \/undo)/.test(p.text);
}

/** Events for one reply's `apply_updates` (get_edits included) and `auto_commit`; returns the loop's view of it. */
export function recordUpdate(trace: TraceRecorder, u: UpdateResult, workspace: string): ApplyStep {
  const blocks = SEARCH_REPLACE.has(u.format);
  if (u.parsed === null) {
    const title = u.malformed > 0 ? "The LLM did not conform to the edit format." : "Exception while updating files (the parser crashed)";
    trace.add("parse", blocks ? title : `${u.format}: ${title}`, { ok: false, errorClass: "output-parse", detail: u.reflected });
    return { update: null, reflected: u.reflected, errorClass: "output-parse", shellCommands: [] };
  }
  const shell = u.shellCommands.length > 0 ? `, ${u.shellCommands.length} shell block(s)` : "";
  trace.add("parse", blocks ? `${u.parsed} SEARCH/REPLACE block(s)${shell}` : `${u.format}: ${u.parsed} edit(s)${shell}`, { ok: true });
  if (u.parsed === 0) return { update: null, reflected: null, errorClass: null, shellCommands: u.shellCommands };
  for (const p of u.printed) if (p.level === "ask") trace.add("permission", p.text);
  for (const path of u.refused) trace.add("permission", `${path}: edits dropped (allowed_to_edit refused)`, { ok: false });
  for (const c of u.commits.filter((c) => c.kind === "dirty")) {
    trace.add("dirty-commit", `${u.dirtyPaths.join(", ")} had uncommitted changes: committed as the user's first (${c.sha})`, {
      errorClass: "git",
      detail: c.message,
    });
  }
  for (const r of u.retargeted) trace.add("apply", `an edit for ${r.from} is re-targeted to ${r.to}: its SEARCH is only there (dry run)`);
  for (const o of u.outcomes) {
    trace.add("apply", `${o.path}: ${o.applied ? "applied" : "SEARCH failed to match"}${o.how ? ` (${o.how})` : ""}`, {
      ok: o.applied,
      errorClass: o.applied ? null : "block-mismatch",
    });
  }
  if (u.outcomes.length === 0) {
    // formats that report no per-edit outcome: what they printed
    for (const p of u.printed.filter((p) => !shownElsewhere(p, u))) {
      if (p.text.startsWith("Applied edit to ")) trace.add("apply", `${p.text.slice("Applied edit to ".length)}: applied`, { ok: true });
      else trace.add("apply", `${p.level}: ${p.text}`, { ok: p.level === "output" ? null : false });
    }
  }
  if (u.reflected !== null) {
    const crashed = u.malformed === 0;
    trace.add("apply", crashed ? "Exception while updating files" : "the failure message for the model", {
      ok: false,
      errorClass: "block-mismatch",
      detail: u.reflected,
    });
  }
  if (u.gitError !== null) trace.add("commit", "Unable to commit (printed, not reflected)", { ok: false, errorClass: "git", detail: u.gitError });
  const aider = u.commits.filter((c) => c.kind === "aider");
  // A commit made is a step that passed (green in the timeline); no commit is a step with no outcome. A passed
  // commit says nothing about the tests (seed 000: "committed" is not "tested").
  trace.add("commit", aider.length > 0 ? `auto_commit ${aider.map((c) => c.sha).join(", ")}` : `no commit (${workspace})`, {
    ok: aider.length > 0 ? true : null,
    detail: `history gets: ${u.reply}`,
  });
  return { update: u, reflected: u.reflected, errorClass: u.reflected === null ? null : "block-mismatch", shellCommands: u.shellCommands };
}
