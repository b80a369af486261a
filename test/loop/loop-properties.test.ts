import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runLoop, scriptedCheck, type ScriptStep } from "../../lib/index.js";
import { ERROR_CLASSES } from "../../lib/loop/error-classes.js";
import { edit, reply, setup } from "./helpers.js";

/** A generated script step: edits of single lines `vK = a` → `vK = b`, a malformed reply, prose, or a retryable failure. */
type Step =
  | { t: "edits"; edits: { k: number; a: number; b: number }[] }
  | { t: "broken" }
  | { t: "text" }
  | { t: "fail"; kind: "rate-limit" | "network" | "server" };

const LINES = 4;
const line = (k: number, v: number) => `v${k} = ${v}\n`;
const START = Array.from({ length: LINES }, (_, k) => line(k, 0)).join("");

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.record({ k: fc.nat(LINES - 1), a: fc.nat(2), b: fc.nat(2) }), { minLength: 1, maxLength: 3 })
      .map((edits) => ({ t: "edits" as const, edits })),
  },
  { weight: 1, arbitrary: fc.constant({ t: "broken" as const }) },
  { weight: 1, arbitrary: fc.constant({ t: "text" as const }) },
  { weight: 2, arbitrary: fc.constantFrom("rate-limit", "network", "server").map((kind) => ({ t: "fail" as const, kind })) },
);

function toScript(step: Step): ScriptStep {
  switch (step.t) {
    case "edits":
      return reply(...step.edits.map((e) => edit("f.py", line(e.k, e.a), line(e.k, e.b))));
    case "broken":
      return "f.py\n<<<<<<< SEARCH\nv0 = 0\n"; // no divider: a parse error
    case "text":
      return "Nothing to change.";
    case "fail":
      return { fail: step.kind };
  }
}

/** The file after the consumed steps, computed directly: a malformed reply changes nothing; each edit of a reply
 * applies, in order, when its line is in the file at that moment (partial success is kept). */
function simulate(steps: readonly Step[]): string {
  let text = START;
  for (const s of steps) {
    if (s.t !== "edits") continue;
    for (const e of s.edits) if (text.includes(line(e.k, e.a))) text = text.replace(line(e.k, e.a), line(e.k, e.b));
  }
  return text;
}

const EXPECTED_CLASS: Record<string, readonly (string | null)[]> = {
  "provider-error": ["provider"],
  parse: ["output-parse"],
  apply: ["block-mismatch"],
  lint: ["validation"],
};

describe("runLoop — properties over scripted sequences", () => {
  it("bounded requests and reflections, retries counted apart, files as the applied edits made them, failures classified", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 1, maxLength: 8 }),
        fc.nat(4),
        fc.array(fc.option(fc.constantFrom("E1 lint error", "W2 warning"), { nil: null }), { maxLength: 4 }),
        async (steps, maxReflections, lintOutcomes) => {
          const { ws, model } = setup({ "f.py": START }, steps.map(toScript));
          const r = await runLoop({ workspace: ws, model, message: "edit" }, { maxReflections, lint: scriptedCheck(lintOutcomes) });
          const consumed = steps.slice(0, model.requests.length);
          const c = r.counts;

          expect(c.requests).toBeLessThanOrEqual(1 + maxReflections);
          expect(c.reflections).toBeLessThanOrEqual(maxReflections);
          expect(c.reflections).toBe(c.requests - 1);
          expect(c.providerAttempts).toBe(model.requests.length);
          expect(c.providerAttempts).toBeLessThanOrEqual(1 + maxReflections + c.providerRetries);
          expect(c.providerRetries).toBe(consumed.filter((s) => s.t === "fail").length);
          if (r.stopReason === "max-reflections") expect(c.reflections).toBe(maxReflections);
          expect(["done", "max-reflections", "script-ended"]).toContain(r.stopReason);

          expect(r.files).toEqual({ "f.py": simulate(consumed) });

          expect(r.events.map((e) => e.seq)).toEqual(r.events.map((_, i) => i + 1));
          expect(new Set(r.events.map((e) => e.round)).size).toBe(c.requests);
          for (const e of r.events) {
            if (e.ok === false && e.kind in EXPECTED_CLASS) expect(EXPECTED_CLASS[e.kind]).toContain(e.errorClass);
            if (e.ok === true) expect(e.errorClass).toBeNull();
            // a failure is classified with the class its own component owns (seed 001 §11)
            if (e.errorClass !== null && !["reflect", "warning", "stop"].includes(e.kind)) expect(ERROR_CLASSES[e.errorClass].owner).toBe(e.owner);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
