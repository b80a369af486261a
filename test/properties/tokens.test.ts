/**
 * Token counting: Aider's line-sampled estimate against the exact js-tiktoken (o200k_base) count
 * (lib/explore/laws-tokens.ts). The tokenizer loads once for the file (≈ 1 s); the runs are bounded because
 * js-tiktoken takes tens of milliseconds per long text.
 */
import { beforeAll, describe, expect } from "vitest";
import { explore, loadTiktokenCounter, sampledTokenCount, type TokenCounter } from "../../lib/index.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";
import { caseLines } from "../../lib/explore/laws-tokens.js";

let count: TokenCounter = () => {
  throw new Error("the tokenizer is not loaded yet");
};
beforeAll(async () => {
  count = await loadTiktokenCounter("o200k_base");
});
const laws = explore.tokenLaws((text) => count(text));
const law = (id: string) => laws.find((l) => l.id === id)!;

describe("token count: sampled estimate and exact count", () => {
  lawHolds(law("tokens/exact-below-200-lines"), 50);
  lawHolds(law("tokens/within-line-density-bounds"), 20);

  lawRefuted(
    law("tokens/estimate-within-factor-2"),
    [
      {
        name: "tab lines and code lines alternating: the sample sees only the tab lines (×0.21)",
        seed: 7,
        path: "3:0:0:0",
        counterexample: { pattern: ["\t\n", "x = 1; \n"], length: 200 },
        shows(c) {
          const text = caseLines(c).join("");
          // 200 lines → step ⌊200/100⌋ = 2 → lines 0, 2, 4, …: every sampled line is "\t\n"
          const sample = "\t\n".repeat(100);
          const estimate = sampledTokenCount(text, count);
          expect(estimate).toBe((count(sample) / 200) * 1000);
          expect(estimate / count(text)).toBeLessThan(0.25);
        },
      },
      {
        name: "emoji lines and code lines alternating: the sample sees only the emoji (×3)",
        seed: 8,
        path: "0:0",
        counterexample: { pattern: ["😀\n", "return value\n"], length: 200 },
        shows(c) {
          const text = caseLines(c).join("");
          const sample = "😀\n".repeat(100);
          const estimate = sampledTokenCount(text, count);
          expect(estimate).toBe((count(sample) / 200) * 1500);
          expect(estimate / count(text)).toBeGreaterThan(2.5);
        },
      },
    ],
    200,
  );

  catalogueCovered("tokens", laws);
});
