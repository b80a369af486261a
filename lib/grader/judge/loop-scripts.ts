/**
 * The answer key of exercise 08 (its graded tests: test/exercises/08-reflection-loop.test.ts): a compact
 * `LoopScript` ("partial", "rate-limit", lint "fail", …) turned into a
 * real session — files, reply texts with SEARCH/REPLACE blocks that do what the script says, provider failures,
 * scripted lint and tests — and run through lib's `runLoop` (lib/loop/loop.ts). What the loop did is read back
 * from its result and trace, never computed from the script, so the key is the loop itself.
 *
 * A `variant` number picks the details the script leaves open (how many blocks, in which order and file, the
 * prose, a fence language, a good block before a malformed one), so an answer must follow the rules, not a text.
 */
import { LOOP_DEFAULTS, type LoopResult } from "../../loop/loop-options.js";
import { runLoop } from "../../loop/loop.js";
import { maxRetries, RETRY_DEFAULTS, type RetryPolicy } from "../../loop/model-client.js";
import { MemoryWorkspace } from "../../loop/workspace.js";
import { scriptedCheck } from "../../loop/checks.js";
import { ScriptedModel, type ScriptStep } from "../../loop/scripted-model.js";
import type { ErrorClassId } from "../../loop/error-classes.js";
import type { StopReason } from "../../loop/trace.js";

// The judge's own names for what exercise 08's file declares: a script, its options and what the loop did (the
// student's file states the same shapes for the student; the judge depends on nothing of it).
/** What a reply does when the loop applies it. */
export type ReplyOutcome = "ok" | "partial" | "no-match" | "parse-error" | "no-edits";
/** A reply, or a provider failure instead of one. */
export type Step = ReplyOutcome | "rate-limit" | "network" | "server" | "auth" | "context-window";
/** The loop's switches a script may set, and the client's retries per request. */
export type ScriptOptions = { maxReflections: number; autoLint: boolean; autoTest: boolean; fixLintErrors: boolean; fixTestErrors: boolean; maxRetries: number };
/** A compact session: the model's steps, the linter's and the tests' outcomes in order, the options. */
export type LoopScript = { steps: readonly Step[]; lint?: readonly ("pass" | "fail")[]; test?: readonly ("pass" | "fail")[]; options?: Partial<ScriptOptions> };
/** What the loop did: counts, why it stopped, each failure's class, and per reply whether its edits were written. */
export type LoopPrediction = { requests: number; providerRetries: number; reflections: number; stop: StopReason; failures: ErrorClassId[]; written: boolean[] };

export const REPLY_OUTCOMES: readonly ReplyOutcome[] = ["ok", "partial", "no-match", "parse-error", "no-edits"];
export const PROVIDER_STEPS: readonly Step[] = ["rate-limit", "network", "server", "auth", "context-window"];

/** The options' defaults, from lib: Aider's loop settings and the workbench client's retries (`RETRY_DEFAULTS`). */
export const KEY_DEFAULTS: Readonly<ScriptOptions> = Object.freeze({
  maxReflections: LOOP_DEFAULTS.maxReflections,
  autoLint: LOOP_DEFAULTS.autoLint,
  autoTest: LOOP_DEFAULTS.autoTest,
  fixLintErrors: LOOP_DEFAULTS.fixLintErrors,
  fixTestErrors: LOOP_DEFAULTS.fixTestErrors,
  maxRetries: maxRetries(RETRY_DEFAULTS),
});

/** A backoff policy that allows exactly `n` retries per request: 1 s, doubling, giving up past 2^(n-1) s. */
export function retryPolicy(n: number): RetryPolicy {
  return { firstDelay: 1, factor: 2, maxDelay: n === 0 ? 0.5 : 2 ** (n - 1) };
}

/** mulberry32: a small deterministic generator for the details a variant picks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FILES = ["app.py", "util.py"] as const;
const PROSE = ["Here is the change:", "I'll update the code.", "Done, see below.", "Sure.\n\nThe edit:"];

/** A session built from a script: the workspace, the model and the options, and what each reply was meant to write. */
export interface BuiltSession {
  files: Record<string, string>;
  replies: ScriptStep[];
  /** Per reply (in script order): lines that end up in the files if and only if the reply's edits are written. */
  markers: { file: string; line: string }[][];
  options: Parameters<typeof runLoop>[1];
}

/** Builds the session of `script`, its open details chosen by `variant`. */
export function buildSession(script: LoopScript, variant = 0): BuiltSession {
  const rnd = random(variant);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const lines: Record<string, string[]> = { "app.py": ["import os", ""], "util.py": ["import sys", ""] };
  const replies: ScriptStep[] = [];
  const markers: BuiltSession["markers"] = [];
  let k = 0;
  for (const step of script.steps) {
    if (!REPLY_OUTCOMES.includes(step as ReplyOutcome)) {
      replies.push({ fail: step as Exclude<Step, ReplyOutcome> });
      continue;
    }
    const outcome = step as ReplyOutcome;
    const fence = pick(["```python", "```"]);
    const block = (file: string, search: string, replace: string): string[] => [file, fence, "<<<<<<< SEARCH", search, "=======", replace, ">>>>>>> REPLACE", "```"];
    // A block that applies: its SEARCH is a line of the file that only this block touches.
    const good = (j: number): { text: string[]; file: string; line: string } => {
      const file = pick(FILES);
      lines[file]!.push(`r${k}_${j} = 0`);
      return { text: block(file, `r${k}_${j} = 0`, `r${k}_${j} = ${k + 1}`), file, line: `r${k}_${j} = ${k + 1}` };
    };
    // A block that matches nothing in any chat file, by any step of the replace chain.
    const bad = (j: number): string[] => block(pick(FILES), `missing_${k}_${j}(0)`, `missing_${k}_${j}(1)`);
    const goods: ReturnType<typeof good>[] = [];
    const blocks: string[][] = [];
    if (outcome === "ok" || outcome === "partial") {
      for (let j = 0, n = 1 + Math.floor(rnd() * 2); j < n; j++) goods.push(good(j));
      blocks.push(...goods.map((g) => g.text));
    }
    if (outcome === "partial" || outcome === "no-match") {
      for (let j = 0, n = 1 + Math.floor(rnd() * 2); j < n; j++) blocks.splice(Math.floor(rnd() * (blocks.length + 1)), 0, bad(j));
    }
    if (outcome === "parse-error") {
      // Maybe a block that would apply (its edit must NOT be written), then one cut off before its `>>>>>>> REPLACE`.
      if (rnd() < 0.5) goods.push(good(0));
      blocks.push(...goods.map((g) => g.text), block(pick(FILES), `r${k}_cut = 0`, `r${k}_cut = 1`).slice(0, 6));
    }
    markers.push(goods.map((g) => ({ file: g.file, line: g.line })));
    if (outcome === "no-edits" && rnd() < 0.5) blocks.push(["```bash", "python -m pytest", "```"]);
    replies.push([pick(PROSE), ...blocks.flatMap((b) => ["", ...b])].join("\n") + "\n");
    k++;
  }
  const o = { ...KEY_DEFAULTS, ...script.options };
  const check = (outcomes: readonly ("pass" | "fail")[] | undefined, what: string) =>
    scriptedCheck((outcomes ?? []).map((x, i) => (x === "pass" ? null : `${what} failure ${i + 1}`)));
  return {
    files: Object.fromEntries(Object.entries(lines).map(([f, ls]) => [f, ls.join("\n") + "\n"])),
    replies,
    markers,
    options: {
      maxReflections: o.maxReflections,
      autoLint: o.autoLint,
      autoTest: o.autoTest,
      fixLintErrors: o.fixLintErrors,
      fixTestErrors: o.fixTestErrors,
      lint: check(script.lint, "app.py:1:1: E999 lint"),
      test: check(script.test, "FAILED test_app.py::test_it - test"),
      retry: retryPolicy(o.maxRetries),
    },
  };
}

/** The failures of a run, one per failing step, read from its trace: each provider attempt, parse, apply, lint, test. */
export function failuresOf(result: LoopResult): string[] {
  return result.events
    .filter((e) => {
      if (e.ok !== false || e.errorClass === null) return false;
      if (e.kind === "apply") return e.detail !== null; // the failure message, once per reply (not once per block)
      return e.kind === "provider-error" || e.kind === "parse" || e.kind === "lint" || e.kind === "test";
    })
    .map((e) => e.errorClass!);
}

/** Runs the session of `script` through lib's loop; returns the result and what it did, as a prediction. */
export async function runScript(script: LoopScript, variant = 0): Promise<{ result: LoopResult; actual: LoopPrediction; session: BuiltSession }> {
  const session = buildSession(script, variant);
  const ws = new MemoryWorkspace(session.files, { chat: [...FILES] });
  const result = await runLoop({ workspace: ws, model: new ScriptedModel(session.replies), message: "Update the code." }, session.options);
  const received = result.requests.filter((r) => r.reply !== null).length;
  const written = session.markers.slice(0, received).map((ms, i) => {
    const found = ms.map((m) => result.files[m.file]!.split("\n").includes(m.line));
    if (found.some((f) => f !== found[0])) throw new Error(`loop-scripts: reply ${i + 1}'s edits were written in part only`);
    return found[0] ?? false;
  });
  const c = result.counts;
  const actual: LoopPrediction = {
    requests: c.requests,
    providerRetries: c.providerRetries,
    reflections: c.reflections,
    stop: result.stopReason,
    failures: failuresOf(result) as ErrorClassId[],
    written,
  };
  return { result, actual, session };
}

/** Part 1's sessions of exercise 08, described as scripts (test/grader checks that each matches its session). */
export const PART1_SCRIPTS: Readonly<Record<string, LoopScript>> = Object.freeze({
  flakyProvider: { steps: ["rate-limit", "server", "ok"] },
  authStops: { steps: ["no-match", "network", "auth", "ok"] },
  contextOverflow: { steps: ["partial", "context-window", "ok"] },
  partialResend: { steps: ["partial", "partial", "no-edits"], lint: ["fail"] },
  cutOffReply: { steps: ["parse-error", "ok", "ok"], lint: ["fail", "pass"] },
  threeIsTheLimit: { steps: ["no-match", "parse-error", "rate-limit", "no-match", "partial", "ok"] },
  lintDeclinedTestsOn: { steps: ["ok", "ok"], lint: ["fail"], test: ["fail", "pass"], options: { autoTest: true, fixLintErrors: false } },
});
