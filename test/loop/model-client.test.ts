/** lib/loop/model-client.ts: one request with provider retry and backoff (seed 001 §5, §11). */
import { describe, expect, it } from "vitest";
import { ScriptedModel } from "../../lib/index.js";
import { requestWithRetry, RETRY_DEFAULTS } from "../../lib/loop/model-client.js";
import { backoffDelay, maxRetries, checkRetryPolicy } from "../../lib/loop/model-client.js";

describe("the model client — retry with backoff", () => {
  it("doubles from 0.25 s and gives up past 60 s: 8 retries by default", () => {
    expect([1, 2, 3, 8, 9].map((n) => backoffDelay(RETRY_DEFAULTS, n))).toEqual([0.25, 0.5, 1, 32, null]);
    expect(maxRetries(RETRY_DEFAULTS)).toBe(8);
    expect(maxRetries({ firstDelay: 1, factor: 3, maxDelay: 10 })).toBe(3); // 1, 3, 9
    expect(maxRetries({ firstDelay: 5, factor: 2, maxDelay: 1 })).toBe(0);
  });

  it("returns the reply with the attempts, or why it stopped", async () => {
    const ok = await requestWithRetry(new ScriptedModel([{ fail: "server" }, "hi"]), [], { policy: RETRY_DEFAULTS });
    expect(ok).toMatchObject({ kind: "reply", text: "hi" });
    expect(ok.attempts.map((a) => [a.error?.kind ?? null, a.retryAfter])).toEqual([
      ["server", 0.25],
      [null, null],
    ]);
    const auth = await requestWithRetry(new ScriptedModel([{ fail: "auth", message: "no key" }]), [], { policy: RETRY_DEFAULTS });
    expect(auth.kind).toBe("gave-up");
    expect(auth.kind === "gave-up" && auth.error.message).toBe("AuthenticationError: no key");
    const ended = await requestWithRetry(new ScriptedModel([]), [], { policy: RETRY_DEFAULTS });
    expect(ended).toEqual({ kind: "script-ended", message: "the script has no step for model call 1", attempts: [] });
  });

  it("other exceptions from the model are not swallowed", async () => {
    const model = { name: "broken", complete: () => { throw new TypeError("boom"); } };
    await expect(requestWithRetry(model, [], { policy: RETRY_DEFAULTS })).rejects.toThrow("boom");
  });

  it("checks its options: the policy's fields, the sink, no unknown key", async () => {
    const model = new ScriptedModel(["hi"]);
    await expect(requestWithRetry(model, [], { policy: { factor: 0.5 } })).rejects.toThrow("requestWithRetry: options.policy.factor must be ≥ 1");
    await expect(requestWithRetry(model, [], { sink: (() => {}) as never })).rejects.toThrow("requestWithRetry: options.sink must be a ChunkSink");
    await expect(requestWithRetry(model, [], { retry: {} } as never)).rejects.toThrow("requestWithRetry: options.retry is not a known option");
    const pieces: string[] = [];
    expect(await requestWithRetry(model, [], { sink: { chunk: (t) => pieces.push(t) } })).toMatchObject({ kind: "reply", text: "hi" });
  });

  it("validates the policy", () => {
    expect(checkRetryPolicy("f", "retry", {})).toEqual(RETRY_DEFAULTS);
    expect(() => checkRetryPolicy("f", "retry", { firstDelay: 0 })).toThrow("f: retry.firstDelay must be > 0");
    expect(() => checkRetryPolicy("f", "retry", { factor: 0.5 })).toThrow("f: retry.factor must be ≥ 1");
    expect(() => checkRetryPolicy("f", "retry", { delay: 1 })).toThrow("f: retry.delay is not a known option");
  });
});
