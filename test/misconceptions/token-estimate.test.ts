/**
 * Exercise 07's wrong estimates (lib/misconceptions/token-estimate.ts) on hand-built texts and counters (reference
 * aider/repomap.py `token_count`: under 200 code points the exact count; else every step-th line of Python's splitlines, step = ⌊lines/100⌋ or
 * 1, and count(sample) / len(sample) · len(text), lengths in code points): each variant differs from lib's where its
 * mistake matters and agrees where it does not.
 */
import { describe, expect, it } from "vitest";
import { TOKEN_ESTIMATE_MISCONCEPTIONS, TOKEN_ESTIMATE_RIGHT } from "../../lib/misconceptions/token-estimate.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const estimate = rightFor(TOKEN_ESTIMATE_RIGHT, "sampledTokenCount");
/** One token per code point. */
const chars = (t: string): number => [...t].length;
/** One token per run of non-whitespace. */
const words = (t: string): number => (t.match(/\S+/g) ?? []).length;
const alternate = (n: number, even: string, odd: string) => Array.from({ length: n }, (_, i) => (i % 2 ? odd : even)).join("");
const run = (id: string, text: string, count: (t: string) => number) => entry(TOKEN_ESTIMATE_MISCONCEPTIONS, id).run(text, count) as number;
const right = (text: string, count: (t: string) => number) => estimate.run(text, count) as number;
const ASCII = "word word\n".repeat(200);

describe("sampledTokenCount variants", () => {
  it("07-utf16-length: 200 lines '😀' / 'ab' (step 2 samples the emoji lines) give 200/300·600 = 400, not 200/200·500", () => {
    const text = alternate(200, "\u{1F600}\n", "ab\n");
    expect(right(text, chars)).toBe(500);
    expect(run("07-utf16-length", text, chars)).toBe(400);
    expect(run("07-utf16-length", ASCII, words)).toBe(right(ASCII, words));
  });

  it("07-utf16-length crosses the 200 threshold early (150 code points, 225 units), harmless when the sample is the text", () => {
    const text = "\u{1F600} ".repeat(75);
    // one line: the sample is the whole text, so 75/225·225 is the exact count too
    expect([right(text, words), run("07-utf16-length", text, words)]).toEqual([75, 75]);
  });

  it("07-scaled-by-lines: 'a' / 'bbbb' lines give 200/100·200 = 400 instead of 200/200·700; equal lines agree", () => {
    const text = alternate(200, "a\n", "bbbb\n");
    expect(right(text, chars)).toBe(700);
    expect(run("07-scaled-by-lines", text, chars)).toBe(400);
    const even = "ab\n".repeat(200);
    expect(run("07-scaled-by-lines", even, chars)).toBeCloseTo(right(even, chars), 9);
  });

  it("07-newline-only: 200 lines ended by \\r are one line to split('\\n'), so the sample is the whole text", () => {
    const text = "a\rbb\r".repeat(100);
    // splitlines: 200 lines, step 2, the "a\r" lines: 100 words in 200 code points, times 500
    expect(right(text, words)).toBe(250);
    expect(run("07-newline-only", text, words)).toBe(200);
    expect(run("07-newline-only", ASCII, words)).toBe(right(ASCII, words));
  });

  it("07-step-rounded-up: 150 lines give step 2 (every other line) instead of 1 (the whole text); 200 lines agree", () => {
    const text = alternate(150, "eeee\n", "a b\n");
    expect(right(text, words)).toBeCloseTo(75 + 150, 9);
    // the 75 "eeee" lines: 75 words in 375 code points, times 675
    expect(run("07-step-rounded-up", text, words)).toBeCloseTo((75 / 375) * 675, 9);
    const longer = alternate(200, "eeee\n", "a b\n");
    expect(run("07-step-rounded-up", longer, words)).toBe(right(longer, words));
  });
});

describe("exercise 07's entries", () => {
  it("are the catalogue's, all for sampledTokenCount", () => {
    expectEntries("07-token-estimate", TOKEN_ESTIMATE_MISCONCEPTIONS, TOKEN_ESTIMATE_RIGHT);
  });
});
