/**
 * The packaged grader run as each platform runs it, in the platform's own folders (we run as root): Gradescope's
 * /autograder (run_autograder), PrairieLearn's /grade (the image's entrypoint), Classroom 50's student checkout
 * (autograder.py with the runner's environment). Solutions, partial work, a hostile file, an empty upload and a zip
 * with a top folder; each results file is checked against the platform's documented fields. The packages' npm
 * install is replaced by a link to this checkout's node_modules (setup.sh and the image's `npm ci` are not run).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTOGRADER_DEFAULTS, type Platform } from "../../../lib/grader/platforms/config.js";
import { packageAutograder } from "../../../lib/grader/platforms/package.js";
import { tempDirs } from "../../support/temp-dirs.js";

const ROOT = resolve(import.meta.dirname, "../../..");
const tmp = tempDirs();
const EXERCISES = ["01-pagerank", "05-commit-plan"];
const GRADESCOPE = "/autograder";
const PRAIRIELEARN = "/grade";
const made: string[] = [];

let pkgs: string;
beforeAll(() => {
  for (const d of [GRADESCOPE, PRAIRIELEARN]) {
    if (existsSync(d)) throw new Error(`${d} exists on this machine: this test lays out the platform's folders itself and will not touch one it did not make`);
  }
  pkgs = tmp("autograde-");
  const config = (platform: Platform) => ({ platform, exercises: EXERCISES, ...AUTOGRADER_DEFAULTS, deadlineMs: 240_000 });
  packageAutograder({ root: ROOT, out: join(pkgs, "gs.zip"), config: config("gradescope") });
  for (const p of ["prairielearn", "classroom50"] as const) {
    packageAutograder({ root: ROOT, out: join(pkgs, p), config: config(p) });
    symlinkSync(join(ROOT, "node_modules"), join(pkgs, p, "grader/node_modules"));
  }
  // Gradescope: the zip extracted to /autograder/source, run_autograder copied to /autograder
  made.push(GRADESCOPE);
  mkdirSync(join(GRADESCOPE, "source"), { recursive: true });
  execFileSync("python3", ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", join(pkgs, "gs.zip"), join(GRADESCOPE, "source")]);
  cpSync(join(GRADESCOPE, "source/run_autograder"), join(GRADESCOPE, "run_autograder"));
  chmodSync(join(GRADESCOPE, "run_autograder"), 0o755);
  symlinkSync(join(ROOT, "node_modules"), join(GRADESCOPE, "source/node_modules"));
}, 300_000);

afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const solution = (id: string, file: string): string => readFileSync(join(ROOT, "solutions", id, file), "utf8");
const stub = (id: string, file: string): string => readFileSync(join(ROOT, "exercises", id, file), "utf8");

function writeFiles(dir: string, files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

type GradescopeJson = { score: number; output: string; tests: { name: string; score: number; max_score: number; status: string; output: string; visibility: string }[] };

function runGradescope(files: Record<string, string>): GradescopeJson {
  writeFiles(join(GRADESCOPE, "submission"), files);
  rmSync(join(GRADESCOPE, "results"), { recursive: true, force: true });
  mkdirSync(join(GRADESCOPE, "results"));
  const run = spawnSync("bash", [join(GRADESCOPE, "run_autograder")], { cwd: GRADESCOPE, encoding: "utf8", timeout: 280_000 });
  expect(run.status, run.stderr).toBe(0);
  const r = JSON.parse(readFileSync(join(GRADESCOPE, "results/results.json"), "utf8")) as GradescopeJson;
  for (const t of r.tests) {
    expect(Object.keys(t).sort()).toEqual(["max_score", "name", "output", "score", "status", "visibility"]);
    expect(["passed", "failed"]).toContain(t.status);
    expect(["visible", "after_published", "hidden"]).toContain(t.visibility);
  }
  expect(r.score).toBe(r.tests.reduce((n, t) => n + t.score, 0));
  return r;
}

const total = (r: GradescopeJson): number => r.tests.reduce((n, t) => n + t.max_score, 0);
const scoreOf = (r: GradescopeJson, id: string): number => r.tests.filter((t) => t.name.startsWith(id)).reduce((n, t) => n + t.score, 0);
const maxOf = (r: GradescopeJson, id: string): number => r.tests.filter((t) => t.name.startsWith(id)).reduce((n, t) => n + t.max_score, 0);

describe("Gradescope (/autograder)", () => {
  it("full marks for the solutions zipped with a top folder, the hidden test shown after publication", () => {
    const r = runGradescope({
      "my-work/exercises/01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"),
      "my-work/exercises/05-commit-plan/commit-plan.ts": solution("05-commit-plan", "commit-plan.ts"),
    });
    expect(r.score).toBe(total(r));
    expect(r.output).toMatch(/top folder my-work\//);
    expect(r.tests.some((t) => t.visibility === "after_published")).toBe(true);
  }, 300_000);

  it("partial work gets exactly the solved exercise's points; a hostile file gets 0 and cannot forge the results", () => {
    const partial = runGradescope({ "01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"), "05-commit-plan/commit-plan.ts": stub("05-commit-plan", "commit-plan.ts") });
    expect(partial.score).toBe(maxOf(partial, "01-pagerank"));
    expect(scoreOf(partial, "05-commit-plan")).toBe(0);
    const hostile = runGradescope({
      "05-commit-plan/commit-plan.ts": `console.log(JSON.stringify({ score: 999 }));\nexport function commitPlan(): never { for (;;) {} }\nwhile (Date.now() > 0) {}\n`,
    });
    expect(hostile.score).toBe(0);
    expect(maxOf(hostile, "05-commit-plan")).toBeGreaterThan(0);
  }, 600_000);

  it("an empty upload is graded 0 with the reason, not a crash", () => {
    const r = runGradescope({});
    expect(r).toMatchObject({ score: 0, tests: [] });
    expect(r.output).toContain("the submission is empty");
  }, 120_000);
});

type PrairieLearnJson = { gradable: boolean; score: number; message: string; tests?: { name: string; points: number; max_points: number }[] };

function runPrairieLearn(question: string, files: Record<string, string>): PrairieLearnJson {
  made.push(PRAIRIELEARN);
  writeFiles(join(PRAIRIELEARN, "student"), files);
  rmSync(join(PRAIRIELEARN, "results"), { recursive: true, force: true }); // the grader creates it
  rmSync(join(PRAIRIELEARN, "tests"), { recursive: true, force: true });
  cpSync(join(pkgs, "prairielearn/questions", `workbench-${question}`, "tests"), join(PRAIRIELEARN, "tests"), { recursive: true });
  mkdirSync(join(PRAIRIELEARN, "data"), { recursive: true });
  writeFileSync(join(PRAIRIELEARN, "data/data.json"), JSON.stringify({ params: {}, submitted_answers: {} }));
  const run = spawnSync("bash", [join(pkgs, "prairielearn/grader/run-prairielearn")], { encoding: "utf8", timeout: 280_000 });
  expect(run.status, run.stderr).toBe(0);
  const r = JSON.parse(readFileSync(join(PRAIRIELEARN, "results/results.json"), "utf8")) as PrairieLearnJson;
  expect(r.score).toBeGreaterThanOrEqual(0);
  expect(r.score).toBeLessThanOrEqual(1);
  return r;
}

describe("PrairieLearn (/grade)", () => {
  it("grades the one file a question's editor submits, score as a fraction", () => {
    const r = runPrairieLearn("05-commit-plan", { "commit-plan.ts": solution("05-commit-plan", "commit-plan.ts") });
    expect(r.gradable).toBe(true);
    expect(r.score).toBe(1);
    for (const t of r.tests!) expect(t.points).toBe(t.max_points);
  }, 300_000);

  it("an upload without the exercise's file is gradable: false with a message", () => {
    const r = runPrairieLearn("01-pagerank", { "notes.txt": "hello" });
    expect(r).toMatchObject({ gradable: false, score: 0 });
    expect(r.message).toMatch(/no exercise found/);
  }, 120_000);
});

describe("Classroom 50 (autograder.py in the student's checkout)", () => {
  it("writes result.json in the student's folder by the classroom50/result/v1 contract", () => {
    const checkout = tmp("c50-student-");
    writeFiles(checkout, {
      "README.md": "my repository\n",
      "exercises/01-pagerank/pagerank.ts": solution("01-pagerank", "pagerank.ts"),
      "exercises/05-commit-plan/commit-plan.ts": stub("05-commit-plan", "commit-plan.ts"),
      // the student's own copy of a graded test, edited to pass everything: never what judges them
      "test/exercises/05-commit-plan.test.ts": "export {};\n",
    });
    const env = { ...process.env, CLASSROOM: "cs", ASSIGNMENT: "aider", SUBMISSION_TAG: "submit/x", COMMIT_URL: "https://example.test/c", RELEASE_URL: "https://example.test/r", REVIEW_URL: "https://example.test/v" };
    const run = spawnSync("python3", [join(pkgs, "classroom50/autograder.py")], { cwd: checkout, env, encoding: "utf8", timeout: 280_000 });
    expect(run.status, run.stderr).toBe(0);
    const r = JSON.parse(readFileSync(join(checkout, "result.json"), "utf8")) as { schema: string; score: number; "max-score": number; tests: { "test-name": string; score: number; "max-score": number; passed: boolean }[] };
    expect(r.schema).toBe("classroom50/result/v1");
    const of = (id: string, key: "score" | "max-score"): number => r.tests.filter((t) => t["test-name"].startsWith(id)).reduce((n, t) => n + t[key], 0);
    expect(r.score).toBe(of("01-pagerank", "max-score"));
    expect(of("05-commit-plan", "score")).toBe(0);
    expect(r["max-score"]).toBe(r.tests.reduce((n, t) => n + t["max-score"], 0));
  }, 300_000);
});
