import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitPlan, WorkbenchInputError, type CommitPlanInput } from "../../../lib/index.js";
import { runSeedPython } from "../../reference/seed-python.js";

const file = fc.constantFrom("app.py", "notes.md", "new.py", "lib/x.py", "README", "é.txt", "\u{1F600}.md", "\uFF5E.md");
const planInput: fc.Arbitrary<CommitPlanInput> = fc.record({
  dirtyFiles: fc.array(file, { maxLength: 6 }),
  editedFiles: fc.array(file, { maxLength: 6 }),
  autoCommits: fc.boolean(),
  dirtyCommits: fc.boolean(),
  gitEnabled: fc.boolean(),
  dryRun: fc.boolean(),
});

describe("commitPlan — the seed page's worked example", () => {
  it("dirty app.py and notes.md, edits to app.py and new.py", () => {
    expect(commitPlan({ dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"] })).toEqual({
      beforeEdit: ["app.py"],
      afterEdit: ["app.py", "new.py"],
      unrelatedDirty: ["notes.md"],
      overlapWithoutCheckpoint: [],
      executesGit: false,
    });
  });

  it("the same with autoCommits off: no commits, the overlap listed as unprotected", () => {
    expect(
      commitPlan({ dirtyFiles: ["app.py", "notes.md"], editedFiles: ["app.py", "new.py"], autoCommits: false }),
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
        const p = commitPlan(input);
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
        expect([...commitPlan(input).unrelatedDirty].sort()).toEqual(expected.sort());
      }),
    );
  });

  it("turning off git or auto-commits, or turning on dry run, empties both plans", () => {
    fc.assert(
      fc.property(planInput, fc.constantFrom("gitEnabled", "autoCommits", "dryRun"), (input, which) => {
        const p = commitPlan({ ...input, [which]: which === "dryRun" });
        expect(p.beforeEdit).toEqual([]);
        expect(p.afterEdit).toEqual([]);
      }),
    );
  });

  it("agrees exactly with the seed page's own Python", () => {
    const inputs = fc.sample(planInput, { numRuns: 300, seed: 5 });
    const ref = runSeedPython(
      inputs.map((i) => ({
        fn: "commit_plan" as const,
        kw: {
          dirty_files: i.dirtyFiles,
          edited_files: i.editedFiles,
          auto_commits: i.autoCommits,
          dirty_commits: i.dirtyCommits,
          git_enabled: i.gitEnabled,
          dry_run: i.dryRun,
        },
      })),
    );
    inputs.forEach((input, n) => {
      const p = commitPlan(input);
      expect({
        before_edit: p.beforeEdit,
        after_edit: p.afterEdit,
        unrelated_dirty: p.unrelatedDirty,
        overlap_without_checkpoint: p.overlapWithoutCheckpoint,
        executes_git: p.executesGit,
      }).toEqual((ref[n] as { ok: unknown }).ok);
    });
  });
});

describe("commitPlan — bad input", () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["dirtyFiles not an array", { dirtyFiles: "app.py", editedFiles: [] }, /commitPlan: dirtyFiles must be an array/],
    ["editedFiles holding a number", { dirtyFiles: [], editedFiles: ["a", 2] }, /commitPlan: editedFiles\[1\] must be a string/],
    ["autoCommits not a boolean", { dirtyFiles: [], editedFiles: [], autoCommits: "yes" }, /commitPlan: autoCommits must be a boolean/],
    ["dryRun not a boolean", { dirtyFiles: [], editedFiles: [], dryRun: 1 }, /commitPlan: dryRun must be a boolean/],
    ["an unknown option", { dirtyFiles: [], editedFiles: [], dry_run: true }, /commitPlan: input.dry_run is not a known option/],
  ];
  it.each(cases)("%s", (_n, input, message) => {
    expect(() => commitPlan(input as unknown as CommitPlanInput)).toThrow(WorkbenchInputError);
    expect(() => commitPlan(input as unknown as CommitPlanInput)).toThrow(message);
  });
});
