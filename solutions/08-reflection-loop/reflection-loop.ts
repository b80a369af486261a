/**
 * Exercise 08 — predict Aider's reflection loop (seed 001 §5, §11; `aider/coders/base_coder.py` `send_message/max_reflections`, `apply_updates`).
 *
 * `run_one` sends the user's message; while a request ends with a reflected message and fewer than
 * `max_reflections` (3) reflections were made, it sends that message as a new user message: at most 1 + 3
 * requests. Inside a request (`send_message`):
 *   model     provider failures are the model client's: retried with backoff (a retry, never a reflection)
 *             or the end of the loop (auth, retries used up, the context window)
 *   parse     one malformed block discards the whole reply                        → reflect (output parse)
 *   apply     edits that match are written, even when others fail                 → reflect (block mismatch)
 *   lint      only after a reply whose edits all applied; reflected if the user agrees to fix
 *   test      the same, with auto_test on, and only if lint reflected nothing
 * Read exercises/08-reflection-loop/README.md first; grade with `npm run -s workbench -- grade 08`.
 * Graded by test/exercises/08-reflection-loop.test.ts (this file is exercises/08-reflection-loop/reflection-loop.ts).
 */
import type { ErrorClassId, ScriptStep, StopReason } from "@aider-workbench/lib";

// ─── Part 1: trace these sessions by hand ────────────────────────────────────────────────────────────────────

/** The one file of every session, in the chat from the start. */
export const CALC = "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a / b\n";

/** The SEARCH/REPLACE blocks the scripted model sends, all for calc.py. */
export const BLOCKS = {
  fixAdd: { search: "    return a - b\n", replace: "    return a + b\n" },
  fixMul: { search: "    return a / b\n", replace: "    return a * b\n" },
  /** The model misremembers mul's line. */
  fixMulMisremembered: { search: "    return a // b\n", replace: "    return a * b\n" },
  docAdd: { search: "def add(a, b):\n", replace: 'def add(a, b):\n    """Return the sum of a and b."""\n' },
} as const;

export type BlockName = keyof typeof BLOCKS;

const blockLines = (name: BlockName): string[] => [
  "calc.py",
  "```python",
  "<<<<<<< SEARCH",
  BLOCKS[name].search.replace(/\n$/, ""),
  "=======",
  BLOCKS[name].replace.replace(/\n$/, ""),
  ">>>>>>> REPLACE",
  "```",
];

/** A reply: a sentence, then each block in its fence. */
function reply(prose: string, ...names: BlockName[]): string {
  return [prose, ...names.flatMap((n) => ["", ...blockLines(n)])].join("\n") + "\n";
}

/** A reply cut off in its last block: the output ends before that block's `>>>>>>> REPLACE` line. */
function cutOff(prose: string, ...names: BlockName[]): string {
  const lines = reply(prose, ...names).split("\n");
  return lines.slice(0, lines.lastIndexOf(">>>>>>> REPLACE")).join("\n") + "\n";
}

/** A session as `workbench loop` reads it (lib/loop/session.ts): in memory, no git. */
export interface HandSession {
  description: string;
  files: Record<string, string>;
  chat: string[];
  message: string;
  /** What the model does at each call, in order: a reply text or a provider failure. */
  replies: ScriptStep[];
  /** The linter's outcome at its 1st, 2nd, … run (null: passes); it passes after the list. */
  lint: (string | null)[];
  /** The tests' outcomes in the same way (they run only with autoTest). */
  test?: (string | null)[];
  options?: { autoTest?: boolean; fixLintErrors?: boolean; fixTestErrors?: boolean };
}

const MESSAGE = "add() subtracts and mul() divides: make them add and multiply.";
const session = (description: string, replies: ScriptStep[], more: Partial<HandSession> = {}): HandSession => ({
  description,
  files: { "calc.py": CALC },
  chat: ["calc.py"],
  message: MESSAGE,
  replies,
  lint: [],
  ...more,
});

const MUL_DOCSTRING = "calc.py:5:1: D103 Missing docstring in public function `mul`";
const ADD_DOCSTRING = "calc.py:1:1: D103 Missing docstring in public function `add`";

/** Part 1's sessions. Trace each by hand; do not run anything. */
export const SESSIONS = {
  flakyProvider: session("A rate limit and a server error, then a good reply.", [
    { fail: "rate-limit" },
    { fail: "server" },
    reply("Both fixed:", "fixAdd", "fixMul"),
  ]),
  authStops: session("A block that matches nothing; then the connection drops, and the API key is refused.", [
    reply("Fixing mul:", "fixMulMisremembered"),
    { fail: "network" },
    { fail: "auth" },
    reply("Fixing mul:", "fixMul"),
  ]),
  contextOverflow: session("One block of two matches; the next request no longer fits the context window.", [
    reply("Both fixed:", "fixAdd", "fixMulMisremembered"),
    { fail: "context-window" },
    reply("Fixing mul:", "fixMul"),
  ]),
  partialResend: session(
    "One block of two matches; the model ignores \"Don't re-send them\".",
    [
      reply("Both fixed:", "fixAdd", "fixMulMisremembered"),
      reply("Here are both again:", "fixAdd", "fixMul"),
      reply("Both functions are fixed now; nothing left to change."),
    ],
    { lint: [MUL_DOCSTRING] },
  ),
  cutOffReply: session(
    "The first reply is cut off in its second block; the linter then wants a docstring.",
    [cutOff("Both fixed:", "fixAdd", "fixMul"), reply("Both fixed:", "fixAdd", "fixMul"), reply("Adding the docstring:", "docAdd")],
    { lint: [ADD_DOCSTRING, null] },
  ),
  threeIsTheLimit: session("Mismatch, a cut-off reply, a rate limit and a mismatch, one block of two: then the limit.", [
    reply("Fixing mul:", "fixMulMisremembered"),
    cutOff("Fixing mul:", "fixMul"),
    { fail: "rate-limit" },
    reply("Fixing mul:", "fixMulMisremembered"),
    reply("Both fixed:", "fixAdd", "fixMulMisremembered"),
    reply("Fixing mul:", "fixMul"),
  ]),
  lintDeclinedTestsOn: session(
    "Tests on; the user says no to \"Attempt to fix lint errors?\" and yes to fixing the tests.",
    [reply("Both fixed:", "fixAdd", "fixMul"), reply("Adding the docstring:", "docAdd")],
    {
      lint: [MUL_DOCSTRING],
      test: ["FAILED test_calc.py::test_add_is_documented - AssertionError: add has no docstring", null],
      options: { autoTest: true, fixLintErrors: false },
    },
  ),
} as const satisfies Record<string, HandSession>;

export type SessionName = keyof typeof SESSIONS;

/** What the loop does with a session. */
export interface HandPrediction {
  /** Requests sent (`send_message` calls): the user's message and each reflection. */
  requests: number;
  /** Provider failures the model client retried (not reflections). */
  providerRetries: number;
  reflections: number;
  stop: StopReason;
  /** The error class of each failure, in the order they happen (one per provider failure, parse, apply, lint, test). */
  failures: ErrorClassId[];
  /** The blocks written into calc.py, in the order they were written. */
  written: BlockName[];
}

/** Part 1, by hand: what the loop does with each session (type your answers in; no code). */
export function handTrace(): Record<SessionName, HandPrediction> {
  // BEGIN SOLUTION
  return {
    flakyProvider: { requests: 1, providerRetries: 2, reflections: 0, stop: "done", failures: ["provider", "provider"], written: ["fixAdd", "fixMul"] },
    // auth is not retried: the loop ends, the reflection budget is beside the point
    authStops: { requests: 2, providerRetries: 1, reflections: 1, stop: "provider-error", failures: ["block-mismatch", "provider", "provider"], written: [] },
    // fixAdd was written before the failure message went back; the overflow is not retried
    contextOverflow: { requests: 2, providerRetries: 0, reflections: 1, stop: "context-overflow", failures: ["block-mismatch", "context-overflow"], written: ["fixAdd"] },
    // the re-sent fixAdd no longer matches (its SEARCH is gone); a reply without edits ends the loop; lint never runs
    partialResend: { requests: 3, providerRetries: 0, reflections: 2, stop: "done", failures: ["block-mismatch", "block-mismatch"], written: ["fixAdd", "fixMul"] },
    // the cut-off reply is discarded whole, its complete first block too
    cutOffReply: { requests: 3, providerRetries: 0, reflections: 2, stop: "done", failures: ["output-parse", "validation"], written: ["fixAdd", "fixMul", "docAdd"] },
    // the 4th request's partial success is written; its failure is not sent back
    threeIsTheLimit: {
      requests: 4,
      providerRetries: 1,
      reflections: 3,
      stop: "max-reflections",
      failures: ["block-mismatch", "output-parse", "provider", "block-mismatch", "block-mismatch"],
      written: ["fixAdd"],
    },
    // the declined lint failure is still a failure; the tests run next and are reflected
    lintDeclinedTestsOn: { requests: 2, providerRetries: 0, reflections: 1, stop: "done", failures: ["validation", "validation"], written: ["fixAdd", "fixMul", "docAdd"] },
  };
  // END SOLUTION
}

// ─── Part 2: the rules in code ───────────────────────────────────────────────────────────────────────────────

/** What a reply does, once parsed and applied. */
export type ReplyOutcome =
  | "ok" // every block applies
  | "partial" // at least one block applies, at least one matches nothing
  | "no-match" // every block matches nothing
  | "parse-error" // a malformed block (maybe after good ones)
  | "no-edits"; // prose only, no block

/** A provider failure at a model call (lib's `PROVIDER_FAILURES`): the first three are retryable. */
export type ProviderFailure = "rate-limit" | "network" | "server" | "auth" | "context-window";

/** One model call of the script. */
export type Step = ReplyOutcome | ProviderFailure;

export interface ScriptOptions {
  maxReflections: number;
  autoLint: boolean;
  autoTest: boolean;
  /** The user's answer to "Attempt to fix lint errors?". */
  fixLintErrors: boolean;
  /** The user's answer to "Attempt to fix test errors?". */
  fixTestErrors: boolean;
  /** How many times the model client retries a retryable failure within ONE request before giving up. */
  maxRetries: number;
}

/** Aider's defaults, and the workbench client's 8 retries (lib's `RETRY_DEFAULTS`: 0.25 s doubling up to 60 s). */
export const SCRIPT_DEFAULTS: Readonly<ScriptOptions> = Object.freeze({
  maxReflections: 3,
  autoLint: true,
  autoTest: false,
  fixLintErrors: true,
  fixTestErrors: true,
  maxRetries: 8,
});

/** A session, described by what happens rather than by its texts. */
export interface LoopScript {
  /** The model calls in order; when they run out, the loop stops with "script-ended". */
  steps: readonly Step[];
  /** The outcome of the 1st, 2nd, … lint run; every run after the list passes. */
  lint?: readonly ("pass" | "fail")[];
  /** The outcome of the 1st, 2nd, … test run; every run after the list passes. */
  test?: readonly ("pass" | "fail")[];
  options?: Partial<ScriptOptions>;
}

export interface LoopPrediction {
  requests: number;
  providerRetries: number;
  reflections: number;
  stop: StopReason;
  /** The error class of each failure, in order. */
  failures: ErrorClassId[];
  /** For each reply the model gave, in order: whether any of its edits were written to the files. */
  written: boolean[];
}

/** Part 2: what Aider's loop does with `script`. */
export function predictLoop(script: LoopScript): LoopPrediction {
  // BEGIN SOLUTION
  const o = { ...SCRIPT_DEFAULTS, ...script.options };
  const lint = script.lint ?? [];
  const test = script.test ?? [];
  const p: LoopPrediction = { requests: 0, providerRetries: 0, reflections: 0, stop: "done", failures: [], written: [] };
  let call = 0;
  let lintRuns = 0;
  let testRuns = 0;
  const stop = (why: StopReason): LoopPrediction => ({ ...p, stop: why });
  for (;;) {
    p.requests++;
    // The model client: a retryable failure is sent again, at most maxRetries times in this request.
    let reply: ReplyOutcome | null = null;
    for (let retries = 0; reply === null; ) {
      const step = script.steps[call++];
      if (step === undefined) return stop("script-ended");
      if (step === "context-window") {
        p.failures.push("context-overflow");
        return stop("context-overflow");
      }
      if (step === "rate-limit" || step === "network" || step === "server" || step === "auth") {
        p.failures.push("provider");
        if (step === "auth" || retries === o.maxRetries) return stop("provider-error");
        retries++;
        p.providerRetries++;
        continue;
      }
      reply = step;
    }
    // Parse and apply: matching edits are written even when the reply's other edits fail.
    p.written.push(reply === "ok" || reply === "partial");
    let reflect = false;
    if (reply === "parse-error") {
      p.failures.push("output-parse");
      reflect = true;
    } else if (reply === "partial" || reply === "no-match") {
      p.failures.push("block-mismatch");
      reflect = true;
    } else if (reply === "ok") {
      // Lint and tests only after edits applied with nothing to reflect; tests only if lint reflected nothing.
      if (o.autoLint && (lint[lintRuns++] ?? "pass") === "fail") {
        p.failures.push("validation");
        reflect = o.fixLintErrors;
      }
      if (!reflect && o.autoTest && (test[testRuns++] ?? "pass") === "fail") {
        p.failures.push("validation");
        reflect = o.fixTestErrors;
      }
    }
    if (!reflect) return stop("done");
    if (p.reflections >= o.maxReflections) return stop("max-reflections");
    p.reflections++;
  }
  // END SOLUTION
}
