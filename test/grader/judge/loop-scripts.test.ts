/**
 * Exercise 08's answer key (lib/grader/judge/loop-scripts.ts) is only as good as the sessions it builds: each reply
 * must do what its script says when lib's loop parses and applies it, the retry policy must allow the stated
 * number of retries, and Part 1's scripts must describe Part 1's sessions.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runSession } from "../../../lib/index.js";
import { maxRetries } from "../../../lib/loop/model-client.js";
import { type LoopEvent } from "../../../lib/loop/trace.js";
import { SCRIPT_DEFAULTS, SESSIONS } from "../../../solutions/08-reflection-loop/reflection-loop.js";
import type { ReplyOutcome } from "../../../solutions/08-reflection-loop/reflection-loop.js";
import { failuresOf, KEY_DEFAULTS, PART1_SCRIPTS, REPLY_OUTCOMES, retryPolicy, runScript } from "../../../lib/grader/judge/loop-scripts.js";

/** What each reply did, read from the trace: the events from a reply to the next request. */
function replyOutcomes(events: readonly LoopEvent[]): ReplyOutcome[] {
  const out: ReplyOutcome[] = [];
  events.forEach((e, i) => {
    if (e.kind !== "reply") return;
    const next = events.findIndex((x, j) => j > i && x.kind === "request");
    const own = events.slice(i + 1, next < 0 ? undefined : next);
    const parse = own.find((x) => x.kind === "parse")!;
    const applied = own.filter((x) => x.kind === "apply" && x.ok !== null && x.detail === null); // one per block
    const passed = applied.filter((x) => x.ok).length;
    const failed = applied.length - passed;
    if (!parse.ok) out.push("parse-error");
    else if (applied.length === 0) out.push("no-edits");
    else out.push(failed === 0 ? "ok" : passed === 0 ? "no-match" : "partial");
  });
  return out;
}

describe("exercise 08's sessions from scripts", () => {
  it("each reply does what the script says, whatever the variant", async () => {
    const steps = fc.array(fc.constantFrom(...REPLY_OUTCOMES), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(steps, fc.nat(), async (s, variant) => {
        // enough reflections for every reply to be asked for; lint and tests pass
        const { result, actual } = await runScript({ steps: s, options: { maxReflections: 10 } }, variant);
        const used = s.slice(0, result.counts.requests);
        expect(replyOutcomes(result.events)).toEqual(used);
        expect(actual.written).toEqual(used.map((o) => o === "ok" || o === "partial"));
      }),
      { numRuns: 150 },
    );
  });

  it("a parse error after a good block writes nothing, a failing reply is one failure however many blocks failed", async () => {
    for (let variant = 0; variant < 40; variant++) {
      const { result, actual } = await runScript({ steps: ["parse-error", "no-match", "partial", "no-edits"] }, variant);
      expect(actual.written).toEqual([false, false, true, false]);
      expect(failuresOf(result)).toEqual(["output-parse", "block-mismatch", "block-mismatch"]);
    }
  });

  it("retryPolicy(n) allows exactly n retries per request", () => {
    for (let n = 0; n <= 10; n++) expect(maxRetries(retryPolicy(n))).toBe(n);
  });

  it("the defaults the exercise states are lib's (8 retries: 0.25 s doubling up to 60 s)", () => {
    expect(SCRIPT_DEFAULTS).toEqual(KEY_DEFAULTS);
    expect(KEY_DEFAULTS.maxRetries).toBe(8);
  });

  it("Part 1's scripts describe Part 1's sessions", async () => {
    expect(Object.keys(PART1_SCRIPTS).sort()).toEqual(Object.keys(SESSIONS).sort());
    for (const [name, session] of Object.entries(SESSIONS)) {
      const { result } = await runSession(session);
      const { actual } = await runScript(PART1_SCRIPTS[name]!);
      const real = {
        requests: result.counts.requests,
        providerRetries: result.counts.providerRetries,
        reflections: result.counts.reflections,
        stop: result.stopReason,
        failures: failuresOf(result),
      };
      const { written: _, ...fromScript } = actual;
      expect(fromScript, name).toEqual(real);
      expect(replyOutcomes(result.events), name).toEqual(PART1_SCRIPTS[name]!.steps.filter((s) => REPLY_OUTCOMES.includes(s as ReplyOutcome)).slice(0, actual.written.length));
    }
  });
});
