/**
 * The model client: one request of the loop, with provider retry (seed 001 §5, §11 "provider/network"). A
 * retryable failure (rate limit, connection, server error) is retried after an exponential backoff; a context
 * window that is too small is not retried (it is the context builder's problem); other failures end the request.
 * Retries are counted and logged here, apart from reflections: a retry resends the same prompt, a reflection
 * sends the model new evidence.
 *
 * The policy is the workbench's (Aider's retry code is not part of the reference): the first delay, a factor, and
 * a ceiling past which the client gives up; a provider's Retry-After is honoured when it asks for longer. With a
 * scripted model the delays are recorded, never slept: the loop runs instantly; a real client (openai-client.ts)
 * sleeps them through its `wait`, which also enforces its bounded total time.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireFinite, requireRecord } from "../core/validate.js";
import type { PromptMessage } from "./context.js";
import { ProviderError, ScriptEndedError, type ChunkSink, type LoopModel, type ModelReply } from "./scripted-model.js";

export interface RetryPolicy {
  /** Seconds to wait before the first retry. */
  firstDelay: number;
  /** Each further wait is the previous one times this. */
  factor: number;
  /** The client gives up instead of waiting longer than this many seconds. */
  maxDelay: number;
}

/** 0.25 s, doubling, up to 60 s: 8 retries (0.25 + 0.5 + … + 32 s) before giving up. */
export const RETRY_DEFAULTS: Readonly<RetryPolicy> = Object.freeze({ firstDelay: 0.25, factor: 2, maxDelay: 60 });

/** One attempt at the provider: the failure (if any) and the backoff before the next attempt (null: none). */
export interface Attempt {
  error: ProviderError | null;
  /** Seconds waited before retrying; null when the attempt succeeded or was not retried. */
  retryAfter: number | null;
  /** The reply of a successful attempt (finish reason, tokens, cost when reported); null for a failure. */
  reply: ModelReply | null;
}

export type RequestOutcome =
  | { kind: "reply"; text: string; reply: ModelReply; attempts: Attempt[] }
  /** A non-retryable failure, or retries exhausted. */
  | { kind: "gave-up"; error: ProviderError; attempts: Attempt[] }
  /** The prompt does not fit the model's context window. */
  | { kind: "context-overflow"; error: ProviderError; attempts: Attempt[] }
  /** The script has no more steps. */
  | { kind: "script-ended"; message: string; attempts: Attempt[] };

/** Validates a partial policy (the argument `param` of `where`) and fills in the defaults. */
export function checkRetryPolicy(where: string, param: string, policy: unknown): RetryPolicy {
  const p = requireRecord(where, param, policy);
  rejectUnknownKeys(where, param, p, Object.keys(RETRY_DEFAULTS));
  const full = { ...RETRY_DEFAULTS, ...p } as Record<string, unknown>;
  const firstDelay = requireFinite(where, `${param}.firstDelay`, full.firstDelay);
  const factor = requireFinite(where, `${param}.factor`, full.factor);
  const maxDelay = requireFinite(where, `${param}.maxDelay`, full.maxDelay);
  if (firstDelay <= 0) throw new WorkbenchInputError(where, `${param}.firstDelay`, "must be > 0", firstDelay);
  if (factor < 1) throw new WorkbenchInputError(where, `${param}.factor`, "must be ≥ 1", factor);
  if (maxDelay < 0) throw new WorkbenchInputError(where, `${param}.maxDelay`, "must be ≥ 0", maxDelay);
  return { firstDelay, factor, maxDelay };
}

/** The backoff before retry number `retry` (1-based), or null when the policy gives up instead. */
export function backoffDelay(policy: RetryPolicy, retry: number): number | null {
  const delay = policy.firstDelay * policy.factor ** (retry - 1);
  return delay > policy.maxDelay ? null : delay;
}

/** The most retries the policy allows (when every attempt fails with a retryable error). */
export function maxRetries(policy: RetryPolicy): number {
  let n = 0;
  while (n < 1000 && backoffDelay(policy, n + 1) !== null) n++;
  return n;
}

/** A model's answer as a `ModelReply` (a bare string is a reply with nothing reported about it). */
export function toModelReply(answer: unknown): ModelReply {
  if (typeof answer === "string") return { text: answer, finishReason: null, usage: null, cost: null, chunks: null };
  const r = answer as Partial<ModelReply> | null;
  if (typeof r?.text !== "string") throw new WorkbenchInputError("requestWithRetry", "model.complete()", "must return a string or {text, …}", answer);
  return { text: r.text, finishReason: r.finishReason ?? null, usage: r.usage ?? null, cost: r.cost ?? null, chunks: r.chunks ?? null };
}

/** The wait before retry number `retry`: the backoff, or the provider's Retry-After when longer; null = give up. */
export function retryDelay(policy: RetryPolicy, retry: number, error: ProviderError): number | null {
  const backoff = backoffDelay(policy, retry);
  if (backoff === null || error.retryAfter === null) return backoff;
  return error.retryAfter > policy.maxDelay ? null : Math.max(backoff, error.retryAfter);
}

/** How `requestWithRetry` retries, and where a streamed reply's pieces go. */
export interface RequestOptions {
  /** The backoff (partial: the rest from RETRY_DEFAULTS). */
  policy: Partial<RetryPolicy>;
  /** Gets each piece of a streamed reply (`{ chunk(text) }`); null: none. */
  sink: ChunkSink | null;
}

export const REQUEST_DEFAULTS: Readonly<RequestOptions> = Object.freeze({ policy: RETRY_DEFAULTS, sink: null });

/** Sends `messages` to `model`, retrying retryable provider failures per `options.policy`; pieces of a streamed reply go to `options.sink`. */
export async function requestWithRetry(model: LoopModel, messages: readonly PromptMessage[], options: Partial<RequestOptions> = {}): Promise<RequestOutcome> {
  const where = "requestWithRetry";
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(REQUEST_DEFAULTS));
  const policy = checkRetryPolicy(where, "options.policy", o.policy ?? REQUEST_DEFAULTS.policy);
  const sinkValue = o.sink ?? null;
  if (sinkValue !== null && typeof (sinkValue as Partial<ChunkSink>).chunk !== "function") {
    throw new WorkbenchInputError(where, "options.sink", "must be a ChunkSink ({ chunk(text) }) or null", sinkValue);
  }
  const sink = (sinkValue ?? undefined) as ChunkSink | undefined;
  const attempts: Attempt[] = [];
  for (;;) {
    let error: ProviderError;
    try {
      const reply = toModelReply(await model.complete(messages, sink));
      attempts.push({ error: null, retryAfter: null, reply });
      return { kind: "reply", text: reply.text, reply, attempts };
    } catch (err) {
      if (err instanceof ScriptEndedError) return { kind: "script-ended", message: err.message, attempts };
      if (!(err instanceof ProviderError)) throw err;
      error = err;
    }
    if (error.kind === "context-window") {
      attempts.push({ error, retryAfter: null, reply: null });
      return { kind: "context-overflow", error, attempts };
    }
    const retries = attempts.length; // every earlier attempt failed and was retried
    const delay = error.retryable ? retryDelay(policy, retries + 1, error) : null;
    if (delay !== null && model.wait) {
      try {
        await model.wait(delay);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        attempts.push({ error, retryAfter: null, reply: null }); // not retried: the time budget is spent
        return { kind: "gave-up", error: err, attempts };
      }
    }
    attempts.push({ error, retryAfter: delay, reply: null });
    if (delay === null) return { kind: "gave-up", error, attempts };
  }
}
