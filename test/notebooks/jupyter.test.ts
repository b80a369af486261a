/**
 * Finding Jupyter and registering the kernel, with fake environments: stand-in Pythons (shell scripts answering
 * the probe) on a PATH built here, and PYTHONHOME pointed nowhere so the machine's real /usr/bin/python3 cannot
 * start and be picked by accident. No Jupyter runs; the real one is test/system/'s.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectJupyter, driverPath, jupyterEnv, registerKernel } from "../../lib/notebooks/jupyter.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const ALL = { jupyter_client: true, nbclient: true, nbformat: true, notebook: true, IPython: true };

/** An executable script `name` in `dir`. */
function script(dir: string, name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  chmodSync(file, 0o755);
  return file;
}

/** A stand-in Python that answers the probe with `modules` (or fails with `exit`). */
const fakePython = (dir: string, name: string, modules: Record<string, boolean>, exit = 0) =>
  script(dir, name, `#!/bin/sh\necho '${JSON.stringify(modules)}'\nexit ${exit}\n`);

/** An environment whose PATH is only `dirs` and in which the real /usr/bin/python3 cannot start. */
const env = (dirs: string[], extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: dirs.join(delimiter), PYTHONHOME: "/nonexistent", ...extra });

describe("detectJupyter", () => {
  it("takes $WORKBENCH_PYTHON first, and reports what it can do", () => {
    const bin = tempDir("py-");
    const py = fakePython(bin, "mypython", ALL);
    fakePython(bin, "python3", ALL);
    expect(detectJupyter(env([bin], { WORKBENCH_PYTHON: py }))).toEqual({ python: py, canExecute: true, canServe: true });
    const bare = fakePython(bin, "barepython", { jupyter_client: true, nbclient: true, nbformat: false, notebook: true, IPython: false });
    expect(detectJupyter(env([bin], { WORKBENCH_PYTHON: bare }))).toEqual({ python: bare, canExecute: false, canServe: false });
  });

  it("else the interpreter the jupyter command's #! line names, before python3 on PATH", () => {
    const bin = tempDir("py-"), pys = tempDir("py-");
    const debian = fakePython(pys, "python3.11", ALL);
    script(bin, "jupyter", `#!${debian}\nimport sys\n`);
    fakePython(bin, "python3", ALL);
    expect(detectJupyter(env([bin], { WORKBENCH_PYTHON: "/no/such/python" }))?.python).toBe(debian);
  });

  it("reads a `#!/usr/bin/env python…` line, and runs that name from the environment's PATH", () => {
    const bin = tempDir("py-");
    fakePython(bin, "python3.99", ALL);
    script(bin, "jupyter", "#!/usr/bin/env python3.99\n");
    expect(detectJupyter(env([bin]))?.python).toBe("python3.99");
  });

  it("passes over a jupyter that is no Python script, a Python whose probe fails or that lacks jupyter_client", () => {
    const bin = tempDir("py-"), pys = tempDir("py-");
    script(bin, "jupyter", "#!/bin/sh\necho not python\n");
    const broken = fakePython(pys, "broken-python", ALL, 1);
    const without = fakePython(pys, "plain-python", { ...ALL, jupyter_client: false });
    const last = fakePython(bin, "python3", ALL);
    expect(detectJupyter(env([bin], { WORKBENCH_PYTHON: broken }))?.python).toBe(last);
    expect(detectJupyter(env([bin], { WORKBENCH_PYTHON: without }))?.python).toBe(last);
  });

  it("is null when no candidate has Jupyter", () => {
    const bin = tempDir("py-");
    fakePython(bin, "python3", { ...ALL, jupyter_client: false });
    expect(detectJupyter(env([bin]))).toBeNull();
    expect(detectJupyter(env([join(bin, "missing")]))).toBeNull();
  });
});

describe("jupyterEnv", () => {
  const paths = projectPaths("/proj");

  it("puts the project-local data and config dirs first on JUPYTER_PATH and JUPYTER_CONFIG_PATH, keeping what was there, and quiets pydevd", () => {
    const base = { PATH: "/bin", JUPYTER_PATH: "/elsewhere", JUPYTER_CONFIG_PATH: "/their-config" };
    const out = jupyterEnv(paths, base);
    expect(out).toEqual({
      PATH: "/bin",
      JUPYTER_PATH: `${paths.jupyterData}${delimiter}/elsewhere`,
      JUPYTER_CONFIG_PATH: `/proj/.jupyter/config${delimiter}/their-config`,
      PYDEVD_DISABLE_FILE_VALIDATION: "1",
    });
    expect(base).toEqual({ PATH: "/bin", JUPYTER_PATH: "/elsewhere", JUPYTER_CONFIG_PATH: "/their-config" }); // not changed in place
    expect(jupyterEnv(paths, {}).JUPYTER_PATH).toBe(paths.jupyterData);
    expect(jupyterEnv(paths, {}).JUPYTER_CONFIG_PATH).toBe("/proj/.jupyter/config");
  });
});

describe("registerKernel", () => {
  /** A project whose tslab installer is a stand-in that logs its arguments and maybe writes kernel.json. */
  function project(installer: string): ReturnType<typeof projectPaths> {
    const root = tempDir("kernel-");
    writeTree(root, { "node_modules/tslab/bin/tslab": installer });
    return projectPaths(root);
  }
  const jupyter = { python: "/usr/bin/python3", canExecute: true, canServe: true };

  it("runs tslab's installer with this checkout's binary, project-locally, and returns the kernel.json it made", () => {
    const paths = project(`const fs = require("fs"), path = require("path");
const prefix = process.argv.find((a) => a.startsWith("--prefix=")).slice(9);
const dir = path.join(prefix, "share", "jupyter", "kernels", "tslab");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "kernel.json"), JSON.stringify(process.argv.slice(2)));`);
    const kernelJson = registerKernel(paths, jupyter);
    expect(kernelJson).toBe(join(paths.jupyterData, "kernels", "tslab", "kernel.json"));
    expect(JSON.parse(readFileSync(kernelJson, "utf8"))).toEqual([
      "install",
      "--python=/usr/bin/python3",
      `--binary=${join(paths.root, "node_modules", ".bin", "tslab")}`,
      `--prefix=${join(paths.root, ".jupyter")}`,
    ]);
  });

  it("throws with the installer's output when it fails, or when it made no kernel.json", () => {
    const failing = project(`console.error("jupyter: command not found"); process.exit(1);`);
    expect(() => registerKernel(failing, jupyter)).toThrow(/^registering the tslab kernel failed \(tslab install --python=\/usr\/bin\/python3 [^)]*\):\njupyter: command not found$/);
    const silent = project(`console.log("done, I promise");`);
    expect(() => registerKernel(silent, jupyter)).toThrow(/failed[^\n]*:\ndone, I promise$/);
    expect(existsSync(silent.jupyterData)).toBe(false);
  });
});

describe("driverPath", () => {
  it("is the nbclient driver in lib's sources, which exists in this checkout", () => {
    const paths = projectPaths(join(__dirname, "..", ".."));
    expect(driverPath(paths)).toBe(join(paths.root, "lib", "notebooks", "jupyter-execute.py"));
    expect(existsSync(driverPath(paths))).toBe(true);
  });
});
