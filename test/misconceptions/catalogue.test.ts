/**
 * The misconception catalogue (lib/misconceptions): every variant is wrong somewhere, is named when a student's
 * function IS that variant, the right answers (lib's and the reference solutions') are never named, and every
 * notebook section it points to exists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { misconceptions } from "../../lib/index.js";
import { rightAnswerOf } from "../../lib/misconceptions/catalogue.js";
import { inputsFor } from "./pools.js";

const { MISCONCEPTIONS, matchMisconception, misconceptionReport, sameOutput } = misconceptions;
const root = join(import.meta.dirname, "..", "..");

function headings(file: string): string[] {
  const nb = JSON.parse(readFileSync(join(root, "notebooks", file), "utf8")) as { cells: { cell_type: string; source: string | string[] }[] };
  return nb.cells
    .filter((c) => c.cell_type === "markdown")
    .flatMap((c) => (Array.isArray(c.source) ? c.source.join("") : c.source).split("\n"))
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, "").trim());
}

describe("the catalogue", () => {
  it("has at least 25 entries, unique ids prefixed by their exercise number, at least 3 per exercise it covers", () => {
    expect(MISCONCEPTIONS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(MISCONCEPTIONS.map((m) => m.id)).size).toBe(MISCONCEPTIONS.length);
    const per = new Map<string, number>();
    for (const m of MISCONCEPTIONS) {
      expect(m.id.slice(0, 3), m.id).toBe(m.exercise.slice(0, 2) + "-");
      expect(m.title.length, `${m.id}: title`).toBeGreaterThan(10);
      expect(m.explanation.length, `${m.id}: explanation`).toBeGreaterThan(60);
      expect(m.seed, `${m.id}: seed`).toMatch(/^(seed \d{3}|`aider\/[a-z_/]+\.py`)/);
      per.set(m.exercise, (per.get(m.exercise) ?? 0) + 1);
    }
    for (const [exercise, n] of per) expect(n, exercise).toBeGreaterThanOrEqual(3);
    const exercises = readdirSync(join(root, "exercises"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect([...per.keys()].sort(), "every exercise has misconceptions").toEqual(exercises.sort());
  });

  it.each(MISCONCEPTIONS.map((m) => [m.id, m] as const))("%s: its notebook section exists", (_id, m) => {
    expect(headings(m.notebook.file)).toContain(m.notebook.section);
  });
});

// Entries derived from the right answer (exercise 08) are tested with the loop's own answers: reflection-loop.test.ts.
const DIRECT = MISCONCEPTIONS.filter((m) => !m.fromExpected);

describe.each(DIRECT.map((m) => [m.id, m] as const))("%s", (_id, m) => {
  const right = rightAnswerOf(m.exercise, m.fn)!;
  const inputs = inputsFor(m.exercise, m.fn);

  it("differs from the right answer on at least one of the exercise's inputs", () => {
    expect(right, `right answer for ${m.fn}`).not.toBeNull();
    const differing = inputs.filter((args) => !sameOutput(m.run(...args), right.run(...args), right.tolerance));
    expect(differing.length, `inputs (of ${inputs.length}) where ${m.id} is wrong`).toBeGreaterThan(0);
  });

  it("is named when the student's function is that variant", () => {
    const calls = inputs.map((args) => ({ fn: m.fn, args, output: m.run(...args) }));
    const found = matchMisconception(m.exercise, calls);
    expect(found?.id).toBe(m.id);
    expect(misconceptionReport(found!)).toEqual({ id: m.id, title: m.title, notebook: `${m.notebook.file} § ${m.notebook.section}` });
  });
});

describe("the right answer is never named", () => {
  const fns = [...new Set(DIRECT.map((m) => `${m.exercise}/${m.fn}`))];
  it.each(fns)("%s, lib's answer, input by input", (key) => {
    const [exercise, fn] = key.split("/") as [string, string];
    const right = rightAnswerOf(exercise, fn)!;
    for (const args of inputsFor(exercise, fn)) {
      expect(matchMisconception(exercise, [{ fn, args, output: right.run(...args) }])).toBeNull();
    }
  });
});

describe("one graded test's inputs are enough to tell the PageRank mistakes apart", () => {
  it("the A→B steps of exercise 01 name dangling-dropped and dangling-uniform differently", async () => {
    const { buildTeachingGraph } = await import("../../lib/index.js");
    const AB = buildTeachingGraph(["A", "B"], [["A", "B", "helper", 1]], { A: 1 });
    const named = (id: string): string | undefined => {
      const m = misconceptions.misconceptionById(id)!;
      // as the graded test does: three steps, each from the student's previous answer
      const calls = [];
      let rank: ReadonlyMap<string, number> = AB.prior;
      for (let i = 0; i < 3; i++) {
        const output = m.run(AB, rank, 0.85) as Map<string, number>;
        calls.push({ fn: "pageRankStep", args: [AB, rank, 0.85], output });
        rank = output;
      }
      return matchMisconception("01-pagerank", calls)?.id;
    };
    expect(named("01-dangling-dropped")).toBe("01-dangling-dropped");
    expect(named("01-dangling-uniform")).toBe("01-dangling-uniform");
  });
});
