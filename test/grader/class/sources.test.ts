import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises } from "../../../lib/grader/catalog.js";
import { LIB_COUNTERPARTS, sourcesFromFolder, sourcesFromStudents, type SkippedSource } from "../../../lib/grader/class/sources.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..", "..");
const tempDir = tempDirs();
const SOLUTION = readFileSync(join(ROOT, "solutions/01-pagerank/pagerank.ts"), "utf8");

function read(dir: string, options: { maxFileBytes?: number } = {}): { got: ReturnType<typeof sourcesFromFolder>; skipped: SkippedSource[] } {
  const skipped: SkippedSource[] = [];
  const got = sourcesFromFolder(ROOT, dir, { ...options, onSkip: (s) => skipped.push(s) });
  return { got, skipped };
}

describe("sourcesFromFolder", () => {
  it("reads each student's exercise files in either layout, then the solutions and the lib counterparts", () => {
    const dir = tempDir("sim-sources-");
    writeTree(dir, {
      "zed/exercises/01-pagerank/pagerank.ts": SOLUTION,
      "amy/01-pagerank/pagerank.ts": "export function pageRankStep() {}",
      "amy/02-symbol-budget/notes.txt": "not an exercise file",
      ".hidden/01-pagerank/pagerank.ts": SOLUTION,
      "bare/HEAD": "ref: refs/heads/main\n",
    });
    const { got, skipped } = read(dir);
    expect(skipped).toEqual([{ path: join(dir, "bare"), why: expect.stringContaining("no exercise file in it") }]);
    const students = got.filter((s) => s.kind === "student");
    expect(students.map((s) => [s.id, s.exercise, s.file])).toEqual([
      ["amy", "01-pagerank", "01-pagerank/pagerank.ts"],
      ["zed", "01-pagerank", "01-pagerank/pagerank.ts"],
    ]);
    expect(students[1]!.text).toBe(SOLUTION);
    const exercises = listExercises(ROOT);
    const solutions = got.filter((s) => s.kind === "solution");
    expect(solutions).toHaveLength(exercises.reduce((n, e) => n + e.files.length, 0));
    const libs = got.filter((s) => s.kind === "lib");
    expect(libs.map((s) => s.file)).toEqual(exercises.flatMap((e) => LIB_COUNTERPARTS[e.id] ?? []));
    for (const s of libs) expect(s.text).toBe(readFileSync(join(ROOT, s.file), "utf8"));
  });

  it("names every lib counterpart that exists in the checkout", () => {
    for (const files of Object.values(LIB_COUNTERPARTS)) for (const f of files) expect(readFileSync(join(ROOT, f), "utf8").length).toBeGreaterThan(100);
    for (const id of Object.keys(LIB_COUNTERPARTS)) expect(listExercises(ROOT).map((e) => e.id)).toContain(id);
  });

  it("skips, and names, a symlink out, a symlinked student folder, a FIFO, a big, binary or non-UTF-8 file, a bundle", () => {
    const dir = tempDir("sim-hostile-");
    writeTree(dir, {
      "inside/01-pagerank/real.ts": SOLUTION,
      "big/01-pagerank/pagerank.ts": "x".repeat(5000),
      "nul/01-pagerank/pagerank.ts": Buffer.from([0x61, 0, 0x62]),
      "latin/01-pagerank/pagerank.ts": Buffer.from([0x61, 0xe9, 0x62]),
      "dave.bundle": "bundle",
    });
    mkdirSync(join(dir, "out", "01-pagerank"), { recursive: true });
    symlinkSync(join(ROOT, "solutions/01-pagerank/pagerank.ts"), join(dir, "out/01-pagerank/pagerank.ts"));
    symlinkSync("real.ts", join(dir, "inside/01-pagerank/pagerank.ts"));
    symlinkSync(join(ROOT, "solutions"), join(dir, "linked"));
    mkdirSync(join(dir, "fifo", "01-pagerank"), { recursive: true });
    execFileSync("mkfifo", [join(dir, "fifo/01-pagerank/pagerank.ts")]); // reading it would block forever
    const { got, skipped } = read(dir, { maxFileBytes: 4096 });
    expect(got.filter((s) => s.kind === "student").map((s) => s.id)).toEqual(["inside"]);
    const why = Object.fromEntries(skipped.filter((s) => !s.why.startsWith("no exercise file")).map((s) => [s.path.slice(dir.length + 1).split("/")[0], s.why]));
    expect(why).toEqual({
      big: "over 4096 bytes (5000)",
      "dave.bundle": "a git bundle: unpack it first (grade-class does)",
      fifo: "not a regular file",
      latin: "not valid UTF-8",
      linked: "a symlink, not a student folder",
      nul: "binary (a NUL byte)",
      out: "a symlink that leaves its folder",
    });
  });

  it("checks its arguments", () => {
    const dir = tempDir("sim-args-");
    writeFileSync(join(dir, "file"), "");
    expect(() => sourcesFromFolder(ROOT, join(dir, "missing"))).toThrow(/submissionsDir/);
    expect(() => sourcesFromFolder(ROOT, join(dir, "file"))).toThrow(/submissionsDir/);
    expect(() => sourcesFromFolder(dir, dir)).toThrow(/root.*workbench checkout/);
    expect(() => sourcesFromFolder(ROOT, dir, { maxFileBytes: 0 })).toThrow(/maxFileBytes/);
    expect(() => sourcesFromFolder(ROOT, dir, { size: 1 } as never)).toThrow(/not a known option/);
  });
});

describe("sourcesFromStudents", () => {
  it("reads students given one by one, in the order given, from folders anywhere (grade-class's clones)", () => {
    const a = tempDir("sim-one-");
    const b = tempDir("sim-two-");
    writeTree(a, { "01-pagerank/pagerank.ts": SOLUTION });
    writeTree(b, { "exercises/01-pagerank/pagerank.ts": "export function pageRankStep() { return 1; }" });
    const got = sourcesFromStudents(ROOT, [{ id: "zed", dir: a }, { id: "amy", dir: b }, { id: "gone", dir: join(b, "missing") }]);
    const students = got.filter((s) => s.kind === "student");
    expect(students.map((s) => [s.id, s.file])).toEqual([["zed", "01-pagerank/pagerank.ts"], ["amy", "01-pagerank/pagerank.ts"]]);
    expect(students[0]!.text).toBe(SOLUTION);
    expect(got.filter((s) => s.kind === "solution").length).toBeGreaterThan(0);
  });

  it("checks its arguments, naming the parameter", () => {
    expect(() => sourcesFromStudents(ROOT, "x" as never)).toThrow(/sourcesFromStudents: students must be an array/);
    expect(() => sourcesFromStudents(ROOT, [{ id: 3 } as never])).toThrow(/students\[0\]\.id/);
  });
});
