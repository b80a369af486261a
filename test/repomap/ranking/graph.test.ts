/** lib/repomap/ranking/graph.ts: Aider's edge weight rules (ident multipliers), in Aider's order. */
import { describe, expect, it } from "vitest";
import { identMultiplier } from "../../../lib/repomap/ranking/graph.js";

describe("identMultiplier — Aider's weight rules, in Aider's order", () => {
  it.each([
    ["x", false, 1, 1, []],
    ["x", true, 1, 10, ["mentioned ×10"]],
    ["compute_total", false, 1, 10, ["long snake/kebab/camel name ×10"]],
    ["snake_", false, 1, 1, []], // snake but only 6 code points
    ["my-kebab-ident", false, 1, 10, ["long snake/kebab/camel name ×10"]],
    ["HttpClient", false, 1, 10, ["long snake/kebab/camel name ×10"]],
    ["ALLCAPS_X", false, 1, 10, ["long snake/kebab/camel name ×10"]], // snake: "_" and a letter
    ["12345_678", false, 1, 1, []], // "_" but no letter
    ["ÄrgerÜber", false, 1, 10, ["long snake/kebab/camel name ×10"]], // Unicode camel, 9 code points
    ["_private_helper", false, 1, 1, ["long snake/kebab/camel name ×10", "leading underscore ×0.1"]],
    ["run", false, 6, 0.1, ["defined in more than 5 files ×0.1"]],
    ["run", false, 5, 1, []],
  ] as const)("%s (mentioned %s, %i definers) → ×%f", (ident, mentioned, definers, mul, factors) => {
    const r = identMultiplier(ident, mentioned, definers);
    expect(r.multiplier).toBeCloseTo(mul, 12);
    expect(r.factors).toEqual(factors);
  });

  it("a long mentioned name gets ×100, an emoji name is not camel case (no cased letters)", () => {
    expect(identMultiplier("compute_total", true, 1).multiplier).toBe(100);
    expect(identMultiplier("\u{1F600}\u{1F600}\u{1F600}\u{1F600}_\u{1F600}\u{1F600}\u{1F600}\u{1F600}", false, 1).multiplier).toBe(1);
  });
});
