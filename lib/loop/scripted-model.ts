/**
 * The model of the workbench loop: no network, no LLM. A `ScriptedModel` answers each call with the next step of a
 * script — a reply text, or a scripted provider failure (a rate limit, a dropped connection, a context window
 * exceeded …) — and records every prompt it was sent, so a learner can read exactly what the model would get.
 * Provider failures belong to the model client (seed 001 §11, "provider/network"): they are retried with backoff
 * and are not reflections (seed 001 §5).
 */
import { WorkbenchError, WorkbenchInputError } from "../core/errors.js";
import { PythonError } from "../core/pyerror.js";
import { requireArray, requireRecord, requireString, rejectUnknownKeys } from "../core/validate.js";
import type { PromptMessage } from "./context.js";

/** The provider failures a script can raise. */
export type ProviderFailureKind = "rate-limit" | "network" | "server" | "auth" | "context-window" | "timeout" | "bad-request";

/** Each failure's exception name (as LLM client libraries name them) and whether the model client retries it. */
export const PROVIDER_FAILURES: Readonly<Record<ProviderFailureKind, Readonly<{ name: string; retryable: boolean; text: string }>>> =
  Object.freeze({
    "rate-limit": Object.freeze({ name: "RateLimitError", retryable: true, text: "rate limit reached, try again later (HTTP 429)" }),
    network: Object.freeze({ name: "APIConnectionError", retryable: true, text: "connection reset by peer" }),
    server: Object.freeze({ name: "InternalServerError", retryable: true, text: "the provider had an internal error (HTTP 500)" }),
    auth: Object.freeze({ name: "AuthenticationError", retryable: false, text: "invalid API key (HTTP 401)" }),
    "context-window": Object.freeze({ name: "ContextWindowExceededError", retryable: false, text: "the prompt is longer than the model's context window" }),
    timeout: Object.freeze({ name: "APITimeoutError", retryable: true, text: "the provider did not answer in time" }),
    "bad-request": Object.freeze({ name: "BadRequestError", retryable: false, text: "the provider rejected the request (HTTP 400)" }),
  });

const FAILURE_KINDS = Object.keys(PROVIDER_FAILURES) as ProviderFailureKind[];

/** One step of a script: a reply text, or a provider failure (with an optional message of its own). */
export type ScriptStep = string | { fail: ProviderFailureKind; message?: string };

/** What a real provider said besides the failure: the HTTP status and its Retry-After (seconds), when known. */
export interface ProviderErrorInfo {
  status?: number | null;
  retryAfter?: number | null;
}

/** A failed call to the provider. */
export class ProviderError extends PythonError {
  readonly kind: ProviderFailureKind;
  readonly retryable: boolean;
  /** The HTTP status of a real provider's answer; null for scripted failures and dropped connections. */
  readonly status: number | null;
  /** Seconds the provider asked the client to wait (HTTP Retry-After); null when it did not say. */
  readonly retryAfter: number | null;

  constructor(kind: ProviderFailureKind, message?: string, info: ProviderErrorInfo = {}) {
    const known = PROVIDER_FAILURES[kind];
    super(known.name, message ?? known.text);
    this.kind = kind;
    this.retryable = known.retryable;
    this.status = info.status ?? null;
    this.retryAfter = info.retryAfter ?? null;
  }
}

/** The script ran out: the loop asked for more model calls than the script holds (a workbench condition, not Aider's). */
export class ScriptEndedError extends WorkbenchError {
  constructor(calls: number) {
    super(`the script has no step for model call ${calls}`);
  }
}

/** Token counts of one reply, as the server reported them. */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A reply with what a real provider says about it (a scripted model answers with the text alone). */
export interface ModelReply {
  text: string;
  /** The server's finish_reason ("stop", "length" = cut off at the token limit, …); null when not reported. */
  finishReason: string | null;
  usage: TokenUsage | null;
  /** The cost of the call in US dollars, only when the server reports it (OpenRouter, LiteLLM …); null otherwise. */
  cost: number | null;
  /** How many streamed pieces the text arrived in; null when the reply was not streamed. */
  chunks: number | null;
}

/** Where a streaming model hands each piece of text as it arrives (the loop forwards it to `onChunk`). */
export interface ChunkSink {
  chunk(text: string): void;
}

/** What the loop needs from a model: an answer to a list of messages, or a thrown `ProviderError`. */
export interface LoopModel {
  readonly name: string;
  complete(messages: readonly PromptMessage[], sink?: ChunkSink): string | ModelReply | Promise<string | ModelReply>;
  /**
   * Waits before a retry (a real client sleeps; it may throw a `ProviderError` when its time budget is spent).
   * Without it the waits are recorded, never slept, as for a scripted model.
   */
  wait?(seconds: number): Promise<void>;
}

/** A step list, checked: strings, or `{fail, message?}` with a known failure kind. */
export function checkScript(where: string, param: string, steps: unknown): ScriptStep[] {
  return requireArray(where, param, steps).map((s, i) => {
    if (typeof s === "string") return s;
    const r = requireRecord(where, `${param}[${i}]`, s);
    rejectUnknownKeys(where, `${param}[${i}]`, r, ["fail", "message"]);
    if (!FAILURE_KINDS.includes(r.fail as ProviderFailureKind)) {
      throw new WorkbenchInputError(where, `${param}[${i}].fail`, `must be one of ${FAILURE_KINDS.join(", ")}`, r.fail);
    }
    if (r.message !== undefined) requireString(where, `${param}[${i}].message`, r.message);
    return r.message === undefined ? { fail: r.fail as ProviderFailureKind } : { fail: r.fail as ProviderFailureKind, message: r.message as string };
  });
}

/** A model that plays back a script, one step per call, and keeps every prompt it received. */
export class ScriptedModel implements LoopModel {
  readonly name: string;
  readonly steps: readonly ScriptStep[];
  /** The messages of every call that had a step, in order (failed calls included). */
  readonly requests: PromptMessage[][] = [];

  constructor(steps: readonly ScriptStep[], name = "scripted-model") {
    this.steps = Object.freeze(checkScript("ScriptedModel", "steps", steps));
    this.name = requireString("ScriptedModel", "name", name);
  }

  /** Steps not yet played. */
  get remaining(): number {
    return this.steps.length - this.requests.length;
  }

  complete(messages: readonly PromptMessage[]): string {
    requireArray("ScriptedModel.complete", "messages", messages);
    const step = this.steps[this.requests.length];
    if (step === undefined) throw new ScriptEndedError(this.requests.length + 1);
    this.requests.push(messages.map((m) => ({ ...m })));
    if (typeof step === "string") return step;
    throw new ProviderError(step.fail, step.message);
  }
}
