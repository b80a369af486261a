/**
 * Git checkpoints: the seed page's commitPlan against the real git turn (lib/git, issue 5), on real repositories in
 * sandboxes. Where the plan speaks it is right: that property — commits hold exactly the plan's files with git and
 * auto commits on and no dry run, every difference a stated law — is test/git/aider/turn.property.test.ts. Here each
 * difference is a claim fast-check refutes, with the counterexample it found kept. Real git costs ~0.5 s a case, so
 * the runs stop at the first counterexample.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commitsEveryPlannedFile, dryRunCommitsNothing, gitCase, planOf, runCase, userChangesNotAttributedToAider, type GitCase } from "./git-laws.js";

interface Kept {
  readonly name: string;
  readonly seed: number;
  readonly path: string;
  readonly counterexample: GitCase;
  readonly shows: (c: GitCase) => Promise<void>;
}

const property = (dryRun: boolean, check: (c: GitCase) => Promise<string | null>) =>
  fc.asyncProperty(gitCase(dryRun), async (c) => {
    const why = await check(c);
    if (why !== null) throw new Error(why);
  });

/** Like lawRefuted (laws.ts), for the asynchronous git claims. */
function gitRefuted(statement: string, dryRun: boolean, check: (c: GitCase) => Promise<string | null>, kept: readonly Kept[]): void {
  describe(`refuted: ${statement}`, () => {
    it("fast-check finds a counterexample, whatever the seed", { timeout: 120_000 }, async () => {
      const d = await fc.check(property(dryRun, check), { numRuns: 30, endOnFailure: true });
      expect(d.failed, `no counterexample in 30 runs with seed ${d.seed}`).toBe(true);
    });
    for (const k of kept) {
      it(`regression: ${k.name} (seed ${k.seed})`, { timeout: 60_000 }, async () => {
        const d = await fc.check(property(dryRun, check), { seed: k.seed, path: k.path, endOnFailure: true });
        // a counterexample at all means the claim failed on it (the replay ran the check)
        expect(d.counterexample?.[0], `seed ${k.seed} and path ${k.path} no longer give the kept case; if gitCase changed, find it again`).toEqual(k.counterexample);
        await k.shows(k.counterexample);
      });
    }
  });
}

describe("git checkpoints: commitPlan and the real git turn", () => {
  gitRefuted("in a dry run the real turn commits nothing, as commitPlan says", true, dryRunCommitsNothing, [
    {
      name: "a staged change in the edited file is checkpointed although the edit itself is skipped",
      seed: 1,
      path: "0:0:1:2:3",
      counterexample: { states: ["clean", "staged"], chat: [], edits: [["b.py", "change"]], dirtyCommits: true, dryRun: true },
      async shows(c) {
        expect(planOf(c)).toMatchObject({ beforeEdit: [], afterEdit: [] });
        const { commits, aider } = await runCase(c);
        expect(commits.map((x) => x.files)).toEqual([["b.py"]]);
        expect(aider).toBeUndefined(); // the one commit is the user's (dirty_commit is not guarded by dry run)
      },
    },
  ]);

  gitRefuted("the real turn commits every file commitPlan lists in afterEdit", false, commitsEveryPlannedFile, [
    {
      name: "an edit that leaves its file as it was: in the plan's afterEdit, in no commit",
      seed: 2,
      path: "0:0:1",
      counterexample: { states: ["clean", "clean"], chat: [], edits: [["a.py", "same"]], dirtyCommits: false, dryRun: false },
      async shows(c) {
        expect(planOf(c).afterEdit).toEqual(["a.py"]);
        expect((await runCase(c)).commits).toEqual([]);
      },
    },
  ]);

  gitRefuted("a user's uncommitted change is never committed as Aider's", false, userChangesNotAttributedToAider, [
    {
      name: "without dirty commits a staged user change travels in Aider's commit",
      seed: 1,
      path: "3:0:1:2:2",
      counterexample: { states: ["clean", "staged"], chat: [], edits: [["b.py", "change"]], dirtyCommits: false, dryRun: false },
      async shows(c) {
        // the plan does say the overlap is unprotected; git shows what that means: Aider's commit holds both changes
        expect(planOf(c)).toMatchObject({ beforeEdit: [], afterEdit: ["b.py"], overlapWithoutCheckpoint: ["b.py"] });
        const { commits, aiderParent, aiderShow } = await runCase(c);
        expect(commits).toHaveLength(1);
        expect(aiderParent["b.py"]).toBe("b.py v0\n");
        expect(aiderShow["b.py"]).toBe("b.py v0\nuser staged\naider edit\n");
      },
    },
    {
      name: "without dirty commits the user's untracked file is first committed by Aider",
      seed: 2,
      path: "3:0:1:2",
      counterexample: { states: ["clean", "untracked"], chat: [], edits: [["b.py", "change"]], dirtyCommits: false, dryRun: false },
      async shows(c) {
        const { aiderParent, aiderShow } = await runCase(c);
        expect(aiderParent["b.py"]).toBeNull();
        expect(aiderShow["b.py"]).toBe("b.py untracked\naider edit\n");
      },
    },
  ]);
});
