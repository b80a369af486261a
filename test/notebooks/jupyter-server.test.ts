/**
 * Starting the Notebook server and signing the notebooks, against stand-ins: a shell script in place of Jupyter's
 * Python (it logs its arguments and prints, or does not print, a URL) and a tslab installer that writes the
 * kernelspec. What is checked is the arguments, the URL taken from the log, and each way of failing. No real
 * Jupyter starts here (test/system/ does that).
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startJupyterServer, trustNotebooks } from "../../lib/notebooks/jupyter-server.js";
import { projectPaths, type ProjectPaths } from "../../lib/notebooks/project.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();

const INSTALLER = `const fs = require("fs"), path = require("path");
const prefix = process.argv.find((a) => a.startsWith("--prefix=")).slice(9);
const dir = path.join(prefix, "share", "jupyter", "kernels", "tslab");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "kernel.json"), "{}");`;

/** A project with two study notebooks (or none), a stand-in tslab installer, and a stand-in Python running `body`. */
function project(body: string, withNotebooks = true): { paths: ProjectPaths; python: string; log: string } {
  const root = tempDir("jserver-");
  const files: Record<string, string> = { "node_modules/tslab/bin/tslab": INSTALLER, "notebooks/README.md": "" };
  if (withNotebooks) Object.assign(files, { "notebooks/01-a.ipynb": "{}", "notebooks/02-b.ipynb": "{}" });
  writeTree(root, files);
  const log = join(root, "python.log");
  const python = join(root, "fake-python");
  writeFileSync(python, `#!/bin/sh\necho "$@" >> '${log}'\n${body}\n`);
  chmodSync(python, 0o755);
  return { paths: projectPaths(root), python, log };
}
const install = (python: string) => ({ python, canExecute: true, canServe: true });
const logged = (log: string) => readFileSync(log, "utf8").trim().split("\n");

describe("trustNotebooks", () => {
  it("signs every study notebook with nbformat.sign in one call", () => {
    const { paths, python, log } = project("exit 0");
    expect(trustNotebooks(paths, install(python))).toBe(true);
    expect(logged(log)).toEqual([`-m nbformat.sign ${join(paths.notebooks, "01-a.ipynb")} ${join(paths.notebooks, "02-b.ipynb")}`]);
  });

  it("has nothing to do without notebooks, and runs nothing", () => {
    const { paths, python, log } = project("exit 0", false);
    expect(trustNotebooks(paths, install(python))).toBe(true);
    expect(() => readFileSync(log)).toThrow();
  });

  it("on failure reports the last line of what it said and returns false, without throwing", () => {
    const { paths, python } = project('echo "Traceback (most recent call last):" >&2\necho "ModuleNotFoundError: No module named nbformat" >&2\nexit 1');
    const lines: string[] = [];
    expect(trustNotebooks(paths, install(python), (l) => lines.push(l))).toBe(false);
    expect(lines).toEqual(["start: could not sign the notebooks (jupyter trust): ModuleNotFoundError: No module named nbformat"]);
    expect(trustNotebooks(paths, install(join(paths.root, "no-such-python")))).toBe(false);
  });
});

describe("startJupyterServer", () => {
  /** A stand-in that signs happily and, as the server, runs `server`. */
  const serverBody = (server: string) => `if [ "$2" = "nbformat.sign" ]; then exit 0; fi\n${server}`;

  it("registers the kernel, starts the server on 127.0.0.1 in notebooks/, and resolves with its /tree URL", async () => {
    const { paths, python, log } = project(serverBody('echo "[I] Jupyter Notebook is running at:" >&2\necho "    http://127.0.0.1:8899/?token=0123abcd" >&2\nexec sleep 20'));
    const lines: string[] = [];
    const server = await startJupyterServer(paths, install(python), { port: 8899, onLog: (l) => lines.push(l) });
    try {
      expect(server.url).toBe("http://127.0.0.1:8899/tree?token=0123abcd");
      expect(lines).toContain("    http://127.0.0.1:8899/?token=0123abcd");
      const args = logged(log).find((l) => l.startsWith("-m notebook"))!.split(" ");
      expect(args).toEqual(expect.arrayContaining(["--no-browser", "--ip=127.0.0.1", "--port=8899", `--notebook-dir=${paths.notebooks}`]));
      expect(args.includes("--allow-root")).toBe(process.getuid?.() === 0);
      expect(logged(log)[0]).toMatch(/^-m nbformat\.sign /); // signed before it starts
      expect(readFileSync(join(paths.jupyterData, "kernels", "tslab", "kernel.json"), "utf8")).toBe("{}");
    } finally {
      server.child.kill();
    }
    expect(await server.exited).toBeNull(); // ended by the signal
  });

  it("takes a URL that arrives split over two writes", async () => {
    const { paths, python } = project(serverBody('printf "http://127.0.0.1:7001/?tok"\nsleep 0.2\necho "en=feed"\nexec sleep 20'));
    const server = await startJupyterServer(paths, install(python), { port: 7001 });
    server.child.kill();
    expect(server.url).toBe("http://127.0.0.1:7001/tree?token=feed");
  });

  it("rejects with the exit code and the log's tail when the server ends before printing its URL", async () => {
    const { paths, python } = project(serverBody('echo "OSError: [Errno 98] Address already in use" >&2\nexit 3'));
    await expect(startJupyterServer(paths, install(python), { port: 8900 })).rejects.toThrow(/^the Notebook server exited \(code 3\) before it was ready:\nOSError: \[Errno 98\] Address already in use/);
  });

  it("rejects when the server prints no URL in time, and ends it; a URL for another host is no URL", async () => {
    const { paths, python } = project(serverBody(`echo $$ > pid\necho "http://0.0.0.0:8901/?token=abc"\nexec sleep 20`));
    await expect(startJupyterServer(paths, install(python), { port: 8901, timeoutSeconds: 1 })).rejects.toThrow(/^the Notebook server printed no URL within 1 s:\nhttp:\/\/0\.0\.0\.0/);
    const pid = Number(readFileSync(join(paths.notebooks, "pid"), "utf8"));
    await new Promise((d) => setTimeout(d, 200));
    expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  });

  it("throws before starting anything when the kernel cannot be registered", () => {
    const { paths, python, log } = project(serverBody("exit 0"));
    writeFileSync(join(paths.root, "node_modules", "tslab", "bin", "tslab"), "process.exit(1)");
    expect(() => startJupyterServer(paths, install(python), { port: 8902 })).toThrow(/^registering the tslab kernel failed/);
    expect(() => readFileSync(log)).toThrow();
  });
});
