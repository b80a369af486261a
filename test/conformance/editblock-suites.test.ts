import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSuite, SUITES, VectorFormatError, type ConformanceSuite } from "../../lib/conformance/index.js";
import { cli } from "../cli/run-cli.js";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../fixtures/golden");
const fixturePath = (name: string) => join(FIXTURES, `${name}.json`);
const load = (name: string): Record<string, unknown> => JSON.parse(readFileSync(fixturePath(name), "utf8")) as Record<string, unknown>;
const suite = (name: string): ConformanceSuite => {
  const s = SUITES.find((x) => x.name === name);
  if (!s) throw new Error(`no suite ${name}`);
  return s;
};
const tempFile = (data: unknown): string => {
  const path = join(mkdtempSync(join(tmpdir(), "wb-conf-")), "vectors.json");
  writeFileSync(path, JSON.stringify(data));
  return path;
};

// Case counts of the copied files, so a suite that silently skips cases fails here.
const COUNTS: Record<string, number> = { editblock_replace: 185, editblock_parse: 80, editblock_misc: 28 + 28 + 13 + 16 + 9 };

describe("SEARCH/REPLACE conformance suites on Aider's golden vectors", () => {
  for (const [name, count] of Object.entries(COUNTS)) {
    it(`${name}: every case passes (${count})`, async () => {
      const report = await runSuite(suite(name), load(name));
      const failures = report.outcomes.filter((o) => !o.passed);
      expect(failures).toEqual([]);
      expect(report.passed).toBe(count);
    });

    it(`${name}: a changed expectation is caught, and ids play no part in the result`, async () => {
      const file = load(name);
      // Renamed ids: the outcome must not depend on them.
      const rename = (list: unknown) => (list as Record<string, unknown>[]).forEach((c, i) => (c.id = `renamed-${i}`));
      for (const key of ["cases", "apply_edits"]) if (key in file) rename(file[key]);
      expect((await runSuite(suite(name), file)).failed).toBe(0);
      // One corrupted expectation: exactly one failure.
      const firstList = (file.cases ?? file.strip_filename) as Record<string, unknown>[];
      firstList[0]!.expected = name === "editblock_parse" ? { edits: [], error: "corrupted" } : "corrupted";
      const report = await runSuite(suite(name), file);
      expect(report.failed).toBe(1);
      expect(report.outcomes.find((o) => !o.passed)).toMatchObject({ passed: false, id: expect.stringMatching(/renamed-0|strip_filename\[0\]/) });
    });
  }

  it("editblock_misc: an apply_edits crash is compared whichever way a vector records it", async () => {
    // Not an Aider vector: a failed edit on a missing file, where reference §2.5 says find_similar_lines raises.
    const base = { files_before: { "a.py": "a\n" }, chat_files: ["a.py"], edits: [["a.py", "a\n", "A\n"], ["gone.py", "x\n", "y\n"]], dry_run: false, fence: ["```", "```"] };
    const message = "AttributeError: 'NoneType' object has no attribute 'splitlines'";
    const asTopLevel = { ...base, id: "crash-1", expected_error: message };
    const asExpected = { ...base, id: "crash-2", expected: { return: null, error: message, files_after: { "a.py": "A\n" } } };
    const wrongFiles = { ...base, id: "crash-3", expected: { return: null, error: message, files_after: { "a.py": "a\n" } } };
    const report = await runSuite(suite("editblock_misc"), { apply_edits: [asTopLevel, asExpected, wrongFiles] });
    expect(report.outcomes.map((o) => o.passed)).toEqual([true, true, false]);
  });

  it("editblock_misc: a file with only some of the sub-lists runs those; none at all is malformed", async () => {
    const only = { apply_edits: load("editblock_misc").apply_edits };
    expect((await runSuite(suite("editblock_misc"), only)).passed).toBe(9);
    await expect(runSuite(suite("editblock_misc"), { cases: [] })).rejects.toThrow(VectorFormatError);
  });
});

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
