/**
 * The resumability key changes with each thing a grade depends on, and a cache file that is not ours is set aside
 * (never trusted, never fatal).
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_FILE, gradeKey, loadCache, saveCache, type GradeKeyInput } from "../../../lib/grader/class/cache.js";

const BASE: GradeKeyInput = { submissionHash: "sha256:1", grader: { version: "0.1.0", commit: "a" }, graderFingerprint: "f", seed: 1, timeoutMs: 5000, exercises: ["01-a", "02-b"], hidden: false };

describe("gradeKey", () => {
  it("is the same for the same inputs (exercise order aside) and differs when any one changes", () => {
    expect(gradeKey({ ...BASE, exercises: ["02-b", "01-a"] })).toBe(gradeKey(BASE));
    const changed: GradeKeyInput[] = [
      { ...BASE, submissionHash: "sha256:2" },
      { ...BASE, grader: { version: "0.2.0", commit: "a" } },
      { ...BASE, grader: { version: "0.1.0", commit: "b" } },
      { ...BASE, grader: { version: "0.1.0" } },
      { ...BASE, graderFingerprint: "g" },
      { ...BASE, seed: 2 },
      { ...BASE, timeoutMs: 4000 },
      { ...BASE, exercises: ["01-a"] },
      { ...BASE, hidden: true },
    ];
    const keys = new Set([gradeKey(BASE), ...changed.map(gradeKey)]);
    expect(keys.size).toBe(changed.length + 1);
  });
});

describe("loadCache / saveCache", () => {
  it("round-trips, and moves a bad file aside with a note", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-cache-"));
    const notes: string[] = [];
    expect(loadCache(dir, (l) => notes.push(l)).entries).toEqual({});
    saveCache(dir, { version: 1, entries: { ada: { key: "k", submissionHash: "sha256:1", submissionCommit: "c" } } });
    expect(loadCache(dir, (l) => notes.push(l)).entries).toEqual({ ada: { key: "k", submissionHash: "sha256:1", submissionCommit: "c" } });
    expect(notes).toEqual([]);
    writeFileSync(join(dir, CACHE_FILE), JSON.stringify({ version: 1, entries: { ada: { key: 3 } } }));
    expect(loadCache(dir, (l) => notes.push(l)).entries).toEqual({});
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/unreadable \(entry ada is malformed\); moved aside/);
    expect(existsSync(join(dir, CACHE_FILE))).toBe(false);
    expect(readdirSync(dir).some((f) => f.startsWith(`${CACHE_FILE}.bad-`))).toBe(true);
  });
});
