/**
 * Runs the graded tests through vitest's Node API. The test processes are the JUDGE: they hold the expected values,
 * run the assertions and write the log, and never load student code, which runs in a sandbox process per exercise
 * (lib/grader/sandbox/, lib/grader/README.md). The sandbox's time limit, crashes and output are handled by the
 * judge's test helper (lib/grader/judge/grading.ts); this module contains the judge processes themselves:
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
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { performance } from "node:perf_hooks";
import { join, relative } from "node:path";
import { ATTEMPTS_DIR } from "./attempts.js";
import type { ExerciseEntry } from "./catalog.js";
import { formatRecord, GRADE_CONTEXT_KEY, JUDGE_FACTOR, logFileName, parseRecords, runningTest, STOP_FILE, stoppedProblem, type GradeContext, type GradeRecord, type GradeTargetContext } from "./protocol.js";
import { emptyProgress, exerciseResult, foldRound, gradeReport, type ExerciseProgress, type GradeReport } from "./results.js";
import { graderVersion, submissionHash } from "./provenance.js";
import { detectContainment, SANDBOX_PARENT_ENV } from "./sandbox/containment.js";
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

/** One submission of a batch: what is graded and whose it is. */
export interface BatchTarget {
  target: Target;
  /** The student's id, recorded in the report's provenance. */
  student?: string;
}

/** Grades several submissions in one vitest run (grade-class's batches): each has its own sandboxes, logs and report. */
export interface GradeBatchOptions extends Omit<GradeRunOptions, "target" | "student"> {
  targets: readonly BatchTarget[];
  /**
   * How long one target's tests may be running in all (ms, on this process's clock); past it the target is stopped
   * (its running test's judge killed, its other tests not run) and its outcome is a problem. Default: no limit.
   */
  targetLimitMs?: number;
}

/** A batch target's result: its report, or why it has none (its time ran out). */
export type BatchOutcome = { report: GradeReport } | { problem: string };

/** Grades the given exercises of `target`; never throws for anything the student's code does. */
export async function runGrading(options: GradeRunOptions): Promise<GradeReport> {
  const { target, student, ...rest } = options;
  const [outcome] = await runGradingBatch({ ...rest, targets: [{ target, ...(student !== undefined ? { student } : {}) }] });
  if (!outcome || !("report" in outcome)) throw new Error("runGrading: a grade without a time limit was stopped");
  return outcome.report;
}

/** What is known about one target of a batch between rounds. */
interface TargetState {
  logDir: string;
  progress: Map<string, ExerciseProgress>;
  errors: Map<string, string>;
  pending: (ExerciseEntry & { title: string })[];
  submission: ReturnType<typeof submissionHash>;
  /** Time its tests have been running, ms; set `stopped` once past the limit. */
  usedMs: number;
  stopped: boolean;
}

/**
 * Grades every target of the batch in the same rounds and judge processes: each graded test file registers its
 * tests once per target (lib/grader/judge/grading.ts), so vitest and the judges start once per batch. Student code
 * still runs only in sandboxes, one per target and exercise. Outcomes are in the order of `options.targets`.
 */
export async function runGradingBatch(options: GradeBatchOptions): Promise<BatchOutcome[]> {
  const startedAt = new Date();
  const started = performance.now();
  const logDir = mkdtempSync(join(tmpdir(), "workbench-grade-"));
  // Every sandbox folder of this grade goes in here (SANDBOX_PARENT_ENV), removed below however its judge ended.
  // 0711: a sandbox running as nobody reaches its own folder by name, and lists nothing.
  const sandboxes = mkdtempSync(join(tmpdir(), "workbench-sandboxes-"));
  chmodSync(sandboxes, 0o711);
  const savedExitCode = process.exitCode;
  const states: TargetState[] = options.targets.map((t, i) => {
    const dir = join(logDir, String(i));
    mkdirSync(dir);
    const errors = new Map<string, string>();
    const pending = options.exercises.filter((e) => {
      if (existsSync(e.testFile)) return true;
      errors.set(e.id, `its graded tests are missing (${relative(options.root, e.testFile)})`);
      return false;
    });
    // before any grading: what was graded, not what is there after
    return { logDir: dir, progress: new Map(options.exercises.map((e) => [e.id, emptyProgress()])), errors, pending, submission: submissionHash(t.target.dir), usedMs: 0, stopped: false };
  });
  const containment = detectContainment();
  if (containment.warning) options.onStatus?.(containment.warning);
  try {
    for (let round = 1; states.some((s) => s.pending.length > 0); round++) {
      if (round > 1) {
        const ids = [...new Set(states.flatMap((s) => s.pending.map((e) => e.id)))].sort();
        options.onStatus?.(`round ${round}: running the tests not reached in ${ids.join(", ")}`);
      }
      const { fileErrors, killed } = await runRound(options, states, sandboxes);
      const logs = states.map((s) => new Map(s.pending.map((e) => [e.id, parseRecords(readFileSync(join(s.logDir, logFileName(e.id)), "utf8"))])));
      // A judge process runs several exercises in turn (isolate: false), and in a batch every target's tests of each:
      // an exercise whose tests it had not started when it was killed (the watchdog) or died (a test left running) is
      // not broken, only not reached: run it again. Each such round closed a test of some target, so the rounds end.
      const lostJudge = killed > 0 || logs.some((byId) => [...byId.values()].some((records) => runningTest(records) !== null));
      states.forEach((s, i) => {
        if (s.stopped) {
          s.pending = [];
          return;
        }
        const next: typeof s.pending = [];
        for (const e of s.pending) {
          const records = logs[i]!.get(e.id)!;
          const p = s.progress.get(e.id)!;
          if (lostJudge && !records.some((r) => r.type === "start" || r.type === "cut-off")) {
            next.push(e);
            continue;
          }
          const fileError = fileErrors.get(e.testFile);
          if (p.declared.length === 0 && records.every((r) => r.type !== "declare")) {
            s.errors.set(e.id, `its graded tests could not run: ${fileError ?? "they declared no graded test"}`);
            continue;
          }
          if (foldRound(p, records, { limitMs: options.timeoutMs, fileError }).rerun) next.push(e);
        }
        s.pending = next;
      });
    }
  } finally {
    process.exitCode = savedExitCode;
    rmSync(logDir, { recursive: true, force: true });
    rmSync(sandboxes, { recursive: true, force: true });
  }
  const durationMs = Math.round(performance.now() - started);
  return options.targets.map((t, i): BatchOutcome => {
    const s = states[i]!;
    if (s.stopped) return { problem: stoppedProblem(options.targetLimitMs ?? 0) };
    const report = gradeReport(
      t.target.label,
      options.exercises.map((e) => exerciseResult({ id: e.id, title: e.title }, s.progress.get(e.id)!, s.errors.get(e.id))),
    );
    report.provenance = {
      ...(t.student !== undefined ? { student: t.student } : {}),
      submissionHash: s.submission,
      grader: graderVersion(options.root),
      seed: options.seed,
      timeoutMs: options.timeoutMs,
      startedAt: startedAt.toISOString(),
      durationMs,
    };
    return { report };
  });
}

/** One vitest run over every target's pending exercises; resolves to the file-level errors by test file path. */
async function runRound(options: GradeBatchOptions, states: readonly TargetState[], sandboxes: string): Promise<{ fileErrors: Map<string, string>; killed: number }> {
  const { createVitest } = await import("vitest/node");
  const batched = options.targets.length > 1;
  const targets: GradeTargetContext[] = [];
  states.forEach((s, i) => {
    if (s.pending.length === 0) return;
    const skip: Record<string, string[]> = {};
    for (const e of s.pending) {
      writeFileSync(join(s.logDir, logFileName(e.id)), "");
      skip[e.id] = [...s.progress.get(e.id)!.done.keys()];
    }
    const t = options.targets[i]!;
    const target: GradeTargetContext = { name: batched ? (t.student ?? `#${i + 1}`) : "", logDir: s.logDir, skip, targetDir: t.target.dir, exercises: s.pending.map((e) => e.id) };
    // Only the student's own exercises/ keep a ledger of by-hand answers (attempts.ts), as only they keep progress.
    if (t.target.isStudentWork) target.attemptsDir = join(options.root, ATTEMPTS_DIR);
    targets.push(target);
  });
  const exercises = options.exercises.filter((e) => states.some((s) => s.pending.includes(e)));
  const context: GradeContext = { targets, timeoutMs: options.timeoutMs, seed: options.seed, root: options.root, hidden: options.hidden === true };
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
      // `exercise()` (lib/grader/judge/grading.ts), never in a module's top level, and student code is never in it.
      isolate: false,
      maxWorkers: Math.max(1, Math.min(exercises.length, options.maxWorkers ?? availableParallelism())),
      execArgv: ["--max-old-space-size=1024"],
      testTimeout: options.timeoutMs * (JUDGE_FACTOR + 1) + slack,
      hookTimeout: options.timeoutMs * (JUDGE_FACTOR + 1) + slack,
      teardownTimeout: 2000,
      provide: { [GRADE_CONTEXT_KEY]: context },
      env: { [SANDBOX_PARENT_ENV]: sandboxes },
      // The judge's transformed modules (lib, test/exercises) kept on disk between grades (node_modules/
      // .experimental-vitest-cache), keyed by each file's content and the config: 2 s of CPU less per grade. Only
      // judge code goes through vite; a submission is built by esbuild in the sandbox's link (policy.ts).
      experimental: { fsModuleCache: true },
    } as never,
    { resolve: { alias: gradingAliases(options.root) }, logLevel: "silent" },
  );
  const watchdog = startWatchdog(states, exercises, options);
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
 * With `targetLimitMs`, it also adds up how long each target had a test running; past the limit the target is
 * stopped: STOP_FILE in its log folder (its tests not started end at once) and the judge of its running test killed
 * (the batch mates' tests that judge had not reached run in the next round).
 */
function startWatchdog(states: readonly TargetState[], exercises: readonly ExerciseEntry[], options: GradeBatchOptions): { stop: () => void; killed: () => number } {
  const killed = new Set<string>();
  const firstSeen = new Map<string, number>();
  const limitMs = options.timeoutMs * JUDGE_FACTOR + GRADE_DEFAULTS.graceMs;
  let lastPoll = performance.now();
  const kill = (pid: number): boolean => {
    try {
      process.kill(pid, "SIGKILL");
      return true;
    } catch {
      return false; // already gone: the round's end will report it as crashed
    }
  };
  const timer = setInterval(() => {
    const now = performance.now();
    const sinceLast = now - lastPoll;
    lastPoll = now;
    for (const s of states) {
      const running: { e: ExerciseEntry; file: string; test: Extract<GradeRecord, { type: "start" }> }[] = [];
      for (const e of exercises) {
        if (!s.pending.some((p) => p.id === e.id)) continue;
        const file = join(s.logDir, logFileName(e.id));
        try {
          const test = runningTest(parseRecords(readFileSync(file, "utf8")));
          if (test !== null) running.push({ e, file, test });
        } catch {
          continue;
        }
      }
      if (running.length > 0 && !s.stopped && options.targetLimitMs !== undefined) {
        s.usedMs += sinceLast;
        if (s.usedMs > options.targetLimitMs) {
          s.stopped = true;
          writeFileSync(join(s.logDir, STOP_FILE), "");
          options.onStatus?.(`${options.targets[states.indexOf(s)]?.student ?? "a target"}: ${stoppedProblem(options.targetLimitMs)}`);
        }
      }
      for (const { e, file, test: last } of running) {
        const key = `${file}\u0000${last.test}\u0000${last.pid}\u0000${last.t}`;
        if (killed.has(key)) continue;
        if (s.stopped) {
          killed.add(key);
          kill(last.pid);
          continue;
        }
        const seen = firstSeen.get(key) ?? now;
        firstSeen.set(key, seen);
        const afterMs = now - seen;
        if (afterMs <= limitMs) continue;
        killed.add(key);
        if (!kill(last.pid)) continue;
        appendFileSync(file, formatRecord({ type: "cut-off", test: last.test, afterMs }));
        options.onStatus?.(`${e.id}: the judge's checks for "${last.test}" were still running after ${(afterMs / 1000).toFixed(1)} s; stopped them`);
      }
    }
  }, GRADE_DEFAULTS.pollMs);
  return { stop: () => clearInterval(timer), killed: () => killed.size };
}
