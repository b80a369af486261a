/**
 * The helper every graded test file uses. `exercise(id, file, { lib })` gives `test` and `property`, which register
 * a vitest test worth some points. This process is the JUDGE: it never loads the student's module. The module is
 * built under the exercise's import policy and runs in a sandbox process (lib/grader/sandbox/); each test gets a
 * proxy whose functions send their arguments there and return the answers as plain data, and the exports that are
 * data the exercise gives (`CASES`, `SESSIONS`, …) as the JUDGE's copies (lib/grader/judge/given.ts), never the
 * student's: those are only checked to be left as given, and a changed one fails every test saying so. A refused
 * import, a syntax error or a throwing top level fails every test with its message too.
 *
 * Run by the grader, each test reports to the grader's log (lib/grader/protocol.ts) and gets the grader's time
 * limit and fast-check seed; run by plain vitest (lib/grader/judge/vitest.config.ts) it is an ordinary test. The graded
 * test files themselves stay in test/exercises/ (`NN-name.test.ts`, hidden ones in hidden/); everything else a grade
 * runs is here, in lib/grader/judge/.
 */
import { AssertionError } from "node:assert";
import { appendFileSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import fc from "fast-check";
import { afterAll, inject, it } from "vitest";
import { cleanOutput, cleanText } from "../output.js";
import { roundCloseToMessage } from "../values.js";
import { formatRecord, GRADE_CONTEXT_KEY, JUDGE_FACTOR, logFileName, MISSING_FILE_MESSAGE, STOP_FILE, STOPPED_MESSAGE, type GradeContext, type GradeRecord, type GradeTargetContext, type TestKind } from "../protocol.js";
import { Budget, SandboxedModule, SandboxStop, StudentError } from "../sandbox/link.js";
import { isNotImplementedMessage } from "../stubs.js";
import { CallRecorder, diagnoseTests, type GradedTestCalls } from "../misconception.js";
import { misconceptionsOf } from "../../misconceptions/catalogue.js";
import { variantPairsTold } from "../../misconceptions/pairs.js";
import { resolveTarget } from "../target.js";
import { hiddenTestFile } from "../catalog.js";
import { answerFingerprint, ATTEMPT_DEFAULTS, decideAttempt, ledgerPath, loadLedger, saveLedger } from "../attempts.js";
import { findProjectRoot } from "../../core/project-root.js";
import { GIVEN_DATA_PATH, givenDataProblem, loadGivenData } from "./given.js";

export { shipped, shippedTable } from "../sandbox/link.js";

declare module "vitest" {
  export interface ProvidedContext {
    [GRADE_CONTEXT_KEY]: GradeContext;
  }
}

const DEFAULT_TIMEOUT_MS = 5000;
const NODE_WARNING = /^\(node:\d+\) ExperimentalWarning: .*\n(?:\(Use `node --trace-warnings[^\n]*\n)?/;

export interface GradedExercise<M> {
  /** An example-based test worth `points`. */
  test(name: string, points: number, body: (module: M) => void | Promise<void>): void;
  /** A fast-check property worth `points` (the body runs `fc.assert`). */
  property(name: string, points: number, body: (module: M) => void | Promise<void>): void;
  /**
   * Registers the exercise's hidden tests — `test/exercises/hidden/<id>.ts`, whose default export is
   * `(ex) => { ex.test(…) }` — when the grader asks for them (`grade --hidden`, or WORKBENCH_HIDDEN=1 with plain
   * vitest); nothing otherwise, nor in a student release, which has no such file. Each graded test file ends with
   * `await ex.hiddenTests();`.
   */
  hiddenTests(): Promise<void>;
  /**
   * A "by hand" part worth `points`: `body` returns the learner's answer and how many of its items are right.
   * The test passes when all are; otherwise it says how many are right, never which, and a NEW answer is checked
   * at most `ATTEMPT_DEFAULTS.perHour` times an hour when grading the student's own exercises (lib/grader/attempts.ts).
   */
  byHand(name: string, points: number, body: (module: M) => HandCheck | Promise<HandCheck>): void;
  /**
   * Tells the misconception matcher the right answer the test compares the last call of `fn` with, where lib has
   * no function computing it directly (lib/grader/misconception.ts, `expectLast`). Changes no result.
   */
  compared(fn: string, expected: unknown): void;
  /**
   * The judge's copy of `name`, data the exercise gives (lib/grader/judge/given-data.json): what a graded test
   * compares against or feeds in. The student's export of that name is only checked to be left as given.
   */
  given<K extends keyof M & string>(name: K): M[K];
}

/** What a by-hand part's body found: the answer as given, how many of `total` items are right, and what to redo. */
export interface HandCheck {
  answer: unknown;
  right: number;
  total: number;
  /** What to do again, without naming the wrong items ("trace these sessions again by hand"). */
  redo: string;
}

/** What a hidden-tests file exports by default. */
export type HiddenTests<M> = (ex: Pick<GradedExercise<M>, "test" | "property">) => void;

/** What an exercise's file may import: the lib's runtime exports it names (any lib type is allowed). */
export interface ExerciseImports {
  lib: readonly string[];
}

/**
 * Registers the graded tests of exercise `id`, whose student file is `file` ("pagerank.ts") in the graded folder,
 * allowed to import `imports.lib` from the lib. `M` is the module's type (`typeof import("@target/…")`). In a batch
 * (several targets in the grader's context) every test is registered once per target, each with its own sandbox,
 * log, budget and recorded calls: nothing of one target's grading is shared with another's.
 */
export function exercise<M>(id: string, file: string, imports: ExerciseImports): GradedExercise<M> {
  const context = inject(GRADE_CONTEXT_KEY) as GradeContext | undefined;
  const timeoutMs = context?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (context) fc.configureGlobal({ seed: context.seed });
  const root = context?.root ?? findProjectRoot(process.cwd());
  const targets: (Omit<GradeTargetContext, "logDir"> & { logDir: string | null })[] = context
    ? context.targets.filter((t) => t.exercises.includes(id))
    : [{ name: "", logDir: null, skip: {}, targetDir: resolveTarget(root, process.env.WORKBENCH_TARGET ?? "exercises").dir, exercises: [id] }];
  const given = loadGivenData(root)[id] ?? {};
  const graders = targets.map((t) => targetGrader<M>(id, file, imports, { root, timeoutMs, target: t, given }));
  const names = new Set<string>();
  const catalogueLog = context ? null : (process.env.WORKBENCH_CATALOGUE_LOG ?? null);
  // The target whose test is running now (tests of a file run one at a time), for `compared`.
  let current: TargetGrader<M> | null = null;

  const register = (kind: TestKind, name: string, points: number, body: (module: M, g: TargetGrader<M>) => void | Promise<void>, hidden = false): void => {
    if (names.has(name)) throw new Error(`${id}: two graded tests are named "${name}"`);
    if (!Number.isInteger(points) || points < 1) throw new Error(`${id}: "${name}" must be worth a positive whole number of points`);
    names.add(name);
    for (const g of graders) {
      g.write({ type: "declare", test: name, points, kind, ...(hidden ? { hidden: true } : {}) });
      const title = `${g.prefix}${hidden ? "[hidden] " : ""}${name} (${points} ${points === 1 ? "point" : "points"})`;
      if (g.skip.has(name)) {
        it.skip(`${title} — skipped: already graded in an earlier round (a round restarted after a test hung or exited)`, () => undefined);
        continue;
      }
      if (catalogueLog) {
        registerCatalogueRuns(g, name, title, body);
        continue;
      }
      it(title, async () => {
        const started = performance.now();
        if (g.stopped()) {
          g.write({ type: "end", test: name, status: "not-run", message: STOPPED_MESSAGE, ms: 0 });
          return;
        }
        g.write({ type: "start", test: name, pid: process.pid, t: started });
        current = g;
        g.budget = new Budget(timeoutMs);
        g.calls = new CallRecorder();
        try {
          await withinLimit(async () => body(await loadModule(g.open, g.missingFile), g), timeoutMs * JUDGE_FACTOR);
          g.tested.push({ test: name, wrongAnswer: false, recorder: g.calls });
          g.write({ type: "end", test: name, status: "passed", message: "", ms: performance.now() - started, output: await g.output() });
        } catch (err) {
          const status = err instanceof TimeLimitError ? "timed-out" : err instanceof NotRun ? "not-run" : err instanceof SandboxStop ? err.status : stopIn(err) ?? "failed";
          const message = describeFailure(err);
          // Only an answer that was wrong can be a known mistake: not a stub, a throw, a stop or a load failure.
          g.tested.push({ test: name, wrongAnswer: status === "failed" && !isNotImplementedMessage(message), recorder: g.calls });
          g.write({ type: "end", test: name, status, message, ms: performance.now() - started, output: await g.output() });
          throw err;
        } finally {
          current = null;
        }
      });
    }
  };
  /**
   * Catalogue mode (plain vitest only, `WORKBENCH_CATALOGUE_LOG=<dir>`, test/misconceptions/graded-tests.test.ts):
   * each graded test runs once against the graded module (the reference solution) and once per misconception of
   * the exercise with that one function replaced by the catalogue's variant — lib's code, run here in the judge —
   * and records whether it failed and what the matcher names, to `<dir>/<id>.jsonl`. Never under the grader.
   */
  const registerCatalogueRuns = (g: TargetGrader<M>, name: string, title: string, body: (module: M, g: TargetGrader<M>) => void | Promise<void>): void => {
    for (const variant of [null, ...misconceptionsOf(id)]) {
      const runs = catalogueRuns.get(variant?.id ?? null) ?? [];
      catalogueRuns.set(variant?.id ?? null, runs);
      it(`${title} ⟨${variant?.id ?? "right"}⟩`, async () => {
        current = g;
        g.budget = new Budget(timeoutMs);
        g.calls = new CallRecorder();
        let status = "passed";
        let message = "";
        try {
          const graded = await loadModule(g.open, g.missingFile);
          const sandbox = await g.sandbox()!;
          const module = variant === null ? graded : { ...graded, [variant.fn]: (...args: unknown[]): unknown => {
            // The right answer comes from the sandbox unrecorded; the variant's answer is what the test sees.
            const output = variant.fromExpected ? variant.run(...args, sandbox.call(variant.fn, args, g.budget)) : variant.run(...args);
            g.calls.record(variant.fn, args, output);
            return output;
          } };
          await withinLimit(async () => body(module as M, g), timeoutMs * JUDGE_FACTOR);
        } catch (err) {
          status = "failed";
          message = describeFailure(err).split("\n")[0]!;
        } finally {
          current = null;
        }
        runs.push({ test: name, wrongAnswer: status === "failed", recorder: g.calls, status, message });
      });
    }
  };
  // Catalogue mode: each variant's (and the right answer's) runs of every test, diagnosed together after the last.
  const catalogueRuns = new Map<string | null, (GradedTestCalls & { status: string; message: string })[]>();
  if (catalogueLog) afterAll(() => writeCatalogueLog(id, catalogueLog, catalogueRuns));
  const byHand = (name: string, points: number, body: (module: M) => HandCheck | Promise<HandCheck>): void =>
    register("example", name, points, async (m, g) => {
      const { answer, right, total, redo } = await body(m);
      let limitNote = "";
      if (g.handLedger) {
        const decision = decideAttempt(loadLedger(g.handLedger), { part: name, answer: answerFingerprint(answer), now: new Date() });
        if (!decision.check) {
          const at = decision.nextAt.toISOString().slice(11, 16);
          throw new GradingNote(
            `not checked: ${decision.newInWindow} different answers to this part were checked in the last hour, the limit ` +
              `(answers already checked are re-graded for free). Work it out by hand; a new answer can be checked after ${at} UTC.`,
          );
        }
        if (!decision.seenBefore) saveLedger(g.handLedger, decision.ledger);
        limitNote = ` (${decision.newInWindow} of ${ATTEMPT_DEFAULTS.perHour} new answers to this part checked in the last hour)`;
      }
      if (right !== total) throw new AssertionError({ message: `${right} of ${total} right: ${redo} — the grader says how many, not which${limitNote}` });
    });
  return {
    test: (name, points, body) => register("example", name, points, body),
    property: (name, points, body) => register("property", name, points, body),
    hiddenTests: async () => {
      if (!(context ? context.hidden === true : process.env.WORKBENCH_HIDDEN === "1")) return;
      const file = hiddenTestFile(root, id);
      if (!existsSync(file)) return;
      const loaded = (await import(file)) as { default?: unknown };
      if (typeof loaded.default !== "function") throw new Error(`${id}: ${file} must export a default function (ex) => { ex.test(…) }`);
      (loaded.default as HiddenTests<M>)({
        test: (name, points, body) => register("example", name, points, body, true),
        property: (name, points, body) => register("property", name, points, body, true),
      });
    },
    byHand,
    compared: (fn, expected) => current?.calls.expectLast(fn, expected),
    given: <K extends keyof M & string>(name: K): M[K] => {
      if (!(name in given)) throw new Error(`${id}: ${name} is no data the exercise gives (${GIVEN_DATA_PATH}; npm run -s exercises:stubs writes it)`);
      return structuredClone(given[name]) as M[K];
    },
  };
}

/**
 * Catalogue mode's log, `<dir>/<id>.jsonl`: per variant (null: the right answer) and test, whether it failed and what
 * the exercise-wide diagnosis names; and `<dir>/<id>.pairs.json`, per pair of variants of one function, whether the
 * right answer's recorded calls (the graded tests' inputs) hold one on which the two answer differently.
 */
function writeCatalogueLog(id: string, dir: string, runs: ReadonlyMap<string | null, (GradedTestCalls & { status: string; message: string })[]>): void {
  for (const [variant, tests] of runs) {
    const diagnosis = diagnoseTests(id, tests);
    for (const t of tests) {
      const d = diagnosis.get(t.test);
      const named = d && "misconception" in d ? d.misconception.id : null;
      appendFileSync(join(dir, `${id}.jsonl`), JSON.stringify({ test: t.test, variant, status: t.status, named, message: t.message }) + "\n");
    }
  }
  const inputs = (runs.get(null) ?? []).flatMap((t) => t.recorder.calls);
  writeFileSync(join(dir, `${id}.pairs.json`), JSON.stringify(variantPairsTold(id, inputs)) + "\n");
}

/** One target's grading of one exercise: its log, skip list, sandbox, the module proxy, budget and recorded calls. */
interface TargetGrader<M> {
  prefix: string;
  skip: ReadonlySet<string>;
  missingFile: string;
  handLedger: string | null;
  budget: Budget;
  calls: CallRecorder;
  /** Every test run so far with its recorded calls, for the exercise-wide diagnosis after the last one. */
  tested: GradedTestCalls[];
  write(record: GradeRecord): void;
  /** True once the grader stopped this target (its time in the batch ran out). */
  stopped(): boolean;
  open(): Promise<M>;
  sandbox(): Promise<SandboxedModule> | null;
  output(): Promise<string>;
}

function targetGrader<M>(
  id: string,
  file: string,
  imports: ExerciseImports,
  o: { root: string; timeoutMs: number; target: Omit<GradeTargetContext, "logDir"> & { logDir: string | null }; given: Readonly<Record<string, unknown>> },
): TargetGrader<M> {
  const { root, timeoutMs, target, given } = o;
  const log = target.logDir ? join(target.logDir, logFileName(id)) : null;
  const stopFile = target.logDir ? join(target.logDir, STOP_FILE) : null;
  const entry = join(target.targetDir, id, file);
  let prepared: Promise<SandboxedModule> | null = null;
  let module: M | null = null;
  let loadFailure: GradingNote | null = null;
  afterAll(async () => {
    // A known mistake is named only when it explains the answers of every test: not when a round skipped some.
    if (g.skip.size === 0 && !g.stopped()) {
      for (const [test, d] of diagnoseTests(id, g.tested)) g.write({ type: "diagnosis", test, ...d });
    }
    await (await prepared)?.close();
  });
  const g: TargetGrader<M> = {
    prefix: target.name ? `${target.name} · ` : "",
    skip: new Set(target.skip[id] ?? []),
    missingFile: `${MISSING_FILE_MESSAGE} ${id}/${file}`,
    handLedger: target.attemptsDir ? ledgerPath(target.attemptsDir, id) : null,
    budget: new Budget(timeoutMs),
    // The calls the current test made to the student's functions (the judge's own arguments, the decoded answers).
    calls: new CallRecorder(),
    tested: [],
    write: (record) => {
      if (log) appendFileSync(log, formatRecord(record));
    },
    stopped: () => stopFile !== null && existsSync(stopFile),
    sandbox: () => prepared,
    /** What the student's code printed during the test, cleaned (Node's own warning about the permission model dropped). */
    output: async () => {
      if (prepared === null) return "";
      const { text, dropped } = (await prepared).takeOutput();
      return cleanOutput(text.replace(NODE_WARNING, ""), dropped);
    },
    open: async () => {
      if (!existsSync(entry)) throw new GradingNote(g.missingFile);
      prepared ??= SandboxedModule.prepare({ root, exerciseNumber: id.slice(0, 2), entry, submissionDir: target.targetDir, libValues: imports.lib });
      const sandbox = await prepared;
      if (sandbox.refusal !== null) throw new GradingNote(sandbox.refusal);
      if (loadFailure) throw loadFailure;
      if (module === null || sandbox.needsLoad) {
        module = null;
        let loaded;
        try {
          loaded = sandbox.load(new Budget(timeoutMs)); // starting the sandbox is not the test's time
        } catch (err) {
          // Loading runs the same top level every time: a failure is not retried, it is the answer for every test.
          if (err instanceof SandboxStop) loadFailure = new NotRun(`not run: loading your module was ${err.status === "cut-off" ? "cut off" : "ended by a crash"} in an earlier test`);
          else if (err instanceof StudentError) loadFailure = new GradingNote(`your module could not be loaded: ${describeFailure(err)}`);
          throw err;
        }
        // The student's value exports are looked at only here, to check the given ones were left alone; the tests
        // see the judge's copies of those (and no other value of the student's).
        const changed = givenDataProblem(id.slice(0, 2), given, loaded.values);
        if (changed !== null) {
          loadFailure = new GradingNote(changed);
          throw loadFailure;
        }
        const proxy: Record<string, unknown> = {};
        for (const name of loaded.functions) {
          proxy[name] = (...args: unknown[]) => {
            let output: unknown;
            try {
              output = sandbox.call(name, args, g.budget);
            } catch (err) {
              g.calls.threw = true; // a call that threw is no observation, and the failure is not a wrong answer
              throw err;
            }
            g.calls.record(name, args, output);
            return output;
          };
        }
        Object.assign(proxy, structuredClone(given));
        module = proxy as M;
        g.write({ type: "loaded", pid: process.pid });
      }
      return module;
    },
  };
  return g;
}

/** The status of a sandbox stop that fast-check caught and wrapped (its `cause`), if any. */
function stopIn(err: unknown): "cut-off" | "crashed" | undefined {
  const cause = err instanceof Error ? err.cause : undefined;
  return cause instanceof SandboxStop ? cause.status : undefined;
}

/** A failure the helper itself reports: its message is the whole story (no stack frame to point at). */
class GradingNote extends Error {}
class TimeLimitError extends GradingNote {}
class NotRun extends GradingNote {}

async function withinLimit(run: () => Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new TimeLimitError(`did not finish within ${(limitMs / 1000).toFixed(1)} s (a promise that never settles, or very slow code?)`)),
      limitMs,
    );
  });
  try {
    await Promise.race([run(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

async function loadModule<M>(load: () => Promise<M>, missingFile: string): Promise<M> {
  try {
    return await load();
  } catch (err) {
    if (err instanceof GradingNote || err instanceof SandboxStop) throw err;
    if (err instanceof StudentError) throw new GradingNote(`your module could not be loaded: ${describeFailure(err)}`);
    const message = err instanceof Error ? err.message : String(err);
    if (/Could not resolve|ENOENT/.test(message)) throw new GradingNote(missingFile);
    throw new GradingNote(`your module could not be loaded: ${message}`);
  }
}

/** The message a student sees: the error's message, plus where in their code it was thrown for non-assertions. */
export function describeFailure(err: unknown): string {
  return roundCloseToMessage(cleanText(describeError(err))).replace(/[ \t]+$/gm, "").slice(0, 4000);
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `threw a non-Error value: ${String(err)}`;
  if (err instanceof GradingNote || err instanceof SandboxStop) return err.message;
  if (/^Property failed/.test(err.message)) return describePropertyFailure(err);
  const isAssertion = err.name === "AssertionError";
  const message = err.name && err.name !== "Error" && !isAssertion ? `${err.name}: ${err.message}` : err.message;
  if (isAssertion || isNotImplementedMessage(message) || !(err instanceof StudentError)) return message;
  // The first frame of the student's own code (the sandbox's runtime and Node's internals left out).
  const frame = (err.stack ?? "")
    .split("\n")
    .find((l) => /^\s+at .*:\d+:\d+\)?$/.test(l) && !/node_modules|node:|runtime\.mjs|\/lib\//.test(l));
  return frame ? `${message}\n    ${frame.trim().replace(process.cwd() + "/", "")}` : message;
}

/**
 * fast-check's report, shortened: how many runs, the (shrunk) counterexample, and the error it caused (which
 * fast-check keeps in `cause`). Its advice to enable verbose mode is dropped: the seed is the grader's.
 */
function describePropertyFailure(err: Error): string {
  const lines = err.message.split("\n");
  const head = lines[0]!.replace(/\s*$/, "");
  const counterexample = lines.find((l) => l.startsWith("Counterexample:")) ?? "";
  if (err.cause instanceof SandboxStop) return err.cause.message; // the counterexample says nothing about a stop
  const because = err.cause !== undefined ? describeFailure(err.cause) : (lines.find((l) => l.startsWith("Got error:")) ?? "");
  if (isNotImplementedMessage(because)) return because; // the counterexample says nothing about a stub
  return [head, counterexample, because ? `Failed because: ${because}` : ""].filter(Boolean).join("\n");
}
