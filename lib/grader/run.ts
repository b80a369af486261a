/**
 * Runs the graded tests through vitest's Node API. The test processes are the JUDGE: they hold the expected values,
 * run the assertions and write the log, and never load student code, which runs in a sandbox process per exercise
 * (lib/grader/sandbox/, lib/grader/README.md). The sandbox's time limit, crashes and output are handled by the
 * judge's test helper (test/exercises/grading.ts); this module contains the judge processes themselves:
 *
 * - The test files run in forked processes (vitest's `forks` pool), one exercise after another in each
 *   (`isolate: false`: the judge's modules are loaded once per process, not once per exercise); no student code is
 *   in them, so nothing of one exercise's grading can reach another's through them.
 * - If a judge process blocks (its own checks on a hostile answer running away), the watchdog here sees it through
 *   the log (protocol.ts), on this process's monotonic clock: past the judge's limit plus a grace period it kills
 *   that process, records the test as cut off, and runs the tests it had not reached again in a new round with the
 *   finished ones skipped, together with the exercises that process had not reached yet. Other exercises keep
 *   running meanwhile.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { join, relative } from "node:path";
import { ATTEMPTS_DIR } from "./attempts.js";
import type { ExerciseEntry } from "./catalog.js";
import { formatRecord, GRADE_CONTEXT_KEY, JUDGE_FACTOR, logFileName, parseRecords, runningTest, type GradeContext } from "./protocol.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport, type ExerciseProgress, type GradeReport } from "./results.js";
import { graderVersion, submissionHash } from "./provenance.js";
import { detectContainment } from "./sandbox/containment.js";
import { gradingAliases, type Target } from "./target.js";

export interface GradeRunOptions {
  root: string;
  target: Target;
  exercises: readonly (ExerciseEntry & { title: string })[];
  /** Per-test limit (ms). */
  timeoutMs: number;
  /** fast-check seed. */
  seed: number;
  /** Called with short status lines (which round, what was cut off). */
  onStatus?: (line: string) => void;
  /** Also run the hidden graded tests (test/exercises/hidden/, instructor only); default false. */
  hidden?: boolean;
  /** The student's id, recorded in the report's provenance. */
  student?: string;
  /** Judge processes at once (default: one per exercise, at most the cores); each runs exercises one after another. */
  maxWorkers?: number;
}

export const GRADE_DEFAULTS = Object.freeze({ timeoutMs: 5000, seed: 20261130, graceMs: 1000, pollMs: 100 });

/** Grades the given exercises of `target`; never throws for anything the student's code does. */
export async function runGrading(options: GradeRunOptions): Promise<GradeReport> {
  const startedAt = new Date();
  const started = performance.now();
  const submission = submissionHash(options.target.dir); // before any grading: what was graded, not what is there after
  const logDir = mkdtempSync(join(tmpdir(), "workbench-grade-"));
  const progress = new Map<string, ExerciseProgress>(options.exercises.map((e) => [e.id, emptyProgress()]));
  const errors = new Map<string, string>();
  const savedExitCode = process.exitCode;
  const containment = detectContainment();
  if (containment.warning) options.onStatus?.(containment.warning);
  try {
    let pending = options.exercises.filter((e) => {
      if (existsSync(e.testFile)) return true;
      errors.set(e.id, `its graded tests are missing (${relative(options.root, e.testFile)})`);
      return false;
    });
    for (let round = 1; pending.length > 0; round++) {
      if (round > 1) options.onStatus?.(`round ${round}: running the tests not reached in ${pending.map((e) => e.id).join(", ")}`);
      const { fileErrors, killed } = await runRound(options, pending, progress, logDir);
      const next: typeof pending = [];
      const logs = new Map(pending.map((e) => [e.id, parseRecords(readFileSync(join(logDir, logFileName(e.id)), "utf8"))]));
      // A judge process runs several exercises in turn (isolate: false): one that was killed (the watchdog) or
      // died (a test left running) before it got to an exercise left no record there. Not reached is not broken:
      // run it again. Each such round closed a test of another exercise, so the rounds end.
      const lostJudge = killed > 0 || [...logs.values()].some((records) => runningTest(records) !== null);
      for (const e of pending) {
        const records = logs.get(e.id)!;
        const p = progress.get(e.id)!;
        if (records.length === 0 && lostJudge) {
          next.push(e);
          continue;
        }
        const fileError = fileErrors.get(e.testFile);
        if (p.declared.length === 0 && records.every((r) => r.type !== "declare")) {
          errors.set(e.id, `its graded tests could not run: ${fileError ?? "they declared no graded test"}`);
          continue;
        }
        if (foldRound(p, records, { limitMs: options.timeoutMs, fileError }).rerun) next.push(e);
      }
      pending = next;
    }
  } finally {
    process.exitCode = savedExitCode;
    rmSync(logDir, { recursive: true, force: true });
  }
  const report = gradeReport(
    options.target.label,
    options.exercises.map((e) => exerciseResult({ id: e.id, title: e.title }, progress.get(e.id)!, errors.get(e.id))),
  );
  report.provenance = {
    ...(options.student !== undefined ? { student: options.student } : {}),
    submissionHash: submission,
    grader: graderVersion(options.root),
    seed: options.seed,
    timeoutMs: options.timeoutMs,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
  return report;
}

/** One vitest run over `exercises`; resolves to the file-level errors by test file path. */
async function runRound(
  options: GradeRunOptions,
  exercises: readonly ExerciseEntry[],
  progress: ReadonlyMap<string, ExerciseProgress>,
  logDir: string,
): Promise<{ fileErrors: Map<string, string>; killed: number }> {
  const { createVitest } = await import("vitest/node");
  const skip: Record<string, string[]> = {};
  for (const e of exercises) {
    writeFileSync(join(logDir, logFileName(e.id)), "");
    skip[e.id] = [...progress.get(e.id)!.done.keys()];
  }
  const context: GradeContext = { logDir, skip, timeoutMs: options.timeoutMs, seed: options.seed, root: options.root, targetDir: options.target.dir, hidden: options.hidden === true };
  // Only the student's own exercises/ keep a ledger of by-hand answers (attempts.ts), as only they keep progress.
  if (options.target.isStudentWork) context.attemptsDir = join(options.root, ATTEMPTS_DIR);
  const slack = GRADE_DEFAULTS.graceMs * 3;
  const vitest = await createVitest(
    "test",
    {
      config: false,
      root: options.root,
      include: exercises.map((e) => relative(options.root, e.testFile)),
      watch: false,
      reporters: [{}],
      pool: "forks",
      // A judge process keeps its module graph (vitest, fast-check, the lib's reference models) from one exercise
      // to the next: that load was most of each exercise's cost. Each exercise's state lives in its own
      // `exercise()` (test/exercises/grading.ts), never in a module's top level, and student code is never in it.
      isolate: false,
      maxWorkers: Math.max(1, Math.min(exercises.length, options.maxWorkers ?? availableParallelism())),
      execArgv: ["--max-old-space-size=1024"],
      testTimeout: options.timeoutMs * (JUDGE_FACTOR + 1) + slack,
      hookTimeout: options.timeoutMs * (JUDGE_FACTOR + 1) + slack,
      teardownTimeout: 2000,
      provide: { [GRADE_CONTEXT_KEY]: context },
      // The judge's transformed modules (lib, test/exercises) kept on disk between grades (node_modules/
      // .experimental-vitest-cache), keyed by each file's content and the config: 2 s of CPU less per grade. Only
      // judge code goes through vite; a submission is built by esbuild in the sandbox's link (policy.ts).
      experimental: { fsModuleCache: true },
    } as never,
    { resolve: { alias: gradingAliases(options.root) }, logLevel: "silent" },
  );
  const watchdog = startWatchdog(exercises, logDir, options);
  try {
    await vitest.start();
  } finally {
    watchdog.stop();
  }
  const fileErrors = new Map<string, string>();
  for (const file of vitest.state.getFiles()) {
    const errs = file.result?.errors ?? [];
    if (errs.length > 0) fileErrors.set(file.filepath, errs.map((e) => e.message).join("; "));
  }
  await vitest.close();
  return { fileErrors, killed: watchdog.killed() };
}

/**
 * Polls the logs; kills the judge process of a test that has run past the judge's limit plus the grace period.
 * A test's age is measured from when this process first saw its start record, on this process's monotonic clock.
 */
function startWatchdog(exercises: readonly ExerciseEntry[], logDir: string, options: GradeRunOptions): { stop: () => void; killed: () => number } {
  const killed = new Set<string>();
  const firstSeen = new Map<string, number>();
  const limitMs = options.timeoutMs * JUDGE_FACTOR + GRADE_DEFAULTS.graceMs;
  const timer = setInterval(() => {
    for (const e of exercises) {
      const file = join(logDir, logFileName(e.id));
      let records;
      try {
        records = parseRecords(readFileSync(file, "utf8"));
      } catch {
        continue;
      }
      const last = runningTest(records);
      if (last === null) continue;
      const key = `${e.id}\u0000${last.test}\u0000${last.pid}\u0000${last.t}`;
      const seen = firstSeen.get(key) ?? performance.now();
      firstSeen.set(key, seen);
      const afterMs = performance.now() - seen;
      if (afterMs <= limitMs || killed.has(key)) continue;
      killed.add(key);
      try {
        process.kill(last.pid, "SIGKILL");
      } catch {
        continue; // already gone: the round's end will report it as crashed
      }
      appendFileSync(file, formatRecord({ type: "cut-off", test: last.test, afterMs }));
      options.onStatus?.(`${e.id}: the judge's checks for "${last.test}" were still running after ${(afterMs / 1000).toFixed(1)} s; stopped them`);
    }
  }, GRADE_DEFAULTS.pollMs);
  return { stop: () => clearInterval(timer), killed: () => killed.size };
}
