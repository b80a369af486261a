/**
 * Executes notebooks, each in its own process: in-process mode forks `inprocess-child.js` from lib's build (plain
 * Node, as the kernel runs); Jupyter mode runs the nbclient driver with the project-local tslab kernel. Executed
 * copies go to `build/notebooks/<mode>/`, never over the sources. A run that hangs is killed after a timeout.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireInteger } from "../core/validate.js";
import { parseNotebook } from "./ipynb.js";
import { driverPath, jupyterEnv, registerKernel, type JupyterInstall } from "./jupyter.js";
import type { ProjectPaths } from "./project.js";
import { cellErrorMessage, failureAt, stderrOf, type NotebookRun, type RunMode } from "./run-result.js";

export interface RunOptions {
  mode: RunMode;
  /** Needed in Jupyter mode (see `detectJupyter`). */
  jupyter?: JupyterInstall | null;
  /** Kill a notebook's process after this many seconds. */
  timeoutSeconds?: number;
  /** How many notebooks run at once. */
  jobs?: number;
  /** Folder for executed copies; default build/notebooks/<mode>/. */
  outDir?: string;
  /** Called as each notebook finishes (results arrive in completion order). */
  onResult?: (run: NotebookRun) => void;
}

/** `jobs`: one notebook per core, at most 4 (each notebook is one mostly CPU-bound Node process). */
export const RUN_DEFAULTS = Object.freeze({ timeoutSeconds: 300, jobs: Math.max(1, Math.min(4, availableParallelism())) });

const WHERE = "runNotebooks";

/** The notebook processes running now, so a server being stopped can stop them too. */
const running = new Set<ChildProcess>();

/** Kills every notebook process this process started that is still running (e.g. when `npm start` is stopped). */
export function stopRunningNotebooks(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Where the executed copy of `notebook` goes. */
export function executedPath(paths: ProjectPaths, notebook: string, where: { mode: RunMode; outDir?: string }): string {
  return join(where.outDir ?? join(paths.build, where.mode), basename(notebook));
}

/** Runs `notebooks` and resolves to one result per notebook, in the order given. */
export async function runNotebooks(paths: ProjectPaths, notebooks: readonly string[], options: RunOptions): Promise<NotebookRun[]> {
  const { timeoutSeconds = RUN_DEFAULTS.timeoutSeconds, jobs = RUN_DEFAULTS.jobs } = options;
  requireInteger(WHERE, "timeoutSeconds", timeoutSeconds, 1);
  requireInteger(WHERE, "jobs", jobs, 1);
  if (options.mode === "jupyter") {
    if (!options.jupyter?.canExecute) {
      throw new WorkbenchInputError(WHERE, "jupyter", "must be a Jupyter install with nbclient (see detectJupyter)");
    }
    registerKernel(paths, options.jupyter);
  }
  const results: NotebookRun[] = new Array(notebooks.length);
  let next = 0;
  const worker = async () => {
    while (next < notebooks.length) {
      const i = next++;
      const notebook = notebooks[i]!;
      const out = executedPath(paths, notebook, { mode: options.mode, outDir: options.outDir });
      const run =
        options.mode === "jupyter"
          ? await runThroughJupyter(paths, options.jupyter!, notebook, out, timeoutSeconds)
          : await runInChildProcess(paths, notebook, out, timeoutSeconds);
      results[i] = run;
      options.onResult?.(run);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, notebooks.length) }, worker));
  return results;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  message?: unknown;
}

/** Waits for `child`, collecting its output and its last IPC message; kills it after `timeoutSeconds`. */
function finish(child: ChildProcess, timeoutSeconds: number): Promise<Finished> {
  running.add(child);
  return new Promise((resolve) => {
    const done: Finished = { code: null, stdout: "", stderr: "", timedOut: false };
    child.stdout?.on("data", (d: Buffer) => void (done.stdout += d.toString("utf8")));
    child.stderr?.on("data", (d: Buffer) => void (done.stderr += d.toString("utf8")));
    child.on("message", (m) => void (done.message = m));
    const timer = setTimeout(() => {
      done.timedOut = true;
      child.kill("SIGKILL");
    }, timeoutSeconds * 1000);
    child.on("error", (err) => {
      done.stderr += `${err.message}\n`;
    });
    child.on("close", (code) => {
      running.delete(child);
      clearTimeout(timer);
      done.code = code;
      resolve(done);
    });
  });
}

function died(notebook: string, mode: RunMode, seconds: number, message: string): NotebookRun {
  return { notebook, mode, ok: false, failure: { cell: 0, codeCell: 0, cellId: null, message }, executed: null, seconds };
}

function why(f: Finished, timeoutSeconds: number): string {
  if (f.timedOut) return `the notebook did not finish within ${timeoutSeconds} s and was killed`;
  return `the process exited with code ${f.code}: ${(f.stderr || f.stdout).trim().split("\n").slice(-15).join("\n")}`;
}

async function runInChildProcess(paths: ProjectPaths, notebook: string, out: string, timeoutSeconds: number): Promise<NotebookRun> {
  const started = performance.now();
  const entry = join(paths.root, "lib", "dist", "notebooks", "inprocess-child.js");
  const child = fork(entry, [paths.root, notebook, out], {
    cwd: dirname(notebook),
    execArgv: [],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  const f = await finish(child, timeoutSeconds);
  const seconds = (performance.now() - started) / 1000;
  const message = f.message as { run?: NotebookRun; error?: string } | undefined;
  if (message?.run) return message.run;
  return died(notebook, "inprocess", seconds, message?.error ?? why(f, timeoutSeconds));
}

interface DriverReport {
  failedIndex: number | null;
  reason: string | null;
}

function parseDriverReport(line: string): DriverReport | null {
  try {
    const r = JSON.parse(line) as Partial<DriverReport>;
    return typeof r === "object" && r !== null && "failedIndex" in r ? { failedIndex: r.failedIndex ?? null, reason: r.reason ?? null } : null;
  } catch {
    return null;
  }
}

async function runThroughJupyter(
  paths: ProjectPaths,
  jupyter: JupyterInstall,
  notebook: string,
  out: string,
  timeoutSeconds: number,
): Promise<NotebookRun> {
  const started = performance.now();
  const child = spawn(jupyter.python, [driverPath(paths), notebook, out, "tslab", String(timeoutSeconds)], {
    cwd: dirname(notebook),
    env: jupyterEnv(paths),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const f = await finish(child, timeoutSeconds + 60);
  const seconds = (performance.now() - started) / 1000;
  const last = f.stdout.trim().split("\n").pop() ?? "";
  const report = f.code === 0 ? parseDriverReport(last) : null;
  if (!report) return died(notebook, "jupyter", seconds, why(f, timeoutSeconds));
  if (report.failedIndex === null) return { notebook, mode: "jupyter", ok: true, failure: null, executed: out, seconds };
  const executed = parseNotebook(readFileSync(out, "utf8"), out);
  const cell = executed.cells[report.failedIndex];
  const message = report.reason ?? cellErrorMessage(cell?.cell_type === "code" ? stderrOf(cell.outputs) : "");
  return { notebook, mode: "jupyter", ok: false, failure: failureAt(executed.cells, report.failedIndex, message), executed: out, seconds };
}
