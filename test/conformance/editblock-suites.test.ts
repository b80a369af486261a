/**
 * `workbench conformance` on the SEARCH/REPLACE suites' vector files: the summary line, a failing case's report and
 * a malformed file's one-line error. Each suite on its vectors: test/conformance/suite-editblock-*.test.ts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli } from "../cli/run-cli.js";
import { goldenPath as fixturePath, loadGolden } from "../support/golden.js";
import { tempDirs } from "../support/temp-dirs.js";

const tempDir = tempDirs();
const load = (name: string) => loadGolden<Record<string, unknown>>(name);
const tempFile = (data: unknown): string => {
  const path = join(tempDir("wb-conf-"), "vectors.json");
  writeFileSync(path, JSON.stringify(data));
  return path;
};

describe("workbench conformance on the SEARCH/REPLACE suites", () => {
  it("runs a suite on a vector file and ends with 'N passed, 0 failed'", async () => {
    const r = await cli("conformance", "editblock_parse", fixturePath("editblock_parse"));
    expect(r.code).toBe(0);
    expect(r.out.endsWith("80 passed, 0 failed\n")).toBe(true);
  });

  it("prints a failing case with what Aider produced and what we produced, exit 1", async () => {
    const file = load("editblock_replace");
    const c = (file.cases as Record<string, unknown>[])[0]!;
    c.expected = "not what Aider returned\n";
    const r = await cli("conformance", "editblock_replace", tempFile(file));
    expect(r.code).toBe(1);
    expect(r.out).toContain(`FAIL ${String(c.id)} — result differs`);
    expect(r.out).toContain("not what Aider returned");
    expect(r.out.endsWith("184 passed, 1 failed\n")).toBe(true);
  });

  it("a malformed file names the case and the field, one line, exit 2", async () => {
    const file = load("editblock_misc");
    const apply = file.apply_edits as Record<string, unknown>[];
    apply[2]!.dry_run = "no";
    const r = await cli("conformance", "editblock_misc", tempFile(file));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is malformed: case apply-02: field "dry_run" must be boolean \(got string\)\n$/);
    expect(r.err.trim().split("\n")).toHaveLength(1);
  });

  it("a malformed fence in a case without an id is named by its list position", async () => {
    const file = load("editblock_misc");
    (file.strip_filename as Record<string, unknown>[])[3]!.fence = ["```"];
    const r = await cli("conformance", "editblock_misc", tempFile(file));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/case strip_filename\[3\]: field "fence" must hold 2 strings \(got 1\)/);
  });
});
