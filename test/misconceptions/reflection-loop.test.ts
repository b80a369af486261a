/**
 * Exercise 08's misconceptions, which are derived from the right prediction: that prediction is what lib's loop
 * does (the graded tests' answer key, lib/grader/judge/loop-scripts.ts), on Part 1's scripts and generated ones.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { misconceptions } from "../../lib/index.js";
import * as s08 from "../../solutions/08-reflection-loop/reflection-loop.js";
import { PART1_SCRIPTS, PROVIDER_STEPS, REPLY_OUTCOMES, runScript } from "../../lib/grader/judge/loop-scripts.js";
import type { LoopPrediction, LoopScript, Step } from "../../solutions/08-reflection-loop/reflection-loop.js";

const ENTRIES = misconceptions.MISCONCEPTIONS.filter((m) => m.exercise === "08-reflection-loop");
const step = fc.oneof(fc.constantFrom<Step>(...REPLY_OUTCOMES), fc.constantFrom<Step>(...PROVIDER_STEPS), fc.constantFrom<Step>("partial", "rate-limit"));
const scriptArb: fc.Arbitrary<LoopScript> = fc.record({
  steps: fc.array(step, { maxLength: 7 }),
  lint: fc.array(fc.constantFrom<"pass" | "fail">("pass", "fail"), { maxLength: 3 }),
  options: fc.record({ maxRetries: fc.integer({ min: 0, max: 3 }) }),
});
const scripts: LoopScript[] = [...Object.values(PART1_SCRIPTS), ...fc.sample(scriptArb, { seed: 20261201, numRuns: 60 })];
const answers: { script: LoopScript; expected: LoopPrediction }[] = [];

beforeAll(async () => {
  for (const script of scripts) answers.push({ script, expected: (await runScript(script)).actual });
}, 120_000);

it("exercise 08 has at least 3 entries, all derived from the right answer", () => {
  expect(ENTRIES.length).toBeGreaterThanOrEqual(3);
  for (const m of ENTRIES) expect(m.fromExpected, m.id).toBe(true);
});

describe.each(ENTRIES.map((m) => [m.id, m] as const))("%s", (_id, m) => {
  const callsOf = () => answers.map(({ script, expected }) => ({ fn: m.fn, args: [script], output: m.run(script, expected), expected }));

  it("differs from the loop's answer on some script, and is named when the student's prediction is that variant", () => {
    const calls = callsOf();
    const differing = calls.filter((c) => !misconceptions.sameOutput(c.output, c.expected, 0));
    expect(differing.length, `scripts (of ${calls.length}) where ${m.id} is wrong`).toBeGreaterThan(0);
    expect(misconceptions.matchMisconception(m.exercise, calls)?.id).toBe(m.id);
  });

  it("is not named without the expected value (it cannot be run alone)", () => {
    const calls = callsOf().map(({ fn, args, output }) => ({ fn, args, output }));
    expect(misconceptions.matchMisconception(m.exercise, calls)).toBeNull();
  });
});

it("the reference solution's predictions are never named", () => {
  const calls = answers.map(({ script, expected }) => ({ fn: "predictLoop", args: [script], output: s08.predictLoop(script), expected }));
  for (const c of calls) expect(misconceptions.sameOutput(c.output, c.expected, 0), JSON.stringify(c.args)).toBe(true);
  expect(misconceptions.matchMisconception("08-reflection-loop", calls)).toBeNull();
});
