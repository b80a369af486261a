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
export type ProviderFailureKind = "rate-limit" | "network" | "server" | "auth" | "context-window";

/** Each failure's exception name (as LLM client libraries name them) and whether the model client retries it. */
export const PROVIDER_FAILURES: Readonly<Record<ProviderFailureKind, Readonly<{ name: string; retryable: boolean; text: string }>>> =
  Object.freeze({
    "rate-limit": Object.freeze({ name: "RateLimitError", retryable: true, text: "rate limit reached, try again later (HTTP 429)" }),
    network: Object.freeze({ name: "APIConnectionError", retryable: true, text: "connection reset by peer" }),
    server: Object.freeze({ name: "InternalServerError", retryable: true, text: "the provider had an internal error (HTTP 500)" }),
    auth: Object.freeze({ name: "AuthenticationError", retryable: false, text: "invalid API key (HTTP 401)" }),
    "context-window": Object.freeze({ name: "ContextWindowExceededError", retryable: false, text: "the prompt is longer than the model's context window" }),
  });

const FAILURE_KINDS = Object.keys(PROVIDER_FAILURES) as ProviderFailureKind[];

/** One step of a script: a reply text, or a provider failure (with an optional message of its own). */
export type ScriptStep = string | { fail: ProviderFailureKind; message?: string };

/** A failed call to the provider. */
export class ProviderError extends PythonError {
  readonly kind: ProviderFailureKind;
  readonly retryable: boolean;

  constructor(kind: ProviderFailureKind, message?: string) {
    const info = PROVIDER_FAILURES[kind];
    super(info.name, message ?? info.text);
    this.kind = kind;
    this.retryable = info.retryable;
  }
}

/** The script ran out: the loop asked for more model calls than the script holds (a workbench condition, not Aider's). */
export class ScriptEndedError extends WorkbenchError {
  constructor(calls: number) {
    super(`the script has no step for model call ${calls}`);
  }
}

/** What the loop needs from a model: an answer to a list of messages, or a thrown `ProviderError`. */
export interface LoopModel {
  readonly name: string;
  complete(messages: readonly PromptMessage[]): string | Promise<string>;
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
