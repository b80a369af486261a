/**
 * Runs `workbench grade` in a child process, as a student would, for the tests that check the grader end to end.
 * The child must not inherit the VITEST* variables of the worker running the test: it starts a vitest of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { listExercises } from "../../lib/grader/catalog.js";
import type { GradeReport } from "../../lib/grader/results.js";
import { stubFromSolution } from "../../lib/grader/stubs.js";

export const ROOT = resolve(__dirname, "../..");

export function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_ENV" && k !== "TEST"));
}

/** Starts the CLI with `args` (cwd: the checkout). */
export function startCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "lib/cli.ts", ...args], { cwd: ROOT, env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
}

/** Runs the CLI to the end; resolves to its exit code and output. */
export function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done, fail) => {
    const child = startCli(args);
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, out, err }));
  });
}

/** Runs `workbench grade … --json <temp file>` and parses the report it wrote. */
export async function gradeWithReport(args: string[]): Promise<{ code: number | null; out: string; err: string; report: GradeReport }> {
  const json = join(mkdtempSync(join(tmpdir(), "wb-grade-")), "report.json");
  const r = await runCli(["grade", ...args, "--json", json]);
  let report: GradeReport;
  try {
    report = JSON.parse(readFileSync(json, "utf8")) as GradeReport;
  } catch {
    throw new Error(`grade wrote no report (exit ${r.code}):\n${r.out}\n${r.err}`);
  }
  return { ...r, report };
}

/** Each end-to-end test runs whole grades in child processes: minutes on a loaded machine, not the unit-test 30 s. */
export const SLOW = { timeout: 300_000 };

/**
 * A throwaway checkout for tests that touch a student's files or progress: its own package.json, exercises/ and
 * .workbench/, with lib, test, solutions and node_modules linked to this checkout's. Each exercise named in
 * `start` gets its README and either its stub or its reference solution.
 */
export function fakeCheckout(start: Record<string, "stub" | "solution">): string {
  const root = mkdtempSync(join(tmpdir(), "wb-checkout-"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "aider-workbench", private: true, type: "module" }));
  for (const d of ["lib", "test", "solutions", "node_modules"]) symlinkSync(join(ROOT, d), join(root, d));
  for (const e of listExercises(ROOT)) {
    const how = start[e.id];
    if (!how) continue;
    mkdirSync(join(root, "exercises", e.id), { recursive: true });
    copyFileSync(e.readme, join(root, "exercises", e.id, "README.md"));
    for (const f of e.files) {
      const solution = readFileSync(join(e.solutionDir!, f), "utf8");
      writeFileSync(join(root, "exercises", e.id, f), how === "stub" ? stubFromSolution(solution, e.number) : solution);
    }
  }
  return root;
}
