/**
 * The seed page's teaching `commit_plan` (seed 000, knowledge point 3): file-level set algebra for one turn.
 * With D = the user's dirty files and E = the files this turn edits (already allowed), the checkpoint before the
 * edit covers D ∩ E, the commit after it covers E, and D \ E is left alone. It never reads or runs git
 * (`executesGit: false`); `aider/turn.ts` beside it runs a real turn for comparison.
 */
import { compareCodePoints } from "../../core/pystr.js";
import { rejectUnknownKeys, requireBoolean, requireRecord, requireStringArray } from "../../core/validate.js";

export interface CommitPlanInput {
  dirtyFiles: readonly string[];
  editedFiles: readonly string[];
  autoCommits?: boolean;
  dirtyCommits?: boolean;
  gitEnabled?: boolean;
  dryRun?: boolean;
}

export interface CommitPlan {
  /** Files committed before the edit (the user's changes, checkpointed): D ∩ E when enabled. */
  beforeEdit: string[];
  /** Files committed after the edit: E when enabled. */
  afterEdit: string[];
  /** The user's dirty files this turn does not touch: D \ E. */
  unrelatedDirty: string[];
  /** Dirty files the turn edits with no checkpoint before: (D ∩ E) \ beforeEdit. */
  overlapWithoutCheckpoint: string[];
  /** Always false: the plan is a prediction, nothing runs. */
  executesGit: false;
}

export const COMMIT_PLAN_DEFAULTS = Object.freeze({ autoCommits: true, dirtyCommits: true, gitEnabled: true, dryRun: false });

const WHERE = "teachingCommitPlan";
const sorted = (s: Iterable<string>): string[] => [...s].sort(compareCodePoints);

/** The page's `commit_plan`. */
export function teachingCommitPlan(input: CommitPlanInput): CommitPlan {
  const opts = requireRecord(WHERE, "input", input);
  rejectUnknownKeys(WHERE, "input", opts, ["dirtyFiles", "editedFiles", "autoCommits", "dirtyCommits", "gitEnabled", "dryRun"]);
  const dirty = new Set(requireStringArray(WHERE, "dirtyFiles", input.dirtyFiles));
  const edited = new Set(requireStringArray(WHERE, "editedFiles", input.editedFiles));
  const { autoCommits, dirtyCommits, gitEnabled, dryRun } = { ...COMMIT_PLAN_DEFAULTS, ...stripUndefined(input) };
  requireBoolean(WHERE, "autoCommits", autoCommits);
  requireBoolean(WHERE, "dirtyCommits", dirtyCommits);
  requireBoolean(WHERE, "gitEnabled", gitEnabled);
  requireBoolean(WHERE, "dryRun", dryRun);
  const enabled = gitEnabled && autoCommits && !dryRun;
  const overlap = [...dirty].filter((f) => edited.has(f));
  const before = enabled && dirtyCommits ? new Set(overlap) : new Set<string>();
  return {
    beforeEdit: sorted(before),
    afterEdit: enabled ? sorted(edited) : [],
    unrelatedDirty: sorted([...dirty].filter((f) => !edited.has(f))),
    overlapWithoutCheckpoint: sorted(overlap.filter((f) => !before.has(f))),
    executesGit: false,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
