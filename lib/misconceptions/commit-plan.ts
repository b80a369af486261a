/**
 * Exercise 05's misconceptions: wrong set algebra for `commit_plan` (seed 000, knowledge point 3), beside lib's
 * teaching model (lib/git/teaching/commit-plan.ts), called with the student's signature.
 */
import { compareCodePoints } from "../core/pystr.js";
import { teachingCommitPlan, type CommitPlanInput } from "../git/teaching/commit-plan.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "05-commit-plan";
const NOTEBOOK = "05-git-checkpoints.ipynb";
const SEED = "seed 000, knowledge point 3 (commit_plan: checkpoint D ∩ E, commit E, leave D \\ E)";
type Switches = Partial<Pick<CommitPlanInput, "autoCommits" | "dirtyCommits" | "gitEnabled" | "dryRun">>;
type Files = readonly string[];
interface FilePlan {
  beforeEdit: string[];
  afterEdit: string[];
  unrelatedDirty: string[];
  overlapWithoutCheckpoint: string[];
}

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort(compareCodePoints);

/** lib's plan without its `executesGit` marker: the student's `FilePlan`. */
function plan(dirty: Files, edited: Files, switches: Switches): FilePlan {
  const { beforeEdit, afterEdit, unrelatedDirty, overlapWithoutCheckpoint } = teachingCommitPlan({ dirtyFiles: dirty, editedFiles: edited, ...switches });
  return { beforeEdit, afterEdit, unrelatedDirty, overlapWithoutCheckpoint };
}

/** The plan with the checkpoint replaced by `checkpoint(D, E)` whenever lib's plan makes one. */
function withCheckpoint(dirty: Files, edited: Files, switches: Switches, checkpoint: (d: Set<string>, e: Set<string>) => string[]): FilePlan {
  const right = plan(dirty, edited, switches);
  const s = { autoCommits: true, dirtyCommits: true, gitEnabled: true, dryRun: false, ...switches };
  if (!(s.autoCommits && s.dirtyCommits && s.gitEnabled && !s.dryRun)) return right;
  const before = sorted(checkpoint(new Set(dirty), new Set(edited)));
  const overlap = right.beforeEdit.concat(right.overlapWithoutCheckpoint);
  return { ...right, beforeEdit: before, overlapWithoutCheckpoint: sorted(overlap.filter((f) => !before.includes(f))) };
}

export const COMMIT_PLAN_RIGHT: readonly RightAnswer[] = [
  rightAnswer({ exercise: EXERCISE, fn: "commitPlan", tolerance: 0, run: (d: Files, e: Files, s: Switches = {}) => plan(d, e, s) }),
];

export const COMMIT_PLAN_MISCONCEPTIONS: readonly Misconception[] = [
  misconception({
    id: "05-checkpoint-union",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "D ∪ E as the checkpoint",
    explanation:
      "The commit before the edit takes every dirty file and every file to be edited. Unrelated dirty work (D \\ E) is " +
      "swept into an Aider commit, and clean files have nothing to checkpoint. The checkpoint is D ∩ E: the user's " +
      "own changes to exactly the files about to be edited.",
    notebook: { file: NOTEBOOK, section: "1. The set algebra" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => withCheckpoint(d, e, s, (D, E) => [...D, ...E]),
  }),
  misconception({
    id: "05-checkpoint-all-dirty",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "all of D as the checkpoint (the `git commit -a` instinct)",
    explanation:
      "The commit before the edit takes every dirty file, as `git commit -a` would. The user's unrelated work (D \\ E) " +
      "is then swept into an Aider commit it has nothing to do with. The checkpoint is D ∩ E: only the dirty files " +
      "the turn is about to edit; D \\ E is left alone.",
    notebook: { file: NOTEBOOK, section: "1. The set algebra" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => withCheckpoint(d, e, s, (D) => [...D]),
  }),
  misconception({
    id: "05-checkpoint-difference",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "D − E as the checkpoint",
    explanation:
      "The commit before the edit takes the dirty files the turn does NOT edit: it commits the user's unrelated work " +
      "and leaves the edited dirty files unprotected — the opposite of a checkpoint, which is D ∩ E.",
    notebook: { file: NOTEBOOK, section: "1. The set algebra" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => withCheckpoint(d, e, s, (D, E) => [...D].filter((f) => !E.has(f))),
  }),
  misconception({
    id: "05-dry-run-ignored",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "dry-run ignored",
    explanation:
      "With dryRun on, the plan still commits before and after the edit. A dry run writes nothing, so Aider makes no " +
      "commit at all: both lists are empty and the dirty edited files are listed as unprotected.",
    notebook: { file: NOTEBOOK, section: "2. The switches" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => plan(d, e, { ...s, dryRun: false }),
  }),
  misconception({
    id: "05-dirty-commits-ignored",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "dirty-commits ignored",
    explanation:
      "With dirtyCommits off, the plan still checkpoints D ∩ E before the edit. That switch exists to turn the " +
      "checkpoint off: the after-edit commit stays, and the dirty edited files are then unprotected.",
    notebook: { file: NOTEBOOK, section: "2. The switches" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => plan(d, e, { ...s, dirtyCommits: true }),
  }),
  misconception({
    id: "05-utf16-order",
    exercise: EXERCISE,
    fn: "commitPlan",
    title: "lists not sorted by code point (JavaScript's default sort)",
    explanation:
      "The lists are sorted with JavaScript's default sort, by UTF-16 units: a name with an emoji lands before one " +
      "with U+FF5E. Python sorts strings by code point, and the plan must read the same as Aider's.",
    notebook: { file: NOTEBOOK, section: "1. The set algebra" },
    seed: SEED,
    run: (d: Files, e: Files, s: Switches = {}) => {
      const p = plan(d, e, s);
      const js = (xs: string[]): string[] => [...xs].sort();
      return { beforeEdit: js(p.beforeEdit), afterEdit: js(p.afterEdit), unrelatedDirty: js(p.unrelatedDirty), overlapWithoutCheckpoint: js(p.overlapWithoutCheckpoint) };
    },
  }),
];
