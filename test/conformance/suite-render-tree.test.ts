import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RENDER_TREE_GRAMMAR_DIFFERENCES, renderTreeSuite } from "../../lib/conformance/suite-render-tree.js";
import { runSuite, VectorFormatError } from "../../lib/conformance/suite.js";
import { SUITES } from "../../lib/conformance/suites.js";
import { cli } from "../cli/run-cli.js";

const VECTORS = join(__dirname, "..", "fixtures", "golden", "treecontext-render.json");

describe("conformance suite render_tree (treecontext-render.json)", () => {
  it("is registered", () => {
    expect(SUITES.map((s) => s.name)).toContain("render_tree");
  });

  it("passes every case; the only allowed failures are listed grammar differences (there are none)", async () => {
    const report = await runSuite(renderTreeSuite(), JSON.parse(readFileSync(VECTORS, "utf8")));
    const unexpected = report.outcomes.filter((o) => !o.passed && !(o.id in RENDER_TREE_GRAMMAR_DIFFERENCES));
    expect(unexpected.map((o) => o.id)).toEqual([]);
    expect(Object.keys(RENDER_TREE_GRAMMAR_DIFFERENCES)).toEqual([]);
    expect(report.passed).toBeGreaterThan(150);
  });

  it("a changed expectation fails (the suite can fail)", async () => {
    const file = JSON.parse(readFileSync(VECTORS, "utf8")) as { cases: { expected: string }[] };
    file.cases = file.cases.slice(0, 3);
    file.cases[1]!.expected += "│extra\n";
    const report = await runSuite(renderTreeSuite(), file);
    expect(report.failed).toBe(1);
  });

  it("a malformed case names the case and the field", async () => {
    const bad = { cases: [{ id: "x", language: "python", path: "a.py", code: "x\n", lois: [-1], expected: "" }] };
    await expect(runSuite(renderTreeSuite(), bad)).rejects.toThrow(VectorFormatError);
    await expect(runSuite(renderTreeSuite(), bad)).rejects.toThrow(/case x: field "lois\[0\]"/);
  });

  it("runs from the command line", async () => {
    const r = await cli("conformance", "render_tree", VECTORS, "--quiet");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ passed, 0 failed\n$/);
  });
});
