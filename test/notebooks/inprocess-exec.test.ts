/**
 * One notebook executed in this process (the runner does it in a forked child; its entry point is
 * test/notebooks/inprocess-child.test.ts): code cells in order, stopping at the first failure, the executed copy
 * written elsewhere with its outputs, counts and a `metadata.workbench` record, the source left alone.
 * Cells write with process.stdout.write: the test runner replaces `console`, the process streams it does not.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { executeInProcess } from "../../lib/notebooks/inprocess-exec.js";
import { parseNotebook, type CodeCell, type Notebook } from "../../lib/notebooks/ipynb.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const root = join(__dirname, "..", "..");

/** A notebook file of a markdown cell then one code cell per source, each with a stale output from an old run. */
function notebook(sources: string[]): { file: string; dir: string; text: string } {
  const dir = tempDir("inproc-");
  const cells = [
    { cell_type: "markdown", id: "intro", metadata: {}, source: ["# A notebook\n"] },
    ...sources.map((s, i) => ({ cell_type: "code", id: `c${i + 1}`, metadata: {}, execution_count: 9, outputs: [{ output_type: "stream", name: "stdout", text: "stale\n" }], source: [s] })),
  ];
  const text = JSON.stringify({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 }, null, 1);
  const file = join(dir, "01-x.ipynb");
  writeFileSync(file, text);
  return { file, dir, text };
}
const codeCells = (nb: Notebook) => nb.cells.filter((c): c is CodeCell => c.cell_type === "code");
const cwd = process.cwd();

describe("executeInProcess", () => {
  afterEach(() => process.chdir(cwd));

  it("runs the code cells in the notebook's folder, stops at the first failure, and writes the executed copy elsewhere", async () => {
    const { file, dir, text } = notebook([
      'process.stdout.write("one\\n");',
      "process.stdout.write(process.cwd());",
      "const s: string = 5;",
      'process.stdout.write("never\\n");',
    ]);
    const out = join(tempDir("inproc-out-"), "deep", "01-x.ipynb");
    const run = await executeInProcess(root, file, out);
    expect(run).toMatchObject({ notebook: file, mode: "inprocess", ok: false, executed: out, failure: { cell: 4, codeCell: 3, cellId: "c3" } });
    expect(run.seconds).toBeGreaterThan(0);
    expect(readFileSync(file, "utf8")).toBe(text); // the source is never written
    const executed = parseNotebook(readFileSync(out, "utf8"));
    const cells = codeCells(executed);
    expect(cells.map((c) => c.execution_count)).toEqual([1, 2, 3, null]);
    expect(cells[0]!.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "one\n" }]);
    expect(cells[1]!.outputs).toEqual([{ output_type: "stream", name: "stdout", text: dir }]);
    expect(cells[3]!.outputs).toEqual([]); // the stale output of a cell that did not run is gone too
    expect(executed.metadata.workbench).toEqual({ mode: "inprocess", ok: false, failure: run.failure, seconds: run.seconds });
  }, 60_000);

  it("records a run where every cell passes", async () => {
    const { file } = notebook(["const a = 20;", "process.stdout.write(String(a + 1));"]);
    const out = join(tempDir("inproc-out-"), "01-x.ipynb");
    const run = await executeInProcess(root, file, out);
    expect(run).toMatchObject({ ok: true, failure: null });
    const cells = codeCells(parseNotebook(readFileSync(out, "utf8")));
    expect(cells.map((c) => [c.execution_count, c.outputs])).toEqual([[1, []], [2, [{ output_type: "stream", name: "stdout", text: "21" }]]]);
    expect(parseNotebook(readFileSync(out, "utf8")).metadata.workbench).toMatchObject({ ok: true, failure: null });
  }, 60_000);

  it("refuses a notebook that does not parse, before running anything", async () => {
    const dir = tempDir("inproc-");
    writeFileSync(join(dir, "bad.ipynb"), "{ not json");
    await expect(executeInProcess(root, join(dir, "bad.ipynb"), join(dir, "out.ipynb"))).rejects.toThrow(/bad\.ipynb/);
  });
});
