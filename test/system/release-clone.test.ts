/**
 * Issue 14, "must show": the student release, cloned fresh, installs and grades with its README's commands — the
 * stubs score 0 points, the reference solutions copied in score full points — and typechecks without solutions/.
 *
 * Shortcut, said plainly: instead of `npm ci` (1–2 min, network or cache) the clone gets a node_modules folder of
 * symlinks to this checkout's installed packages, with its own `@aider-workbench/lib` link pointing at the clone's
 * lib/ (so the clone grades with its own lib, never this checkout's). The real `npm ci` in a fresh clone was run
 * by hand (docs/performance.md, "Student release"). Slow-ish: about 1–3 minutes.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProjectRoot } from "../../lib/core/project-root.js";
import { listExercises, pristineStub } from "../../lib/grader/catalog.js";
import type { GradeReport } from "../../lib/grader/results.js";
import { cli } from "../cli/run-cli.js";

const ROOT = findProjectRoot(__dirname);
const SLOW = { timeout: 240_000 };
const EXERCISES = listExercises(ROOT);
const work = mkdtempSync(join(tmpdir(), "workbench-release-"));
const release = join(work, "release");
const clone = join(work, "clone");
/** The clone's `npm run -s typecheck`, started once the clone is ready and run beside the grading (it is the slowest step). */
let typecheck: Promise<{ code: number | null; output: string }> | null = null;

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.email=instructor@example.com", "-c", "user.name=Instructor", ...args], { cwd, encoding: "utf8" });
}

/** `npm run -s workbench -- grade …` in the clone (the README's command), with its JSON report. */
function grade(...args: string[]): { code: number; report: GradeReport; stderr: string } {
  const json = join(work, `report-${Date.now()}.json`);
  const r = spawnSync("npm", ["run", "-s", "workbench", "--", "grade", ...args, "--json", json], { cwd: clone, encoding: "utf8", env: { ...process.env, INIT_CWD: clone } });
  if (!existsSync(json)) throw new Error(`grade wrote no report (exit ${r.status}): ${r.stderr}`);
  return { code: r.status ?? -1, report: JSON.parse(readFileSync(json, "utf8")) as GradeReport, stderr: r.stderr };
}

beforeAll(async () => {
  const r = await cli("release", release);
  expect(r.code, r.err).toBe(0);
  git(release, "init", "-q", "-b", "main");
  git(release, "add", "-A");
  git(release, "commit", "-qm", "Student release");
  git(work, "clone", "-q", release, clone);
  // node_modules: the installed packages by symlink, the workspace package pointing at the clone's own lib/
  mkdirSync(join(clone, "node_modules", "@aider-workbench"), { recursive: true });
  for (const entry of readdirSync(join(ROOT, "node_modules"))) {
    if (entry !== "@aider-workbench") symlinkSync(join(ROOT, "node_modules", entry), join(clone, "node_modules", entry));
  }
  symlinkSync("../../lib", join(clone, "node_modules", "@aider-workbench", "lib"));
  // typecheck a copy made now, so the solutions copied in later are not what is checked
  const pristine = join(work, "pristine");
  cpSync(clone, pristine, { recursive: true, verbatimSymlinks: true });
  typecheck = new Promise((done) => {
    const child = spawn("npm", ["run", "-s", "typecheck"], { cwd: pristine });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("close", (code) => done({ code, output }));
  });
}, SLOW.timeout);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the student release, cloned fresh", () => {
  it("has no solutions, no hidden tests, and lists every exercise in its manifest", () => {
    expect(existsSync(join(clone, "solutions"))).toBe(false);
    expect(existsSync(join(clone, "test", "exercises", "hidden"))).toBe(false);
    expect(existsSync(join(clone, ".github", "workflows", "workbench-feedback.yml"))).toBe(true);
    expect(listExercises(clone).map((e) => [e.id, e.files, e.solutionDir])).toEqual(EXERCISES.map((e) => [e.id, e.files, null]));
    for (const e of EXERCISES) for (const f of e.files) expect(readFileSync(join(clone, "exercises", e.id, f), "utf8")).toBe(pristineStub(ROOT, e, f));
  });

  it("grades the stubs 0 points of the full maximum, every exercise graded", () => {
    const { code, report } = grade();
    expect(report.exercises.map((e) => e.id)).toEqual(EXERCISES.map((e) => e.id));
    expect(report.exercises.filter((e) => e.error !== undefined)).toEqual([]);
    expect(report.points).toBe(0);
    expect(report.maxPoints).toBeGreaterThan(0);
    expect(code).toBe(1);
  }, SLOW.timeout);

  it("grades the reference solutions, copied in, full points; --classroom says the same; reset brings the stub back", async () => {
    for (const e of EXERCISES) cpSync(e.solutionDir!, join(clone, "exercises", e.id), { recursive: true });
    const classroom = join(work, "classroom.json");
    const { code, report } = grade("--classroom", classroom);
    expect(report.exercises.filter((e) => e.points !== e.maxPoints).map((e) => e.id)).toEqual([]);
    expect(report.points).toBe(report.maxPoints);
    expect(code).toBe(0);
    const c = JSON.parse(readFileSync(classroom, "utf8")) as { status: string; max_score: number; tests: { score: number }[] };
    expect(c.status).toBe("pass");
    expect(c.max_score).toBe(report.maxPoints);
    expect(c.tests.reduce((a, t) => a + t.score, 0)).toBe(report.maxPoints);
    // reset takes the stub from the manifest (the release has no solutions to make it from)
    const e05 = EXERCISES.find((e) => e.id === "05-commit-plan")!;
    const r = spawnSync("npm", ["run", "-s", "workbench", "--", "reset", "05"], { cwd: clone, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(clone, "exercises", e05.id, e05.files[0]!), "utf8")).toBe(pristineStub(ROOT, e05, e05.files[0]!));
  }, SLOW.timeout);

  it("typechecks without the solutions (npm run typecheck, run beside the grading above)", async () => {
    const r = await typecheck!;
    expect(r.output).toBe("");
    expect(r.code).toBe(0);
  }, SLOW.timeout);
});
