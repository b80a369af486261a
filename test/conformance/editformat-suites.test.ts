import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runSuite, SUITES, VectorFormatError, type ConformanceSuite } from "../../lib/conformance/index.js";
import { cli } from "../cli/run-cli.js";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../fixtures/golden");
const fixturePath = (name: string) => join(FIXTURES, `${name}.json`);
type Case = Record<string, unknown> & { id: string; function: string; expected: unknown; error: unknown };
const load = (name: string): { cases: Case[] } & Record<string, unknown> => JSON.parse(readFileSync(fixturePath(name), "utf8"));
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

// The public case counts of the copied files, so a suite that silently skips cases fails here.
const COUNTS: Record<string, number> = { udiff: 317, patch: 182, wholefile: 78, editblock_fenced: 32 };

describe("edit-format conformance suites on Aider's golden vectors (reference §7)", () => {
  for (const [name, count] of Object.entries(COUNTS)) {
    it(`${name}: every public case passes (${count})`, async () => {
      const file = load(name);
      expect(file.cases).toHaveLength(count);
      const report = await runSuite(suite(name), file);
      expect(report.outcomes.filter((o) => !o.passed)).toEqual([]);
      expect(report.passed).toBe(count);
    });

    it(`${name}: a changed expectation in any function's case is caught; ids play no part`, async () => {
      const file = load(name);
      file.cases.forEach((c, i) => (c.id = `renamed-${i}`));
      expect((await runSuite(suite(name), file)).failed).toBe(0);
      // Corrupt the first case of every function: each must fail, and nothing else.
      const firsts = new Map<string, Case>();
      for (const c of file.cases) if (!firsts.has(c.function)) firsts.set(c.function, c);
      for (const c of firsts.values()) {
        if (c.error === null && c.expected !== null && typeof c.expected === "object" && !Array.isArray(c.expected)) {
          const e = c.expected as Record<string, unknown>;
          const k = Object.keys(e)[0]!;
          e[k] = ["corrupted"];
        } else c.error = { type: "ValueError", message: "corrupted" };
      }
      const report = await runSuite(suite(name), file);
      expect(report.failed).toBe(firsts.size);
      expect(new Set(report.outcomes.filter((o) => !o.passed).map((o) => o.id))).toEqual(new Set([...firsts.values()].map((c) => c.id)));
    });
  }

  it("an unknown function name is a malformed file, not a failure", async () => {
    const file = load("patch");
    file.cases[0]!.function = "PatchCoder.something_else";
    await expect(runSuite(suite("patch"), file)).rejects.toThrow(VectorFormatError);
  });
});

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
