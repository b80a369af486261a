import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradeReport, type ExerciseResult } from "../../lib/grader/results.js";
import { emptyState, exerciseState, loadState, recordGrade, saveState, stateProblem, withHintsShown, withReset } from "../../lib/grader/state.js";

const ex = (id: string, points: number, maxPoints: number): ExerciseResult => ({ id, title: id, points, maxPoints, tests: [] });

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

  it("hints and resets: reset starts the score over and keeps the hints unless asked", () => {
    let s = withHintsShown(recordGrade(emptyState(), gradeReport("exercises", [ex("01-a", 10, 10)]), new Date()), "01-a", 3);
    expect(exerciseState(withReset(s, "01-a", false), "01-a")).toMatchObject({ hintsShown: 3, done: false, bestPoints: 0 });
    s = withReset(s, "01-a", true);
    expect(exerciseState(s, "01-a").hintsShown).toBe(0);
  });

  it("saves and loads; a missing file is a fresh start and a corrupt one is reported and replaced", () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-state-"));
    const path = join(dir, "sub", "progress.json");
    expect(loadState(path)).toEqual(emptyState());
    const s = withHintsShown(emptyState(), "01-a", 2);
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
    const broken = (patch: Record<string, unknown>): unknown => ({ version: 1, exercises: { "01-a": { ...entry, ...patch } } });
    expect(stateProblem(broken({ bestPoints: 90, lastPoints: 90 }))).toMatch(/more points than its maximum \(12\)/);
    expect(stateProblem(broken({ done: true, bestPoints: 0, lastPoints: 0 }))).toMatch(/marked done without any points/);
    expect(stateProblem(broken({ hintsShown: -1 }))).toMatch(/hintsShown is not a whole number/);
    expect(stateProblem(broken({ lastPoints: 1.5 }))).toMatch(/lastPoints is not a whole number/);
    expect(stateProblem({ version: 2, exercises: {} })).toMatch(/version/);
    expect(stateProblem({ version: 1, exercises: { "../x": entry } })).toMatch(/not an exercise id/);
    const dir = mkdtempSync(join(tmpdir(), "wb-state-"));
    const path = join(dir, "progress.json");
    writeFileSync(path, JSON.stringify(broken({ bestPoints: 90, lastPoints: 90, maxPoints: 12, done: true })));
    const warnings: string[] = [];
    expect(loadState(path, (w) => warnings.push(w)), "not trusted").toEqual(emptyState());
    expect(warnings).toHaveLength(1);
  });
});
