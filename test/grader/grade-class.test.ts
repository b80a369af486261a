/**
 * Issue 14's "must show" for `workbench grade-class`, through the real command: six submissions — two solved (a
 * folder and a git repository), two untouched stubs (a folder and a git bundle), one half-done, one hostile (an
 * endless loop at the top level of one exercise, the other a symbolic link to the reference solution) — give a
 * gradebook with six rows: full marks, zeros, the half-done points, zero for the hostile one. A second run grades
 * nothing again; changing one submission grades only that one.
 *
 * To keep it fast, only exercises 04 and 05 are graded (--exercise 04 --exercise 05): the half-done student has
 * 04 solved and 05 a stub. Points are compared with what the reference solutions' reports say, not typed in.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listExercises, selectExercises } from "../../lib/grader/catalog.js";
import type { GradeReport } from "../../lib/grader/results.js";
import { writeClass, type SyntheticStudent } from "./class/synthetic.js";
import { ROOT, runCli, SLOW } from "./run-grade.js";

const EXERCISES = selectExercises(listExercises(ROOT), ["04", "05"]);
const STUDENTS: readonly SyntheticStudent[] = [
  { id: "ada", kind: "solved", form: "folder" },
  { id: "bob", kind: "solved", form: "repository" },
  { id: "cy", kind: "stub", form: "bundle" },
  { id: "dee", kind: "stub", form: "folder" },
  { id: "eve", kind: "half", form: "folder" },
  { id: "mal", kind: "hostile", form: "folder" },
];

/** The gradebook parsed by Python's csv module (an independent reader). */
function readGradebook(path: string): Record<string, string>[] {
  const py = spawnSync("python3", ["-c", "import csv, json, sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='')))))", path], { encoding: "utf8" });
  expect(py.stderr).toBe("");
  return JSON.parse(py.stdout) as Record<string, string>[];
}

describe("workbench grade-class", () => {
  const subs = mkdtempSync(join(tmpdir(), "wb-class-subs-"));
  const out = join(mkdtempSync(join(tmpdir(), "wb-class-out-")), "results");
  writeClass(subs, STUDENTS, EXERCISES);
  const args = ["grade-class", subs, "--out", out, "--exercise", "04", "--exercise", "05", "--jobs", "2", "--timeout", "3000", "--allow-unconfined"];

  it("grades six submissions into a six-row gradebook: full marks, zeros, the half-done points, zero for the hostile", SLOW, async () => {
    const r = await runCli(args);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain("0 unchanged, 6 graded.");
    expect(r.err).toMatch(/\[6\/6\]/); // not a terminal: a line per finished student
    const rows = readGradebook(join(out, "gradebook.csv"));
    expect(rows.map((x) => x.student)).toEqual(["ada", "bob", "cy", "dee", "eve", "mal"]);
    const ada = JSON.parse(readFileSync(join(out, "ada", "report.json"), "utf8")) as GradeReport;
    const max = Object.fromEntries(ada.exercises.map((e) => [e.id, e.maxPoints]));
    const full = max["04-search-replace"]! + max["05-commit-plan"]!;
    // class grading runs the hidden tests (exercise 05 has one): they count, marked hidden in the report
    expect(ada.exercises.find((e) => e.id === "05-commit-plan")!.tests.some((t) => t.hidden === true)).toBe(true);
    expect(full).toBeGreaterThan(0);
    const by = Object.fromEntries(rows.map((x) => [x.student, x]));
    for (const id of ["ada", "bob"]) expect([by[id]!.total, by[id]!.max], id).toEqual([String(full), String(full)]);
    for (const id of ["cy", "dee", "mal"]) expect(by[id]!.total, id).toBe("0");
    expect([by.eve!["04-search-replace"], by.eve!["05-commit-plan"], by.eve!.total]).toEqual([String(max["04-search-replace"]), "0", String(max["04-search-replace"])]);
    // who and what: the commit for git submissions, the content hash for folders; the grader; the seed
    const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: join(subs, "bob"), encoding: "utf8" }).trim();
    expect(by.bob!.submission).toBe(commit);
    expect(by.cy!.submission).toMatch(/^[0-9a-f]{40}$/);
    expect(by.ada!.submission).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(by.ada!.seed).toBe("20261130");
    expect(by.ada!.grader_version).toMatch(/^\d+\.\d+\.\d+/);
    for (const s of STUDENTS) {
      const report = JSON.parse(readFileSync(join(out, s.id, "report.json"), "utf8")) as GradeReport;
      expect(report.provenance?.student).toBe(s.id);
      expect(readFileSync(join(out, s.id, "report.xml"), "utf8")).toContain(`<property name="student" value="${s.id}"/>`);
    }
    // the hostile one: the loop was cut off, the link to the solution refused
    const mal = JSON.parse(readFileSync(join(out, "mal", "report.json"), "utf8")) as GradeReport;
    expect(mal.exercises[0]!.tests[0]!.message).toMatch(/cut off/);
    expect(mal.exercises[1]!.tests[0]!.message).toMatch(/link to the reference solutions/);
    const html = readFileSync(join(out, "summary.html"), "utf8");
    expect(html).toContain("<svg");
    expect(html).toMatch(/Tests by share of the class failing them/);
    const md = readFileSync(join(out, "summary.md"), "utf8");
    expect(md).toMatch(/6 students, 6 graded/);
    // the similarity report, over every checked-out submission (bob's repository was cloned to a temporary folder)
    const similar = md.slice(md.indexOf("Similar submissions"));
    expect(md.indexOf("Similar submissions"), "the summary has the similarity section").toBeGreaterThan(0);
    expect(similar).toMatch(/never an automatic penalty/i);
    expect(similar).toMatch(/\bada\b/);
    expect(similar).toMatch(/\bbob\b/);
    expect(similar, "an untouched stub is never compared").not.toMatch(/\bdee\b/);
    expect(html).toContain("Similar submissions");
  });

  it("a second run grades nothing again; a changed submission alone is graded", SLOW, async () => {
    const before = readFileSync(join(out, "gradebook.csv"), "utf8");
    const again = await runCli(args);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain("6 unchanged, 0 graded.");
    expect(readFileSync(join(out, "gradebook.csv"), "utf8")).toBe(before);
    const e = EXERCISES[1]!;
    writeFileSync(join(subs, "dee", e.id, e.files[0]!), readFileSync(join(e.solutionDir!, e.files[0]!), "utf8"));
    const third = await runCli(args);
    expect(third.out).toContain("5 unchanged, 1 graded.");
    const dee = readGradebook(join(out, "gradebook.csv")).find((x) => x.student === "dee")!;
    expect(dee[e.id]).not.toBe("0");
    expect(existsSync(join(out, "grade-class-cache.json"))).toBe(true);
  });
});
