/**
 * Graded tests for exercise 08 (predict Aider's reflection loop). Graded against lib's loop, lib/loop/loop.ts
 * (`runLoop`, on lib/editblock's production parse and apply): Part 1's sessions are run as they are written;
 * Part 2's scripts are turned into real sessions (lib/grader/judge/loop-scripts.ts) and run the same way. Part 1's
 * SESSIONS and BLOCKS are the judge's copies (`ex.given`); the student's are only checked to be left as given.
 * The task: exercises/08-reflection-loop/README.md; the student's file: exercises/08-reflection-loop/reflection-loop.ts.
 */
import fc from "fast-check";
import { runSession } from "../../lib/index.js";
import type { HandPrediction, LoopScript, Step } from "@target/08-reflection-loop/reflection-loop.js";
import { expectSame } from "../../lib/grader/judge/compare.js";
import { exercise, type HandCheck } from "../../lib/grader/judge/grading.js";
import { failuresOf, PART1_SCRIPTS, PROVIDER_STEPS, REPLY_OUTCOMES, runScript } from "../../lib/grader/judge/loop-scripts.js";

const ex = exercise<typeof import("@target/08-reflection-loop/reflection-loop.js")>("08-reflection-loop", "reflection-loop.ts", { lib: ["pystr"] });

type Module = typeof import("@target/08-reflection-loop/reflection-loop.js");
type Blocks = Module["BLOCKS"];
const SESSIONS: Module["SESSIONS"] = ex.given("SESSIONS");
const BLOCKS: Blocks = ex.given("BLOCKS");

/** calc.py after writing the named blocks in order, or why one of them cannot be written at that point. */
function writeBlocks(text: string, names: readonly string[]): { text: string } | { error: string } {
  for (const name of names) {
    const b = (BLOCKS as Record<string, { search: string; replace: string } | undefined>)[name];
    if (b === undefined) return { error: `written names "${name}", which is not one of BLOCKS` };
    const lines = text.split(/(?<=\n)/);
    const want = b.search.split(/(?<=\n)/);
    const at = lines.findIndex((_, i) => want.every((l, j) => lines[i + j] === l));
    if (at < 0) return { error: `written: ${name} could not be written at that point (its SEARCH is not in calc.py then)` };
    text = [...lines.slice(0, at), b.replace, ...lines.slice(at + want.length)].join("");
  }
  return { text };
}

/**
 * How many of the sessions `names` are traced right (every field): which ones, and which fields, is not said
 * (lib/grader/attempts.ts) — the learner traces the loop again rather than searching the answers.
 */
async function checkHandTrace(module: Module, names: readonly string[]): Promise<HandCheck> {
  const answers = module.handTrace() as Record<string, HandPrediction | undefined>;
  let right = 0;
  for (const name of names) {
    const a = answers[name];
    if (a === undefined) continue;
    const run = await runSession((SESSIONS as Record<string, unknown>)[name]);
    const r = run.result;
    const files = writeBlocks(run.before["calc.py"]!, a.written ?? []);
    const same =
      a.requests === r.counts.requests &&
      a.providerRetries === r.counts.providerRetries &&
      a.reflections === r.counts.reflections &&
      a.stop === r.stopReason &&
      JSON.stringify(a.failures) === JSON.stringify(failuresOf(r)) &&
      "text" in files &&
      files.text === r.files["calc.py"];
    if (same) right++;
  }
  const answer = Object.fromEntries(names.map((n) => [n, answers[n] ?? null]));
  return { answer, right, total: names.length, redo: `trace these ${names.length} sessions again by hand, every field` };
}

ex.byHand("by hand: provider failures — retried, not retried, the context window", 2, (m) => checkHandTrace(m, ["flakyProvider", "authStops", "contextOverflow"]));

ex.byHand("by hand: partial success, a re-sent block, a cut-off reply", 2, (m) => checkHandTrace(m, ["partialResend", "cutOffReply"]));

ex.byHand("by hand: the reflection limit, lint and tests", 2, (m) => checkHandTrace(m, ["threeIsTheLimit", "lintDeclinedTestsOn"]));

/** predictLoop's answer for `script` against the loop's, on the session built from it. */
async function checkScript(predictLoop: Module["predictLoop"], script: LoopScript, variant = 0, what = ""): Promise<void> {
  const mine = predictLoop(structuredClone(script) as LoopScript);
  const { actual } = await runScript(script, variant);
  ex.compared("predictLoop", actual); // lets the grader name a known mistake (lib/misconceptions/reflection-loop.ts)
  expectSame(mine, actual, `${what}${what ? ": " : ""}script ${JSON.stringify(script)}`);
}

ex.test("predictLoop on Part 1's sessions, described as scripts", 2, async ({ predictLoop }) => {
  for (const [name, script] of Object.entries(PART1_SCRIPTS)) await checkScript(predictLoop, script, 0, name);
});

const retry8 = Array.from({ length: 8 }, () => "rate-limit" as const);

ex.test("the model client: retries per request, giving up, auth, the context window, a script that runs out", 2, async ({ predictLoop }) => {
  const cases: Record<string, LoopScript> = {
    "no steps at all": { steps: [] },
    "a retry, then nothing left": { steps: ["rate-limit"] },
    "8 retries, then a reply": { steps: [...retry8, "ok"] },
    "9 failures: the 9th is not retried": { steps: [...retry8, "network", "ok"] },
    "the retry budget is per request": { steps: ["server", "server", "no-match", "server", "server", "ok"], options: { maxRetries: 2 } },
    "no retries allowed": { steps: ["network", "ok"], options: { maxRetries: 0 } },
    "auth is never retried": { steps: ["auth", "ok"] },
    "a context overflow after a retry": { steps: ["rate-limit", "context-window", "ok"] },
    "a context overflow after two reflections": { steps: ["no-match", "parse-error", "context-window"] },
    "the script ends after a reflection": { steps: ["partial"] },
  };
  for (const [what, script] of Object.entries(cases)) await checkScript(predictLoop, script, 1, what);
});

ex.test("the loop's bound and its order: at most 1 + maxReflections requests, lint only after a clean apply, tests after lint", 2, async ({ predictLoop }) => {
  const cases: Record<string, LoopScript> = {
    "four mismatches: the 4th is not sent back": { steps: ["no-match", "no-match", "no-match", "no-match", "ok"] },
    "lint fails after every clean reply": { steps: ["ok", "ok", "ok", "ok", "ok"], lint: ["fail", "fail", "fail", "fail"] },
    "maxReflections 0": { steps: ["parse-error", "ok"], options: { maxReflections: 0 } },
    "maxReflections 1, lint then a mismatch": { steps: ["ok", "no-match", "ok"], lint: ["fail"], options: { maxReflections: 1 } },
    "no lint after a partial reply": { steps: ["partial", "ok"], lint: ["fail"] },
    "no lint after a reply without edits": { steps: ["no-edits"], lint: ["fail"] },
    "autoLint off": { steps: ["ok"], lint: ["fail"], options: { autoLint: false } },
    "tests are off by default": { steps: ["ok"], test: ["fail"] },
    "tests do not run after lint reflected": { steps: ["ok", "ok"], lint: ["fail"], test: ["fail"], options: { autoTest: true } },
    "declining both fixes": { steps: ["ok", "ok"], lint: ["fail"], test: ["fail"], options: { autoTest: true, fixLintErrors: false, fixTestErrors: false } },
  };
  for (const [what, script] of Object.entries(cases)) await checkScript(predictLoop, script, 2, what);
});

const checks = fc.array(fc.constantFrom("pass" as const, "fail" as const), { maxLength: 5 });
const loopOptions = fc.record(
  {
    maxReflections: fc.integer({ min: 0, max: 4 }),
    autoLint: fc.boolean(),
    autoTest: fc.boolean(),
    fixLintErrors: fc.boolean(),
    fixTestErrors: fc.boolean(),
  },
  { requiredKeys: [] },
);
const reply = fc.constantFrom(...REPLY_OUTCOMES);

ex.property("random replies, lint and tests: the loop's counts, stop, failures and written edits", 2, async ({ predictLoop }) => {
  const script: fc.Arbitrary<LoopScript> = fc.record({ steps: fc.array(reply, { maxLength: 7 }), lint: checks, test: checks, options: loopOptions });
  await fc.assert(
    fc.asyncProperty(script, fc.nat(), async (s, variant) => checkScript(predictLoop, s, variant)),
    { numRuns: 150 },
  );
});

ex.property("random scripts with provider failures and retry budgets", 2, async ({ predictLoop }) => {
  const burst = fc.array(fc.constantFrom<Step>("rate-limit", "network", "server"), { minLength: 1, maxLength: 4 });
  const steps = fc
    .array(fc.oneof({ weight: 3, arbitrary: reply.map((r) => [r]) }, { weight: 1, arbitrary: fc.constantFrom(...PROVIDER_STEPS).map((p) => [p]) }, { weight: 1, arbitrary: burst }), {
      maxLength: 7,
    })
    .map((parts) => parts.flat());
  const options = fc.tuple(loopOptions, fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined })).map(([o, maxRetries]) => (maxRetries === undefined ? o : { ...o, maxRetries }));
  const script: fc.Arbitrary<LoopScript> = fc.record({ steps, lint: checks, test: checks, options });
  await fc.assert(
    fc.asyncProperty(script, fc.nat(), async (s, variant) => checkScript(predictLoop, s, variant)),
    { numRuns: 150 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
