/**
 * The gradebook's CSV: read back by Python's csv module (an independent reader) it gives the same cells; text a
 * spreadsheet would run as a formula is defused; numbers stay numbers; a row without a report says why.
 */
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, gradebookCsv, type ClassRow } from "../../../lib/grader/class/gradebook.js";
import { gradeReport, type ExerciseResult } from "../../../lib/grader/results.js";

const parse = (csv: string): string[][] => {
  const py = spawnSync("python3", ["-c", "import csv, io, json, sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline='')))))"], { input: csv, encoding: "utf8" });
  expect(py.stderr).toBe("");
  return JSON.parse(py.stdout) as string[][];
};

const ex = (id: string, points: number, maxPoints: number, error?: string): ExerciseResult => ({ id, title: id, points, maxPoints, tests: [], ...(error ? { error } : {}) });

describe("csvCell", () => {
  it("round-trips any text through a CSV reader, formula-looking text prefixed with a quote", () => {
    const lead = fc.constantFrom("", "=", "+", "-", "@", "\t", "\r", " ", "\n", '"', ",");
    fc.assert(
      fc.property(fc.array(fc.tuple(lead, fc.string({ unit: "grapheme", maxLength: 20 })).map(([a, b]) => a + b), { minLength: 1, maxLength: 40 }), (texts) => {
        const cells = parse(texts.map((t) => `${csvCell(t)},x\r\n`).join(""));
        const risky = (t: string): boolean => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(t);
        expect(cells).toEqual(texts.map((t) => [risky(t) ? `'${t}` : t, "x"]));
      }),
      { numRuns: 8 },
    );
  });

  it("writes numbers as numbers (no quote even when negative)", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(12.5)).toBe("12.5");
    expect(csvCell(Number.NaN)).toBe("");
  });
});

describe("gradebookCsv", () => {
  it("has one row per student with each exercise's points, the total, the max and the provenance; a broken one says why", () => {
    const report = gradeReport("alice", [ex("01-a", 4, 10), ex("02-b", 10, 10)]);
    report.provenance = { student: "alice", submissionHash: "sha256:ab", submissionCommit: "c0ffee", grader: { version: "1.2.3", commit: "0123456789abcdef" }, seed: 7, timeoutMs: 5000, startedAt: "2026-01-01T00:00:00.000Z", durationMs: 10 };
    const errored = gradeReport("bob", [ex("01-a", 0, 10, "its graded tests are missing"), ex("02-b", 3, 10)]);
    errored.provenance = { ...report.provenance, student: "bob", submissionCommit: undefined as never };
    delete errored.provenance.submissionCommit;
    const rows: ClassRow[] = [
      { id: "alice", status: "graded", report },
      { id: "bob", status: "unchanged", report: errored },
      { id: "=cmd|' /C calc'!A0", status: "not graded", problem: "-is not a git bundle, \"really\"\nsecond line" },
    ];
    const cells = parse(gradebookCsv(rows, ["01-a", "02-b"]));
    expect(cells[0]).toEqual(["student", "01-a", "02-b", "total", "max", "grader_version", "seed", "submission", "graded_at", "problem"]);
    expect(cells[1]).toEqual(["alice", "4", "10", "14", "20", "1.2.3 (0123456789ab)", "7", "c0ffee", "2026-01-01T00:00:00.000Z", ""]);
    expect(cells[2]).toEqual(["bob", "0", "3", "3", "20", "1.2.3 (0123456789ab)", "7", "sha256:ab", "2026-01-01T00:00:00.000Z", "01-a: its graded tests are missing"]);
    expect(cells[3]).toEqual(["'=cmd|' /C calc'!A0", "", "", "", "", "", "", "", "", "'-is not a git bundle, \"really\"\nsecond line"]);
    expect(cells).toHaveLength(4);
  });
});
