/** The map's token budget (budget/map-budget.ts): `get_repo_map` and `Model.get_repo_map_tokens`. */
import { describe, expect, it } from "vitest";
import { AIDER_MAP_BUDGET_DEFAULTS, aiderRepoMapBudget } from "../../../lib/index.js";
import { aiderDefaultMapTokens, aiderRepoMapText, formatRepoContentPrefix } from "../../../lib/repomap/budget/map-budget.js";

describe("the get_repo_map budget", () => {
  it("map_tokens default: clamp(max_input_tokens / 8, 1024, 4096), 1024 when unknown", () => {
    expect(aiderDefaultMapTokens(null)).toBe(1024);
    expect(aiderDefaultMapTokens(200_000)).toBe(4096);
    expect(aiderDefaultMapTokens(16_000)).toBe(2000);
    expect(aiderDefaultMapTokens(4_000)).toBe(1024);
    expect(aiderDefaultMapTokens(10_001)).toBe(1250.125);
  });

  it("no chat files: min(⌊tokens·mul⌋, window − 4096) when positive — possibly below map_tokens; ≤ 0 disables", () => {
    const b = (mapTokens: number, maxContextWindow: number | null, hasChatFiles = false, mapMulNoFiles?: number) =>
      aiderRepoMapBudget({ mapTokens, maxContextWindow, hasChatFiles, mapMulNoFiles });
    expect(b(1024, 128_000)).toBe(2048); // the CLI's multiplier 2
    expect(b(1024, 128_000, false, 8)).toBe(8192);
    expect(b(1024, 5000, false, 8)).toBe(904);
    expect(b(1024, 4096)).toBe(1024); // target 0 → unchanged
    expect(b(1024, 128_000, true)).toBe(1024);
    expect(b(1024, null)).toBe(1024);
    expect(b(0, 128_000)).toBeNull();
    expect(AIDER_MAP_BUDGET_DEFAULTS.mapMulNoFiles).toBe(2);
  });

  it("prefix formatting: {other} becomes 'other ' with chat files, braces escape, other fields are errors", () => {
    expect(formatRepoContentPrefix("Here are {other}files{{x}}:\n", true)).toBe("Here are other files{x}:\n");
    expect(aiderRepoMapText("MAP\n", false, "P[{other}]")).toBe("P[]MAP\n");
    expect(aiderRepoMapText("", false, "P")).toBeNull();
    expect(aiderRepoMapText(null, true, "P")).toBeNull();
    expect(() => formatRepoContentPrefix("{files}", true)).toThrow(/may only use the placeholder "\{other\}"/);
  });
});
