/**
 * `workbench conformance` on the edit-format suites' vector files: the summary lines, a failing case's report and
 * a missing field's error. Each suite on its vectors: test/conformance/suite-{udiff,patch,wholefile,editblock-fenced}.test.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/run-cli.js";
import { goldenPath as fixturePath, loadGolden } from "../support/golden.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();
type Case = Record<string, unknown> & { id: string; function: string; expected: unknown; error: unknown };
const load = (name: string) => loadGolden<{ cases: Case[] } & Record<string, unknown>>(name);
const tempFile = (data: unknown): string => {
  const path = join(tempDir("wb-conf-"), "vectors.json");
  writeFileSync(path, JSON.stringify(data));
  return path;
};

// The public case counts of the copied files, so a suite that silently skips cases fails here.
const COUNTS: Record<string, number> = { udiff: 317, patch: 182, wholefile: 78, editblock_fenced: 32 };

describe("workbench conformance on the edit-format suites", () => {
  for (const [name, count] of Object.entries(COUNTS)) {
    it(`${name}: ends with '${count} passed, 0 failed'`, async () => {
      const r = await cli("conformance", name, fixturePath(name));
      expect(r.code).toBe(0);
      expect(r.out.endsWith(`${count} passed, 0 failed\n`)).toBe(true);
    });
  }

  it("a wrong udiff failure message is shown and counted, exit 1", async () => {
    const file = load("udiff");
    const c = file.cases.find((x) => x.function === "UnifiedDiffCoder.apply_edits(edits)" && x.error !== null)!;
    (c.error as { message: string }).message = "not what Aider said";
    const r = await cli("conformance", "udiff", tempFile(file));
    expect(r.code).toBe(1);
    expect(r.out).toContain(c.id);
    expect(r.out).toContain("not what Aider said");
    expect(r.out.endsWith("316 passed, 1 failed\n")).toBe(true);
  });

  it("a case missing its input field names the case and the field, exit 2", async () => {
    const file = load("wholefile");
    const c = file.cases[0]!;
    delete (c.input as Record<string, unknown>).partial_response_content;
    const r = await cli("conformance", "wholefile", tempFile(file));
    expect(r.code).toBe(2);
    expect(r.err).toContain(`case ${c.id}: field "input.partial_response_content" is missing`);
  });
});
