/**
 * The submission's content hash (reports' provenance, grade-class's cache key): it changes with a file's content,
 * name or kind, ignores .git / node_modules / .workbench, never reads through a symbolic link (a link out of the
 * submission is hashed as its text), and refuses a submission past its limits. Student ids follow one rule.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GradingError } from "../../lib/core/errors.js";
import { graderVersion, HASH_LIMITS, isStudentId, submissionHash } from "../../lib/grader/provenance.js";
import { ROOT } from "./run-grade.js";

describe("submissionHash", () => {
  it("changes with content, names and links; not with skipped folders", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-hash-"));
    mkdirSync(join(dir, "01-a"));
    writeFileSync(join(dir, "01-a", "a.ts"), "export const a = 1;\n");
    const h0 = submissionHash(dir);
    expect(h0).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(submissionHash(dir)).toBe(h0);
    for (const skipped of [".git", "node_modules", ".workbench"]) {
      mkdirSync(join(dir, skipped));
      writeFileSync(join(dir, skipped, "x"), "noise");
    }
    expect(submissionHash(dir)).toBe(h0);
    writeFileSync(join(dir, "01-a", "a.ts"), "export const a = 2;\n");
    const h1 = submissionHash(dir);
    expect(h1).not.toBe(h0);
    renameSync(join(dir, "01-a", "a.ts"), join(dir, "01-a", "b.ts"));
    expect(submissionHash(dir)).not.toBe(h1);
    const outside = mkdtempSync(join(tmpdir(), "wb-hash-out-"));
    writeFileSync(join(outside, "secret.ts"), "one");
    symlinkSync(join(outside, "secret.ts"), join(dir, "01-a", "link.ts"));
    const h2 = submissionHash(dir);
    writeFileSync(join(outside, "secret.ts"), "two"); // what the link points at is never read
    expect(submissionHash(dir)).toBe(h2);
    rmSync(join(dir, "01-a", "link.ts"));
    writeFileSync(join(dir, "01-a", "link.ts"), join(outside, "secret.ts")); // a file with the link's text is not the link
    expect(submissionHash(dir)).not.toBe(h2);
  });

  it("refuses a submission with more files than its limit", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-hash-many-"));
    for (let i = 0; i <= HASH_LIMITS.files; i++) writeFileSync(join(dir, `f${i}`), "");
    expect(() => submissionHash(dir)).toThrow(GradingError);
  });
});

describe("graderVersion and student ids", () => {
  it("reads the package version and, in a git work tree, the commit", () => {
    const v = graderVersion(ROOT);
    expect(v.version).toMatch(/^\d+\.\d+\.\d+/);
    if (v.commit !== undefined) expect(v.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(graderVersion(mkdtempSync(join(tmpdir(), "wb-nover-")))).toEqual({ version: "unknown" });
  });

  it("accepts folder-safe ids only", () => {
    expect(["ada", "s-01", "A.b_c", "x".repeat(64)].every(isStudentId)).toBe(true);
    expect(["", ".ada", "-x", "a b", "a/b", "é", "x".repeat(65), "=1+1"].some(isStudentId)).toBe(false);
  });
});
