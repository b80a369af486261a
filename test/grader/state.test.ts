import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeReport, type ExerciseResult } from "../../lib/grader/results.js";
import { emptyState, exerciseState, loadState, recordGrade, saveState, stateProblem, withHintSeen, withReset } from "../../lib/grader/state.js";

const ex = (id: string, points: number, maxPoints: number): ExerciseResult => ({ id, title: id, points, maxPoints, tests: [] });
const test = (name: string, passed: boolean): ExerciseResult["tests"][number] => ({ name, kind: "example", passed, status: passed ? "passed" : "failed", points: passed ? 1 : 0, maxPoints: 1, message: passed ? "" : "wrong" });

describe("progress state", () => {
  it("records last and best points, and 'done' once full points were reached, which a regression does not undo", () => {
    const t1 = new Date("2026-01-01T00:00:00Z");
    let s = recordGrade(emptyState(), gradeReport("exercises", [ex("01-a", 4, 10), ex("02-b", 10, 10)]), t1);
    expect(exerciseState(s, "01-a")).toMatchObject({ lastPoints: 4, bestPoints: 4, done: false });
    expect(exerciseState(s, "02-b")).toMatchObject({ done: true, doneAt: t1.toISOString() });
    s = recordGrade(s, gradeReport("exercises", [ex("01-a", 2, 10), ex("02-b", 7, 10)]), new Date("2026-01-02T00:00:00Z"));
    expect(exerciseState(s, "01-a")).toMatchObject({ lastPoints: 2, bestPoints: 4, done: false });
    expect(exerciseState(s, "02-b")).toMatchObject({ lastPoints: 7, bestPoints: 10, done: true, doneAt: t1.toISOString() });
  });

  it("an exercise whose tests could not run leaves its progress alone", () => {
    const errored = { ...ex("01-a", 0, 0), error: "missing" };
    expect(recordGrade(emptyState(), gradeReport("exercises", [errored]), new Date()).exercises).toEqual({});
  });

  it("records the failing tests of the last grade, in report order", () => {
    const graded = { ...ex("01-a", 1, 3), tests: [test("one", false), test("two", true), test("three", false)] };
    const s = recordGrade(emptyState(), gradeReport("exercises", [graded]), new Date());
    expect(exerciseState(s, "01-a").failing).toEqual(["one", "three"]);
    const again = recordGrade(s, gradeReport("exercises", [{ ...graded, points: 3, tests: graded.tests.map((t) => ({ ...t, passed: true })) }]), new Date());
    expect(exerciseState(again, "01-a").failing).toEqual([]);
  });

  it("hints seen are a set of numbers; reset starts the score, the last grade and the hints over", () => {
    let s = recordGrade(emptyState(), gradeReport("exercises", [{ ...ex("01-a", 9, 10), tests: [test("x", false)] }]), new Date());
    for (const n of [3, 1, 3]) s = withHintSeen(s, "01-a", n);
    expect(exerciseState(s, "01-a").hintsSeen).toEqual([1, 3]);
    expect(() => withHintSeen(s, "01-a", 0)).toThrow(/number must be a hint number/);
    s = withReset(s, "01-a");
    expect(exerciseState(s, "01-a")).toEqual({ hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: 10 });
    expect(stateProblem(s)).toBeNull();
  });

  it("a version 1 file (a count of hints shown) is upgraded: n shown → hints 1…n seen, no grade's failures recorded", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-state-"));
    const path = join(dir, "progress.json");
    const v1 = { version: 1, exercises: { "01-a": { hintsShown: 2, done: true, doneAt: "2026-01-01T00:00:00.000Z", bestPoints: 10, lastPoints: 7, maxPoints: 10 }, "02-b": { hintsShown: 0, done: false, bestPoints: 0, lastPoints: 0, maxPoints: 0 } } };
    writeFileSync(path, JSON.stringify(v1));
    const warnings: string[] = [];
    const s = loadState(path, (w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(s).toEqual({
      version: 2,
      exercises: {
        "01-a": { hintsSeen: [1, 2], done: true, doneAt: "2026-01-01T00:00:00.000Z", bestPoints: 10, lastPoints: 7, maxPoints: 10 },
        "02-b": { hintsSeen: [], done: false, bestPoints: 0, lastPoints: 0, maxPoints: 0 },
      },
    });
    expect(stateProblem(s)).toBeNull();
    // A version 1 file is checked by version 1's rules before it is upgraded.
    expect(stateProblem({ version: 1, exercises: { "01-a": { ...v1.exercises["01-a"], hintsShown: -1 } } })).toMatch(/hintsShown is not a whole number/);
    expect(stateProblem({ version: 1, exercises: { "01-a": { ...v1.exercises["01-a"], hintsShown: 1e9 } } })).toMatch(/hintsShown is above 99/);
    expect(stateProblem({ version: 1, exercises: { "01-a": { ...v1.exercises["01-a"], hintsShown: undefined, hintsSeen: [1] } } })).toMatch(/hintsShown/);
  });

  it("saves and loads; a missing file is a fresh start and a corrupt one is reported and replaced", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-state-"));
    const path = join(dir, "sub", "progress.json");
    expect(loadState(path)).toEqual(emptyState());
    const s = withHintSeen(emptyState(), "01-a", 2);
    saveState(path, s);
    expect(loadState(path)).toEqual(s);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(s);
    writeFileSync(path, "{ not json");
    const warnings: string[] = [];
    expect(loadState(path, (w) => warnings.push(w))).toEqual(emptyState());
    expect(warnings[0]).toMatch(/not a valid progress file \(it is not JSON\); it was moved to .*progress\.json\.bad-.* and progress starts from scratch/);
    expect(readdirSync(join(dir, "sub")).filter((f) => f.includes(".bad-")).map((f) => readFileSync(join(dir, "sub", f), "utf8")), "the bad file is set aside, not lost").toEqual(["{ not json"]);
  });

  it("a progress file is validated: points above the maximum, done without full points, bad numbers are refused", () => {
    const valid = recordGrade(emptyState(), { target: "exercises", points: 3, maxPoints: 12, exercises: [{ id: "01-a", title: "", points: 3, maxPoints: 12, tests: [] }] }, new Date(0));
    expect(stateProblem(valid)).toBeNull();
    const entry = valid.exercises["01-a"]!;
    const broken = (patch: Record<string, unknown>): unknown => ({ version: 2, exercises: { "01-a": { ...entry, ...patch } } });
    expect(stateProblem(broken({ bestPoints: 90, lastPoints: 90 }))).toMatch(/more points than its maximum \(12\)/);
    expect(stateProblem(broken({ done: true, bestPoints: 0, lastPoints: 0 }))).toMatch(/marked done without any points/);
    expect(stateProblem(broken({ hintsSeen: 2 }))).toMatch(/hintsSeen is not a list/);
    expect(stateProblem(broken({ hintsSeen: [0] }))).toMatch(/hintsSeen holds 0, not a hint number 1…99/);
    expect(stateProblem(broken({ hintsSeen: [2, 1] }))).toMatch(/not ascending without repeats/);
    expect(stateProblem(broken({ hintsSeen: [1, 1] }))).toMatch(/not ascending without repeats/);
    expect(stateProblem(broken({ hintsSeen: ["1"] }))).toMatch(/hintsSeen holds "1"/);
    expect(stateProblem(broken({ failing: "a test" }))).toMatch(/failing is not a list/);
    expect(stateProblem(broken({ failing: ["a test", 3] }))).toMatch(/failing holds something that is not a test title/);
    expect(stateProblem(broken({ failing: [""] }))).toMatch(/failing holds something/);
    expect(stateProblem(broken({ lastPoints: 1.5 }))).toMatch(/lastPoints is not a whole number/);
    expect(stateProblem({ version: 3, exercises: {} })).toMatch(/version is not 1 or 2/);
    expect(stateProblem({ version: 2, exercises: { "../x": entry } })).toMatch(/not an exercise id/);
    expect(stateProblem({ version: 2, exercises: { "01-a": [entry] } })).toMatch(/01-a is not an object/);
    const dir = mkdtempSync(join(tmpdir(), "wb-state-"));
    const path = join(dir, "progress.json");
    writeFileSync(path, JSON.stringify(broken({ bestPoints: 90, lastPoints: 90, maxPoints: 12, done: true })));
    const warnings: string[] = [];
    expect(loadState(path, (w) => warnings.push(w)), "not trusted").toEqual(emptyState());
    expect(warnings).toHaveLength(1);
  });
});
