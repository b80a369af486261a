/**
 * The interactive `npm start`: Debian's classic Jupyter Notebook server on 127.0.0.1, rooted at notebooks/, with
 * the tslab kernel registered project-locally (see `jupyter.ts`) and the page's extension (`jupyter-frontend.ts`).
 * Resolves with the URL (token included) once the server has printed it; the server's own log lines are passed to
 * `onLog`. The notebooks are signed first.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { listNotebooks } from "./project.js";
import { installNotebookExtension } from "./jupyter-frontend.js";
import { jupyterEnv, registerKernel, type JupyterInstall } from "./jupyter.js";
import type { ProjectPaths } from "./project.js";

/**
 * Signs the study notebooks in the user's Jupyter signature store (what `jupyter trust` does, through nbformat),
 * so outputs they were saved with show as trusted. Best effort: a failure is reported through `onLog`, not thrown.
 */
export function trustNotebooks(paths: ProjectPaths, jupyter: JupyterInstall, onLog?: (line: string) => void): boolean {
  const files = listNotebooks(paths.notebooks);
  if (files.length === 0) return true;
  const run = spawnSync(jupyter.python, ["-m", "nbformat.sign", ...files], { env: jupyterEnv(paths), encoding: "utf8", timeout: 60_000 });
  if (run.status === 0) return true;
  onLog?.(`start: could not sign the notebooks (jupyter trust): ${(run.stderr || run.error?.message || "").trim().split("\n").pop() ?? ""}`);
  return false;
}

export interface JupyterServer {
  child: ChildProcess;
  url: string;
  /** Resolves with the exit code when the server stops. */
  exited: Promise<number | null>;
}

const URL_LINE = /(http:\/\/127\.0\.0\.1:\d+\/\S*\?token=[0-9a-f]+)/;

/**
 * Starts the Notebook server; rejects when it exits (or stays silent for `timeoutSeconds`, when it is ended)
 * before printing its URL.
 */
export function startJupyterServer(
  paths: ProjectPaths,
  jupyter: JupyterInstall,
  options: { port: number; onLog?: (line: string) => void; timeoutSeconds?: number; notebookDir?: string },
): Promise<JupyterServer> {
  registerKernel(paths, jupyter);
  installNotebookExtension(paths);
  // the folder served: notebooks/, or the notebooks generated in another language (notebooks-in-lang.ts)
  const dir = options.notebookDir ?? paths.notebooks;
  trustNotebooks({ ...paths, notebooks: dir }, jupyter, options.onLog);
  const args = ["-m", "notebook", "--no-browser", "--ip=127.0.0.1", `--port=${options.port}`, `--notebook-dir=${dir}`];
  if (process.getuid?.() === 0) args.push("--allow-root"); // the Notebook server refuses root without it
  const child = spawn(jupyter.python, args, { cwd: dir, env: jupyterEnv(paths), stdio: ["inherit", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return new Promise((resolve, reject) => {
    let found = false;
    let log = "";
    const timer = setTimeout(() => {
      if (found) return;
      child.kill(); // a server that never said where it is would otherwise be left running
      reject(new Error(`the Notebook server printed no URL within ${options.timeoutSeconds ?? 60} s:\n${log.slice(-2000)}`));
    }, (options.timeoutSeconds ?? 60) * 1000);
    const onData = (d: Buffer) => {
      const text = d.toString("utf8");
      log += text;
      for (const line of text.split("\n")) if (line.trim()) options.onLog?.(line);
      const m = URL_LINE.exec(log);
      if (m && !found) {
        found = true;
        clearTimeout(timer);
        resolve({ child, url: m[1]!.replace(/\/\?token=/, "/tree?token="), exited });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("error", (err) => reject(err));
    void exited.then((code) => {
      clearTimeout(timer);
      if (!found) reject(new Error(`the Notebook server exited (code ${code}) before it was ready:\n${log.slice(-2000)}`));
    });
  });
}
