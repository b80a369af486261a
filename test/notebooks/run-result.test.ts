import { describe, expect, it } from "vitest";
import { cellErrorMessage, failureAt, formatRun, formatTotals, type NotebookRun } from "../../lib/notebooks/run-result.js";
import type { Cell } from "../../lib/notebooks/ipynb.js";

// What tslab prints on a failing cell's stderr (recorded from its kernel; paths shortened).
const THROWN = [
  "evalmachine.<anonymous>:3",
  'throw new Error("deliberate failure");',
  "^",
  "",
  "Error: deliberate failure",
  "    at evalmachine.<anonymous>:3:7",
  "    at Object.execute (node_modules/tslab/dist/executor.js:160:38)",
  "",
].join("\n");

describe("cellErrorMessage", () => {
  it("keeps the error line of a thrown exception, dropping Node's code frame and the stack", () => {
    expect(cellErrorMessage(THROWN)).toBe("Error: deliberate failure");
  });

  it("keeps a multi-line message and the output printed before the error", () => {
    const stderr = "warning: x\n" + THROWN.replace("Error: deliberate failure", "WorkbenchInputError: repoMap: budget must be\na non-negative integer (got -1)");
    expect(cellErrorMessage(stderr)).toBe("warning: x\nWorkbenchInputError: repoMap: budget must be\na non-negative integer (got -1)");
  });

  it("passes tslab's type errors through whole", () => {
    const stderr = "1:7 - Type 'number' is not assignable to type 'string'.\n2:1 - Cannot find name 'x'.\n";
    expect(cellErrorMessage(stderr)).toBe("1:7 - Type 'number' is not assignable to type 'string'.\n2:1 - Cannot find name 'x'.");
  });

  it("strips colour codes and says so when a cell failed silently", () => {
    expect(cellErrorMessage("\x1b[31mError: red\x1b[39m\n")).toBe("Error: red");
    expect(cellErrorMessage("")).toMatch(/without writing to stderr/);
  });
});

describe("failure reports", () => {
  const cells: Cell[] = [
    { cell_type: "markdown", id: "m", metadata: {}, source: "# t" },
    { cell_type: "code", id: "a", metadata: {}, source: "1", outputs: [], execution_count: null },
    { cell_type: "markdown", id: "m2", metadata: {}, source: "x" },
    { cell_type: "code", id: "b", metadata: {}, source: "2", outputs: [], execution_count: null },
  ];

  it("numbers the failing cell among all cells and among code cells", () => {
    expect(failureAt(cells, 3, "Error: x")).toEqual({ cell: 4, codeCell: 2, cellId: "b", message: "Error: x" });
  });

  it("formats a failure with notebook, cell number, id and the indented message; totals as N passed, M failed", () => {
    const failed: NotebookRun = {
      notebook: "/p/notebooks/01-x.ipynb",
      mode: "inprocess",
      ok: false,
      failure: failureAt(cells, 3, "Error: x\nsecond line"),
      executed: "/p/build/notebooks/inprocess/01-x.ipynb",
      seconds: 1.25,
    };
    expect(formatRun(failed, "/p")).toBe(
      "FAIL notebooks/01-x.ipynb (inprocess, 1.3 s): cell 4 (code cell 2, id b) failed:\n" +
        "    Error: x\n    second line\n    executed copy: build/notebooks/inprocess/01-x.ipynb",
    );
    const passed: NotebookRun = { ...failed, ok: true, failure: null };
    expect(formatRun(passed, "/p")).toBe("PASS notebooks/01-x.ipynb (inprocess, 1.3 s)");
    expect(formatTotals([passed, failed, passed])).toBe("2 passed, 1 failed");
  });
});
