import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teachingCommitPlan, WorkbenchInputError, type CommitPlanInput } from "../../../lib/index.js";
import { planInput } from "../../../lib/grader/judge/arbitraries.js";
import { readSeedFixture } from "../../reference/seed-fixtures.js";

describe("commitPlan — the seed page's worked example", () => {
  it("dirty app.py and notes.md, edits to app.py and new.py", () => {
    expect(teachingCommitPlan({ dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] })).toEqual({
      beforeEdit: ["app.py"],
      afterEdit: ["app.py", "new.py"],
      unrelatedDirty: ["notes.md"],
      overlapWithoutCheckpoint: [],
      executesGit: false,
    });
  });

  it("the same with autoCommits off: no commits, the overlap listed as unprotected", () => {
    expect(
      teachingCommitPlan({ dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"], autoCommits: false }),
    ).toEqual({
      beforeEdit: [],
      afterEdit: [],
      unrelatedDirty: ["notes.md"],
      overlapWithoutCheckpoint: ["app.py"],
      executesGit: false,
    });
  });
});

describe("commitPlan — laws", () => {
  const inter = (a: string[], b: string[]) => [...new Set(a)].filter((x) => b.includes(x));

  it("beforeEdit ⊆ dirty ∩ edited, and beforeEdit, overlapWithoutCheckpoint partition dirty ∩ edited", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const p = teachingCommitPlan(input);
        const overlap = inter([...input.dirtyFiles], [...input.editedFiles]);
        expect(p.beforeEdit.every((f) => overlap.includes(f))).toBe(true);
        expect(p.beforeEdit.filter((f) => p.overlapWithoutCheckpoint.includes(f))).toEqual([]);
        expect([...p.beforeEdit, ...p.overlapWithoutCheckpoint].sort()).toEqual([...overlap].sort());
      }),
    );
  });

  it("unrelatedDirty = dirty \\ edited", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const expected = [...new Set(input.dirtyFiles)].filter((f) => !input.editedFiles.includes(f));
        expect([...teachingCommitPlan(input).unrelatedDirty].sort()).toEqual(expected.sort());
      }),
    );
  });

  it("turning off git or auto-commits, or turning on dry run, empties both plans", () => {
    fc.assert(
      fc.property(planInput, fc.constantFrom("gitEnabled", "autoCommits", "dryRun"), (input, which) => {
        const p = teachingCommitPlan({ ...input, [which]: which === "dryRun" });
        expect(p.beforeEdit).toEqual([]);
        expect(p.afterEdit).toEqual([]);
      }),
    );
  });

  it("agrees exactly with the seed page's own Python (recorded in test/fixtures/seed-000/)", () => {
    const fixture = readSeedFixture<CommitPlanInput>("commit_plan.json");
    expect(fixture.cases.length).toBeGreaterThanOrEqual(300);
    let overlapsUnprotected = 0;
    for (const { input, expected } of fixture.cases) {
      const p = teachingCommitPlan(input);
      if ("error" in expected) throw new Error(`the seed raised ${expected.error} on ${JSON.stringify(input)}`);
      overlapsUnprotected += p.overlapWithoutCheckpoint.length > 0 ? 1 : 0;
      expect({
        before_edit: p.beforeEdit,
        after_edit: p.afterEdit,
        unrelated_dirty: p.unrelatedDirty,
        overlap_without_checkpoint: p.overlapWithoutCheckpoint,
        executes_git: p.executesGit,
      }).toEqual(expected.ok);
    }
    // the recorded inputs reach the switch-off branch, not only the plain one
    expect(overlapsUnprotected).toBeGreaterThan(20);
  });
});

describe("commitPlan — bad input", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["dirtyFiles not an array", { dirtyFiles: "app.py", editedFiles: [] }, /teachingCommitPlan: dirtyFiles must be an array/],
    ["editedFiles holding a number", { dirtyFiles: [], editedFiles: ["a", 2] }, /teachingCommitPlan: editedFiles\[1\] must be a string/],
    ["autoCommits not a boolean", { dirtyFiles: [], editedFiles: [], autoCommits: "yes" }, /teachingCommitPlan: autoCommits must be a boolean/],
    ["dryRun not a boolean", { dirtyFiles: [], editedFiles: [], dryRun: 1 }, /teachingCommitPlan: dryRun must be a boolean/],
    ["an unknown option", { dirtyFiles: [], editedFiles: [], dry_run: true }, /teachingCommitPlan: input.dry_run is not a known option/],
  ];
  it.each(cases)("%s", (_n, input, message) => {
    expect(() => teachingCommitPlan(input as unknown as CommitPlanInput)).toThrow(WorkbenchInputError);
    expect(() => teachingCommitPlan(input as unknown as CommitPlanInput)).toThrow(message);
  });
});
