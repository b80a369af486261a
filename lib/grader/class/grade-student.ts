/**
 * Grades students in child processes: one student with `workbench grade … --target <their folder> --json -
 * --student <id>` (through lib/cli/grade-child.ts, that command alone), or a batch of them with
 * `grade-child.ts --batch` (batch.ts). Either way the existing sandboxed grader (run.ts, session.ts; the judge and
 * the sandbox of lib/grader/README.md) does the grading, and a grade that goes wrong in any way — a judge process
 * that dies, a grade that never ends — takes only that child's rows with it (grade-class then grades a failed
 * batch's students again one at a time). A single grade's stdout is exactly the JSON report, a batch's one JSON
 * line per student; stderr is kept (the tail) for the row's message. Past the limit the child's whole process group
 * is killed; so is every running one on `stopAllStudentGrades` (the command's Ctrl-C: the groups are not the
 * terminal's, so it would not reach them).
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { stoppedProblem } from "../protocol.js";
import type { GradeReport } from "../results.js";
import type { BatchLine, BatchManifest } from "./batch.js";

export interface StudentGradeInput {
  /** The workbench checkout. */
  root: string;
  student: string;
  /** The folder laid out like exercises/. */
  targetDir: string;
  /** Exercise ids (empty: all). */
  exercises: readonly string[];
  seed: number;
  timeoutMs: number;
  /** Extra arguments for `grade` (the hidden-tests option, see grade-class). */
  extraArgs: readonly string[];
  /** A progress file the child may write (never the instructor's). */
  statePath: string;
  /** Whole-grade limit, ms. */
  limitMs: number;
  /** Judge processes the grade may run at once (`grade --judges`): the cores this grade has to itself. */
  judges: number;
}

export interface StudentGradeOutcome {
  report?: GradeReport;
  /** Why there is no report. */
  problem?: string;
  /** The child's wall time, ms (start-up included). */
  wallMs: number;
}

const STDERR_TAIL = 2000;

/** Process groups of the grades running now: each grade is its own group, which a Ctrl-C on the terminal misses. */
const running = new Set<number>();

/** Kills every grade still running (its whole process group); for the caller's SIGINT/SIGTERM handler. */
export function stopAllStudentGrades(): void {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  running.clear();
}
const STDOUT_MAX = 64 * 1024 * 1024;

/** The grade's environment: the caller's, without a test runner's variables (the child starts a vitest of its own). */
function childEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("VITEST") && k !== "NODE_ENV" && k !== "TEST"));
}

/** Runs the grade; never rejects. */
export async function gradeStudent(input: StudentGradeInput): Promise<StudentGradeOutcome> {
  const args = [
    // `grade` alone (the command lib/cli.ts runs, without loading the other commands' modules: 1.1 s CPU less).
    "--import", "tsx", join(input.root, "lib", "cli", "grade-child.ts"),
    ...input.exercises,
    "--target", input.targetDir,
    "--json", "-",
    "--student", input.student,
    "--seed", String(input.seed),
    "--timeout", String(input.timeoutMs),
    "--root", input.root,
    "--state", input.statePath,
    "--judges", String(input.judges),
    ...input.extraArgs,
  ];
  const run = await runChild(input.root, args, null, input.limitMs);
  if (run.problem) return { problem: run.problem, wallMs: run.wallMs };
  const parsed = parseReport(run.stdout);
  if (parsed) return { report: parsed, wallMs: run.wallMs };
  return { problem: noReport(run), wallMs: run.wallMs };
}

/** Several students graded in one process (lib/grader/class/batch.ts); `limitMs` is each student's. */
export interface BatchGradeInput extends Omit<StudentGradeInput, "student" | "targetDir" | "statePath" | "extraArgs"> {
  students: readonly { id: string; targetDir: string }[];
  /** Also run the hidden tests (`grade --hidden`). */
  hidden: boolean;
}

/**
 * Grades `students` in one batch child (`grade-child.ts --batch`); never rejects. Each student's limit holds inside
 * the batch (run.ts stops that student alone); the child itself is stopped after the sum of the limits and one
 * more. A student the child gave no line for (it died, or was stopped) has no outcome here: grade them alone.
 */
export async function gradeBatch(input: BatchGradeInput): Promise<Map<string, StudentGradeOutcome>> {
  const manifest: BatchManifest = {
    exercises: [...input.exercises],
    seed: input.seed,
    timeoutMs: input.timeoutMs,
    hidden: input.hidden,
    judges: input.judges,
    studentLimitMs: input.limitMs,
    students: input.students.map((s) => ({ id: s.id, targetDir: s.targetDir })),
  };
  const args = ["--import", "tsx", join(input.root, "lib", "cli", "grade-child.ts"), "--batch"];
  const run = await runChild(input.root, args, JSON.stringify(manifest), input.limitMs * (input.students.length + 1));
  const out = new Map<string, StudentGradeOutcome>();
  const wanted = new Set(input.students.map((s) => s.id));
  for (const line of run.stdout.split("\n")) {
    const parsed = parseBatchLine(line);
    if (!parsed || !wanted.has(parsed.student) || out.has(parsed.student)) continue;
    out.set(parsed.student, "report" in parsed ? { report: parsed.report, wallMs: run.wallMs } : { problem: parsed.problem, wallMs: run.wallMs });
  }
  return out;
}

/** One line of the batch child's stdout, or null when it is not one. */
export function parseBatchLine(line: string): BatchLine | null {
  if (line.trim() === "") return null;
  try {
    const v = JSON.parse(line) as { student?: unknown; report?: unknown; problem?: unknown } | null;
    if (!v || typeof v.student !== "string") return null;
    if (typeof v.problem === "string") return { student: v.student, problem: v.problem };
    const report = parseReport(JSON.stringify(v.report ?? null));
    return report ? { student: v.student, report } : null;
  } catch {
    return null;
  }
}

interface ChildRun {
  stdout: string;
  stderrTail: string;
  code: number | null;
  /** Set when the child could not start, was stopped, or wrote too much. */
  problem?: string;
  wallMs: number;
}

/** The grader's words for a child that wrote no report. */
function noReport(run: ChildRun): string {
  const last = run.stderrTail.split("\n").map((l) => l.trim()).filter(Boolean).pop() ?? "no message";
  return `the grader wrote no report (exit ${run.code ?? "by signal"}): ${last.slice(0, 300)}`;
}

/** Runs a grade child in a process group of its own, killed past `limitMs`; never rejects. */
function runChild(root: string, args: string[], stdin: string | null, limitMs: number): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env: childEnv(), stdio: [stdin === null ? "ignore" : "pipe", "pipe", "pipe"], detached: true });
    if (child.pid !== undefined) running.add(child.pid);
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    let killedFor: string | null = null;
    const killGroup = (why: string): void => {
      killedFor ??= why;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => killGroup(stoppedProblem(limitMs)), limitMs);
    child.stdout!.on("data", (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > STDOUT_MAX) killGroup("the grade's report was larger than 64 MB; stopped");
      else out.push(d);
    });
    child.stderr!.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-STDERR_TAIL)));
    if (stdin !== null) {
      child.stdin!.on("error", () => undefined); // a child that died early: its exit says why
      child.stdin!.end(stdin);
    }
    let finished = false;
    const finish = (code: number | null, spawnError?: Error): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (child.pid !== undefined) running.delete(child.pid);
      const wallMs = performance.now() - started;
      const stdout = Buffer.concat(out).toString("utf8");
      if (spawnError) return resolve({ stdout, stderrTail: err, code, problem: `the grader could not start (${spawnError.message})`, wallMs });
      resolve({ stdout, stderrTail: err, code, ...(killedFor ? { problem: killedFor } : {}), wallMs });
    };
    child.on("error", (e) => finish(null, e));
    child.on("close", (code) => finish(code));
  });
}

/** The report from the grade's stdout, or null when it is not one. */
export function parseReport(text: string): GradeReport | null {
  try {
    const r = JSON.parse(text) as Partial<GradeReport> | null;
    if (!r || typeof r !== "object" || !Array.isArray(r.exercises) || typeof r.points !== "number" || typeof r.maxPoints !== "number") return null;
    return r as GradeReport;
  } catch {
    return null;
  }
}
