/**
 * Exercise 05's wrong plans (lib/misconceptions/commit-plan.ts) on hand-picked dirty (D) and edited (E) files (seed
 * 000, knowledge point 3: with git, auto-commits and dirty-commits on and no dry run, checkpoint D ∩ E before the
 * edit; commit E after it unless dry run; leave D \ E; lists sorted by code point): each variant differs from lib's
 * where its mistake matters and agrees where it does not.
 */
import { describe, expect, it } from "vitest";
import { COMMIT_PLAN_MISCONCEPTIONS, COMMIT_PLAN_RIGHT } from "../../lib/misconceptions/commit-plan.js";
import { entry, expectEntries, rightFor } from "./entries.js";

const plan = rightFor(COMMIT_PLAN_RIGHT, "commitPlan");
const D = ["notes.md", "app.py"];
const E = ["new.py", "app.py"];
const RIGHT = { beforeEdit: ["app.py"], afterEdit: ["app.py", "new.py"], unrelatedDirty: ["notes.md"], overlapWithoutCheckpoint: [] };

describe("commitPlan variants", () => {
  it("the right plan checkpoints D ∩ E = app.py, commits E, leaves notes.md", () => {
    expect(plan.run(D, E, {})).toEqual(RIGHT);
    expect(plan.run(D, E)).toEqual(RIGHT);
  });

  it("05-checkpoint-union checkpoints D ∪ E; when D = E the union is the intersection", () => {
    const m = entry(COMMIT_PLAN_MISCONCEPTIONS, "05-checkpoint-union");
    expect(m.run(D, E, {})).toEqual({ ...RIGHT, beforeEdit: ["app.py", "new.py", "notes.md"] });
    expect(m.run(["app.py"], ["app.py"], {})).toEqual(plan.run(["app.py"], ["app.py"], {}));
  });

  it("05-checkpoint-difference checkpoints D \\ E and leaves app.py unprotected; with nothing dirty both are empty", () => {
    const m = entry(COMMIT_PLAN_MISCONCEPTIONS, "05-checkpoint-difference");
    expect(m.run(D, E, {})).toEqual({ ...RIGHT, beforeEdit: ["notes.md"], overlapWithoutCheckpoint: ["app.py"] });
    expect(m.run([], E, {})).toEqual(plan.run([], E, {}));
    expect(plan.run([], E, {})).toEqual({ beforeEdit: [], afterEdit: ["app.py", "new.py"], unrelatedDirty: [], overlapWithoutCheckpoint: [] });
  });

  it("05-dry-run-ignored commits in a dry run, where Aider commits nothing; without dry run it is right", () => {
    const m = entry(COMMIT_PLAN_MISCONCEPTIONS, "05-dry-run-ignored");
    expect(plan.run(["app.py"], ["app.py"], { dryRun: true })).toEqual({ beforeEdit: [], afterEdit: [], unrelatedDirty: [], overlapWithoutCheckpoint: ["app.py"] });
    expect(m.run(["app.py"], ["app.py"], { dryRun: true })).toEqual({ beforeEdit: ["app.py"], afterEdit: ["app.py"], unrelatedDirty: [], overlapWithoutCheckpoint: [] });
    expect(m.run(D, E, { dryRun: false })).toEqual(RIGHT);
  });

  it("05-dirty-commits-ignored checkpoints with dirty commits off; with them on it is right", () => {
    const m = entry(COMMIT_PLAN_MISCONCEPTIONS, "05-dirty-commits-ignored");
    expect(plan.run(D, E, { dirtyCommits: false })).toEqual({ ...RIGHT, beforeEdit: [], overlapWithoutCheckpoint: ["app.py"] });
    expect(m.run(D, E, { dirtyCommits: false })).toEqual(RIGHT);
    expect(m.run(D, E, { dirtyCommits: true })).toEqual(RIGHT);
  });

  it("05-utf16-order puts the emoji name first (UTF-16 D83D < FF5E), code points put U+FF5E first; ASCII names agree", () => {
    const m = entry(COMMIT_PLAN_MISCONCEPTIONS, "05-utf16-order");
    const names = ["\u{1F600}.py", "\uFF5E.py"];
    expect(plan.run(names, names, {})).toMatchObject({ beforeEdit: ["\uFF5E.py", "\u{1F600}.py"], afterEdit: ["\uFF5E.py", "\u{1F600}.py"] });
    expect(m.run(names, names, {})).toMatchObject({ beforeEdit: ["\u{1F600}.py", "\uFF5E.py"], afterEdit: ["\u{1F600}.py", "\uFF5E.py"] });
    expect(m.run(D, E, {})).toEqual(RIGHT);
  });
});

describe("exercise 05's entries", () => {
  it("are the catalogue's, all for commitPlan", () => {
    expectEntries("05-commit-plan", COMMIT_PLAN_MISCONCEPTIONS, COMMIT_PLAN_RIGHT);
  });
});
