/**
 * The bridge to a real Jupyter: finding the Python that has it (Debian's, not whichever python3 is first on PATH),
 * registering the tslab kernel project-locally (`tslab install --prefix=.jupyter`, never a global install; the
 * generated kernel.json holds absolute paths, so it is regenerated, never committed), and the environment under
 * which Jupyter finds that kernel.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { jupyterConfigDir } from "./jupyter-frontend.js";
import type { ProjectPaths } from "./project.js";

/** Debian 12 packages that give every Jupyter feature the workbench uses (the Notebook server brings ipykernel). */
export const JUPYTER_APT_PACKAGES = Object.freeze(["jupyter-notebook", "python3-nbclient"]);
export const INSTALL_HINT = `sudo apt-get install ${JUPYTER_APT_PACKAGES.join(" ")}`;

export interface JupyterInstall {
  /** The Python interpreter that imports Jupyter's packages. */
  python: string;
  /** nbclient + nbformat import: notebooks can be executed through the kernel (`notebooks --jupyter`). */
  canExecute: boolean;
  /** The classic Notebook server imports: `npm start` can serve interactive notebooks. */
  canServe: boolean;
}

const PROBE = `import importlib.util as u, json
print(json.dumps({m: u.find_spec(m) is not None for m in ["jupyter_client", "nbclient", "nbformat", "notebook", "IPython"]}))`;

/** Executables named `name` on PATH, in PATH order. */
function onPath(name: string, path = process.env.PATH ?? ""): string[] {
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .filter((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** The interpreter a script's `#!` line names (e.g. `/usr/bin/jupyter` → /usr/bin/python3), if it is one. */
function shebangPython(script: string): string | null {
  try {
    const first = readFileSync(script, "utf8").split("\n", 1)[0] ?? "";
    const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(first);
    if (!m) return null;
    const exe = m[1]!.endsWith("/env") ? m[2] : m[1];
    return exe && /python/.test(exe) ? exe : null;
  } catch {
    return null;
  }
}

/**
 * Finds a Python with Jupyter: `$WORKBENCH_PYTHON` if set, else the interpreter of the `jupyter` command on PATH,
 * else /usr/bin/python3, else python3 on PATH. Null when none has jupyter_client.
 */
export function detectJupyter(env: NodeJS.ProcessEnv = process.env): JupyterInstall | null {
  const candidates = [
    env.WORKBENCH_PYTHON,
    ...onPath("jupyter", env.PATH).map(shebangPython),
    "/usr/bin/python3",
    ...onPath("python3", env.PATH),
  ].filter((c): c is string => typeof c === "string" && c !== "");
  for (const python of [...new Set(candidates)]) {
    if (python.startsWith("/") && !existsSync(python)) continue;
    const probe = spawnSync(python, ["-c", PROBE], { encoding: "utf8", env });
    if (probe.status !== 0) continue;
    const has = JSON.parse(probe.stdout) as Record<string, boolean>;
    if (!has.jupyter_client) continue;
    return {
      python,
      canExecute: Boolean(has.nbclient && has.nbformat),
      canServe: Boolean(has.notebook && has.IPython),
    };
  }
  return null;
}

/**
 * The environment under which Jupyter finds the project-local kernelspec and page extension (jupyter-frontend.ts),
 * added to the user's own paths, and stays quiet about pydevd.
 */
export function jupyterEnv(paths: ProjectPaths, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const jupyterPath = [paths.jupyterData, env.JUPYTER_PATH].filter(Boolean).join(delimiter);
  const configPath = [jupyterConfigDir(paths), env.JUPYTER_CONFIG_PATH].filter(Boolean).join(delimiter);
  return { ...env, JUPYTER_PATH: jupyterPath, JUPYTER_CONFIG_PATH: configPath, PYDEVD_DISABLE_FILE_VALIDATION: "1" };
}

/**
 * Registers the tslab kernel under `<root>/.jupyter` with tslab's own installer, pointing at this checkout's
 * `node_modules/.bin/tslab`. Idempotent; returns the kernel.json path. Throws with the installer's output on failure.
 */
export function registerKernel(paths: ProjectPaths, jupyter: JupyterInstall): string {
  const tslabCli = join(paths.root, "node_modules", "tslab", "bin", "tslab");
  const binary = join(paths.root, "node_modules", ".bin", "tslab");
  const args = [tslabCli, "install", `--python=${jupyter.python}`, `--binary=${binary}`, `--prefix=${join(paths.root, ".jupyter")}`];
  const run = spawnSync(process.execPath, args, { cwd: paths.root, encoding: "utf8" });
  const kernelJson = join(paths.jupyterData, "kernels", "tslab", "kernel.json");
  if (run.status !== 0 || !existsSync(kernelJson)) {
    throw new Error(`registering the tslab kernel failed (${["tslab", ...args.slice(1)].join(" ")}):\n${(run.stdout + run.stderr).trim()}`);
  }
  return kernelJson;
}

/** Where the nbclient driver lives (a Python file in lib's sources; lib's build does not copy it). */
export function driverPath(paths: ProjectPaths): string {
  return join(paths.root, "lib", "notebooks", "jupyter-execute.py");
}
