/**
 * Executes one notebook in this process (see `tslab-session.ts`): code cells in order, stopping at the first that
 * fails, as Jupyter's "run all" and nbconvert do. The executed copy (outputs, execution counts, and a
 * `metadata.workbench` record of the run) is written to `outPath`, never over the source.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { parseNotebook, serialiseNotebook, sourceText } from "./ipynb.js";
import { cellErrorMessage, failureAt, stderrOf, type CellFailure, type NotebookRun } from "./run-result.js";
import { createTslabSession } from "./tslab-session.js";

/** Runs `notebookPath` with the working folder set to the notebook's own (as the kernel has it). */
export async function executeInProcess(root: string, notebookPath: string, outPath: string): Promise<NotebookRun> {
  const started = performance.now();
  const nb = parseNotebook(readFileSync(notebookPath, "utf8"), basename(notebookPath));
  const dir = dirname(notebookPath);
  process.chdir(dir);
  for (const cell of nb.cells) {
    if (cell.cell_type === "code") Object.assign(cell, { outputs: [], execution_count: null });
  }
  let failure: CellFailure | null = null;
  const session = createTslabSession(root, dir);
  try {
    let count = 0;
    for (const [i, cell] of nb.cells.entries()) {
      if (cell.cell_type !== "code") continue;
      const result = await session.run(sourceText(cell.source));
      cell.outputs = result.outputs;
      cell.execution_count = ++count;
      if (!result.ok) {
        failure = failureAt(nb.cells, i, cellErrorMessage(stderrOf(result.outputs)));
        break;
      }
    }
    await new Promise((done) => setImmediate(done)); // let output scheduled by the last cell land
  } finally {
    session.close();
  }
  const seconds = (performance.now() - started) / 1000;
  nb.metadata.workbench = { mode: "inprocess", ok: failure === null, failure, seconds };
  mkdirSync(dirname(outPath), { recursive: true });
  writeFileSync(outPath, serialiseNotebook(nb));
  return { notebook: notebookPath, mode: "inprocess", ok: failure === null, failure, executed: outPath, seconds };
}
