/**
 * The file `workbench loop … --record run.json` writes: the model and where it ran, the session the run
 * was made from, and every call — the prompt as sent, the reply with its streamed pieces, finish reason, tokens and
 * cost, or the provider failure (seed 001 §11) with its HTTP status and Retry-After, and the backoff after it.
 * `checkRecording` validates such a file field by field, naming the first bad one.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireArray, requireFinite, requireRecord, requireString } from "../core/validate.js";
import type { PromptMessage } from "./context.js";
import { PROVIDER_FAILURES, type ProviderFailureKind } from "./scripted-model.js";
export const RECORDING_FORMAT = "aider-workbench/model-recording";
export const RECORDING_VERSION = 1;

/** A recorded reply: the model's answer, with the pieces it was streamed in (null: not streamed). */
export interface RecordedReply {
  text: string;
  pieces: string[] | null;
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | null;
  cost: number | null;
}

/** A recorded provider failure. */
export interface RecordedError {
  kind: ProviderFailureKind;
  /** The message after the exception name ("HTTP 429: slow down"). */
  message: string;
  status: number | null;
  retryAfter: number | null;
  /** The pieces that had streamed in before the failure (a dropped connection); replayed before it. */
  pieces: string[];
}

/** One call to the model, and the wait (if any) the client made after it. */
export interface RecordedCall {
  messages: PromptMessage[];
  reply: RecordedReply | null;
  error: RecordedError | null;
  /** How long the call took (seconds; informative, never replayed). */
  seconds: number;
  /** The backoff after a failed call: its length, and the client's reason to give up instead (null: it waited). */
  wait: { seconds: number; gaveUp: string | null } | null;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  /** The model's name as the trace shows it ("openai:NAME"). */
  model: string;
  /** Where it was recorded (base URL without key), and a free note (e.g. "a local stand-in server"). */
  server: string;
  note: string;
  recordedAt: string;
  /** The session file's JSON the run was made from, so the recording replays alone. */
  session: unknown;
  calls: RecordedCall[];
}

/** Checks a recording's JSON: the format, and every call's prompt, reply or failure, naming the first bad field. */
export function checkRecording(value: unknown): Recording {
  const w = "recording";
  const r = requireRecord(w, "recording", value);
  if (r.format !== RECORDING_FORMAT) throw new WorkbenchInputError(w, "format", `must be "${RECORDING_FORMAT}" (is this a recording?)`, r.format);
  if (r.version !== RECORDING_VERSION) throw new WorkbenchInputError(w, "version", `must be ${RECORDING_VERSION}`, r.version);
  rejectUnknownKeys(w, "recording", r, ["format", "version", "model", "server", "note", "recordedAt", "session", "calls"]);
  const calls = requireArray(w, "calls", r.calls).map((c, i) => checkCall(`calls[${i}]`, c));
  if (r.session === undefined) throw new WorkbenchInputError(w, "session", "is missing (the session the run was made from)");
  return {
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    model: requireString(w, "model", r.model),
    server: requireString(w, "server", r.server ?? ""),
    note: requireString(w, "note", r.note ?? ""),
    recordedAt: requireString(w, "recordedAt", r.recordedAt ?? ""),
    session: r.session,
    calls,
  };
}

const CONTEXT_PARTS: readonly PromptMessage["part"][] = ["system", "repo-map", "history", "chat-files", "current"];

const nullOr = <T>(v: unknown, f: (v: unknown) => T): T | null => (v === null || v === undefined ? null : f(v));

function checkCall(p: string, value: unknown): RecordedCall {
  const w = "recording";
  const c = requireRecord(w, p, value);
  rejectUnknownKeys(w, p, c, ["messages", "reply", "error", "seconds", "wait"]);
  const messages = requireArray(w, `${p}.messages`, c.messages).map((m, i) => {
    const r = requireRecord(w, `${p}.messages[${i}]`, m);
    if (!["system", "user", "assistant"].includes(r.role as string)) {
      throw new WorkbenchInputError(w, `${p}.messages[${i}].role`, 'must be "system", "user" or "assistant"', r.role);
    }
    if (!CONTEXT_PARTS.includes(r.part as PromptMessage["part"])) {
      throw new WorkbenchInputError(w, `${p}.messages[${i}].part`, `must be one of ${CONTEXT_PARTS.join(", ")}`, r.part);
    }
    const part = r.part as PromptMessage["part"];
    return { role: r.role, content: requireString(w, `${p}.messages[${i}].content`, r.content), part } as PromptMessage;
  });
  const reply = nullOr(c.reply, (v) => {
    const r = requireRecord(w, `${p}.reply`, v);
    rejectUnknownKeys(w, `${p}.reply`, r, ["text", "pieces", "finishReason", "usage", "cost"]);
    const text = requireString(w, `${p}.reply.text`, r.text);
    const pieces = nullOr(r.pieces, (x) => requireArray(w, `${p}.reply.pieces`, x).map((s, j) => requireString(w, `${p}.reply.pieces[${j}]`, s)));
    if (pieces !== null && pieces.join("") !== text) throw new WorkbenchInputError(w, `${p}.reply.pieces`, "must join to reply.text");
    const usage = nullOr(r.usage, (x) => {
      const u = requireRecord(w, `${p}.reply.usage`, x);
      return { promptTokens: requireFinite(w, `${p}.reply.usage.promptTokens`, u.promptTokens), completionTokens: requireFinite(w, `${p}.reply.usage.completionTokens`, u.completionTokens) };
    });
    return { text, pieces, finishReason: nullOr(r.finishReason, (x) => requireString(w, `${p}.reply.finishReason`, x)), usage, cost: nullOr(r.cost, (x) => requireFinite(w, `${p}.reply.cost`, x)) };
  });
  const error = nullOr(c.error, (v) => {
    const e = requireRecord(w, `${p}.error`, v);
    rejectUnknownKeys(w, `${p}.error`, e, ["kind", "message", "status", "retryAfter", "pieces"]);
    if (!Object.hasOwn(PROVIDER_FAILURES, e.kind as string)) throw new WorkbenchInputError(w, `${p}.error.kind`, `must be one of ${Object.keys(PROVIDER_FAILURES).join(", ")}`, e.kind);
    return {
      kind: e.kind as ProviderFailureKind,
      message: requireString(w, `${p}.error.message`, e.message),
      status: nullOr(e.status, (x) => requireFinite(w, `${p}.error.status`, x)),
      retryAfter: nullOr(e.retryAfter, (x) => requireFinite(w, `${p}.error.retryAfter`, x)),
      pieces: requireArray(w, `${p}.error.pieces`, e.pieces ?? []).map((x, j) => requireString(w, `${p}.error.pieces[${j}]`, x)),
    };
  });
  if ((reply === null) === (error === null)) throw new WorkbenchInputError(w, p, "must hold exactly one of reply and error");
  const wait = nullOr(c.wait, (v) => {
    const x = requireRecord(w, `${p}.wait`, v);
    return { seconds: requireFinite(w, `${p}.wait.seconds`, x.seconds), gaveUp: nullOr(x.gaveUp, (g) => requireString(w, `${p}.wait.gaveUp`, g)) };
  });
  return { messages, reply, error, seconds: requireFinite(w, `${p}.seconds`, c.seconds ?? 0), wait };
}
