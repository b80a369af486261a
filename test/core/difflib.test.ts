import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getCloseMatches, SequenceMatcher } from "../../lib/core/difflib.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { runPythonDifflib, type DifflibCall } from "../reference/python-difflib.js";

const triples = (s: SequenceMatcher) => s.getMatchingBlocks().map((m) => [m.a, m.b, m.size]);

describe("SequenceMatcher — documented examples", () => {
  it("ratio of 'abcd' vs 'bcde' is 0.75 (blocks (1,0,3) + sentinel)", () => {
    const s = new SequenceMatcher("abcd", "bcde");
    expect(s.ratio()).toBe(0.75);
    expect(triples(s)).toEqual([[1, 0, 3], [4, 4, 0]]);
  });

  it("two empty sequences have ratio 1.0; one empty, 0.0", () => {
    expect(new SequenceMatcher("", "").ratio()).toBe(1);
    expect(new SequenceMatcher("", "abc").ratio()).toBe(0);
    expect(new SequenceMatcher([], []).getMatchingBlocks()).toEqual([{ a: 0, b: 0, size: 0 }]);
  });

  it("counts code points, not UTF-16 units: an emoji is one element", () => {
    const s = new SequenceMatcher("a😀b", "a😀c");
    expect(triples(s)).toEqual([[0, 0, 2], [3, 3, 0]]);
    expect(s.ratio()).toBeCloseTo(4 / 6, 15);
  });

  it("works over lists of lines, comparing whole lines", () => {
    const s = new SequenceMatcher(["x\n", "y\n"], ["x\n", "Y\n"]);
    expect(s.ratio()).toBe(0.5);
  });

  it("autojunk: an element that fills more than 1% + 1 of a 200-long b is left out of the index", () => {
    const b = "a".repeat(150) + "b".repeat(50);
    const s = new SequenceMatcher("ab", b);
    expect([...s.popular].sort()).toEqual(["a", "b"]);
    // neither element is indexed: the empty best match at (0, 0) is only extended over the equal 'a'
    expect(triples(s)).toEqual([[0, 0, 1], [2, 200, 0]]);
    expect(s.ratio()).toBe(2 / 202);
    expect(new SequenceMatcher("ab", b, { autojunk: false }).ratio()).toBeCloseTo(4 / 202, 15);
  });

  it("quick ratios bound the ratio from above", () => {
    const s = new SequenceMatcher("abcabc", "cbacba");
    expect(s.realQuickRatio()).toBeGreaterThanOrEqual(s.quickRatio());
    expect(s.quickRatio()).toBeGreaterThanOrEqual(s.ratio());
  });

  it("rejects bad arguments naming the parameter", () => {
    expect(() => new SequenceMatcher(3 as unknown as string, "")).toThrow(/SequenceMatcher: a must be a string or an array of strings/);
    expect(() => new SequenceMatcher(["a", 1] as unknown as string[], "")).toThrow(/a\[1\] must be a string/);
    expect(() => new SequenceMatcher("a", "b", { autojunk: 1 as unknown as boolean })).toThrow(WorkbenchInputError);
    expect(() => new SequenceMatcher("ab", "cd").findLongestMatch(1, 0)).toThrow(/alo\/ahi must satisfy/);
    expect(() => getCloseMatches("a", ["b"], { n: 0 })).toThrow(/n must be a positive integer/);
    expect(() => getCloseMatches("a", ["b"], { n: 1, cutoff: 1.5 })).toThrow(/cutoff must be in \[0, 1\]/);
  });
});

describe("getCloseMatches", () => {
  it("keeps ratios ≥ cutoff, best first", () => {
    expect(getCloseMatches("appel", ["ape", "apple", "peach", "puppy"])).toEqual(["apple", "ape"]);
  });

  it("ties are ordered by the larger string first, as heapq.nlargest on (score, string) does", () => {
    expect(getCloseMatches("ab", ["ac", "ad", "aa"], { n: 3, cutoff: 0.5 })).toEqual(["ad", "ac", "aa"]);
  });
});

// Inputs chosen to make matches likely: a small alphabet with an astral character; lengths on both sides of the
// 200-element autojunk threshold.
const SMALL = ["a", "b", "c", " ", "\n", "😀", "é"];
const smallString = (max: number) => fc.array(fc.constantFrom(...SMALL), { maxLength: max }).map((xs) => xs.join(""));
const longString = (min: number, max: number) =>
  fc.array(fc.constantFrom(...SMALL), { minLength: min, maxLength: max }).map((xs) => xs.join(""));
const lineList = (max: number, min = 0) =>
  fc.array(fc.constantFrom("x = 1", "y = 2", "", "    pass", "😀", "return x"), { minLength: min, maxLength: max });

describe("SequenceMatcher and getCloseMatches agree exactly with CPython's difflib", () => {
  it("on random strings and line lists (ratios bit-for-bit, matching blocks, longest match)", () => {
    const calls: DifflibCall[] = [
      ...fc.sample(fc.record({ a: smallString(40), b: smallString(40), autojunk: fc.boolean() }), { numRuns: 300, seed: 1 }),
      ...fc.sample(fc.record({ a: smallString(260), b: longString(200, 320), autojunk: fc.boolean() }), { numRuns: 80, seed: 2 }),
      ...fc.sample(fc.record({ a: lineList(30), b: lineList(30), autojunk: fc.constant(true) }), { numRuns: 150, seed: 3 }),
      ...fc.sample(fc.record({ a: lineList(250), b: lineList(260, 200), autojunk: fc.constant(true) }), { numRuns: 30, seed: 4 }),
    ].map((r) => ({ fn: "matcher" as const, ...r }));
    const ref = runPythonDifflib(calls);
    let sawPopular = false;
    calls.forEach((c, i) => {
      if (c.fn !== "matcher") return;
      const s = new SequenceMatcher(c.a, c.b, { autojunk: c.autojunk });
      sawPopular ||= s.popular.size > 0;
      const lm = s.findLongestMatch();
      const ours = { ratio: s.ratio(), quick: s.quickRatio(), real_quick: s.realQuickRatio(), blocks: triples(s), longest: [lm.a, lm.b, lm.size] };
      expect(ours, JSON.stringify(c)).toEqual(ref[i]);
    });
    expect(sawPopular).toBe(true); // the sample must exercise autojunk
  });

  it("getCloseMatches on random words and candidate lists", () => {
    const calls: DifflibCall[] = fc
      .sample(
        fc.record({
          word: smallString(12),
          possibilities: fc.array(smallString(12), { maxLength: 12 }),
          n: fc.integer({ min: 1, max: 4 }),
          cutoff: fc.constantFrom(0, 0.3, 0.6, 0.8, 1),
        }),
        { numRuns: 300, seed: 5 },
      )
      .map((r) => ({ fn: "close" as const, ...r }));
    const ref = runPythonDifflib(calls);
    let nonEmpty = 0;
    calls.forEach((c, i) => {
      if (c.fn !== "close") return;
      const ours = getCloseMatches(c.word, c.possibilities, { n: c.n, cutoff: c.cutoff });
      if (ours.length > 1) nonEmpty++;
      expect({ matches: ours }, JSON.stringify(c)).toEqual(ref[i]);
    });
    expect(nonEmpty).toBeGreaterThan(20);
  });
});
