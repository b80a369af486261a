/**
 * The resumability key changes with each thing a grade depends on, and a cache file that is not ours is set aside
 * (never trusted, never fatal).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_FILE, classSecret, gradeKey, loadCache, macMatches, reportMac, saveCache, SECRET_FILE, type GradeKeyInput } from "../../../lib/grader/class/cache.js";

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
    const ada = { key: "k", submissionHash: "sha256:1", submissionCommit: "c", mac: "0".repeat(64) };
    saveCache(dir, { version: 2, entries: { ada } });
    expect(loadCache(dir, (l) => notes.push(l)).entries).toEqual({ ada });
    expect(notes).toEqual([]);
    writeFileSync(join(dir, CACHE_FILE), JSON.stringify({ version: 2, entries: { ada: { key: "k", submissionHash: "sha256:1" } } }));
    expect(loadCache(dir, (l) => notes.push(l)).entries).toEqual({});
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/unreadable \(entry ada is malformed\); moved aside/);
    expect(existsSync(join(dir, CACHE_FILE))).toBe(false);
    expect(readdirSync(dir).some((f) => f.startsWith(`${CACHE_FILE}.bad-`))).toBe(true);
  });
});

describe("reportMac / macMatches", () => {
  const secret = Buffer.alloc(32, 7);
  const input = { id: "ada", key: "k1", files: [Buffer.from('{"points":3}\n'), Buffer.from("<xml/>")] };

  it("accepts the report as written and nothing else: an edit, another student, another key, another secret", () => {
    const mac = reportMac(secret, input);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(macMatches(secret, input, mac)).toBe(true);
    expect(macMatches(secret, { ...input, files: [Buffer.from('{"points":12}\n'), input.files[1]!] }, mac)).toBe(false);
    expect(macMatches(secret, { ...input, id: "bob" }, mac)).toBe(false);
    expect(macMatches(secret, { ...input, key: "k2" }, mac)).toBe(false);
    expect(macMatches(Buffer.alloc(32, 8), input, mac)).toBe(false);
    expect(macMatches(secret, input, "not hex")).toBe(false);
    expect(macMatches(secret, input, "")).toBe(false);
  });

  it("length-prefixes its parts: moving bytes from one file to the next changes the MAC", () => {
    const a = reportMac(secret, { ...input, files: [Buffer.from("ab"), Buffer.from("c")] });
    expect(reportMac(secret, { ...input, files: [Buffer.from("a"), Buffer.from("bc")] })).not.toBe(a);
  });

  it("refuses a short secret and files that are not Buffers, naming the parameter", () => {
    expect(() => reportMac(Buffer.alloc(8), input)).toThrow(/reportMac.*secret.*at least 16 bytes/);
    expect(() => reportMac(secret, { ...input, files: ["text" as unknown as Buffer] })).toThrow(/reportMac.*input\.files.*array of Buffers/);
  });
});

describe("classSecret", () => {
  it("is created once, 0600, and read back the same", () => {
    const root = mkdtempSync(join(tmpdir(), "wb-secret-"));
    const s1 = classSecret(root);
    expect(s1).toHaveLength(32);
    expect(statSync(join(root, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(classSecret(root).equals(s1)).toBe(true);
    expect(readFileSync(join(root, SECRET_FILE), "utf8")).toBe(s1.toString("hex"));
  });

  it("refuses a secret others can read, a link, and a file that is not one", () => {
    const root = mkdtempSync(join(tmpdir(), "wb-secret-bad-"));
    classSecret(root);
    chmodSync(join(root, SECRET_FILE), 0o644);
    expect(() => classSecret(root)).toThrow(/readable by its owner only \(mode 0600\)/);
    const linked = mkdtempSync(join(tmpdir(), "wb-secret-link-"));
    mkdirSync(join(linked, ".workbench"));
    symlinkSync(join(root, SECRET_FILE), join(linked, SECRET_FILE));
    expect(() => classSecret(linked)).toThrow(/not a link/);
    const short = mkdtempSync(join(tmpdir(), "wb-secret-short-"));
    mkdirSync(join(short, ".workbench"));
    writeFileSync(join(short, SECRET_FILE), "abc", { mode: 0o600 });
    expect(() => classSecret(short)).toThrow(/64-character/);
  });
});
