/** lib/loop/scripted-model.ts: the scripted model's steps and failures. */
import { describe, expect, it } from "vitest";
import { ScriptedModel } from "../../lib/index.js";
import { ProviderError } from "../../lib/loop/scripted-model.js";

describe("ScriptedModel", () => {
  it("plays its steps in order, records each prompt, and raises provider failures", () => {
    const m = new ScriptedModel(["a", { fail: "rate-limit" }]);
    expect(m.complete([{ role: "user", content: "1", part: "current" }])).toBe("a");
    expect(() => m.complete([])).toThrow(ProviderError);
    expect(() => m.complete([])).toThrow("the script has no step for model call 3");
    expect(m.requests).toHaveLength(2);
    expect(m.remaining).toBe(0);
  });

  it("rejects bad steps naming the step", () => {
    expect(() => new ScriptedModel([1 as never])).toThrow("ScriptedModel: steps[0] must be an object");
    expect(() => new ScriptedModel([{ fail: "overload" as never }])).toThrow("steps[0].fail must be one of rate-limit, network, server, auth, context-window, timeout, bad-request");
    expect(() => new ScriptedModel([{ fail: "auth", retry: true } as never])).toThrow("steps[0].retry is not a known option");
  });
});
