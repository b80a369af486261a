/**
 * The packaged grader run as each platform runs it, in the platform's own folders (layouts.ts): Gradescope's
 * /autograder (run_autograder), PrairieLearn's /grade (the image's entrypoint), Classroom 50's student checkout
 * (autograder.py with the runner's environment). Solutions, partial work, a hostile file, an empty upload, a zip with
 * a top folder and the student's own edited copy of a graded test; each results file is checked against the
 * platform's documented fields (`resultProblems`).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../../support/temp-dirs.js";
import { gradeOnClassroom50, gradeOnGradescope, gradeOnPrairieLearn, packageAndLayOut, removeLayouts, resultProblems, type Packages, type PlatformRun } from "./layouts.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const tmp = tempDirs();
const EXERCISES = ["01-pagerank", "05-commit-plan"];

let pkgs: Packages;
let laidOut = false;
beforeAll(() => {
  pkgs = packageAndLayOut(ROOT, tmp("autograde-"), { exercises: EXERCISES, deadlineMs: 240_000 });
  laidOut = true;
}, 300_000);
afterAll(() => {
  if (laidOut) removeLayouts();
});

const solution = (id: string, file: string): string => readFileSync(join(ROOT, "solutions", id, file), "utf8");
const stub = (id: string, file: string): string => readFileSync(join(ROOT, "exercises", id, file), "utf8");

type GradescopeJson = { score: number; output: string; tests: { name: string; score: number; max_score: number; visibility: string }[] };

function checked<T>(platform: "gradescope" | "prairielearn" | "classroom50", run: PlatformRun): T {
  expect(run.status, run.stderr).toBe(0);
  expect(resultProblems(platform, run.results)).toEqual([]);
  return run.results as T;
}

const total = (r: GradescopeJson): number => r.tests.reduce((n, t) => n + t.max_score, 0);
const of = (r: GradescopeJson, id: string, key: "score" | "max_score"): number => r.tests.filter((t) => t.name.startsWith(id)).reduce((n, t) => n + t[key], 0);

describe("Gradescope (/autograder)", () => {
  it("full marks for the solutions zipped with a top folder, the hidden test shown after publication", () => {
    const r = checked<GradescopeJson>("gradescope", gradeOnGradescope({
      "my-work/exercises/01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"),
      "my-work/exercises/05-commit-plan/commit-plan.ts": solution("05-commit-plan", "commit-plan.ts"),
    }));
    expect(r.score).toBe(total(r));
    expect(r.output).toMatch(/top folder my-work\//);
    expect(r.tests.some((t) => t.visibility === "after_published")).toBe(true);
  }, 300_000);

  it("partial work gets exactly the solved exercise's points; a hostile file gets 0 and cannot forge the results", () => {
    const partial = checked<GradescopeJson>("gradescope", gradeOnGradescope({ "01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"), "05-commit-plan/commit-plan.ts": stub("05-commit-plan", "commit-plan.ts") }));
    expect(partial.score).toBe(of(partial, "01-pagerank", "max_score"));
    expect(of(partial, "05-commit-plan", "score")).toBe(0);
    const hostile = checked<GradescopeJson>("gradescope", gradeOnGradescope({
      "05-commit-plan/commit-plan.ts": `console.log(JSON.stringify({ score: 999 }));\nexport function commitPlan(): never { for (;;) {} }\nwhile (Date.now() > 0) {}\n`,
    }));
    expect(hostile.score).toBe(0);
    expect(of(hostile, "05-commit-plan", "max_score")).toBeGreaterThan(0);
  }, 600_000);

  it("an empty upload is graded 0 with the reason, not a crash", () => {
    const r = checked<GradescopeJson>("gradescope", gradeOnGradescope({}));
    expect(r).toMatchObject({ score: 0, tests: [] });
    expect(r.output).toContain("the submission is empty");
  }, 120_000);
});

describe("PrairieLearn (/grade)", () => {
  it("grades the one file a question's editor submits, score as a fraction", () => {
    const r = checked<{ gradable: boolean; score: number; tests: { points: number; max_points: number }[] }>("prairielearn", gradeOnPrairieLearn(pkgs.prairielearn, "05-commit-plan", { "commit-plan.ts": solution("05-commit-plan", "commit-plan.ts") }));
    expect(r.gradable).toBe(true);
    expect(r.score).toBe(1);
    for (const t of r.tests) expect(t.points).toBe(t.max_points);
  }, 300_000);

  it("an upload without the exercise's file is gradable: false with a message", () => {
    const r = checked<{ gradable: boolean; score: number; message: string }>("prairielearn", gradeOnPrairieLearn(pkgs.prairielearn, "01-pagerank", { "notes.txt": "hello" }));
    expect(r).toMatchObject({ gradable: false, score: 0 });
    expect(r.message).toMatch(/no exercise found/);
  }, 120_000);
});

describe("Classroom 50 (autograder.py in the student's checkout)", () => {
  it("writes result.json in the student's folder by the classroom50/result/v1 contract, judged by the bundle's tests", () => {
    const r = checked<{ score: number; tests: { "test-name": string; score: number; "max-score": number }[] }>("classroom50", gradeOnClassroom50(pkgs.classroom50, tmp("c50-student-"), {
      "README.md": "my repository\n",
      "exercises/01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"),
      "exercises/05-commit-plan/commit-plan.ts": stub("05-commit-plan", "commit-plan.ts"),
      // the student's own copy of a graded test, edited to pass everything: never what judges them
      "test/exercises/05-commit-plan.test.ts": "export {};\n",
    }));
    const sum = (id: string, key: "score" | "max-score"): number => r.tests.filter((t) => t["test-name"].startsWith(id)).reduce((n, t) => n + t[key], 0);
    expect(r.score).toBe(sum("01-pagerank", "max-score"));
    expect(sum("05-commit-plan", "score")).toBe(0);
  }, 300_000);
});

describe("resultProblems", () => {
  it("finds what departs from each platform's fields", () => {
    expect(resultProblems("gradescope", { score: 3, tests: [{ name: "a", score: 2, max_score: 2, status: "passed", output: "", visibility: "visible" }] })).toEqual(["score is not the sum of the tests' scores"]);
    expect(resultProblems("gradescope", { score: 0, tests: [{ name: "a", score: 0 }] })[0]).toMatch(/a test has other fields/);
    expect(resultProblems("prairielearn", { gradable: true, score: 1.5, tests: [] })).toEqual(["score is not in [0, 1]"]);
    expect(resultProblems("prairielearn", { gradable: false, score: 0 })).toEqual(["an ungradable result has no message"]);
    expect(resultProblems("prairielearn", { gradable: true, score: 0, tests: 3 })).toEqual(["tests is not a list"]);
    expect(resultProblems("classroom50", { schema: "x", score: 1, "max-score": 1, tests: [] })).toContain("schema is not classroom50/result/v1");
    expect(resultProblems("classroom50", null)).toEqual(["no results object"]);
  });
});
