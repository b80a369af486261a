/**
 * Exercise 05 — `commit_plan`'s set algebra (seed 000, knowledge point 3: `commit_plan` and the app.py / notes.md /
 * new.py example; notebook 05).
 *
 * D = the user's dirty files, E = the files this turn edits. Return which files Aider commits before the edit
 * (the checkpoint of the user's own changes), which after it, which dirty files it leaves alone, and which dirty
 * files get edited with no checkpoint first — for any setting of the four switches. Which set is which, and which
 * switch gates what, is the exercise: derive it from the seed. Every list is sorted as Python sorts strings (by
 * code point) and has no repeats.
 * Read exercises/05-commit-plan/README.md first; grade with `npm run -s workbench -- grade 05`.
 * Graded by test/exercises/05-commit-plan.test.ts (this file is exercises/05-commit-plan/commit-plan.ts).
 */
import { pystr } from "@aider-workbench/lib";

export interface CommitSwitches {
  autoCommits: boolean;
  dirtyCommits: boolean;
  gitEnabled: boolean;
  dryRun: boolean;
}

export interface FilePlan {
  beforeEdit: string[];
  afterEdit: string[];
  unrelatedDirty: string[];
  overlapWithoutCheckpoint: string[];
}

/** Aider's defaults: auto-commits and dirty-commits on, git enabled, not a dry run. */
export const DEFAULT_SWITCHES: Readonly<CommitSwitches> = Object.freeze({ autoCommits: true, dirtyCommits: true, gitEnabled: true, dryRun: false });

/** The plan for one turn; `switches` may set any subset of the switches (the rest are the defaults). */
export function commitPlan(dirtyFiles: readonly string[], editedFiles: readonly string[], switches: Partial<CommitSwitches> = {}): FilePlan {
  // BEGIN SOLUTION
  const { autoCommits, dirtyCommits, gitEnabled, dryRun } = { ...DEFAULT_SWITCHES, ...switches };
  const dirty = new Set(dirtyFiles);
  const edited = new Set(editedFiles);
  const sorted = (xs: Iterable<string>): string[] => [...xs].sort(pystr.compareCodePoints);
  const enabled = gitEnabled && autoCommits && !dryRun;
  const overlap = [...dirty].filter((f) => edited.has(f));
  const before = enabled && dirtyCommits ? overlap : [];
  return {
    beforeEdit: sorted(before),
    afterEdit: enabled ? sorted(edited) : [],
    unrelatedDirty: sorted([...dirty].filter((f) => !edited.has(f))),
    overlapWithoutCheckpoint: sorted(overlap.filter((f) => !before.includes(f))),
  };
  // END SOLUTION
}
