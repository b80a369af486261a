/**
 * Aider's loop for one user message (seed 001 §2, §5, §7; `aider/coders/base_coder.py` `send_message/max_reflections`, `auto_commit`): `run_one` sends the message, and
 * while the turn produced a reflected message and fewer than `max_reflections` (3) reflections were made, sends
 * that message as a new user message — at most 1 + 3 requests. Each request (`send_message`):
 *
 *   context → model (provider retry with backoff, not a reflection) → file mentions → parse (`get_edits`)
 *   → `apply_updates` (re-target, permission, dirty commit, `apply_edits`: passed edits are written before the
 *   failure message is built) → `auto_commit` and the history → reflect a parse/apply failure → lint (reflect if
 *   the user agrees) → shell commands (not run) → tests with auto_test (reflect if the user agrees).
 *
 * Every step is recorded in a trace whose failures carry their seed 001 §11 error class (loop-record.ts). The
 * options, defaults and result types are in loop-options.ts.
 */
import { isAbsolute } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";
import { chooseFence } from "../editblock/fence.js";
import { coderFor } from "../editformats/formats.js";
import { buildContext, type ChatMessage, type PromptMessage } from "./context.js";
import { ERROR_CLASSES, type ErrorClassId } from "./error-classes.js";
import { checkLoopInput, checkLoopOptions, type LoopCounts, type LoopInput, type LoopOptions, type LoopRequest, type LoopResult, type LoopUsage } from "./loop-options.js";
import { recordAttempts, recordUpdate, type ApplyStep } from "./loop-record.js";
import type { Fence } from "../editblock/fence.js";
import { formatSystemPrompt } from "./format-prompts.js";
import { filesAddedMessage, findFileMentions } from "./mentions.js";
import { requestWithRetry } from "./model-client.js";
import type { LoopModel, ModelReply } from "./scripted-model.js";
import { TraceRecorder, type StopReason } from "./trace.js";
import type { CommitRecord, LoopWorkspace } from "./workspace.js";

type SendOutcome = { stop: StopReason } | { reflected: string | null; errorClass: ErrorClassId | null };

/** Runs Aider's loop for `input.message` on `input.workspace` with `input.model`; `options` over LOOP_DEFAULTS. */
export async function runLoop(input: LoopInput, options: Partial<LoopOptions> = {}): Promise<LoopResult> {
  const where = "runLoop";
  const { workspace, model, message } = checkLoopInput(where, input);
  const run = new LoopRun(workspace, model, checkLoopOptions(where, options));
  return run.runOne(message);
}

/** The state of one `run_one`: the chat, the counts, the trace. */
class LoopRun {
  private readonly trace: TraceRecorder;
  private readonly usage: LoopUsage = { promptTokens: null, completionTokens: null, cost: null };
  private readonly done: ChatMessage[];
  private cur: ChatMessage[] = [];
  private readonly counts: LoopCounts = { requests: 0, providerAttempts: 0, providerRetries: 0, reflections: 0, malformedResponses: 0 };
  private readonly requests: LoopRequest[] = [];
  private readonly commits: CommitRecord[] = [];
  private readonly ignoredMentions = new Set<string>();
  private lintRuns = 0;
  private testRuns = 0;
  private lintOutcome: boolean | null = null;
  private testOutcome: boolean | null = null;

  constructor(
    private readonly ws: LoopWorkspace,
    private readonly model: LoopModel,
    private readonly options: LoopOptions,
  ) {
    this.done = options.history.map((m) => ({ ...m }));
    this.trace = new TraceRecorder(options.onEvent);
  }

  /** `run_one`: the message, then each reflected message, at most `maxReflections` of them. */
  async runOne(userMessage: string): Promise<LoopResult> {
    const max = this.options.maxReflections;
    let message = userMessage;
    let stopReason: StopReason;
    for (;;) {
      const out = await this.sendMessage(message);
      if ("stop" in out) {
        stopReason = out.stop;
        break;
      }
      if (out.reflected === null) {
        stopReason = "done";
        this.trace.add("stop", "done: nothing to reflect", { ok: true });
        break;
      }
      const what = out.errorClass ? ERROR_CLASSES[out.errorClass].label : "file mention";
      const source = this.trace.events.findLast((e) => e.detail === out.reflected);
      const text = source ? `the text of #${source.seq}` : "its text";
      if (this.counts.reflections >= max) {
        this.trace.add("warning", `Only ${max} reflections allowed, stopping.`, { ok: false, errorClass: out.errorClass });
        this.trace.add("stop", `max-reflections: the last ${what} (${text}) is not sent back`, { ok: false, errorClass: out.errorClass });
        stopReason = "max-reflections";
        break;
      }
      this.counts.reflections++;
      this.trace.add("reflect", `reflection ${this.counts.reflections} of ${max}: ${what}, ${text}, goes back as a new user message`, {
        errorClass: out.errorClass,
      });
      this.trace.round = this.counts.reflections;
      message = out.reflected;
    }
    return {
      stopReason,
      events: this.trace.events,
      counts: { ...this.counts },
      requests: this.requests,
      history: this.done,
      current: this.cur,
      chatFiles: this.ws.chatFiles(),
      files: await this.ws.snapshot(),
      commits: this.commits,
      lintOutcome: this.lintOutcome,
      testOutcome: this.testOutcome,
      usage: { ...this.usage },
    };
  }

  /** `send_message`: one request and everything that follows its reply. */
  private async sendMessage(message: string): Promise<SendOutcome> {
    const { trace } = this;
    this.counts.requests++;
    this.cur.push({ role: "user", content: message });
    const chatTexts = this.ws.chatFiles().map((path) => ({ path, content: this.ws.read(path) ?? "" }));
    const { fence, fellBack } = chooseFence(chatTexts.map((f) => f.content));
    if (fellBack) trace.add("warning", "Unable to find a fencing strategy! Falling back to ```");
    const system = formatSystemPrompt(this.options.editFormat, fence);
    const messages = buildContext({ fence, repoMap: this.options.repoMap, history: this.done, chatFiles: chatTexts, current: this.cur, ...(system === null ? {} : { system }) });
    const request: LoopRequest = { round: trace.round, fence, messages, reply: null };
    this.requests.push(request);
    const who = trace.round === 0 ? "the user's message" : `reflection ${trace.round} as a user message`;
    trace.add("request", `${who}; context of ${messages.length} messages, ${chatTexts.length} chat file(s), fence ${fence[0]}`, {
      detail: trace.round === 0 ? message : null, // a reflection's text is shown where it arose
    });

    const answer = await this.callModel(messages);
    if ("stop" in answer) return answer;
    const reply = answer.text;
    request.reply = reply;
    this.cur.push({ role: "assistant", content: reply });
    const lines = reply.split("\n").length;
    trace.add("reply", `${lines} line(s) from ${this.model.name}`, { detail: reply });
    if (answer.finishReason === "length") {
      // cut off at the output token limit: a half block could be applied half, so nothing of it is parsed
      this.counts.malformedResponses++;
      trace.add("parse", "the reply was cut off at the token limit (finish_reason length): not parsed, nothing applied", {
        ok: false,
        errorClass: "output-parse",
      });
      trace.add("stop", "truncated: raise the model's output limit or ask for a smaller change", { ok: false, errorClass: "output-parse" });
      return { stop: "truncated" };
    }

    const mention = await this.checkFileMentions(reply);
    if (mention !== null) return { reflected: mention, errorClass: null };

    // apply_updates
    const { update, reflected, errorClass, shellCommands } = await this.applyReply(reply, fence);
    const edited = update?.edited ?? [];
    if (edited.length > 0) {
      // move_back_cur_messages: this turn goes into the history, followed by the commit reply and "Ok."
      this.done.push(...this.cur, { role: "user", content: update!.reply }, { role: "assistant", content: "Ok." });
      this.cur = [];
    }
    if (reflected !== null) return { reflected, errorClass };

    if (edited.length > 0 && this.options.autoLint && this.options.lint) {
      const errors = await this.options.lint({ edited, read: (p) => this.ws.read(p), run: ++this.lintRuns });
      this.lintOutcome = !errors;
      const asked = this.validationResult("lint", errors, "Attempt to fix lint errors?", this.options.fixLintErrors);
      if (asked !== null) return asked;
    }
    if (shellCommands.length > 0) {
      trace.add("shell", `${shellCommands.length} shell command block(s) suggested; the workbench does not run them`, {
        detail: shellCommands.join("\n"),
      });
    }
    if (edited.length > 0 && this.options.autoTest && this.options.test) {
      const errors = await this.options.test({ edited, read: (p) => this.ws.read(p), run: ++this.testRuns });
      this.testOutcome = !errors;
      const asked = this.validationResult("test", errors, "Attempt to fix test errors?", this.options.fixTestErrors);
      if (asked !== null) return asked;
    }
    return { reflected: null, errorClass: null };
  }

  /** `apply_updates` + `auto_commit` for the reply in the session's format: the one chain, in memory or on git. */
  private async applyReply(reply: string, fence: Fence): Promise<ApplyStep> {
    const coder = coderFor(this.options.editFormat);
    const checkPath = (path: string) => checkEditPath("edit path", path);
    const update = await this.ws.applyReply(coder, { text: reply, fence, checkPath });
    this.counts.malformedResponses += update.malformed;
    this.commits.push(...update.commits);
    return recordUpdate(this.trace, update, this.ws.description);
  }

  /** The model client's request; the reply, or the stop it ended in. */
  private async callModel(messages: PromptMessage[]): Promise<ModelReply | { stop: StopReason }> {
    const { trace } = this;
    const onChunk = this.options.onChunk;
    const sink = onChunk === null ? null : { chunk: (text: string) => onChunk(text) };
    const out = await requestWithRetry(this.model, messages, { policy: this.options.retry, sink });
    const retries = recordAttempts(trace, out.attempts, { modelName: this.model.name, retriesBefore: this.counts.providerRetries });
    this.counts.providerAttempts += out.attempts.length;
    this.counts.providerRetries += retries;
    switch (out.kind) {
      case "reply":
        this.addUsage(out.reply);
        return out.reply;
      case "script-ended":
        trace.add("stop", `script-ended: ${out.message}`, { ok: false });
        return { stop: "script-ended" };
      case "gave-up":
        trace.add("stop", `provider-error: the model client gave up (${out.error.message})`, { ok: false, errorClass: "provider" });
        return { stop: "provider-error" };
      case "context-overflow":
        trace.add("stop", "context-overflow: shrink the map, the files or the history", { ok: false, errorClass: "context-overflow" });
        return { stop: "context-overflow" };
    }
  }

  /** Adds a reply's reported tokens and cost to the run's totals. */
  private addUsage(r: ModelReply): void {
    const u = this.usage;
    if (r.usage !== null) {
      u.promptTokens = (u.promptTokens ?? 0) + r.usage.promptTokens;
      u.completionTokens = (u.completionTokens ?? 0) + r.usage.completionTokens;
    }
    if (r.cost !== null) u.cost = (u.cost ?? 0) + r.cost;
  }

  /** Files the reply names that are not in the chat: added (reflection, no edits applied) or ignored from now on. */
  private async checkFileMentions(reply: string): Promise<string | null> {
    const chat = new Set(this.ws.chatFiles());
    const candidates = (await this.ws.mentionable()).filter((p) => !chat.has(p) && !this.ignoredMentions.has(p));
    const mentioned = findFileMentions(reply, candidates);
    if (mentioned.length === 0) return null;
    if (!this.options.addMentionedFiles) {
      mentioned.forEach((p) => this.ignoredMentions.add(p));
      this.trace.add("file-mention", `${mentioned.join(", ")}: Add file to the chat? no (not asked again)`);
      return null;
    }
    mentioned.forEach((p) => this.ws.addToChat(p));
    const text = filesAddedMessage(mentioned);
    this.trace.add("file-mention", `${mentioned.join(", ")}: Add file to the chat? yes; the edits of this reply are not applied`, { detail: text });
    return text;
  }

  /** A lint or test outcome in the trace; the reflection if it failed and the user agrees to fix it. */
  private validationResult(kind: "lint" | "test", errors: string | null, question: string, yes: boolean): SendOutcome | null {
    if (errors !== null && typeof errors !== "string") {
      throw new WorkbenchInputError("runLoop", `options.${kind}`, "must return a string or null", errors);
    }
    if (!errors) {
      this.trace.add(kind, `${kind} passed`, { ok: true });
      return null;
    }
    this.trace.add(kind, `${kind} failed; ${question} ${yes ? "yes" : "no"}`, { ok: false, errorClass: "validation", detail: errors });
    return yes ? { reflected: errors, errorClass: "validation" } : null;
  }
}

/**
 * One rule for a reply's edit paths in memory and git mode, every format: a path that leaves the repository
 * (absolute, a `..` segment) or enters `.git` is refused with the same `WorkbenchInputError` in both, right after
 * get_edits and before anything changes (git mode's sandbox would refuse it too, memory mode would create the file).
 */
export function checkEditPath(param: string, path: string): void {
  const refuse = (why: string): never => {
    throw new WorkbenchInputError("loop", param, `is refused: ${why}`, path);
  };
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path)) refuse("an absolute path leaves the repository");
  const segs = path.split(/[\\/]/);
  if (segs.includes("..")) refuse("'..' would leave the repository");
  if (segs.some((seg) => seg.toLowerCase() === ".git")) refuse("the repository's .git directory is off limits");
}
