/**
 * Every exercise is complete and consistent: a README with the sections a student needs and hints in increasing
 * detail, a reference solution with marked regions, a stub in exercises/ that is exactly the one made from that
 * solution, and graded tests (≥ 4, with a fast-check property). Solutions must not delegate to the lib function
 * the exercise asks for (the graded tests compare against those).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../lib/grader/catalog.js";
import { hintCoverageProblems, hintLadderProblems } from "../../lib/grader/hints.js";
import { GIVEN_DATA_PATH, givenValuesOf, loadGivenData } from "../../lib/grader/judge/given.js";
import { hintFoldProblems, parseReadme } from "../../lib/grader/readme.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";
import { gradedTestTitles } from "./graded-titles.js";
import { ROOT } from "./run-grade.js";

const EXERCISES = listExercises(ROOT);

/** The lib functions each exercise's tests use as the trusted reference: its solution must not import them. */
const REFERENCE_FUNCTIONS: Record<string, string[]> = {
  "01-pagerank": ["teachingPageRank", "teachingPageRankStep", "teachingPageRankLeaky", "teachingRepoMap"],
  "02-symbol-budget": ["spreadRankToSymbols", "strictBudgetPrefix", "teachingRepoMap"],
  "03-map-search": ["aiderMapSearch", "aiderRankedTagsMap"],
  "04-search-replace": ["teachingSearchReplace", "exactLineMatches", "uniformMissingIndent"],
  "05-commit-plan": ["teachingCommitPlan"],
  "06-trace-the-path": ["replaceMostSimilarChunk"],
  "07-token-estimate": ["sampledTokenCount"],
  "08-reflection-loop": ["runLoop", "runSession", "ScriptedModel", "MemoryWorkspace", "requestWithRetry", "scriptedCheck"],
  "09-predict-hunk": ["editformats"],
};

/** The committed version of a file, when git knows it (the working copy may hold a student's edits). */
function committed(path: string): string | null {
  try {
    return execFileSync("git", ["show", `HEAD:${relative(ROOT, path)}`], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

describe("the exercises", () => {
  it("there are at least the seven of the issue, numbered without gaps", () => {
    expect(EXERCISES.map((e) => e.number)).toEqual(EXERCISES.map((_, i) => String(i + 1).padStart(2, "0")));
    expect(EXERCISES.length).toBeGreaterThanOrEqual(7);
  });

  describe.each(EXERCISES.map((e) => [e.id, e] as const))("%s", (id, e) => {
    it("has a README with a title, what to read first, the task, what it may import, and at least three hints", () => {
      const readme = parseReadme(readFileSync(e.readme, "utf8"));
      expect(readme.title).toMatch(new RegExp(`^Exercise ${e.number} — \\S`));
      expect(readme.sections.slice(0, 4)).toEqual(["Read first", "Task", "What you may import", "Hints"]);
      expect(readme.hints.length).toBeGreaterThanOrEqual(3);
      expect(readFileSync(e.readme, "utf8")).toContain(`grade ${e.number}`);
      expect(hintFoldProblems(readFileSync(e.readme, "utf8")), "hints are folded, out of the task text").toEqual([]);
    });

    it("names, for every graded test, the hint that helps with it, and names only graded tests (issue 15: hints follow the failure)", () => {
      const { titles, problems } = gradedTestTitles(e.testFile);
      expect(problems, `${relative(ROOT, e.testFile)}`).toEqual([]);
      expect(titles.length).toBeGreaterThanOrEqual(4);
      const hints = parseReadme(readFileSync(e.readme, "utf8")).hints;
      expect(hintCoverageProblems(hints, titles), `exercises/${id}/README.md's "Helps with:" lists against ${relative(ROOT, e.testFile)}`).toEqual([]);
      expect(hintLadderProblems(hints), `exercises/${id}/README.md: hints climb one rung at a time`).toEqual([]);
    });

    it("points to a notebook, and to notebooks that exist", () => {
      const text = readFileSync(e.readme, "utf8");
      const names = readdirSync(join(ROOT, "notebooks"));
      const pointers = [...text.matchAll(/Notebook (\d+) in `notebooks\/`/g)];
      expect(pointers.length, `${id}'s README names no notebook to read first`).toBeGreaterThan(0);
      for (const m of pointers) {
        const prefix = m[1]!.padStart(2, "0") + "-";
        expect(names.some((n) => n.startsWith(prefix) && n.endsWith(".ipynb")), `notebooks/${prefix}*.ipynb`).toBe(true);
      }
    });

    it("has a solution with marked regions, and its stub in exercises/ is exactly the one made from it", () => {
      expect(e.files.length).toBeGreaterThan(0);
      for (const f of e.files) {
        const solution = readFileSync(join(e.solutionDir!, f), "utf8");
        const stub = stubFromSolution(solution, e.number);
        const path = join(ROOT, "exercises", id, f);
        expect(existsSync(path), `${relative(ROOT, path)} exists`).toBe(true);
        const working = readFileSync(path, "utf8");
        // A student's uncommitted work in exercises/ is fine: then the committed version must be the stub.
        const tracked = working === stub ? working : (committed(path) ?? working);
        expect(tracked === stub, `${relative(ROOT, path)} is not the stub made from solutions/${id}/${f}: run npm run -s exercises:stubs`).toBe(true);
        expect(stub).toContain(`(hints: \`npm run -s workbench -- hint ${e.number}\`)`);
      }
    });

    it("the judge's copy of the data it gives (CASES, SESSIONS, …) is exactly its solution's exported values", async () => {
      let values: Record<string, unknown> = {};
      for (const f of e.files) values = { ...values, ...givenValuesOf((await import(join(e.solutionDir!, f))) as Record<string, unknown>) };
      expect(loadGivenData(ROOT)[id] ?? {}, `${GIVEN_DATA_PATH} is out of date: run npm run -s exercises:stubs`).toEqual(values);
    });

    it("its README, stub and graded test name each other", () => {
      const test = relative(ROOT, e.testFile);
      const readme = `exercises/${id}/README.md`;
      // its first lines: the title and the line under it, after the language switch (`**English** · [中文](README.zh.md)`) when it has one
      expect(readFileSync(e.readme, "utf8").split("\n").slice(0, 6).join("\n"), readme).toContain(`graded by [\`${test}\`](../../${test})`);
      for (const f of e.files) {
        const head = readFileSync(join(ROOT, "exercises", id, f), "utf8").split("*/")[0]!;
        expect(head, `exercises/${id}/${f}'s header`).toContain(readme);
        expect(head, `exercises/${id}/${f}'s header`).toContain(`Graded by ${test}`);
        expect(readFileSync(e.readme, "utf8"), readme).toContain(`Your file: [\`${f}\`](${f})`);
        expect(readFileSync(e.testFile, "utf8").split("*/")[0], `${test}'s header`).toContain(`The task: ${readme}; the student's file: exercises/${id}/${f}.`);
      }
    });

    it("its solution does not call the lib function it asks the student to write", () => {
      const banned = REFERENCE_FUNCTIONS[id];
      if (banned === undefined) return expect.fail(`REFERENCE_FUNCTIONS has no entry for ${id}: say which lib functions its tests trust`);
      for (const f of e.files) {
        const imports = [...readFileSync(join(e.solutionDir!, f), "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@aider-workbench\/lib"/g)]
          .flatMap((m) => m[1]!.split(","))
          .map((s) => s.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!);
        expect(imports.filter((n) => banned.includes(n)), `${id}/${f} imports`).toEqual([]);
      }
    });

    it("has graded tests: at least four, worth points, with a fast-check property", () => {
      const text = readFileSync(e.testFile, "utf8");
      expect(text).toMatch(new RegExp(`exercise<typeof import\\("@target/${id}/[\\w-]+\\.js"\\)>\\("${id}", "[\\w-]+\\.ts", \\{ lib: \\[`));
      const tests = [...text.matchAll(/^ex\.(test|property|byHand)\(\s*"([^"]+)",\s*(\d+),/gm)];
      expect(tests.length).toBeGreaterThanOrEqual(4);
      expect(tests.some((m) => m[1] === "property")).toBe(true);
      expect(text).toContain("fc.assert(");
    });
  });
});
