/**
 * The options and the result of `runLoop` (loop.ts): the context extras (repo map, history), Aider's settings for
 * the loop (max_reflections = 3, auto_lint on, auto_test off — seed 001 §5, §7), the injected lint and test, the
 * user's answers to the loop's questions, and the model client's retry policy; the result's counts keep provider
 * retries apart from reflections (seed 001 §5).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireInteger, requireRecord, requireString } from "../core/validate.js";
import type { Fence } from "../editblock/fence.js";
import type { CheckFn } from "./checks.js";
import { requireEditFormat, type EditFormatName } from "../editformats/formats.js";
import { checkMessages, type ChatMessage, type PromptMessage } from "./context.js";
import { checkRetryPolicy, type RetryPolicy } from "./model-client.js";
import type { LoopEvent, StopReason } from "./trace.js";
import type { LoopModel } from "./scripted-model.js";
import type { CommitRecord, LoopWorkspace } from "./workspace.js";

/** What `runLoop` runs: the files, the model, and the user's message (Aider's `run_one(user_message)`). */
export interface LoopInput {
  workspace: LoopWorkspace;
  model: LoopModel;
  message: string;
}

/** Checks that `value` is a LoopWorkspace (has every method the loop calls). */
export function requireLoopWorkspace(where: string, param: string, value: unknown): LoopWorkspace {
  for (const m of ["chatFiles", "read", "mentionable", "addToChat", "applyReply", "snapshot"] as const) {
    if (typeof (value as Record<string, unknown> | null | undefined)?.[m] !== "function") {
      throw new WorkbenchInputError(where, param, `must be a LoopWorkspace (no ${m} method)`, value);
    }
  }
  return value as LoopWorkspace;
}

/** Checks that `value` is a LoopModel (an object with `complete(messages)`). */
export function requireLoopModel(where: string, param: string, value: unknown): LoopModel {
  if (typeof (value as Record<string, unknown> | null | undefined)?.complete !== "function") {
    throw new WorkbenchInputError(where, param, "must be a LoopModel (an object with complete(messages))", value);
  }
  return value as LoopModel;
}

/** Checks a `LoopInput` field by field (no other field). */
export function checkLoopInput(where: string, input: unknown): LoopInput {
  const o = requireRecord(where, "input", input);
  rejectUnknownKeys(where, "input", o, ["workspace", "model", "message"]);
  return {
    workspace: requireLoopWorkspace(where, "input.workspace", o.workspace),
    model: requireLoopModel(where, "input.model", o.model),
    message: requireString(where, "input.message", o.message),
  };
}

export interface LoopOptions {
  /** Repo map text to include in the context (e.g. from lib/repomap), or null. */
  repoMap: string | null;
  /** Earlier turns (`done_messages`). */
  history: readonly ChatMessage[];
  /** Aider's `max_reflections`. */
  maxReflections: number;
  /** Lint the edited files after a successful edit (Aider's default: on). */
  autoLint: boolean;
  lint: CheckFn | null;
  /** The user's answer to "Attempt to fix lint errors?". */
  fixLintErrors: boolean;
  /** Run the tests after a successful edit (Aider's default: off). */
  autoTest: boolean;
  test: CheckFn | null;
  /** The user's answer to "Attempt to fix test errors?". */
  fixTestErrors: boolean;
  /** The user's answer to "Add file to the chat?" for files the reply mentions. */
  addMentionedFiles: boolean;
  /** The model client's backoff (see model-client.ts). */
  retry: Partial<RetryPolicy>;
  /** Called with each trace event as it is added (a live trace); null: none. */
  onEvent: ((event: LoopEvent) => void) | null;
  /** Called with each piece of a streamed reply as it arrives; null: none. */
  onChunk: ((text: string) => void) | null;
  /** Aider's `edit_format` (`aider/coders/udiff_coder.py, patch_coder.py, wholefile_coder.py`): "diff" (SEARCH/REPLACE), "udiff", "patch", "whole", … Default "diff". */
  editFormat: EditFormatName;
}

export const LOOP_DEFAULTS: Readonly<LoopOptions> = Object.freeze({
  repoMap: null,
  history: Object.freeze([]),
  maxReflections: 3,
  autoLint: true,
  lint: null,
  fixLintErrors: true,
  autoTest: false,
  test: null,
  fixTestErrors: true,
  addMentionedFiles: true,
  retry: Object.freeze({}),
  onEvent: null,
  onChunk: null,
  editFormat: "diff",
});

export interface LoopCounts {
  /** `send_message` calls: the user's message and each reflection (≤ 1 + maxReflections). */
  requests: number;
  /** Calls that reached the provider, retries included. */
  providerAttempts: number;
  /** Attempts that failed and were retried by the model client (never counted as reflections). */
  providerRetries: number;
  reflections: number;
  /** Aider's `num_malformed_responses`: replies whose edits failed to parse or to apply. */
  malformedResponses: number;
}

/** Tokens and cost summed over the replies whose server reported them; null where none did. */
export interface LoopUsage {
  promptTokens: number | null;
  completionTokens: number | null;
  cost: number | null;
}

/** One request as the model received it. */
export interface LoopRequest {
  round: number;
  fence: Fence;
  messages: PromptMessage[];
  /** The reply, or null when the provider gave none. */
  reply: string | null;
}

export interface LoopResult {
  stopReason: StopReason;
  events: LoopEvent[];
  counts: LoopCounts;
  requests: LoopRequest[];
  /** `done_messages` and `cur_messages` at the end. */
  history: ChatMessage[];
  current: ChatMessage[];
  chatFiles: string[];
  files: Record<string, string>;
  commits: CommitRecord[];
  /** Whether the last lint / test passed; null when none ran. */
  lintOutcome: boolean | null;
  testOutcome: boolean | null;
  usage: LoopUsage;
}

/** Validates partial options and fills in the defaults. */
export function checkLoopOptions(where: string, options: unknown): LoopOptions {
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(LOOP_DEFAULTS));
  const full = { ...LOOP_DEFAULTS, ...o } as Record<string, unknown>;
  if (full.repoMap !== null) requireString(where, "options.repoMap", full.repoMap);
  for (const k of ["lint", "test", "onEvent", "onChunk"]) {
    if (full[k] !== null && typeof full[k] !== "function") throw new WorkbenchInputError(where, `options.${k}`, "must be a function or null", full[k]);
  }
  for (const k of ["autoLint", "fixLintErrors", "autoTest", "fixTestErrors", "addMentionedFiles"]) requireBoolean(where, `options.${k}`, full[k]);
  return {
    ...(full as unknown as LoopOptions),
    history: checkMessages(where, "options.history", full.history),
    maxReflections: requireInteger(where, "options.maxReflections", full.maxReflections, 0),
    retry: checkRetryPolicy(where, "options.retry", full.retry),
    editFormat: requireEditFormat(where, "options.editFormat", full.editFormat),
  };
}
