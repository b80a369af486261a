/**
 * Aider's architect → editor hand-off (seed 001 §12; `aider/coders/architect_coder.py`, `architect_coder.py:11-48`) with two scripted
 * models. The architect (an AskCoder: it never edits) gets the chat files and the request and answers with a plan.
 * An empty plan does nothing. Otherwise (auto_accept_architect, Aider's default) an editor coder is made with
 * the editor edit format, no repo map and NO chat history, and it runs a full turn — its own reflections included —
 * with the plan text as its user message. Afterwards the architect's history gets "I made those changes to the
 * files." and "Ok." — even when the editor's edits failed.
 */
import { rejectUnknownKeys, requireRecord, requireString } from "../core/validate.js";
import { chooseFence } from "../editblock/fence.js";
import { buildContext, type ChatMessage } from "./context.js";
import { ARCHITECT_PROMPT } from "./format-prompts.js";
import { runLoop } from "./loop.js";
import { checkLoopOptions, requireLoopModel, requireLoopWorkspace, type LoopOptions, type LoopRequest, type LoopResult } from "./loop-options.js";
import { recordAttempts } from "./loop-record.js";
import { requestWithRetry } from "./model-client.js";
import type { LoopModel } from "./scripted-model.js";
import { TraceRecorder, type LoopEvent } from "./trace.js";
import type { LoopWorkspace } from "./workspace.js";

/** What the architect coder appends to its chat after the editor ran (`move_back_cur_messages`). */
export const ARCHITECT_DONE = "I made those changes to the files.";

export interface ArchitectResult {
  /** The architect stage's trace (request, provider attempts, reply, hand-off or stop). */
  events: LoopEvent[];
  request: LoopRequest;
  /** The architect's reply (the plan), or null when the provider gave none. */
  plan: string | null;
  /** The editor's whole run, or null when nothing was handed off. */
  editor: LoopResult | null;
  /** The architect's `done_messages` afterwards. */
  history: ChatMessage[];
}

/** What `runArchitect` runs: the files, the two models (Aider's `--model` and `--editor-model`), the user's message. */
export interface ArchitectInput {
  workspace: LoopWorkspace;
  architect: LoopModel;
  editor: LoopModel;
  message: string;
}

/** Runs the architect on `input.message`, then the editor on its plan (`options.editFormat` is the editor's format). */
export async function runArchitect(input: ArchitectInput, options: Partial<LoopOptions> = {}): Promise<ArchitectResult> {
  const where = "runArchitect";
  const o = requireRecord(where, "input", input);
  rejectUnknownKeys(where, "input", o, ["workspace", "architect", "editor", "message"]);
  const workspace = requireLoopWorkspace(where, "input.workspace", o.workspace);
  const architect = requireLoopModel(where, "input.architect", o.architect);
  const editor = requireLoopModel(where, "input.editor", o.editor);
  const message = requireString(where, "input.message", o.message);
  const opts = checkLoopOptions(where, options);
  const trace = new TraceRecorder();
  const chatTexts = workspace.chatFiles().map((path) => ({ path, content: workspace.read(path) ?? "" }));
  const { fence } = chooseFence(chatTexts.map((f) => f.content));
  const current: ChatMessage[] = [{ role: "user", content: message }];
  const messages = buildContext({ fence, repoMap: opts.repoMap, history: opts.history, chatFiles: chatTexts, current, system: ARCHITECT_PROMPT });
  const request: LoopRequest = { round: 0, fence, messages, reply: null };
  trace.add("request", `architect: the user's message; context of ${messages.length} messages, ${chatTexts.length} chat file(s)`, { detail: message });
  const out = await requestWithRetry(architect, messages, { policy: opts.retry });
  recordAttempts(trace, out.attempts, { modelName: architect.name, retriesBefore: 0 });
  const history = opts.history.map((m) => ({ ...m }));
  if (out.kind !== "reply") {
    trace.add("stop", `${out.kind}: the architect gave no plan, nothing is handed to the editor`, { ok: false, errorClass: out.kind === "script-ended" ? null : out.kind === "context-overflow" ? "context-overflow" : "provider" });
    return { events: trace.events, request, plan: null, editor: null, history };
  }
  request.reply = out.text;
  trace.add("reply", `architect: ${out.text.split("\n").length} line(s) from ${architect.name} (a plan, no edits: its coder's get_edits is empty)`, { detail: out.text });
  if (!out.text.trim()) {
    trace.add("stop", "done: the architect's reply is blank, so reply_completed does nothing", { ok: true });
    return { events: trace.events, request, plan: out.text, editor: null, history };
  }
  trace.add("handoff", `the plan goes to the editor as its user message: edit format ${opts.editFormat}, no repo map, no chat history`, { ok: true });
  const result = await runLoop({ workspace, model: editor, message: out.text }, { ...options, repoMap: null, history: [], editFormat: opts.editFormat });
  history.push(...current, { role: "assistant", content: out.text }, { role: "user", content: ARCHITECT_DONE }, { role: "assistant", content: "Ok." });
  const failed = result.stopReason !== "done";
  trace.add("handoff", `the editor stopped (${result.stopReason}); the architect's history gets "${ARCHITECT_DONE}" + "Ok."${failed ? " all the same" : ""}`, {
    ok: !failed,
  });
  return { events: trace.events, request, plan: out.text, editor: result, history };
}
