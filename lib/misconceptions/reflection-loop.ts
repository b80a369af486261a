/**
 * Exercise 08's misconceptions: wrong bookkeeping of Aider's reflection loop (seed 001 §5, §11;
 * `aider/coders/base_coder.py` `send_message/max_reflections`, `apply_updates`). The right prediction comes from lib's loop (`runLoop`, async), so these entries are derived from it:
 * each takes the test's expected prediction and applies its mistake (`fromExpected`). The loop's control flow is
 * unchanged by these mistakes, which is why deriving them is exact.
 */
import { misconception, type Misconception } from "./types.js";

const EXERCISE = "08-reflection-loop";
const NOTEBOOK = "06-aider-loop.ipynb";
const SEED = "seed 001 §5, §11 (run_one, send_message); `aider/coders/base_coder.py` `send_message/max_reflections`, `apply_updates`";

/** The parts of exercise 08's `LoopScript` and `LoopPrediction` these entries read. */
interface Script {
  readonly steps: readonly string[];
}
interface Prediction {
  readonly requests: number;
  readonly providerRetries: number;
  readonly failures: readonly string[];
  readonly written: readonly boolean[];
}
const REPLIES = new Set(["ok", "partial", "no-match", "parse-error", "no-edits"]);

const entry = (id: string, title: string, explanation: string, section: string, mistake: (s: Script, p: Prediction) => Prediction): Misconception =>
  misconception({
    id,
    exercise: EXERCISE,
    fn: "predictLoop",
    title,
    explanation,
    notebook: { file: NOTEBOOK, section },
    seed: SEED,
    fromExpected: true,
    run: (s: Script, p: Prediction) => mistake(s, p),
  });

export const REFLECTION_LOOP_MISCONCEPTIONS: readonly Misconception[] = [
  entry(
    "08-partial-not-written",
    "a partly failing reply's good edits predicted as not written",
    "When some blocks of a reply match and others do not, Aider still writes the ones that match, then reflects " +
      "the failures. Predicting that nothing is written treats a reply as all-or-nothing, which it is not.",
    "3. A reflection",
    (s, p) => {
      const replies = s.steps.filter((x) => REPLIES.has(x));
      return { ...p, written: p.written.map((w, i) => (replies[i] === "partial" ? false : w)) };
    },
  ),
  entry(
    "08-provider-not-a-failure",
    "provider failures left out of the failures",
    "A rate limit, network or server error that the client retries is still a failure of class provider, one per " +
      "failed call; it is not a reflection, but it is in the list. The prediction drops them.",
    "2. A retry is not a reflection",
    (_s, p) => ({ ...p, failures: p.failures.filter((f) => f !== "provider") }),
  ),
  entry(
    "08-retry-counted-as-request",
    "each provider retry counted as a new request",
    "The model client retries inside ONE request (send_message): the request count grows only when the loop sends " +
      "a message — the user's or a reflection. Adding the retries counts model calls, not requests.",
    "2. A retry is not a reflection",
    (_s, p) => ({ ...p, requests: p.requests + p.providerRetries }),
  ),
];
