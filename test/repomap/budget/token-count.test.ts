/** `sampledTokenCount` (budget/token-count.ts): exact under 200 code points, sampled by lines above. */
import { describe, expect, it } from "vitest";
import { loadTiktokenCounter, sampledTokenCount, WorkbenchInputError } from "../../../lib/index.js";

describe("sampledTokenCount", () => {
  const runs = (t: string) => t.split(/\s+/).filter(Boolean).length;

  it("counts exactly below 200 code points (an emoji is one code point, two UTF-16 units)", () => {
    const emoji = "\u{1F600} ".repeat(99); // 198 code points
    expect(sampledTokenCount(emoji, runs)).toBe(99);
  });

  it("from 200 code points on, samples every (lines // 100)-th line and scales by length", () => {
    const lines = Array.from({ length: 250 }, (_, i) => (i % 2 === 0 ? "a b c\n" : "d\n"));
    const text = lines.join("");
    // step = 250 // 100 = 2: lines 0, 2, 4, … are all "a b c\n": 3 tokens per 6 code points
    expect(sampledTokenCount(text, runs)).toBe(((125 * 3) / (125 * 6)) * text.length);
    expect(sampledTokenCount("x".repeat(200), runs)).toBe(1);
  });

  it("checks its arguments and the counter's result", () => {
    expect(() => sampledTokenCount(3 as never, runs)).toThrow(WorkbenchInputError);
    expect(() => sampledTokenCount("abc", () => -1)).toThrow(/count must return a finite, non-negative number/);
  });

  it("loadTiktokenCounter loads o200k_base once and counts real tokens (special tokens as text)", async () => {
    const count = await loadTiktokenCounter();
    expect(await loadTiktokenCounter("o200k_base")).toBe(count);
    expect(count("hello world")).toBe(2);
    expect(count("<|endoftext|>")).toBeGreaterThan(1);
    expect(() => loadTiktokenCounter("gpt2" as never)).toThrow(/encoding must be "o200k_base" or "cl100k_base"/);
  });
});
