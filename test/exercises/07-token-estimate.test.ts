/**
 * Graded tests for exercise 07 (Aider's sampled token estimate). Graded against the production path,
 * lib/repomap/budget/token-count.ts (`sampledTokenCount`), and Aider's own outputs: the visible `token_count`
 * vectors of the golden map_search.json, made with a stub model that counts `\S+` runs.
 * The task: exercises/07-token-estimate/README.md; the student's file: exercises/07-token-estimate/token-estimate.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { sampledTokenCount as aider } from "../../lib/repomap/budget/token-count.js";
import { exercise, shipped } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/07-token-estimate/token-estimate.js")>("07-token-estimate", "token-estimate.ts", { lib: ["pystr"] });

/** The golden vectors' stub model: one token per run of non-whitespace. */
const words = shipped((text: string): number => text.match(/\S+/gu)?.length ?? 0);
/** A different counter, so an answer tuned to one counter does not pass: roughly 4 characters a token. */
const quarters = shipped((text: string): number => Math.ceil(text.replace(/\s+/g, "").length / 4) + (text.match(/\n/g)?.length ?? 0));

/** Words plus one token per line break: another counter of whitespace-separated words. */
const wordsAndLines = (text: string): number => words(text) + (text.match(/\n/g)?.length ?? 0);

const lines = (n: number, make: (i: number) => string): string => Array.from({ length: n }, (_, i) => make(i) + "\n").join("");

ex.test("under 200 code points the count is exact; from 200 on it is sampled", 1, ({ sampledTokenCount }) => {
  for (const n of [0, 1, 199, 200, 201]) {
    const text = "ab c\n".repeat(Math.ceil(n / 5)).slice(0, n);
    for (const count of [words, quarters]) expect(sampledTokenCount(text, count), `${n} characters`).toBe(aider(text, count));
  }
});

ex.test("the 200 is counted in code points, not UTF-16 units (150 emoji are 300 units)", 1, ({ sampledTokenCount }) => {
  const emoji = "\u{1F600} ".repeat(75) + "\u{1F600}".repeat(25); // 175 code points, 275 UTF-16 units
  expect(sampledTokenCount(emoji, words), "175 code points: exact").toBe(aider(emoji, words));
  const long = "\u{1F600}\n".repeat(120); // 240 code points, sampled, the scale in code points
  expect(sampledTokenCount(long, quarters), "240 code points: sampled, scaled in code points").toBeCloseTo(aider(long, quarters), 9);
});

ex.test("step = ⌊lines / 100⌋ or 1, every step-th line from the first", 2, ({ sampledTokenCount }) => {
  for (const n of [50, 99, 100, 199, 200, 250, 1001]) {
    const text = lines(n, (i) => (i % 7 === 0 ? "alpha beta gamma delta" : i % 3 === 0 ? "x" : "one two"));
    for (const count of [words, quarters]) {
      expect(sampledTokenCount(text, count), `${n} lines`).toBeCloseTo(aider(text, count), 9);
    }
  }
});

ex.test("lines are Python's splitlines: \\r\\n, \\r, \\u2028 and \\x0c end lines too", 1, ({ sampledTokenCount }) => {
  const mixed = Array.from({ length: 260 }, (_, i) => ["w w w", "z"][i % 2]! + ["\n", "\r\n", "\r", "\u2028", "\x0c"][i % 5]!).join("");
  expect(sampledTokenCount(mixed, words)).toBeCloseTo(aider(mixed, words), 9);
});

const VECTORS = (JSON.parse(readFileSync(join(__dirname, "..", "..", "lib", "grader", "judge", "golden", "map_search.json"), "utf8")) as {
  token_count: { cases: { text: string; expected: number }[] };
}).token_count.cases;

ex.test("Aider's own outputs: every visible token_count vector (stub model: \\S+ runs)", 2, ({ sampledTokenCount }) => {
  VECTORS.forEach((v, i) => expect(sampledTokenCount(v.text, words), `vector ${i} (${v.text.length} UTF-16 units)`).toBeCloseTo(v.expected, 9));
});

const lineArb = fc.tuple(fc.constantFrom("", "a", "def f(x):", "    return x + 1", "é ü", "\u{1F600} ok", "  "), fc.constantFrom("\n", "\n", "\r\n", "\r")).map(([a, b]) => a + b);
/** Short texts, and long ones (100–450 lines: the sample is taken) made of a short repeated pattern, which shrinks fast. */
const textArb = fc.oneof(
  fc.array(lineArb, { maxLength: 400 }).map((ls) => ls.join("")),
  fc
    .tuple(fc.integer({ min: 100, max: 450 }), fc.array(lineArb, { minLength: 1, maxLength: 7 }))
    .map(([n, pattern]) => Array.from({ length: n }, (_, i) => pattern[i % pattern.length]!).join("")),
);

ex.property("random texts: Aider's estimate, and relativeError = (estimate − exact) / exact", 2, ({ sampledTokenCount, relativeError }) => {
  fc.assert(
    fc.property(textArb, fc.constantFrom(words, quarters), (text, count) => {
      const estimate = aider(text, count);
      expect(sampledTokenCount(text, count), "estimate").toBeCloseTo(estimate, 9);
      const exact = count(text);
      if (exact > 0) expect(relativeError(text, count), "relativeError").toBeCloseTo((estimate - exact) / exact, 9);
    }),
    { numRuns: 200 },
  );
});

ex.test("your misleading text: the estimate is off by more than half", 1, ({ misleadingText }) => {
  const text = misleadingText();
  // The answer is counted in the judge: a string of a size the counters handle, before anything else.
  expect(typeof text === "string" && text.length <= 200_000, "a string of at most 200,000 characters").toBe(true);
  expect([...text].length, "at least 200 code points (else the count is exact)").toBeGreaterThanOrEqual(200);
  for (const [name, count] of [["the \\S+ counter", words], ["the words-and-line-breaks counter", wordsAndLines]] as const) {
    const exact = count(text);
    const estimate = aider(text, count);
    expect(Math.abs(estimate - exact) / exact, `|estimate − exact| / exact with ${name} (estimate ${estimate}, exact ${exact})`).toBeGreaterThan(0.5);
  }
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
