// lib/loop/openai-protocol.ts: the OpenAI chat-completions protocol as pure functions — the request body, the
// server-sent events of a streamed reply, a non-streamed reply, error bodies, Retry-After, and which provider
// failure an HTTP status is. No server: every input is built here.
import { describe, expect, it } from "vitest";
import type { PromptMessage } from "../../lib/loop/context.js";
import {
  errorText,
  httpFailure,
  parseCompletion,
  parseRetryAfter,
  parseStreamData,
  readUsage,
  requestBody,
  takeSseData,
} from "../../lib/loop/openai-protocol.js";
import { ProviderError } from "../../lib/loop/scripted-model.js";

const messages: PromptMessage[] = [
  { role: "system", content: "be brief", part: "system" },
  { role: "user", content: "hi", part: "current" },
];

describe("requestBody", () => {
  it("sends role and content only (never the workbench's part), with max_tokens when given", () => {
    expect(requestBody("m", messages, { stream: false, maxTokens: null })).toEqual({
      model: "m",
      messages: [{ role: "system", content: "be brief" }, { role: "user", content: "hi" }],
    });
    expect(requestBody("m", [], { stream: false, maxTokens: 0 })).toEqual({ model: "m", messages: [], max_tokens: 0 });
  });

  it("a streamed request asks for the usage in the last event", () => {
    expect(requestBody("m", messages.slice(1), { stream: true, maxTokens: 50 })).toEqual({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      max_tokens: 50,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});

describe("takeSseData and parseStreamData", () => {
  it("splits server-sent events at blank lines, keeping an unfinished tail, with CRLF too", () => {
    const a = takeSseData('data: {"x":1}\r\n\r\ndata: [DONE]\n\ndata: {"y"');
    expect(a).toEqual({ data: ['{"x":1}', "[DONE]"], rest: 'data: {"y"' });
    expect(takeSseData(": comment\n\ndata: a\ndata: b\n\n").data).toEqual(["a\nb"]);
    expect(parseStreamData("not json").error).toMatch(/not JSON/);
    expect(parseStreamData('{"error":{"message":"overloaded"}}').error).toBe("overloaded");
  });

  it("no complete event yet: nothing taken, all kept; `data:` without a space and old CR line ends", () => {
    expect(takeSseData("data: partial")).toEqual({ data: [], rest: "data: partial" });
    expect(takeSseData("data:tight\r\rdata: x\n\n")).toEqual({ data: ["tight", "x"], rest: "" });
    expect(takeSseData("event: ping\n\n")).toEqual({ data: [], rest: "" });
  });

  it("a delta's text, its finish reason, and the last event's usage and cost", () => {
    const none = { text: "", finishReason: null, usage: null, cost: null, error: null };
    expect(parseStreamData(JSON.stringify({ choices: [{ delta: { content: "Hel" }, finish_reason: null }] }))).toEqual({ ...none, text: "Hel" });
    expect(parseStreamData(JSON.stringify({ choices: [{ delta: {}, finish_reason: "length" }] }))).toEqual({ ...none, finishReason: "length" });
    expect(parseStreamData(JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 2, cost: 0.5 } }))).toEqual({
      ...none,
      usage: { promptTokens: 9, completionTokens: 2 },
      cost: 0.5,
    });
    expect(parseStreamData(JSON.stringify({ choices: [{ delta: { content: 7 } }] }))).toEqual(none);
    expect(parseStreamData('{"error":"plain text"}').error).toBe("plain text");
    expect(parseStreamData('{"error":{"code":1}}').error).toBe("an error in the stream");
    expect(parseStreamData("x".repeat(200)).error).toBe(`the stream held a piece that is not JSON: ${"x".repeat(80)}`);
  });
});

describe("readUsage, parseCompletion and errorText", () => {
  it("usage needs both counts; a cost only when it is a finite number", () => {
    expect(readUsage(null)).toEqual({ usage: null, cost: null });
    expect(readUsage("12")).toEqual({ usage: null, cost: null });
    expect(readUsage({ prompt_tokens: 1 })).toEqual({ usage: null, cost: null });
    expect(readUsage({ prompt_tokens: 1, completion_tokens: 2, cost: Number.NaN })).toEqual({ usage: { promptTokens: 1, completionTokens: 2 }, cost: null });
    expect(readUsage({ cost: 0 })).toEqual({ usage: null, cost: 0 });
  });

  it("reads a non-streamed completion; a null content is an empty reply, no message is none", () => {
    const done = (message: unknown) => ({ choices: [{ message, finish_reason: "stop" }], usage: { prompt_tokens: 3, completion_tokens: 4, cost: 0.1 } });
    expect(parseCompletion(done({ role: "assistant", content: "hi" }))).toEqual({ text: "hi", finishReason: "stop", usage: { promptTokens: 3, completionTokens: 4 }, cost: 0.1 });
    expect(parseCompletion(done({ role: "assistant", content: null }))!.text).toBe("");
    expect(parseCompletion(done({ role: "assistant", content: 5 }))).toBeNull();
    expect(parseCompletion({ choices: [] })).toBeNull();
    expect(parseCompletion(null)).toBeNull();
    expect(parseCompletion({ choices: [{ message: { content: "x" } }] })).toEqual({ text: "x", finishReason: null, usage: null, cost: null });
  });

  it("errorText takes {error: {message}} or {error: string}; anything else is null", () => {
    expect(errorText({ error: { message: "bad key", type: "auth" } })).toBe("bad key");
    expect(errorText({ error: "down" })).toBe("down");
    expect(errorText({ error: { message: 3 } })).toBeNull();
    expect(errorText({ detail: "x" })).toBeNull();
    expect(errorText(null)).toBeNull();
  });
});

describe("parseRetryAfter", () => {
  const h = (o: Record<string, string>) => ({ get: (n: string) => o[n] ?? null });
  it("reads Retry-After as seconds, an HTTP date, or retry-after-ms", () => {
    expect(parseRetryAfter(h({ "retry-after": "7" }))).toBe(7);
    expect(parseRetryAfter(h({ "retry-after-ms": "1500", "retry-after": "9" }))).toBe(1.5);
    expect(parseRetryAfter(h({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6);
    expect(parseRetryAfter(h({ "retry-after": "soon" }))).toBeNull();
    expect(parseRetryAfter(h({}))).toBeNull();
  });

  it("an unreadable retry-after-ms falls back to Retry-After; a date in the past is 0; blanks are absent", () => {
    expect(parseRetryAfter(h({ "retry-after-ms": "-5", "retry-after": "2.5" }))).toBe(2.5);
    expect(parseRetryAfter(h({ "retry-after": new Date(1_000).toUTCString() }), 60_000)).toBe(0);
    expect(parseRetryAfter(h({ "retry-after": "   " }))).toBeNull();
  });
});

describe("httpFailure", () => {
  it("maps HTTP statuses to provider failures", () => {
    const kind = (s: number, m = "x") => httpFailure(s, m, null).kind;
    expect([kind(429), kind(401), kind(403), kind(408), kind(500), kind(503), kind(400), kind(404)]).toEqual([
      "rate-limit", "auth", "auth", "timeout", "server", "server", "bad-request", "bad-request",
    ]);
    expect(kind(400, "This model's maximum context length is 8192 tokens")).toBe("context-window");
    expect(httpFailure(429, "slow", 3)).toMatchObject({ retryable: true, status: 429, retryAfter: 3, message: "RateLimitError: HTTP 429: slow" });
  });

  it("context words count only below 500; the status and Retry-After travel with the error", () => {
    expect(httpFailure(413, "prompt is too long", null).kind).toBe("context-window");
    expect(httpFailure(500, "context length exceeded", null).kind).toBe("server");
    const e = httpFailure(401, "nope", null);
    expect(e).toBeInstanceOf(ProviderError);
    expect([e.retryable, e.status, e.retryAfter]).toEqual([false, 401, null]);
  });
});
