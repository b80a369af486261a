/**
 * The token-count laws (lib/explore/laws-tokens.ts) on hand-built texts, with a counter made for the test (one token
 * per non-whitespace code point: additive over lines, so the density bound applies): where the sampled estimate is
 * exact the laws hold; a text whose sampled lines (every ⌊lines/100⌋-th, `aider/repomap.py` `token_count`) are the dense ones breaks the
 * factor-2 law. The fast-check runs, with js-tiktoken, are test/properties/tokens.test.ts.
 */
import { describe, expect, it } from "vitest";
import { caseLines, sampling, tokenLaws, type TokensCase } from "../../lib/explore/laws-tokens.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { TOKEN_SAMPLE_THRESHOLD } from "../../lib/repomap/budget/token-count.js";
import { expectCatalogued } from "./catalogued.js";

/** One token per code point that is not whitespace. */
const inked = (t: string): number => [...t].filter((ch) => ch.trim() !== "").length;
/** The three laws for `count`, in the catalogue's order. */
function lawsFor(count: (t: string) => number) {
  const [exact, density, factor2] = tokenLaws(count);
  return { exact: exact!, density: density!, factor2: factor2! };
}
const { exact: exactBelow200, density: densityBound, factor2: withinFactor2 } = lawsFor(inked);

/** 200 lines alternating "a\n" and ten spaces: step 2 samples only the "a" lines (½ a token per code point). */
const DENSE_SAMPLE: TokensCase = { pattern: ["a\n", " ".repeat(10) + "\n"], length: 200 };

describe("caseLines and sampling", () => {
  it("repeat the pattern to the length, and sample every ⌊lines / 100⌋-th line", () => {
    expect(caseLines({ pattern: ["x\n", "y\n"], length: 5 })).toEqual(["x\n", "y\n", "x\n", "y\n", "x\n"]);
    expect(caseLines({ pattern: [], length: 0 })).toEqual([]);
    const s = sampling(DENSE_SAMPLE, inked);
    expect([s.lines.length, s.step, s.sampled.length, s.length, s.exact]).toEqual([200, 2, 100, 100 * 2 + 100 * 11, 100]);
    expect(s.sample).toBe("a\n".repeat(100));
    // the sample's 100 tokens in 200 code points, scaled to the text's 1300
    expect(s.estimate).toBe((100 / 200) * 1300);
    expect(sampling({ pattern: ["ab\n"], length: 150 }, inked).step).toBe(1);
  });
});

describe("the token laws on hand-built texts", () => {
  it("a short text is counted exactly; below 200 lines the sample is the whole text", () => {
    const short: TokensCase = { pattern: ["ab\n"], length: 10 };
    expect(sampling(short, inked).length).toBeLessThan(TOKEN_SAMPLE_THRESHOLD);
    expect(exactBelow200.check(short)).toBeNull();
    const longer: TokensCase = { pattern: ["abc\n", "d e\n"], length: 199 };
    expect(sampling(longer, inked).length).toBeGreaterThanOrEqual(TOKEN_SAMPLE_THRESHOLD);
    expect(exactBelow200.check(longer)).toBeNull();
    expect(withinFactor2.check(longer)).toBeNull();
  });

  it("the exactness claim needs fewer than 200 lines: at 200 the step is 2 and the check reports the difference", () => {
    expect(exactBelow200.check(DENSE_SAMPLE)).toBe("estimate 650, exact 100");
  });

  it("sampled lines denser than the rest: the estimate is ×6.5, outside factor 2 but within the density bound", () => {
    expect(withinFactor2.check(DENSE_SAMPLE)).toBe("estimate 650 for 100 exact tokens (×6.50)");
    // densities ½ ("a\n") and 0 (the blank line): the bound [0, ∞] holds
    expect(densityBound.check(DENSE_SAMPLE)).toBeNull();
  });

  it("the density bound on two non-blank lines of densities 2/3 and 4/5: estimate/exact = 0.89 ∈ [5/6, 6/5]", () => {
    const c: TokensCase = { pattern: ["aa\n", "bbbb\n"], length: 200 };
    const s = sampling(c, inked);
    expect(s.estimate / s.exact).toBeCloseTo(((200 / 300) * 800) / 600, 12);
    expect(densityBound.precondition!(c)).toBe(true);
    expect(densityBound.check(c)).toBeNull();
    expect(withinFactor2.check(c)).toBeNull();
  });

  it("the density bound is only about counters additive over lines", () => {
    const notAdditive = lawsFor((t) => (t === "" ? 0 : 1)).density;
    expect(notAdditive.precondition!({ pattern: ["aa\n", "bbbb\n"], length: 200 })).toBe(false);
  });

  it("the counter is asked once per distinct text, however often the laws look", () => {
    const asked: string[] = [];
    const { factor2 } = lawsFor((t) => (asked.push(t), inked(t)));
    factor2.check(DENSE_SAMPLE);
    const once = asked.length;
    factor2.check(DENSE_SAMPLE);
    factor2.rows(DENSE_SAMPLE);
    expect(asked.length).toBe(once);
  });

  it("tokenLaws needs a function", () => {
    expect(() => tokenLaws(42 as never)).toThrow(WorkbenchInputError);
    expect(() => tokenLaws(42 as never)).toThrow(/tokenLaws: count must be a function/);
  });
});

describe("the token laws' rows", () => {
  it("give the counts, the step and the first lines with the sampled ones marked", () => {
    const rows = Object.fromEntries(withinFactor2.rows(DENSE_SAMPLE).map((r) => [r.what, r.value]));
    expect(rows).toMatchObject({ lines: 200, "code points": 1300, "step (lines // 100 or 1)": 2, "sampled lines": 100, "exact tokens": 100, estimate: 650 });
    expect(rows["estimate / exact"]).toBe(6.5);
    expect(rows["first lines (▶ sampled)"]).toBe(`▶ a\n  ${" ".repeat(10)}\n▶ a\n  ${" ".repeat(10)}\n▶ a\n  ${" ".repeat(10)}\n`);
    expect(Object.fromEntries(withinFactor2.rows({ pattern: [], length: 0 }).map((r) => [r.what, r.value]))["estimate / exact"]).toBe("—");
  });
});

describe("the token laws' metadata", () => {
  it("are the catalogue's token laws once a counter is given; one fails", () => {
    expectCatalogued(tokenLaws(inked), "tokens", true);
    expect([exactBelow200, densityBound, withinFactor2].map((l) => l.verdict)).toEqual(["holds", "holds", "fails"]);
  });
});
