/**
 * Graded tests for exercise 03 (Aider's ±15 % map search). Graded against the production path,
 * lib/repomap/budget/map-search.ts (`aiderMapSearch`), and Aider's own outputs: the visible `search_cases` of the
 * golden map_search.json.
 * The task: exercises/03-map-search/README.md; the student's file: exercises/03-map-search/map-search.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { aiderMapSearch } from "../../lib/repomap/budget/map-search.js";
import { expectSame } from "../../lib/grader/judge/compare.js";
import { exercise, shipped, shippedTable } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/03-map-search/map-search.js")>("03-map-search", "map-search.ts", { lib: ["pystr"] });

/** The production search on a token function, in the exercise's shape. */
function aider(numTags: number, maxMapTokens: number, tokensFor: (k: number) => number): unknown {
  const r = aiderMapSearch(numTags, maxMapTokens, (k) => ({ text: "", tokens: tokensFor(k) }));
  return { chosenK: r.chosenK, tokens: r.tokens, probes: r.probes.map((p) => p.k) };
}

ex.test("the worked example: 20 tokens a tag, budget 1024 — 55 tags (1100 tokens) accepted, over budget", 2, ({ mapSearch }) => {
  const perTag = shipped((k: number): number => 20 * k);
  const mine = mapSearch(100, 1024, perTag);
  expectSame(mine, aider(100, 1024, perTag), "mapSearch(100, 1024, k ↦ 20k)");
});

ex.test("the tolerance is strict: a probe exactly 15 % over is not accepted", 1, ({ mapSearch }) => {
  // 1000-token budget, first probe k = 40; make that probe cost exactly 1150 tokens.
  const tokens = shipped((k: number): number => (k === 40 ? 1150 : 28.75 * k));
  expectSame(mapSearch(100, 1000, tokens), aider(100, 1000, tokens), "a first probe at exactly 1.15 × budget");
  const under = shipped((k: number): number => (k === 40 ? 850 : 21.25 * k));
  expectSame(mapSearch(100, 1000, under), aider(100, 1000, under), "a first probe at exactly 0.85 × budget");
});

ex.test("edge cases: no tags, a budget smaller than one tag, a fractional budget, fewer tags than the first guess", 2, ({ mapSearch }) => {
  const cases: [number, number, (k: number) => number][] = [
    [0, 1024, shipped(() => 0)],
    [10, 5, shipped((k: number) => 50 * k)],
    [10, 1024.5, shipped((k: number) => 97 * k)],
    [3, 4096, shipped((k: number) => 400 * k)],
    [60, 1024, shipped((k: number) => (k === 0 ? 0 : 900 + k))],
  ];
  for (const [n, m, f] of cases) expectSame(mapSearch(n, m, f), aider(n, m, f), `mapSearch(${n}, ${m}, …)`);
});

interface SearchVector {
  id: string;
  num_tags: number;
  max_map_tokens: number;
  tokens: number[];
  expected: { chosen_k: number | null; tokens: number | null; probes: number[] };
}
const VECTORS = (JSON.parse(readFileSync(join(__dirname, "..", "..", "lib", "grader", "judge", "golden", "map_search.json"), "utf8")) as { search_cases: SearchVector[] }).search_cases;

ex.test("Aider's own outputs: every visible search vector of map_search.json", 2, ({ mapSearch }) => {
  for (const v of VECTORS) {
    const mine = mapSearch(v.num_tags, v.max_map_tokens, shippedTable(v.tokens));
    expectSame(mine, { chosenK: v.expected.chosen_k, tokens: v.expected.tokens, probes: v.expected.probes }, `vector ${v.id}`);
  }
});

ex.property("random rankings (token counts growing with k): Aider's probes and choice", 2, ({ mapSearch }) => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 120 }), { maxLength: 150 }),
      fc.integer({ min: 1, max: 4096 }),
      (perTag, budget) => {
        const cumulative = perTag.reduce<number[]>((acc, t) => [...acc, acc[acc.length - 1]! + t], [0]);
        const tokens = shippedTable(cumulative);
        expectSame(mapSearch(perTag.length, budget, tokens), aider(perTag.length, budget, tokens), `budget ${budget}, per-tag costs ${JSON.stringify(perTag)}`);
      },
    ),
    { numRuns: 300 },
  );
});

ex.test("your counterexample: Aider's map is over budget although a smaller prefix fits", 1, ({ overBudgetExample }) => {
  const { numTags, maxMapTokens, tokensPerTag } = overBudgetExample();
  // The answer is fed to Aider's search in the judge: a size the search can handle, before anything else.
  const sized = [numTags, maxMapTokens, tokensPerTag].every((n) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 1_000_000);
  expect(sized, `whole numbers from 0 to 1,000,000, got ${JSON.stringify({ numTags, maxMapTokens, tokensPerTag })}`).toBe(true);
  const r = aiderMapSearch(numTags, maxMapTokens, (k) => ({ text: "", tokens: k * tokensPerTag }));
  expect(r.tokens, `Aider's map for ${JSON.stringify({ numTags, maxMapTokens, tokensPerTag })}`).not.toBeNull();
  expect(r.tokens!, "its tokens exceed the budget").toBeGreaterThan(maxMapTokens);
  expect(tokensPerTag > 0 && tokensPerTag <= maxMapTokens, "some non-empty prefix fits the budget").toBe(true);
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
