/**
 * The OpenAI chat-completions protocol, as pure functions: the request body, the pieces of a streamed
 * reply (server-sent events: `data: {json}` lines, blank-line separated, ending with `data: [DONE]`), a
 * non-streamed reply, the HTTP Retry-After header, and which provider failure an HTTP status is (seed 001 §11,
 * "provider/network": 429 and 5xx are retried, a too-long prompt is a context overflow, the rest are not retried).
 */
import type { PromptMessage } from "./context.js";
import { ProviderError, type ProviderFailureKind, type TokenUsage } from "./scripted-model.js";

/** The JSON body of one request. */
export function requestBody(model: string, messages: readonly PromptMessage[], opts: { stream: boolean; maxTokens: number | null }): Record<string, unknown> {
  const body: Record<string, unknown> = { model, messages: messages.map((m) => ({ role: m.role, content: m.content })) };
  if (opts.maxTokens !== null) body.max_tokens = opts.maxTokens;
  if (opts.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true }; // the last event then carries the token counts
  }
  return body;
}

/** Splits a growing SSE text into complete `data:` payloads; `rest` is the unfinished tail to keep. */
export function takeSseData(buffer: string): { data: string[]; rest: string } {
  const data: string[] = [];
  const normal = buffer.replace(/\r\n?/g, "\n");
  const end = normal.lastIndexOf("\n\n");
  if (end < 0) return { data, rest: normal };
  for (const event of normal.slice(0, end).split("\n\n")) {
    const lines = event.split("\n").filter((l) => l.startsWith("data:"));
    if (lines.length > 0) data.push(lines.map((l) => l.slice(5).replace(/^ /, "")).join("\n"));
  }
  return { data, rest: normal.slice(end + 2) };
}

/** What one streamed event adds: text, a finish reason, usage, cost, or an error the server sent in the stream. */
export interface StreamDelta {
  text: string;
  finishReason: string | null;
  usage: TokenUsage | null;
  cost: number | null;
  error: string | null;
}

/** Reads the token counts and (when the server reports it) the cost of a `usage` object. */
export function readUsage(usage: unknown): { usage: TokenUsage | null; cost: number | null } {
  if (typeof usage !== "object" || usage === null) return { usage: null, cost: null };
  const u = usage as Record<string, unknown>;
  const p = u.prompt_tokens, c = u.completion_tokens;
  const counts = typeof p === "number" && typeof c === "number" ? { promptTokens: p, completionTokens: c } : null;
  return { usage: counts, cost: typeof u.cost === "number" && Number.isFinite(u.cost) ? u.cost : null };
}

/** One `data:` payload of a stream as a delta; a payload that is not JSON is an error. */
export function parseStreamData(payload: string): StreamDelta {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return { text: "", finishReason: null, usage: null, cost: null, error: `the stream held a piece that is not JSON: ${payload.slice(0, 80)}` };
  }
  if (json.error !== undefined) return { text: "", finishReason: null, usage: null, cost: null, error: errorText(json) ?? "an error in the stream" };
  const choice = Array.isArray(json.choices) ? (json.choices[0] as Record<string, unknown> | undefined) : undefined;
  const delta = (choice?.delta ?? {}) as Record<string, unknown>;
  const { usage, cost } = readUsage(json.usage);
  return {
    text: typeof delta.content === "string" ? delta.content : "",
    finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : null,
    usage,
    cost,
    error: null,
  };
}

/** A non-streamed reply's text (a null content, e.g. beside tool calls, is ""), finish reason, usage and cost; null when the JSON has no message. */
export function parseCompletion(json: unknown): { text: string; finishReason: string | null; usage: TokenUsage | null; cost: number | null } | null {
  const j = json as Record<string, unknown> | null;
  const choice = Array.isArray(j?.choices) ? (j.choices[0] as Record<string, unknown> | undefined) : undefined;
  const message = choice?.message as Record<string, unknown> | undefined;
  if (typeof message !== "object" || message === null) return null;
  if (message.content !== null && message.content !== undefined && typeof message.content !== "string") return null;
  return { text: typeof message.content === "string" ? message.content : "", finishReason: typeof choice?.finish_reason === "string" ? choice.finish_reason : null, ...readUsage(j?.usage) };
}

/** The server's error message in an error body ({"error": {"message"}} or {"error": "…"}), or null. */
export function errorText(json: unknown): string | null {
  const e = (json as Record<string, unknown> | null)?.error;
  if (typeof e === "string") return e;
  const m = (e as Record<string, unknown> | null)?.message;
  return typeof m === "string" ? m : null;
}

/** Seconds to wait from Retry-After (seconds or an HTTP date) or retry-after-ms; null when absent or unreadable. */
export function parseRetryAfter(headers: { get(name: string): string | null }, now = Date.now()): number | null {
  const ms = headers.get("retry-after-ms");
  if (ms !== null && /^\d+(\.\d+)?$/.test(ms.trim())) return Number(ms) / 1000;
  const v = headers.get("retry-after")?.trim();
  if (!v) return null;
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v);
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, (date - now) / 1000);
}

const CONTEXT_WORDS = /context[ _-]?(length|window)|maximum context|too many tokens|prompt is too long/i;

/** The provider failure an HTTP error status (and the server's message) stands for. */
export function httpFailure(status: number, message: string, retryAfter: number | null): ProviderError {
  let kind: ProviderFailureKind;
  if (status === 429) kind = "rate-limit";
  else if (status === 401 || status === 403) kind = "auth";
  else if (status === 408) kind = "timeout";
  else if (status >= 500) kind = "server";
  else if (CONTEXT_WORDS.test(message)) kind = "context-window";
  else kind = "bad-request";
  return new ProviderError(kind, `HTTP ${status}: ${message}`, { status, retryAfter });
}
