/**
 * The runner's per-notebook process, forked from lib's build as runner.ts forks it: its usage refusal, an error
 * sent back (exit 1) for a notebook it cannot read, and one small real run whose result comes back over IPC —
 * with the failing cell's message, which a forked process's stderr carries.
 */
import { fork, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseNotebook, type CodeCell } from "../../lib/notebooks/ipynb.js";
import type { NotebookRun } from "../../lib/notebooks/run-result.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const root = join(__dirname, "..", "..");
const entry = join(root, "lib", "dist", "notebooks", "inprocess-child.js");

/** Forks the child on `args`; its IPC message and exit code. */
function runChild(args: string[]): Promise<{ message: { run?: NotebookRun; error?: string } | undefined; code: number | null }> {
  return new Promise((resolve) => {
    const child = fork(entry, args, { stdio: ["ignore", "ignore", "ignore", "ipc"] });
    let message: { run?: NotebookRun; error?: string } | undefined;
    child.on("message", (m: typeof message) => (message = m));
    child.on("exit", (code) => resolve({ message, code }));
  });
}

describe("inprocess-child", () => {
  it("exits 2 with its usage line when an argument or the IPC channel is missing", () => {
    const r = spawnSync(process.execPath, [entry, root], { encoding: "utf8" });
    expect([r.status, r.stderr]).toEqual([2, "usage: node inprocess-child.js <root> <notebook> <executed-copy> (forked with an IPC channel)\n"]);
    expect(spawnSync(process.execPath, [entry, root, "a.ipynb", "b.ipynb"]).status).toBe(2);
  });

  it("sends back the error and exits 1 when the notebook cannot be read", async () => {
    const dir = tempDir("child-");
    const { message, code } = await runChild([root, join(dir, "missing.ipynb"), join(dir, "out.ipynb")]);
    expect(code).toBe(1);
    expect(message?.run).toBeUndefined();
    expect(message?.error).toMatch(/ENOENT[^\n]*missing\.ipynb/);
  });

  it("runs the notebook and sends back its run, the failing cell's message included", async () => {
    const dir = tempDir("child-");
    const nb = { cells: [1, 2].map((i) => ({ cell_type: "code", id: `c${i}`, metadata: {}, execution_count: null, outputs: [], source: [i === 1 ? "console.log(1 + 1);" : "throw new Error('second cell says no');"] })), metadata: {}, nbformat: 4, nbformat_minor: 5 };
    writeFileSync(join(dir, "01-x.ipynb"), JSON.stringify(nb));
    const out = join(dir, "executed", "01-x.ipynb");
    const { message, code } = await runChild([root, join(dir, "01-x.ipynb"), out]);
    expect(code).toBe(0);
    expect(message?.run).toMatchObject({ ok: false, executed: out, failure: { codeCell: 2, cellId: "c2", message: "Error: second cell says no" } });
    const cells = parseNotebook(readFileSync(out, "utf8")).cells as CodeCell[];
    expect(cells[0]!.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "2\n" }]);
  }, 60_000);
});
