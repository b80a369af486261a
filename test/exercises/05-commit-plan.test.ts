/**
 * Graded tests for exercise 05 (commit_plan's set algebra). The trusted reference is lib's teaching model
 * (lib/git/teaching/commit-plan.ts), which agrees with the seed's Python.
 * The task: exercises/05-commit-plan/README.md; the student's file: exercises/05-commit-plan/commit-plan.ts.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { teachingCommitPlan as reference, type CommitPlanInput } from "../../lib/index.js";
import { expectSame } from "../../lib/grader/judge/compare.js";
import { exercise } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/05-commit-plan/commit-plan.js")>("05-commit-plan", "commit-plan.ts", { lib: ["pystr"] });

type Switches = Partial<Pick<CommitPlanInput, "autoCommits" | "dirtyCommits" | "gitEnabled" | "dryRun">>;

/** The reference plan without its constant `executesGit` field. */
function expected(dirty: readonly string[], edited: readonly string[], switches: Switches = {}): unknown {
  const { executesGit: _, ...plan } = reference({ dirtyFiles: dirty, editedFiles: edited, ...switches });
  return plan;
}

ex.test("the seed's example: app.py checkpointed before, app.py and new.py after, notes.md left alone", 2, ({ commitPlan }) => {
  const d = ["app.py", "notes.md"];
  const e = ["app.py", "new.py"];
  expectSame(commitPlan(d, e), expected(d, e), "D = {app.py, notes.md}, E = {app.py, new.py}");
});

ex.test("the seed's example with autoCommits off: no commit planned, the overlap listed as unprotected", 1, ({ commitPlan }) => {
  const d = ["app.py", "notes.md"];
  const e = ["app.py", "new.py"];
  expectSame(commitPlan(d, e, { autoCommits: false }), expected(d, e, { autoCommits: false }), "autoCommits: false");
});

ex.test("each switch: git disabled, a dry run, dirty-commits off", 2, ({ commitPlan }) => {
  const d = ["a.py", "b.py", "c.md"];
  const e = ["b.py", "c.md", "d.py"];
  for (const s of [{ gitEnabled: false }, { dryRun: true }, { dirtyCommits: false }, { dirtyCommits: false, dryRun: true }] as Switches[]) {
    expectSame(commitPlan(d, e, s), expected(d, e, s), `switches ${JSON.stringify(s)}`);
  }
});

ex.test("repeats and order: each file once, sorted by code point as Python sorts", 1, ({ commitPlan }) => {
  const d = ["z.py", "\u{1F600}.md", "a.py", "z.py", "\uFF5E.txt", "B.py"];
  const e = ["\uFF5E.txt", "a.py", "a.py", "\u{1F600}.md", "new.py"];
  expectSame(commitPlan(d, e), expected(d, e), "repeated, unsorted, non-ASCII names");
});

ex.test("edge cases: nothing dirty, nothing edited, everything both", 1, ({ commitPlan }) => {
  for (const [d, e] of [[[], ["a.py"]], [["a.py"], []], [[], []], [["a.py", "b.py"], ["b.py", "a.py"]]] as [string[], string[]][]) {
    expectSame(commitPlan(d, e), expected(d, e), `D = ${JSON.stringify(d)}, E = ${JSON.stringify(e)}`);
  }
});

const names: fc.Arbitrary<string[]> = fc.array(fc.constantFrom("a.py", "b.py", "c.py", "README.md", "\u{1F600}.py", "\uFF5E.py", "lib/x.ts"), { maxLength: 7 });
const switches = fc.record({ autoCommits: fc.boolean(), dirtyCommits: fc.boolean(), gitEnabled: fc.boolean(), dryRun: fc.boolean() }, { requiredKeys: [] });

ex.property("random sets and switches: the teaching model's plan", 2, ({ commitPlan }) => {
  fc.assert(
    fc.property(names, names, switches, (d, e, s) => {
      expectSame(commitPlan(d, e, s), expected(d, e, s), `D = ${JSON.stringify(d)}, E = ${JSON.stringify(e)}, switches ${JSON.stringify(s)}`);
    }),
    { numRuns: 200 },
  );
});

ex.property("the algebra holds: before ∪ unprotected = D ∩ E (disjoint), unrelated = D \\ E, after ⊆ E", 1, ({ commitPlan }) => {
  fc.assert(
    fc.property(names, names, switches, (d, e, s) => {
      const plan = commitPlan(d, e, s);
      const D = new Set(d);
      const E = new Set(e);
      const both = [...D].filter((f) => E.has(f)).sort();
      expect([...plan.beforeEdit, ...plan.overlapWithoutCheckpoint].sort(), "beforeEdit + overlapWithoutCheckpoint = D ∩ E").toEqual(both);
      expect([...plan.unrelatedDirty].sort(), "unrelatedDirty = D \\ E").toEqual([...D].filter((f) => !E.has(f)).sort());
      expect(plan.afterEdit.every((f) => E.has(f)), "afterEdit ⊆ E").toBe(true);
    }),
    { numRuns: 200 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
