/**
 * The helper every graded test file uses. `exercise(id, load)` gives `test` and `property`, which register a vitest
 * test worth some points. The module under test is loaded lazily inside each test, so a student's syntax error or
 * throwing top level fails the tests (with the error) instead of hiding them, and the points are known anyway.
 *
 * Run by the grader, each test reports to the grader's log (lib/grader/protocol.ts) and gets the grader's time
 * limit and fast-check seed; run by plain vitest (test/exercises/vitest.config.ts) it is an ordinary test.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { formatWithOptions, stripVTControlCharacters } from "node:util";
import fc from "fast-check";
import { inject, it } from "vitest";
import { formatRecord, GRADE_CONTEXT_KEY, logFileName, MISSING_FILE_MESSAGE, type GradeContext, type GradeRecord, type TestKind } from "../../lib/grader/protocol.js";
import { isNotImplementedMessage } from "../../lib/grader/stubs.js";

declare module "vitest" {
  export interface ProvidedContext {
    [GRADE_CONTEXT_KEY]: GradeContext;
  }
}

const DEFAULT_TIMEOUT_MS = 5000;

export interface GradedExercise<M> {
  /** An example-based test worth `points`. */
  test(name: string, points: number, body: (module: M) => void | Promise<void>): void;
  /** A fast-check property worth `points` (the body runs `fc.assert`). */
  property(name: string, points: number, body: (module: M) => void | Promise<void>): void;
}

/** Registers the graded tests of exercise `id`, whose module under test `load` imports (from `@target/…`). */
export function exercise<M>(id: string, load: () => Promise<M>): GradedExercise<M> {
  const context = inject(GRADE_CONTEXT_KEY) as GradeContext | undefined;
  const log = context ? join(context.logDir, logFileName(id)) : null;
  const write = (record: GradeRecord): void => {
    if (log) appendFileSync(log, formatRecord(record));
  };
  const skip = new Set(context?.skip[id] ?? []);
  const timeoutMs = context?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (context) fc.configureGlobal({ seed: context.seed });
  const names = new Set<string>();
  let loaded: M | null = null;
  let loadStuck = false;

  const register = (kind: TestKind, name: string, points: number, body: (module: M) => void | Promise<void>): void => {
    if (names.has(name)) throw new Error(`${id}: two graded tests are named "${name}"`);
    if (!Number.isInteger(points) || points < 1) throw new Error(`${id}: "${name}" must be worth a positive whole number of points`);
    names.add(name);
    write({ type: "declare", test: name, points, kind });
    const title = `${name} (${points} ${points === 1 ? "point" : "points"})`;
    if (skip.has(name)) {
      it.skip(`${title} — skipped: already graded in an earlier round (a round restarted after a test hung or exited)`, () => undefined);
      return;
    }
    it(title, async () => {
      const started = Date.now();
      write({ type: "start", test: name, pid: process.pid, t: started });
      const output = captureConsole();
      try {
        if (loadStuck) throw new NotRun("not run: importing your module never finished in an earlier test (a top-level await that never settles?)");
        await withinLimit(async () => {
          if (loaded === null) {
            loadStuck = true; // until the import settles: if the time limit strikes first, it hangs
            try {
              loaded = await loadModule(load);
            } finally {
              loadStuck = false;
            }
            write({ type: "loaded", pid: process.pid });
          }
          await body(loaded);
        }, timeoutMs);
        write({ type: "end", test: name, status: "passed", message: "", ms: Date.now() - started, output: output.stop() });
      } catch (err) {
        const status = err instanceof TimeLimitError ? "timed-out" : err instanceof NotRun ? "not-run" : "failed";
        write({ type: "end", test: name, status, message: describeFailure(err), ms: Date.now() - started, output: output.stop() });
        throw err;
      }
    });
  };
  return {
    test: (name, points, body) => register("example", name, points, body),
    property: (name, points, body) => register("property", name, points, body),
  };
}

const OUTPUT_LIMIT = 4000;
const CONSOLE_METHODS = ["log", "info", "warn", "error", "debug"] as const;

/**
 * Collects what the student's code prints while a test runs (vitest would otherwise swallow it), up to a limit;
 * `stop()` restores the console and returns the text.
 */
function captureConsole(): { stop(): string } {
  let text = "";
  const saved = CONSOLE_METHODS.map((m) => console[m]);
  for (const m of CONSOLE_METHODS) {
    console[m] = (...args: unknown[]) => {
      if (text.length < OUTPUT_LIMIT) text += formatWithOptions({ depth: 4, breakLength: 120 }, ...args) + "\n";
    };
  }
  return {
    stop() {
      CONSOLE_METHODS.forEach((m, i) => (console[m] = saved[i]!));
      return text.length > OUTPUT_LIMIT ? text.slice(0, OUTPUT_LIMIT) + "…\n" : text;
    },
  };
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

async function loadModule<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (err) {
    const missing = /Cannot find (?:package|module) '@target\/([^']+)'/.exec(err instanceof Error ? err.message : "");
    if (missing) throw new GradingNote(`${MISSING_FILE_MESSAGE} ${missing[1]!.replace(/\.js$/, ".ts")}`);
    throw new GradingNote(`your module could not be loaded: ${describeFailure(err)}`);
  }
}

/** The message a student sees: the error's message, plus where in their code it was thrown for non-assertions. */
export function describeFailure(err: unknown): string {
  return stripVTControlCharacters(describeError(err)).replace(/[ \t]+$/gm, "");
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `threw a non-Error value: ${String(err)}`;
  if (err instanceof GradingNote) return err.message;
  if (/^Property failed/.test(err.message)) return describePropertyFailure(err);
  const isAssertion = err.name === "AssertionError";
  const message = err.name && err.name !== "Error" && !isAssertion ? `${err.name}: ${err.message}` : err.message;
  if (isAssertion || isNotImplementedMessage(message)) return message;
  // The first frame in a source file that is not the workbench's (node_modules, node:, lib/, the graded tests).
  const frame = (err.stack ?? "")
    .split("\n")
    .find((l) => /^\s+at .*:\d+:\d+\)?$/.test(l) && !/node_modules|node:|\/lib\/|test\/exercises\//.test(l));
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
  const because = err.cause !== undefined ? describeFailure(err.cause) : (lines.find((l) => l.startsWith("Got error:")) ?? "");
  if (isNotImplementedMessage(because)) return because; // the counterexample says nothing about a stub
  return [head, counterexample, because ? `Failed because: ${because}` : ""].filter(Boolean).join("\n");
}
