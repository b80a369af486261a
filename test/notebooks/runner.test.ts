import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseNotebook, type CodeCell } from "../../lib/notebooks/ipynb.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { runNotebooks } from "../../lib/notebooks/runner.js";
import type { NotebookRun } from "../../lib/notebooks/run-result.js";
import { cli } from "../cli/run-cli.js";

const paths = projectPaths(join(__dirname, "..", ".."));
const fixture = (name: string) => join(paths.root, "test", "fixtures", "notebooks", `${name}.ipynb`);

describe("notebooks runner, in-process (tslab's converter + executor, no Python)", () => {
  let runs: NotebookRun[];
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "wb-nb-"));
    runs = await runNotebooks(paths, [fixture("broken"), fixture("type-error"), fixture("passing")], { mode: "inprocess", outDir, jobs: 2 });
  }, 120_000);

  it("names the failing cell of the deliberately broken notebook and its real message", () => {
    const [broken] = runs;
    expect(broken!.ok).toBe(false);
    expect(broken!.failure).toEqual({
      cell: 4,
      codeCell: 3,
      cellId: "boom",
      message: "Error: deliberate failure in cell 4: the plan had 2 files",
    });
  });

  it("stops at the failing cell: earlier cells have their outputs, later ones never ran", () => {
    const nb = parseNotebook(readFileSync(runs[0]!.executed!, "utf8"));
    const code = nb.cells.filter((c): c is CodeCell => c.cell_type === "code");
    expect(code.map((c) => c.execution_count)).toEqual([1, 2, 3, null]);
    expect(JSON.stringify(code[1]!.outputs)).toContain("a.py");
    expect(JSON.stringify(code[2]!.outputs)).toContain("before the throw");
    expect(code[3]!.outputs).toEqual([]);
  });

  it("reports a type error with its position and TypeScript's message", () => {
    expect(runs[1]!.failure).toMatchObject({ cell: 2, cellId: "type-error" });
    expect(runs[1]!.failure!.message).toBe("1:7 - Type 'number' is not assignable to type 'string'.");
  });

  it("runs a notebook that imports lib and captures stdout, stderr and tslab.display output", () => {
    expect(runs[2]!.ok).toBe(true);
    const nb = parseNotebook(readFileSync(runs[2]!.executed!, "utf8"));
    const outputs = nb.cells.flatMap((c) => (c.cell_type === "code" ? c.outputs : []));
    expect(outputs).toContainEqual({ output_type: "stream", name: "stdout", text: "{ A: 0.5406764324130573, B: 0.45932356758694276 }\n" });
    expect(outputs).toContainEqual({ output_type: "display_data", data: { "text/html": "<b>bold</b>" }, metadata: {} });
    expect(outputs).toContainEqual({ output_type: "stream", name: "stderr", text: "to stderr\n" });
  });

  it("never writes over the source notebook", () => {
    const source = parseNotebook(readFileSync(fixture("passing"), "utf8"));
    expect(source.cells.every((c) => c.cell_type !== "code" || c.outputs.length === 0)).toBe(true);
    expect(runs.every((r) => r.executed!.startsWith(outDir))).toBe(true);
  });
});

describe("workbench notebooks (CLI)", () => {
  it("prints the failing cell and message and ends with N passed, M failed (exit 1)", async () => {
    // (PASS lines are formatted by formatRun, tested in run-result.test.ts; one notebook run keeps this test short.)
    const r = await cli("notebooks", fixture("broken"));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL .*broken\.ipynb \(inprocess, [\d.]+ s\): cell 4 \(code cell 3, id boom\) failed:\n {4}Error: deliberate failure in cell 4: the plan had 2 files\n/m);
    expect(r.out.trimEnd().split("\n").pop()).toBe("0 passed, 1 failed");
  }, 120_000);

  it("rejects an unknown notebook name in one line listing the known ones", async () => {
    const r = await cli("notebooks", "99-nope");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^notebooks: NAME names no notebook \(known: .*\) \(got "99-nope"\)\n$/);
  });

  it("--check passes on the committed fixtures", async () => {
    const r = await cli("notebooks", "--check", fixture("broken"), fixture("passing"), fixture("type-error"));
    expect(r.code).toBe(0);
    expect(r.out.split("\n").filter(Boolean).every((l) => l.startsWith("ok "))).toBe(true);
  });
});
