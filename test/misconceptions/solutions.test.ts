/**
 * The reference solutions (solutions/, written independently of lib's code) are never named as a misconception
 * on any catalogued input: the tolerances of the matcher accept a right answer computed another way.
 */
import { describe, expect, it } from "vitest";
import { misconceptions } from "../../lib/index.js";
import * as s01 from "../../solutions/01-pagerank/pagerank.js";
import * as s02 from "../../solutions/02-symbol-budget/symbol-budget.js";
import * as s03 from "../../solutions/03-map-search/map-search.js";
import * as s04 from "../../solutions/04-search-replace/search-replace.js";
import * as s05 from "../../solutions/05-commit-plan/commit-plan.js";
import * as s06 from "../../solutions/06-trace-the-path/trace.js";
import * as s07 from "../../solutions/07-token-estimate/token-estimate.js";
import * as s09 from "../../solutions/09-predict-hunk/predict-hunk.js";
import { inputsFor } from "./pools.js";

const SOLUTIONS: Record<string, Record<string, unknown>> = {
  "01-pagerank": s01,
  "02-symbol-budget": s02,
  "03-map-search": s03,
  "04-search-replace": s04,
  "05-commit-plan": s05,
  "06-trace-the-path": s06,
  "07-token-estimate": s07,
  "09-predict-hunk": s09,
};

const keys = [...new Set(misconceptions.MISCONCEPTIONS.filter((m) => !m.fromExpected).map((m) => `${m.exercise}/${m.fn}`))];

describe("a reference solution is never named", () => {
  it.each(keys)("%s", (key) => {
    const [exercise, fn] = key.split("/") as [string, string];
    const f = SOLUTIONS[exercise]?.[fn] as ((...args: unknown[]) => unknown) | undefined;
    expect(typeof f, `solutions/${exercise} exports ${fn}`).toBe("function");
    const calls = inputsFor(exercise, fn).map((args) => ({ fn, args, output: f!(...args) }));
    expect(misconceptions.matchMisconception(exercise, calls)).toBeNull();
    for (const c of calls) expect(misconceptions.matchMisconception(exercise, [c]), JSON.stringify(c.args).slice(0, 200)).toBeNull();
  });
});

describe("a student with one wrong function among right ones", () => {
  it("is named by that function's misconception, whatever the other calls", () => {
    const dropped = misconceptions.misconceptionById("01-dangling-dropped")!;
    const stepCalls = inputsFor("01-pagerank", "pageRankStep").map((args) => ({ fn: "pageRankStep", args, output: dropped.run(...args) }));
    const rightCalls = inputsFor("01-pagerank", "personalizedPageRank").map((args) => ({
      fn: "personalizedPageRank",
      args,
      output: (s01.personalizedPageRank as (...a: unknown[]) => unknown)(...args),
    }));
    expect(misconceptions.matchMisconception("01-pagerank", [...rightCalls, ...stepCalls])?.id).toBe("01-dangling-dropped");
  });
});
