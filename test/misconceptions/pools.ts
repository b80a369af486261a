/**
 * Inputs for the misconception tests, per (exercise, function): hand-picked cases like the graded tests' own
 * (each a place where some variant goes wrong) plus inputs fast-check generates with a fixed seed.
 */
import fc from "fast-check";
import { buildTeachingGraph, spreadRankToSymbols, teachingPageRank, type RepoMapInput, type TeachingGraph } from "../../lib/index.js";
import { planInput, repoMapInput, searchReplaceInput } from "../../lib/grader/judge/arbitraries.js";

const SEED = 20261201;
const sample = <T>(arb: fc.Arbitrary<T>, n: number): T[] => fc.sample(arb, { seed: SEED, numRuns: n });
const graphOf = (i: RepoMapInput): TeachingGraph => buildTeachingGraph(i.files, i.edges, i.personalization ?? {});
const AB = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
const PARALLEL = buildTeachingGraph(["a", "b", "c"], [["a", "b", "f", 1], ["a", "b", "g", 2], ["a", "c", "h", 5], ["c", "a", "k", 0.5]], { a: 1, b: 1, c: 2 });
const TIES = buildTeachingGraph(["\u{1F600}.py", "\uFF5E.py", "s"], [["s", "\u{1F600}.py", "f", 1], ["s", "\uFF5E.py", "f", 1]], { s: 1 });

const hunkLine = fc.constantFrom("a\n", "x = 1\n", "    ab\n", "\n", "return a\n", "b");
const hunk = fc.array(fc.tuple(fc.constantFrom(" ", "-", "+", "", "."), hunkLine).map(([op, l]) => op + l), { maxLength: 6 });
const lines = (t: string): string[] => t.split(/(?<=\n)/);
const words = (t: string): number => (t.match(/\S+/g) ?? []).length;
const chars = (t: string): number => [...t].length;

/** Argument lists for `fn` of `exercise`. */
export function inputsFor(exercise: string, fn: string): unknown[][] {
  const graphs = [AB, PARALLEL, TIES, ...sample(repoMapInput, 60).map(graphOf)];
  const inputs = sample(repoMapInput, 60);
  switch (`${exercise}/${fn}`) {
    case "01-pagerank/pageRankStep":
      return graphs.flatMap((g) => [[g, g.prior, 0.85], [g, teachingPageRank(g, 0.7, 3).rank, 0.7]]);
    case "01-pagerank/personalizedPageRank":
      return [[AB, 0.85, 50], [PARALLEL, 0.85, 7], ...inputs.map((i) => [graphOf(i), i.damping!, i.iterations!])];
    case "02-symbol-budget/spreadToSymbols":
      return graphs.map((g) => [g, teachingPageRank(g, 0.85, 10).rank]);
    case "02-symbol-budget/strictBudgetPrefix": {
      const k = (f: string, s: string): [readonly [string, string], number] => [[f, s], 1];
      const costs = { a: { f: 3, g: 5, h: 1 } };
      const hand = [[[k("a", "f"), k("a", "g"), k("a", "h")], costs, 8], [[k("a", "f"), k("a", "g"), k("a", "h")], costs, 4], [[k("a", "f")], costs, 3]];
      return [...hand, ...inputs.map((i) => [spreadRankToSymbols(graphOf(i), teachingPageRank(graphOf(i)).rank), i.symbolCosts!, i.budget!])];
    }
    case "03-map-search/mapSearch": {
      const perTag = (n: number) => (k: number): number => n * k;
      const hand: unknown[][] = [[100, 1024, perTag(20)], [100, 1000, (k: number) => (k === 40 ? 1150 : 28.75 * k)], [0, 100, perTag(5)], [3, 2, perTag(10)], [10, 1000, perTag(30)]];
      const random = sample(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 4000 }), fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 300, maxLength: 300 })), 80)
        .map(([n, m, costs]) => [n, m, (k: number) => costs.slice(0, k).reduce((a, b) => a + b, 0)]);
      return [...hand, ...random];
    }
    case "04-search-replace/searchReplace": {
      const hand = [
        ["x = 1\ny = 2\nx = 1\n", "x = 1\n", "x = 42\n"],
        ["    a\nb\na\n", "a\n", "c\n"],
        ["def f():\n    x = 1\n    y = 2\n", "x = 1\ny = 2\n", "z = 3\n"],
      ];
      return [...hand, ...sample(searchReplaceInput, 150).map((i) => [i.text, i.search, i.replacement])];
    }
    case "04-search-replace/exactMatches":
      return [
        [["a\n", "a\n", "a\n"], ["a\n", "a\n"]],
        [["x\n"], ["x\n", "y\n"]],
        ...sample(searchReplaceInput, 100).map((i) => [lines(i.text), lines(i.search)]),
      ];
    case "04-search-replace/missingIndent":
      return [
        [["  a\n", "    b\n"], ["a\n", "b\n"], 0],
        [["  a\n", "  x\n", "  b\n"], ["a\n", "\n", "b\n"], 0],
        [["  a\n", "  b\n"], ["a\n", "b\n"], 0],
        ...sample(searchReplaceInput, 100).flatMap((i) => {
          const w = lines(i.text);
          const p = lines(i.search);
          return Array.from({ length: Math.max(0, w.length - p.length + 1) }, (_, s) => [w, p, s]);
        }),
      ];
    case "05-commit-plan/commitPlan":
      return [
        [["app.py", "notes.md"], ["app.py", "new.py"], {}],
        [["app.py"], ["app.py"], { dryRun: true }],
        [["app.py"], ["app.py"], { dirtyCommits: false }],
        ...sample(planInput, 100).map(({ dirtyFiles, editedFiles, ...switches }) => [dirtyFiles, editedFiles, switches]),
      ];
    case "06-trace-the-path/chainStage":
      return [
        ["x = 1\ny = 2\nx = 1\n", "x = 1\n", "x = 42\n"],
        ["def f():\n    return 1\n", "return 1\n", "return 2\n"],
        ["a\n", "a\n", ""],
        ["a\nb\n", "\na\n", "c\n"],
        ["a\nb\nc\n", "\na\nb\n", "x\ny\n"],
        ["a\nb\nc\n", "\x1f\na\nb\n", "x\n"],
        ["a\nb\nc\n", "\uFEFF\na\nb\n", "x\n"],
        ["z\na\n...\nb\n", "\na\n...\nb\n", "\nx\n...\ny\n"],
        ...sample(searchReplaceInput, 150).map((i) => [i.text, i.search, i.replacement]),
      ];
    case "07-token-estimate/sampledTokenCount": {
      const counters = [words, chars];
      const texts = [
        "a ".repeat(100),
        "\u{1F600} ".repeat(75),
        "x\ry\r".repeat(60),
        "word word\n".repeat(150),
        Array.from({ length: 250 }, (_, i) => (i % 2 ? "a b\n" : "eeee\n")).join(""),
        Array.from({ length: 150 }, (_, i) => (i % 2 ? "a b\n" : "eeee\n")).join(""),
        ...sample(fc.array(fc.constantFrom("a b\n", "ccc\r\n", "\u{1F600}\u{1F600} x\n", "dd ee ff\u2028", "\x0c", "g\r"), { minLength: 200, maxLength: 700 }), 30).map((p) => p.join("")),
      ];
      return texts.flatMap((t) => counters.map((c) => [t, c]));
    }
    case "09-predict-hunk/beforeAfter":
      return [[[" a\n", "-b\n", "+c\n", "\n", ".x\n"]], [["\n", "-a\n"]], ...sample(hunk, 100).map((h) => [h])];
    case "09-predict-hunk/refusesTinyContext":
      return [
        ["a\na\n", ["-a\n", "+b\n"]],
        ["x = 1\n", ["-x = 1\n", "+x = 2\n"]],
        ["        ab\n        ab\n", ["-        ab\n", "+        cd\n"]],
        ["a\na\na\n", ["-a\n", "-a\n", "+b\n"]],
        ...sample(fc.tuple(fc.array(hunkLine, { maxLength: 6 }), hunk), 150).map(([file, h]) => [file.join(""), h]),
      ];
    default:
      throw new Error(`no inputs for ${exercise}/${fn}`);
  }
}
