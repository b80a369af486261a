/**
 * Graded tests for exercise 02 (file rank → symbols, strict budget prefix). The trusted reference is lib's teaching
 * model (lib/repomap/teaching/repo-map.ts: spreadRankToSymbols, strictBudgetPrefix).
 * The task: exercises/02-symbol-budget/README.md; the student's file: exercises/02-symbol-budget/symbol-budget.ts.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { buildTeachingGraph, spreadRankToSymbols, strictBudgetPrefix, teachingPageRank, type SymbolKey, type TeachingEdge } from "../../lib/index.js";
import { repoMapInput } from "../../lib/grader/judge/arbitraries.js";
import { expectSame } from "../../lib/grader/judge/compare.js";
import { exercise } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/02-symbol-budget/symbol-budget.js")>("02-symbol-budget", "symbol-budget.ts", { lib: ["pystr"] });

/** Symbol importances agree within a relative 1e-12 and the order is identical. */
function expectSameRanking(mine: readonly (readonly [SymbolKey, number])[], ref: readonly (readonly [SymbolKey, number])[], what: string): void {
  expectSame(mine.map(([k]) => k), ref.map(([k]) => k), `${what}, the order of (file, symbol) keys`);
  ref.forEach(([k, v], i) => {
    expect(mine[i]![1], `${what}, importance of ${JSON.stringify(k)}`).toBeCloseTo(v, 12);
  });
}

ex.test("the seed's A→B: the one symbol gets all of A's rank", 1, ({ spreadToSymbols }) => {
  const g = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
  const { rank } = teachingPageRank(g, 0.85, 50);
  expectSameRanking(spreadToSymbols(g, rank), spreadRankToSymbols(g, rank), "A→B");
});

ex.test("symbol contributions are not file ranks: a high-ranked file's share is split over its out-edges", 2, ({ spreadToSymbols }) => {
  // hub.py has the second-highest file rank, but a symbol's importance is what its REFERENCERS send: hub.py's b
  // and c come from the low-ranked x.py and y.py, so they rank below util.py's r and s, which hub.py itself
  // feeds, although util.py's file rank is less than half of hub.py's.
  const edges: TeachingEdge[] = [
    ["chat.py", "hub.py", "a", 1], ["chat.py", "leaf.py", "solo", 1],
    ["x.py", "hub.py", "b", 1], ["y.py", "hub.py", "c", 1],
    ["hub.py", "x.py", "p", 1], ["hub.py", "y.py", "q", 1], ["hub.py", "util.py", "r", 1], ["hub.py", "util.py", "s", 1],
  ];
  const g = buildTeachingGraph(["chat.py", "hub.py", "leaf.py", "util.py", "x.py", "y.py"], edges, { "chat.py": 1 });
  const { rank } = teachingPageRank(g, 0.85, 50);
  const ref = spreadRankToSymbols(g, rank);
  const at = (f: string, sym: string): number => ref.findIndex(([k]) => k[0] === f && k[1] === sym);
  expect(rank.get("hub.py")! > 2 * rank.get("util.py")! && at("util.py", "r") < at("hub.py", "b"), "the example shows what it claims").toBe(true);
  expectSameRanking(spreadToSymbols(g, rank), ref, "hub graph");
});

ex.test("ties: equal importance is ordered by (file, symbol) by code point, as Python sorts", 1, ({ spreadToSymbols }) => {
  // Every symbol gets exactly 1/6 of the rank: the order is the tie-break alone. "\uFF5E" sorts before
  // "\u{1F600}" by code point but after it by UTF-16 unit (JavaScript's default string order).
  const files = ["src.py", "\u{1F600}.py", "\uFF5E.py", "B.py", "a.py"];
  const edges: TeachingEdge[] = [
    ["src.py", "\u{1F600}.py", "f", 1], ["src.py", "\uFF5E.py", "f", 1], ["src.py", "a.py", "g", 1],
    ["src.py", "B.py", "g", 1], ["src.py", "a.py", "_x", 1], ["src.py", "a.py", "Z", 1],
  ];
  const g = buildTeachingGraph(files, edges, { "src.py": 1 });
  const rank = new Map(g.nodes.map((n) => [n, n === "src.py" ? 1 : 0]));
  expectSameRanking(spreadToSymbols(g, rank), spreadRankToSymbols(g, rank), "six tied symbols");
});

ex.property("random graphs: the same symbol ranking as the teaching model", 2, ({ spreadToSymbols }) => {
  fc.assert(
    fc.property(repoMapInput, (input) => {
      const g = buildTeachingGraph(input.files, input.edges, input.personalization);
      const { rank } = teachingPageRank(g, input.damping!, input.iterations!);
      expectSameRanking(spreadToSymbols(g, rank), spreadRankToSymbols(g, rank), "random graph");
    }),
    { numRuns: 80 },
  );
});

const THREE: [SymbolKey, number][] = [[["app.py", "main"], 0.5], [["db.py", "connect"], 0.3], [["util.py", "fmt"], 0.2]];

ex.test("the seed's three symbols: the prefix stops at the first that does not fit, even if a later one would", 1, ({ strictBudgetPrefix: mine }) => {
  const costs = { "app.py": { main: 4 }, "db.py": { connect: 9 }, "util.py": { fmt: 1 } };
  for (const budget of [3, 4, 10, 12, 13, 14]) {
    expectSame(mine(THREE, costs, budget), strictBudgetPrefix(THREE, costs, budget), `budget ${budget}`);
  }
});

ex.test("edge cases: budget 0, an exact fit, an empty ranking", 1, ({ strictBudgetPrefix: mine }) => {
  const costs = { "app.py": { main: 4 }, "db.py": { connect: 9 }, "util.py": { fmt: 1 } };
  expectSame(mine(THREE, costs, 0), { selected: [], remainingTokens: 0 }, "budget 0");
  expectSame(mine(THREE, costs, 14), strictBudgetPrefix(THREE, costs, 14), "budget 14 (everything fits exactly)");
  expectSame(mine([], {}, 7), { selected: [], remainingTokens: 7 }, "nothing ranked");
});

ex.property("random rankings and costs: the teaching model's selection, and spent + left = budget", 2, ({ strictBudgetPrefix: mine }) => {
  const key = fc.tuple(fc.constantFrom("a.py", "b.py", "\u{1F600}.py"), fc.constantFrom("f", "g", "h", "k"));
  fc.assert(
    fc.property(
      fc.uniqueArray(key, { selector: ([f, s]) => `${f}\u0000${s}`, maxLength: 10 }),
      fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 10, maxLength: 10 }),
      fc.integer({ min: 0, max: 40 }),
      (keys, costList, budget) => {
        const ranked = keys.map((k, i): [SymbolKey, number] => [k, 1 - i / 10]);
        const costs: Record<string, Record<string, number>> = {};
        keys.forEach(([f, s], i) => ((costs[f] ??= {})[s] = costList[i]!));
        const got = mine(ranked, costs, budget);
        expectSame(got, strictBudgetPrefix(ranked, costs, budget), `budget ${budget}, costs ${JSON.stringify(costs)}`);
        const spent = got.selected.reduce((n, [f, s]) => n + costs[f]![s]!, 0);
        expect(spent + got.remainingTokens, "tokens spent + remainingTokens").toBe(budget);
      },
    ),
    { numRuns: 150 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
