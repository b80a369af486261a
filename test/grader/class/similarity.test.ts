import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { listExercises } from "../../../lib/grader/catalog.js";
import { analyseSimilarity, findSimilarPairs, type SimilaritySource } from "../../../lib/grader/class/similarity.js";
import { stubFromSolution } from "../../../lib/grader/stubs.js";

const ROOT = join(__dirname, "..", "..", "..");
const SOLUTION = readFileSync(join(ROOT, "solutions/01-pagerank/pagerank.ts"), "utf8");
const STUB = stubFromSolution(SOLUTION, "01");
const LIB = readFileSync(join(ROOT, "lib/repomap/teaching/repo-map.ts"), "utf8");
const EX = "01-pagerank";

const student = (id: string, text: string, exercise = EX): SimilaritySource => ({ id, kind: "student", exercise, file: `${exercise}/pagerank.ts`, text });
const solution: SimilaritySource = { id: "solution", kind: "solution", exercise: EX, file: "solutions/01-pagerank/pagerank.ts", text: SOLUTION };
const lib: SimilaritySource = { id: "lib", kind: "lib", exercise: EX, file: "lib/repomap/teaching/repo-map.ts", text: LIB };

/** The solution with every local name changed and other constants: the same token shape. */
const RENAMED = SOLUTION.replace(/\bdangling\b/g, "lost")
  .replace(/\bnext\b/g, "fresh")
  .replace(/\bsrc\b/g, "from")
  .replace(/\bdst\b/g, "to")
  .replace(/\bweight\b/g, "w")
  .replace(/\bresidualL1\b(?!:)/g, "resid")
  .replace(/\(1 - damping\)/g, "(2 - damping)")
  .replace(/let total = 0;/, "let total = 0.0; // the sum");

/** pageRankStep written another way: incoming sums per node first, no separate dangling pass. */
const OTHER_STEP = `import type { TeachingGraph } from "@aider-workbench/lib";
export function pageRankStep(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number): Map<string, number> {
  const incoming = new Map<string, number>(graph.nodes.map((n) => [n, 0]));
  graph.edges.forEach(([from, to, , w]) => incoming.set(to, (incoming.get(to) ?? 0) + rank.get(from)! * w / graph.outgoing.get(from)!));
  const lost = graph.nodes.filter((n) => graph.outgoing.get(n) === 0).reduce((sum, n) => sum + rank.get(n)!, 0);
  const out = new Map<string, number>();
  graph.nodes.forEach((n) => out.set(n, (1 - damping + damping * lost) * graph.prior.get(n)! + damping * incoming.get(n)!));
  return out;
}
`;

const pairFor = (sources: SimilaritySource[], a: string, b: string, fn: string, threshold = 0) =>
  findSimilarPairs(sources, { threshold }).find((p) => p.a.id === a && p.b.id === b && p.a.function === fn);

describe("findSimilarPairs", () => {
  it("scores a renamed copy with other literals 1 against the original, for students and the solution alike", () => {
    const sources = [student("ann", SOLUTION), student("bo", RENAMED), solution];
    for (const fn of ["pageRankStep", "personalizedPageRank", "massLostWithoutRedistribution"]) {
      expect(pairFor(sources, "ann", "bo", fn)?.score, fn).toBe(1);
      expect(pairFor(sources, "bo", "solution", fn)?.score, fn).toBe(1);
    }
  });

  it("scores another algorithm for the same function low", () => {
    const score = pairFor([student("cy", OTHER_STEP), solution], "cy", "solution", "pageRankStep")?.score ?? 0;
    expect(score).toBeLessThan(0.3);
    expect(findSimilarPairs([student("cy", OTHER_STEP), solution])).toEqual([]);
  });

  it("still finds code whose statements were moved around (winnowing matches passages wherever they are)", () => {
    const lines = SOLUTION.split("\n");
    // pageRankStep's body: the dangling sum (lines 31–32), the prior loop (33–37), the edge loop (38–40), return
    const moved = [...lines.slice(0, 30), ...lines.slice(32, 37), ...lines.slice(30, 32), ...lines.slice(37)].join("\n");
    expect(moved).not.toBe(SOLUTION);
    const score = pairFor([student("dee", moved), solution], "dee", "solution", "pageRankStep")?.score ?? 0;
    expect(score).toBeGreaterThan(0.6);
    expect(score).toBeLessThan(1);
  });

  it("compares a student with the lib's own function under its lib name, and never the solution with the lib", () => {
    const copied = SOLUTION.replace(/(export function pageRankStep[^{]*\{)[\s\S]*?\n\}/, (_, head) => {
      const libBody = /export function teachingPageRankStep[\s\S]*?\): Map<string, number> \{([\s\S]*?)\n\}/.exec(LIB)![1]!;
      return `${head}${libBody.replace(/\bdangling\b/g, "d")}\n}`;
    });
    const pairs = findSimilarPairs([student("eve", copied), solution, lib], { threshold: 0.9 });
    const withLib = pairs.find((p) => p.b.kind === "lib" && p.a.function === "pageRankStep");
    expect(withLib?.b.function).toBe("teachingPageRankStep");
    expect(withLib?.score).toBe(1);
    for (const p of findSimilarPairs([student("eve", copied), solution, lib], { threshold: 0 })) {
      expect(p.a.kind).toBe("student");
      expect(p.a.id === p.b.id).toBe(false);
    }
  });

  it("lists the shared passages with their lines in both files", () => {
    const shifted = `// a header comment\n// of two lines\n${RENAMED}`;
    const p = pairFor([student("ann", SOLUTION), student("bo", shifted)], "ann", "bo", "pageRankStep")!;
    expect(p.matches.length).toBeGreaterThan(0);
    const m = p.matches[0]!;
    expect(m.b.fromLine).toBe(m.a.fromLine + 2);
    expect(m.a.text).toBe(SOLUTION.split("\n").slice(m.a.fromLine - 1, m.a.toLine).join("\n"));
    expect(m.b.text).toBe(shifted.split("\n").slice(m.b.fromLine - 1, m.b.toLine).join("\n"));
    expect(m.a.text).toContain("dangling");
    expect(m.b.text).toContain("lost");
    // the pair spans the function as the solution file has it: its `export function` line to its closing brace
    const lines = SOLUTION.split("\n");
    const from = lines.findIndex((l) => l.startsWith("export function pageRankStep")) + 1;
    const to = lines.findIndex((l, i) => i >= from && l === "}") + 1;
    expect([p.a.fromLine, p.a.toLine]).toEqual([from, to]);
  });

  it("leaves out 300 untouched stubs (no pair among them) and counts them", () => {
    const stubs = Array.from({ length: 300 }, (_, i) => student(`s${String(i).padStart(3, "0")}`, STUB));
    const analysis = analyseSimilarity([...stubs, solution, lib]);
    expect(analysis.pairs).toEqual([]);
    expect(analysis.stubs).toBe(300 * 4);
    expect(analysis.compared).toBe(0);
  });

  it("ignores a passage more than commonLimit students share, as common code (MOSS's -m)", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => student(`p${i}`, SOLUTION));
    const ignored = analyseSimilarity(twelve, { threshold: 0.5 });
    expect(ignored.pairs).toEqual([]);
    expect(ignored.common).toBeGreaterThan(0);
    const kept = analyseSimilarity(twelve, { threshold: 0.5, commonLimit: 12 });
    expect(kept.pairs.length).toBe(3 * (12 * 11) / 2);
    expect(kept.common).toBe(0);
  });

  it("reads a file nested 20,000 deep (no parser recursion to exhaust) and goes on with the class", () => {
    const deep = `export const x = ${"[".repeat(20_000)}${"]".repeat(20_000)};\n${SOLUTION}`;
    const analysis = analyseSimilarity([student("deep", deep), student("ann", SOLUTION), student("bo", RENAMED)]);
    expect(analysis.pairs.map((p) => [p.a.id, p.b.id, p.score])).toContainEqual(["ann", "deep", 1]);
    expect(analysis.pairs.map((p) => [p.a.id, p.b.id, p.score])).toContainEqual(["ann", "bo", 1]);
  });

  it("is deterministic: the order of the sources does not change the report", () => {
    const sources = [student("ann", SOLUTION), student("bo", RENAMED), student("cy", OTHER_STEP), student("dee", STUB), solution, lib];
    const expected = findSimilarPairs(sources, { threshold: 0.2 });
    expect(expected.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(fc.shuffledSubarray(sources, { minLength: sources.length }), (order) => {
        expect(findSimilarPairs(order, { threshold: 0.2 })).toEqual(expected);
      }),
      { seed: 20261201, numRuns: 30 },
    );
  });

  it("checks its arguments", () => {
    expect(() => findSimilarPairs([{ ...solution, kind: "teacher" as "lib" }])).toThrow(WorkbenchInputError);
    expect(() => findSimilarPairs([{ ...solution, text: 3 as unknown as string }])).toThrow(/sources\[0\]\.text/);
    expect(() => findSimilarPairs([], { threshold: 1.5 })).toThrow(/options\.threshold/);
    expect(() => findSimilarPairs([], { thresold: 0.5 } as never)).toThrow(/not a known option/);
    expect(() => findSimilarPairs("x" as never)).toThrow(/sources/);
  });
});

// ─── Properties over generated function bodies ───────────────────────────────────────────────────────────────

const name = fc.constantFrom("a", "b", "total", "xs", "n", "acc");
const expr = fc.tuple(name, fc.constantFrom("+", "-", "*", "/", "<", "&&"), fc.oneof(name, fc.integer({ min: 0, max: 99 }).map(String))).map(([x, op, y]) => `${x} ${op} ${y}`);
const statement = fc.oneof(
  fc.tuple(name, expr).map(([x, e]) => `let ${x} = ${e};`),
  fc.tuple(name, expr).map(([x, e]) => `${x} += ${e};`),
  fc.tuple(expr, name, expr).map(([c, x, e]) => `if (${c}) { ${x} = ${e}; }`),
  fc.tuple(name, name, expr).map(([x, xs, e]) => `for (const ${x} of ${xs}) acc.push(${e});`),
  expr.map((e) => `return ${e};`),
);
const body = fc.array(statement, { minLength: 6, maxLength: 20 }).map((s) => `export function f(a: number, b: number): number {\n  ${s.join("\n  ")}\n}\n`);

describe("the score, as a property (fast-check, fixed seed)", () => {
  const pairOf = (x: string, y: string) => findSimilarPairs([student("x", x, "00-gen"), student("y", y, "00-gen")], { threshold: 0, minTokens: 0 });

  it("is symmetric and within [0, 1]", () => {
    fc.assert(
      fc.property(body, body, (x, y) => {
        const forward = pairOf(x, y);
        const backward = findSimilarPairs([student("y", x, "00-gen"), student("x", y, "00-gen")], { threshold: 0, minTokens: 0 });
        expect(forward.map((p) => p.score)).toEqual(backward.map((p) => p.score));
        for (const p of forward) {
          expect(p.score).toBeGreaterThanOrEqual(0);
          expect(p.score).toBeLessThanOrEqual(1);
          expect(p.score).toBe(p.shared / p.union);
        }
      }),
      { seed: 20261201, numRuns: 100 },
    );
  });

  it("is 1 for identical code and for the same code renamed", () => {
    fc.assert(
      fc.property(body, (x) => {
        const renamed = x.replace(/\btotal\b/g, "sum").replace(/\bxs\b/g, "items").replace(/\d+/g, (d) => String(Number(d) + 7));
        expect(pairOf(x, x).map((p) => p.score)).toEqual([1]);
        expect(pairOf(x, renamed).map((p) => p.score)).toEqual([1]);
      }),
      { seed: 20261201, numRuns: 100 },
    );
  });
});

describe("a class of 30: copies are found, whatever the class shares", () => {
  // 26 honest students: every combination of three ways to write each of the step's three passes (one of them the
  // solution's) but the solution's own, so each passage is shared by 8 or 9 students; one student left the stub.
  const DANGLING = [
    "let dangling = 0;\n  for (const n of graph.nodes) if (graph.outgoing.get(n) === 0) dangling += rank.get(n)!;",
    "const dangling = graph.nodes.filter((n) => graph.outgoing.get(n) === 0).reduce((s, n) => s + rank.get(n)!, 0);",
    "let dangling = 0;\n  graph.nodes.forEach((n) => { if (!graph.outgoing.get(n)) { dangling = dangling + rank.get(n)!; } });",
  ];
  const TELEPORT = [
    "const next = new Map<string, number>();\n  for (const n of graph.nodes) {\n    const p = graph.prior.get(n)!;\n    next.set(n, (1 - damping) * p + damping * dangling * p);\n  }",
    "const next = new Map<string, number>(graph.nodes.map((n) => [n, graph.prior.get(n)! * (1 - damping + damping * dangling)]));",
    "const next = new Map<string, number>();\n  for (let i = 0; i < graph.nodes.length; i++) {\n    const n = graph.nodes[i]!;\n    next.set(n, graph.prior.get(n)! * ((1 - damping) + dangling * damping));\n  }",
  ];
  const EDGES = [
    "for (const [src, dst, , weight] of graph.edges) {\n    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);\n  }",
    "graph.edges.forEach(([a, b, , w]) => next.set(b, (next.get(b) ?? 0) + damping * w * (rank.get(a)! / graph.outgoing.get(a)!)));",
    "for (const e of graph.edges) {\n    const share = (rank.get(e[0])! * e[3]) / graph.outgoing.get(e[0])!;\n    next.set(e[1], next.get(e[1])! + damping * share);\n  }",
  ];
  const step = (d: number, t: number, e: number): string =>
    `export function pageRankStep(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number): Map<string, number> {\n  ${DANGLING[d]}\n  ${TELEPORT[t]}\n  ${EDGES[e]}\n  return next;\n}\n`;
  const honest: SimilaritySource[] = [];
  for (let d = 0; d < 3; d++) for (let t = 0; t < 3; t++) for (let e = 0; e < 3; e++) if (d + t + e > 0) honest.push(student(`h${d}${t}${e}`, step(d, t, e)));
  const copied = OTHER_STEP.replace(/\bincoming\b/g, "inc").replace(/\blost\b/g, "gone");
  const klass = [...honest, student("idle", STUB), student("copier-a", OTHER_STEP), student("copier-b", copied), student("renamer", RENAMED), solution, lib];

  it("lists the two copiers and the renamed reference solution, and no honest student", () => {
    const analysis = analyseSimilarity(klass);
    const students = new Set(analysis.pairs.flatMap((p) => [p.a, p.b]).filter((s) => s.kind === "student").map((s) => s.id));
    expect([...students].sort()).toEqual(["copier-a", "copier-b", "renamer"]);
    expect(analysis.pairs.find((p) => p.a.id === "copier-a" && p.b.id === "copier-b")?.score).toBe(1);
    expect(analysis.pairs.find((p) => p.a.id === "renamer" && p.b.kind === "solution" && p.a.function === "pageRankStep")?.score).toBe(1);
    expect(klass.filter((s) => s.kind === "student").length).toBe(30);
    expect(analysis.commonLimit).toBe(15); // half the 29 students with code, not 10
  });

  it("groups the matches into clusters, the renamer with the reference solution", () => {
    const { clusters } = analyseSimilarity(klass);
    expect(clusters.map((c) => [c.students, c.references])).toEqual([
      [["copier-a", "copier-b"], []],
      [["renamer"], ["solution"]],
    ]);
  });

  it("never drops a match with the reference solution as common code, however many students share it", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => student(`p${i}`, SOLUTION));
    const withSolution = analyseSimilarity([...twelve, solution], { commonLimit: 1, commonShare: 0.01 });
    const matched = new Set(withSolution.pairs.filter((p) => p.b.kind === "solution").map((p) => p.a.id));
    expect(matched.size).toBe(12);
    expect(withSolution.pairs.filter((p) => p.b.kind === "student")).toEqual([]);
  });

  it("compares helpers across names: the lib's step copied into a private helper is reported as the lib's", () => {
    const libStep = LIB.slice(LIB.indexOf("export function teachingPageRankStep("));
    const helper = libStep.slice(0, libStep.indexOf("\n}\n") + 3).replace("export function teachingPageRankStep(", "function stepOnce(");
    const text = `${helper}\nexport function pageRankStep(graph: TeachingGraph, rank: ReadonlyMap<string, number>, damping: number): Map<string, number> {\n  return stepOnce(graph, rank, { damping });\n}\n`;
    const pair = findSimilarPairs([student("sly", text), lib]).find((p) => p.b.kind === "lib");
    expect(pair?.a.function).toBe("stepOnce");
    expect(pair?.b.function).toBe("teachingPageRankStep");
    expect(pair?.score).toBe(1);
  });

  it("compares whole files: code split differently over functions still matches as a file", () => {
    const [first, second] = [DANGLING[1]!, `${TELEPORT[2]}\n  ${EDGES[2]}\n  return next;`];
    const one = `export function a(graph: G, rank: R, damping: number) {\n  ${first}\n  ${TELEPORT[2]}\n  return 0;\n}\nexport function b(graph: G, rank: R, damping: number) {\n  ${EDGES[2]}\n  return 1;\n}\n`;
    const two = `export function a(graph: G, rank: R, damping: number) {\n  ${first}\n  return 0;\n}\nexport function b(graph: G, rank: R, damping: number) {\n  ${second}\n}\n`;
    const pairs = findSimilarPairs([student("x", one), student("y", two)], { threshold: 0.7, minTokens: 10 });
    expect(pairs.map((p) => p.a.function)).toContain("(whole file)");
  });

  it("lets the instructor set the common-code share and checks it", () => {
    expect(() => analyseSimilarity(klass, { commonShare: 0 })).toThrow(WorkbenchInputError);
    expect(analyseSimilarity(klass, { commonShare: 1 }).commonLimit).toBe(29);
  });
});
