import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import {
  normaliseNotebook,
  normalFormProblems,
  parseNotebook,
  serialiseNotebook,
  sourceText,
  toLines,
  type Notebook,
} from "../../lib/notebooks/ipynb.js";
import { WorkbenchInputError } from "../../lib/core/errors.js";

const ROOT = join(__dirname, "..", "..");

function executedLooking(): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 4,
    metadata: { kernelspec: { name: "python3", display_name: "Python 3", language: "python" } },
    cells: [
      { cell_type: "markdown", metadata: {}, source: "# Title\n\ntext" },
      {
        cell_type: "code",
        id: "keep-me",
        metadata: { execution: { "iopub.status.busy": "2024" }, tags: ["x"] },
        source: ["const a = 1;\n", "a"],
        outputs: [{ output_type: "stream", name: "stdout", text: "1\n" }],
        execution_count: 7,
      },
      { cell_type: "code", id: "keep-me", metadata: {}, source: "a + 1", outputs: [], execution_count: 8 },
      { cell_type: "code", id: "bad id!", metadata: {}, source: "", outputs: [], execution_count: null },
    ],
  };
}

describe("notebook normal form", () => {
  it("clears outputs and counts, drops session metadata, keeps valid ids and gives the rest unique ones", () => {
    const nb = normaliseNotebook(executedLooking(), "x");
    const ids = nb.cells.map((c) => c.id);
    expect(ids[1]).toBe("keep-me");
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    for (const c of nb.cells) {
      if (c.cell_type === "code") {
        expect(c.outputs).toEqual([]);
        expect(c.execution_count).toBeNull();
      }
    }
    expect(nb.cells[1]!.metadata).toEqual({ tags: ["x"] });
    expect(nb.metadata.kernelspec).toEqual({ name: "tslab", display_name: "TypeScript", language: "typescript" });
    expect(nb.nbformat_minor).toBe(5);
  });

  it("is idempotent and gives the same ids on every run", () => {
    const once = normaliseNotebook(executedLooking(), "x");
    expect(normaliseNotebook(once, "x")).toEqual(once);
    expect(normaliseNotebook(executedLooking(), "x")).toEqual(once);
  });

  it("an executed notebook has problems, each named; its normal form has none", () => {
    const text = serialiseNotebook(executedLooking());
    const problems = normalFormProblems(text, "x");
    expect(problems).toEqual(
      expect.arrayContaining([
        "cell 1 has no id",
        "cell 2 has outputs",
        "cell 2 has an execution count",
        'cell 3 repeats the id "keep-me"',
        'cell 4 has an invalid id "bad id!"',
        'the kernelspec is "python3", not "tslab"',
      ]),
    );
    expect(normalFormProblems(serialiseNotebook(normaliseNotebook(executedLooking(), "x")), "x")).toEqual([]);
  });

  it("a layout difference alone (indent 2) is reported", () => {
    const normal = normaliseNotebook(executedLooking(), "x");
    expect(normalFormProblems(JSON.stringify(normal, null, 2), "x")).toEqual([expect.stringMatching(/canonical layout/)]);
  });

  it("serialises as Jupyter does: sorted keys, indent 1, sources as lines, final newline", () => {
    const text = serialiseNotebook(normaliseNotebook(executedLooking(), "x"));
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toContain('\n "cells": [\n  {\n   "cell_type": "markdown",\n   "id": ');
    expect(text).toContain('"source": [\n    "# Title\\n",\n    "\\n",\n    "text"\n   ]');
    expect(text.indexOf('"metadata"')).toBeLessThan(text.lastIndexOf('"nbformat"'));
  });

  it("toLines splits after each newline and joins back to the same text", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "\n", "b", "\r", "é") }), (s) => {
        const lines = toLines(s);
        expect(lines.join("")).toBe(s);
        lines.slice(0, -1).forEach((l) => expect(l.endsWith("\n")).toBe(true));
        lines.forEach((l) => expect(l.slice(0, -1)).not.toContain("\n"));
      }),
      { numRuns: 200 },
    );
    expect(sourceText(["a\n", "b"])).toBe("a\nb");
  });

  it("bad notebooks are rejected naming the field", () => {
    expect(() => parseNotebook("{", "n")).toThrow(/n must be valid JSON/);
    expect(() => parseNotebook(JSON.stringify({ nbformat: 3, nbformat_minor: 0, metadata: {}, cells: [] }), "n")).toThrow(
      "parseNotebook: n.nbformat must be 4 (got 3)",
    );
    const bad = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: "code", source: 3, metadata: {} }] };
    expect(() => parseNotebook(JSON.stringify(bad), "n")).toThrow(WorkbenchInputError);
    expect(() => parseNotebook(JSON.stringify(bad), "n")).toThrow(/n\.cells\[0\]\.source must be a string or a list of strings/);
  });
});

describe("committed notebooks", () => {
  const folders = [join(ROOT, "notebooks"), join(ROOT, "test", "fixtures", "notebooks")];
  const files = folders.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".ipynb"))
      .map((f) => join(d, f)),
  );

  it("there are study notebooks and fixtures to check", () => {
    expect(files.some((f) => f.includes(`${join("notebooks", "0")}`))).toBe(true);
    expect(files.some((f) => f.includes("fixtures"))).toBe(true);
  });

  it.each(files.map((f) => [f.slice(ROOT.length + 1), f]))(
    "%s has outputs cleared, cell ids set and Jupyter's layout (fix: npm run -s workbench -- notebooks --normalise)",
    (_, file) => {
      expect(normalFormProblems(readFileSync(file, "utf8"), basename(file, ".ipynb"))).toEqual([]);
    },
  );
});
