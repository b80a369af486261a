// The OpenAI-compatible client (lib/loop/openai-*.ts) against the local stand-in server on 127.0.0.1: replies
// streamed and not, and each provider fault as its error class (issue 22). No network beyond 127.0.0.1. The
// protocol's pure pieces and the configuration have their own mirrors (openai-protocol, openai-config).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { OpenAIChatModel } from "../../lib/index.js";
import { ModelConfigError } from "../../lib/loop/openai-config.js";
import { ProviderError } from "../../lib/loop/scripted-model.js";
import { type LoopEvent } from "../../lib/loop/trace.js";
import { FIX, KEY, MODEL, runWith, SESSION, withStandIn, WRONG } from "./real-model-helpers.js";

const kinds = (events: LoopEvent[]) => events.map((e) => e.kind);
const failures = (events: LoopEvent[]) => events.filter((e) => e.kind === "provider-error").map((e) => [e.summary.replace(/^attempt \d+: /, "").split(":")[0], e.errorClass]);

describe("configuration: one clear line naming what to set", () => {
  it("a base URL that refuses is a configuration error, not a minute of retries", async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", () => r()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const model = OpenAIChatModel.fromEnv("openai:m", { OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_API_KEY: KEY });
    const start = Date.now();
    await expect(runWith(model)).rejects.toThrow(new RegExp(`nothing answers at http://127.0.0.1:${port}/v1 \\(.*ECONNREFUSED.*\\): set OPENAI_BASE_URL`));
    expect(Date.now() - start).toBeLessThan(5000);
  });

  it("an unknown model and a wrong key on the first call say what to check, without the key", async () => {
    await withStandIn([], async (server) => {
      const unknown = OpenAIChatModel.fromEnv("openai:nope", { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: KEY });
      await expect(runWith(unknown)).rejects.toThrow(/has no model "nope".*check --model/);
      const wrong = "sk-wrong-0000000000";
      const badKey = OpenAIChatModel.fromEnv(`openai:${MODEL}`, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: wrong });
      const err = (await runWith(badKey).then(() => new Error("resolved"), (e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(ModelConfigError);
      expect(err.message).toMatch(/refused the key \(HTTP 401: Incorrect API key provided\): check OPENAI_API_KEY/);
      expect(err.message).not.toContain(wrong);
      expect(server.requests.every((r) => r.authorized)).toBe(true);
    });
  });
});

describe("replies from the stand-in server", () => {
  it("streams a reply piece by piece into the loop, with tokens and cost", async () => {
    await withStandIn([{ reply: FIX, pieceSize: 10, usage: { prompt: 120, completion: 33 }, cost: 0.0004 }], async (server, model) => {
      const { result, pieces } = await runWith(model);
      expect(pieces.length).toBe(Math.ceil(FIX.length / 10));
      expect(pieces.join("")).toBe(FIX);
      expect(result.stopReason).toBe("done");
      expect(result.files["calc.py"]).toBe("def add(a, b):\n    return a + b\n");
      const call = result.events.find((e) => e.kind === "model-call")!;
      expect(call.summary).toBe(`attempt 1: openai:${MODEL} answered (streamed in ${pieces.length} pieces; 120 prompt + 33 reply tokens; $0.0004; finish_reason stop)`);
      expect(result.usage).toEqual({ promptTokens: 120, completionTokens: 33, cost: 0.0004 });
      const sent = server.requests[0]!.body;
      expect(sent).toMatchObject({ model: MODEL, stream: true, stream_options: { include_usage: true } });
      expect(sent.messages).toEqual(result.requests[0]!.messages.map((m) => ({ role: m.role, content: m.content })));
    });
  });

  it("takes a non-streamed answer the same way", async () => {
    await withStandIn([{ reply: FIX, usage: null }], async (server, model) => {
      const { result, pieces } = await runWith(model);
      expect(pieces).toEqual([]);
      expect(server.requests[0]!.body.stream).toBeUndefined();
      expect(result.events.find((e) => e.kind === "model-call")!.summary).toBe(`attempt 1: openai:${MODEL} answered (finish_reason stop)`);
      expect(result.usage).toEqual({ promptTokens: null, completionTokens: null, cost: null });
      expect(result.files["calc.py"]).toContain("a + b");
    }, { stream: false });
  });

  it("a 429 with Retry-After and a 500 are retried as retries (the wait honours Retry-After), not reflections", async () => {
    await withStandIn([{ status: 429, message: "slow down", retryAfter: 1 }, { status: 500 }, { reply: FIX }], async (server, model) => {
      const start = Date.now();
      const { result } = await runWith(model);
      expect(Date.now() - start).toBeGreaterThanOrEqual(950); // the client slept the server's 1 s, not the 0.01 s backoff
      expect(failures(result.events)).toEqual([["RateLimitError", "provider"], ["InternalServerError", "provider"]]);
      const [first, second] = result.events.filter((e) => e.kind === "provider-error");
      expect(first!.detail).toBe("model client retries in 1 s (the provider's Retry-After: 1 s) (provider retry 1; not a reflection)");
      expect(second!.detail).toBe("model client retries in 0.02 s (provider retry 2; not a reflection)");
      expect(result.counts).toMatchObject({ requests: 1, providerAttempts: 3, providerRetries: 2, reflections: 0 });
      expect(server.requests).toHaveLength(3);
      expect(server.requests[2]!.body.messages).toEqual(server.requests[0]!.body.messages); // the same prompt resent
    });
  });

  it("a connection dropped mid-stream is a network failure, retried; the pieces that came are not the reply", async () => {
    await withStandIn([{ drop: "mid-stream", reply: FIX, after: 12 }, { reply: FIX }], async (_server, model) => {
      const { result, pieces } = await runWith(model);
      expect(pieces[0]).toBe(FIX.slice(0, 12)); // streamed live before the drop
      const dropped = result.events.find((e) => e.kind === "provider-error")!;
      expect(dropped.summary).toMatch(/^attempt 1: APIConnectionError: the connection dropped mid-stream after 12 characters/);
      expect(dropped.errorClass).toBe("provider");
      expect(result.requests[0]!.reply).toBe(FIX);
      expect(result.counts.providerRetries).toBe(1);
      expect(result.stopReason).toBe("done");
    });
  });

  it("a reply cut at the token limit is a malformed response: nothing of it applied, the loop stops", async () => {
    const cut = FIX + "\ncalc.py\n```python\n<<<<<<< SEARCH\ndef add(a, b):\n=======\n";
    await withStandIn([{ reply: cut, finishReason: "length" }], async (server, model) => {
      const { result } = await runWith(model);
      expect(server.requests[0]!.body.max_tokens).toBe(50);
      expect(result.stopReason).toBe("truncated");
      expect(result.counts.malformedResponses).toBe(1);
      const parse = result.events.find((e) => e.kind === "parse")!;
      expect(parse).toMatchObject({ ok: false, errorClass: "output-parse" });
      expect(parse.summary).toMatch(/cut off at the token limit \(finish_reason length\)/);
      expect(kinds(result.events)).not.toContain("apply");
      expect(result.files["calc.py"]).toBe("def add(a, b):\n    return a - b\n"); // the complete first block was not applied
    }, { maxTokens: 50 });
  });

  it("a server that never answers times out per attempt, and the run's time limit ends the retries: nothing hangs", async () => {
    await withStandIn([{ hang: true }, { hang: true }, { hang: true }, { hang: true }, { hang: true }], async (_server, model) => {
      const start = Date.now();
      const { result } = await runWith(model);
      expect(Date.now() - start).toBeLessThan(5000);
      expect(result.stopReason).toBe("provider-error");
      const errors = result.events.filter((e) => e.kind === "provider-error");
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors[0]!.summary).toMatch(/APITimeoutError: no complete answer within 0.3 s/);
      expect(result.events.at(-1)!.summary).toMatch(/gave up \(APITimeoutError: (giving up: waiting .* would pass|the run's limit of 1 s is used up)/);
    }, { attemptSeconds: 0.3, totalSeconds: 1 });
  });

  it("a too-long prompt is a context overflow (not retried); a later 401 is a provider failure that is not retried", async () => {
    await withStandIn([{ status: 400, message: "This model's maximum context length is 8192 tokens" }], async (_s, model) => {
      const { result } = await runWith(model);
      expect(result.stopReason).toBe("context-overflow");
      expect(result.counts.providerAttempts).toBe(1);
    });
    const session = { ...SESSION, message: "two steps" };
    await withStandIn([{ reply: WRONG }, { status: 401, message: "key revoked" }], async (_s, model) => {
      const { result } = await runWith(model, session);
      expect(result.stopReason).toBe("provider-error");
      expect(failures(result.events)).toEqual([["AuthenticationError", "provider"]]);
      expect(result.counts).toMatchObject({ reflections: 1, providerRetries: 0 });
    });
  });

  it("never lets the key into the trace, even when the server echoes it", async () => {
    await withStandIn([{ status: 500, message: `upstream rejected ${KEY}` }, { reply: `I saw ${KEY}.\n` + FIX }], async (_s, model) => {
      const { result, pieces } = await runWith(model);
      const text = JSON.stringify(result) + pieces.join("");
      expect(text).not.toContain(KEY);
      expect(text).toContain("upstream rejected [redacted]");
    }, { stream: false });
  });

  it("validates its options", () => {
    const cfg = { baseUrl: "http://127.0.0.1:1/v1", model: "m", apiKey: "k" };
    expect(() => new OpenAIChatModel(cfg, { totalSeconds: 0 })).toThrow("OpenAIChatModel: options.totalSeconds must be > 0");
    expect(() => new OpenAIChatModel(cfg, { maxTokens: 1.5 })).toThrow("options.maxTokens must be a positive integer or null");
    expect(() => new OpenAIChatModel(cfg, { retries: 2 } as never)).toThrow("options.retries is not a known option");
    expect(new ProviderError("timeout").retryable).toBe(true);
  });
});
