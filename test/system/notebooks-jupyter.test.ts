import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseNotebook, type CodeCell } from "../../lib/notebooks/ipynb.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { runNotebooks } from "../../lib/notebooks/runner.js";
import type { NotebookRun } from "../../lib/notebooks/run-result.js";
import { requireJupyter } from "./requirements.js";

const paths = projectPaths(join(__dirname, "..", ".."));
const fixture = (name: string) => join(paths.root, "test", "fixtures", "notebooks", `${name}.ipynb`);

describe("notebooks runner through the real tslab kernel (Jupyter's nbclient)", () => {
  let runs: NotebookRun[];
  beforeAll(async () => {
    const jupyter = requireJupyter("execute");
    const outDir = mkdtempSync(join(tmpdir(), "wb-nbj-"));
    runs = await runNotebooks(paths, [fixture("broken"), fixture("type-error"), fixture("passing")], { mode: "jupyter", jupyter, outDir, jobs: 2 });
  }, 180_000);

  it("names the failing cell and the message tslab put on its stderr (the error value is empty)", () => {
    expect(runs[0]!.failure).toEqual({
      cell: 4,
      codeCell: 3,
      cellId: "boom",
      message: "Error: deliberate failure in cell 4: the plan had 2 files",
    });
    const nb = parseNotebook(readFileSync(runs[0]!.executed!, "utf8"));
    const last = nb.cells[nb.cells.length - 1] as CodeCell;
    expect(last.outputs).toEqual([]);
  });

  it("reports a type error as the kernel prints it", () => {
    expect(runs[1]!.failure).toMatchObject({ cell: 2, message: "1:7 - Type 'number' is not assignable to type 'string'." });
  });

  it("runs a passing notebook with the same outputs as in-process", () => {
    expect(runs[2]!.ok).toBe(true);
    const nb = parseNotebook(readFileSync(runs[2]!.executed!, "utf8"));
    const text = JSON.stringify(nb.cells.flatMap((c) => (c.cell_type === "code" ? c.outputs : [])));
    expect(text).toContain("0.5406764324130573");
    expect(text).toContain("<b>bold</b>");
    expect(text).toContain("to stderr");
  });

  it("registered the kernel project-locally, with this checkout's tslab", () => {
    const spec = JSON.parse(readFileSync(join(paths.jupyterData, "kernels", "tslab", "kernel.json"), "utf8")) as { argv: string[] };
    expect(spec.argv[0]).toBe(join(paths.root, "node_modules", ".bin", "tslab"));
  });
});
