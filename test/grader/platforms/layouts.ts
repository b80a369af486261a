/**
 * The grading platforms' folders laid out for real (we run as root) and the packaged entry scripts run in them, for
 * autograde.test.ts and scripts/platform-class.ts: Gradescope's /autograder (the zip extracted to source/,
 * run_autograder beside it), PrairieLearn's /grade (student/, tests/, data/; the image's entrypoint), Classroom 50's
 * student checkout (autograder.py with the runner's environment). The packages' own `npm ci` is replaced by a link
 * to this checkout's node_modules. `resultProblems` checks a results file against the platform's documented fields.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTOGRADER_DEFAULTS, type Platform } from "../../../lib/grader/platforms/config.js";
import { packageAutograder } from "../../../lib/grader/platforms/package.js";

export const PLATFORM_ROOTS = Object.freeze({ gradescope: "/autograder", prairielearn: "/grade" });

export interface Packages {
  gradescope: string;
  prairielearn: string;
  classroom50: string;
}

/** The three packages for `exercises` in `dir`, with node_modules linked in; Gradescope's zip laid out in /autograder. */
export function packageAndLayOut(root: string, dir: string, options: { exercises: string[]; deadlineMs: number }): Packages {
  for (const d of Object.values(PLATFORM_ROOTS)) {
    if (existsSync(d)) throw new Error(`${d} exists on this machine: the platforms' folders are laid out here only where none exists`);
  }
  const config = (platform: Platform) => ({ platform, ...AUTOGRADER_DEFAULTS, ...options });
  const pkgs: Packages = { gradescope: join(dir, "gs.zip"), prairielearn: join(dir, "prairielearn"), classroom50: join(dir, "classroom50") };
  for (const p of ["gradescope", "prairielearn", "classroom50"] as const) packageAutograder({ root, out: pkgs[p], config: config(p) });
  for (const p of ["prairielearn", "classroom50"] as const) symlinkSync(join(root, "node_modules"), join(pkgs[p], "grader/node_modules"));
  const gs = PLATFORM_ROOTS.gradescope;
  mkdirSync(join(gs, "source"), { recursive: true });
  execFileSync("python3", ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", pkgs.gradescope, join(gs, "source")]);
  cpSync(join(gs, "source/run_autograder"), join(gs, "run_autograder"));
  chmodSync(join(gs, "run_autograder"), 0o755);
  symlinkSync(join(root, "node_modules"), join(gs, "source/node_modules"));
  return pkgs;
}

/** Removes the platforms' folders this module laid out. */
export function removeLayouts(): void {
  for (const d of Object.values(PLATFORM_ROOTS)) rmSync(d, { recursive: true, force: true });
}

/** `files` (relative path → text) as the only content of `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

export interface PlatformRun {
  status: number | null;
  stderr: string;
  results: unknown;
}

const run = (command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }, resultsPath: string): PlatformRun => {
  const r = spawnSync(command, args, { ...options, encoding: "utf8", timeout: 280_000 });
  return { status: r.status, stderr: r.stderr, results: existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, "utf8")) : null };
};

/** Gradescope: the upload in /autograder/submission, then run_autograder in /autograder. */
export function gradeOnGradescope(files: Record<string, string>): PlatformRun {
  const gs = PLATFORM_ROOTS.gradescope;
  writeFiles(join(gs, "submission"), files);
  writeFiles(join(gs, "results"), {});
  return run("bash", [join(gs, "run_autograder")], { cwd: gs }, join(gs, "results/results.json"));
}

/** PrairieLearn: the question's tests/ and the student's files in /grade, then the image's entrypoint. */
export function gradeOnPrairieLearn(pkg: string, question: string, files: Record<string, string>): PlatformRun {
  const pl = PLATFORM_ROOTS.prairielearn;
  writeFiles(join(pl, "student"), files);
  rmSync(join(pl, "results"), { recursive: true, force: true }); // the grader creates it
  rmSync(join(pl, "tests"), { recursive: true, force: true });
  cpSync(join(pkg, "questions", `workbench-${question}`, "tests"), join(pl, "tests"), { recursive: true });
  writeFiles(join(pl, "data"), { "data.json": JSON.stringify({ params: {}, submitted_answers: {} }) });
  return run("bash", [join(pkg, "grader/run-prairielearn")], {}, join(pl, "results/results.json"));
}

/** The runner's environment Classroom 50 gives an autograder. */
export const CLASSROOM50_TEST_ENV = Object.freeze({ CLASSROOM: "cs", ASSIGNMENT: "aider", SUBMISSION_TAG: "submit/x", COMMIT_URL: "https://example.test/c", RELEASE_URL: "https://example.test/r", REVIEW_URL: "https://example.test/v" });

/** Classroom 50: autograder.py run in the student's checkout `checkout` (written from `files`). */
export function gradeOnClassroom50(pkg: string, checkout: string, files: Record<string, string>): PlatformRun {
  writeFiles(checkout, files);
  return run("python3", [join(pkg, "autograder.py")], { cwd: checkout, env: { ...process.env, ...CLASSROOM50_TEST_ENV } }, join(checkout, "result.json"));
}

const keys = (o: object): string => Object.keys(o).sort().join(",");
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** What in a results file departs from the platform's documented fields (empty: nothing). */
export function resultProblems(platform: Platform, results: unknown): string[] {
  const out: string[] = [];
  if (!isRecord(results)) return ["no results object"];
  const tests = Array.isArray(results.tests) ? (results.tests as unknown[]) : null;
  if (!tests && !(platform === "prairielearn" && results.tests === undefined)) out.push("tests is not a list"); // optional on PrairieLearn
  const sum = (k: string): number => (tests ?? []).reduce((n: number, t) => n + (isRecord(t) && typeof t[k] === "number" ? t[k] : 0), 0);
  if (platform === "gradescope") {
    if (typeof results.score !== "number") out.push("score is not a number");
    else if (results.score !== sum("score")) out.push("score is not the sum of the tests' scores");
    for (const t of tests ?? []) {
      if (!isRecord(t) || keys(t) !== "max_score,name,output,score,status,visibility") out.push(`a test has other fields: ${isRecord(t) ? keys(t) : typeof t}`);
      else if (!["passed", "failed"].includes(t.status as string) || !["visible", "hidden", "after_published", "after_due_date"].includes(t.visibility as string)) out.push(`bad status or visibility in ${String(t.name)}`);
    }
  } else if (platform === "prairielearn") {
    if (typeof results.gradable !== "boolean") out.push("gradable is not a boolean");
    if (typeof results.score !== "number" || results.score < 0 || results.score > 1) out.push("score is not in [0, 1]");
    if (results.gradable === false && typeof results.message !== "string") out.push("an ungradable result has no message");
    for (const t of tests ?? []) if (!isRecord(t) || typeof t.points !== "number" || typeof t.max_points !== "number" || typeof t.name !== "string") out.push("a test lacks name, points or max_points");
  } else {
    if (results.schema !== "classroom50/result/v1") out.push("schema is not classroom50/result/v1");
    for (const k of ["classroom", "assignment", "submission", "commit", "release", "review", "datetime"]) if (typeof results[k] !== "string" || results[k] === "") out.push(`${k} is not a non-empty string`);
    if (!Number.isInteger(results.score) || results.score !== sum("score")) out.push("score is not the integer sum of the tests' scores");
    if (!Number.isInteger(results["max-score"]) || results["max-score"] !== sum("max-score")) out.push("max-score is not the integer sum");
    for (const t of tests ?? []) if (!isRecord(t) || typeof t["test-name"] !== "string" || typeof t.passed !== "boolean" || typeof t.score !== "number" || typeof t["max-score"] !== "number") out.push("a test lacks test-name, passed, score or max-score");
  }
  return out;
}
