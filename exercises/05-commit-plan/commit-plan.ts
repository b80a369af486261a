/**
 * Exercise 05 — `commit_plan`'s set algebra (seed 000, knowledge point 3).
 *
 * With D = the user's dirty files and E = the files this turn edits (already allowed to be edited), and the
 * switches on (git enabled, auto-commits, not a dry run):
 *   before the edit   commit D ∩ E        (checkpoint the user's own changes to the files about to be edited;
 *                                          only when dirty-commits is on too)
 *   after the edit    commit E
 *   left alone        D \ E               (the user's unrelated work is never swept into a commit)
 *   unprotected       (D ∩ E) \ before    (dirty files edited with no checkpoint first)
 * Every list is sorted as Python sorts strings (by code point) and has no repeats.
 * Read exercises/05-commit-plan/README.md first; grade with `npm run -s workbench -- grade 05`.
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
  // Exercise 05: your code goes here, in place of the throw (hints: `npm run -s workbench -- hint 05`).
  throw new Error("not implemented: commitPlan");
}
