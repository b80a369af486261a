/**
 * `commitPlan` (seed 000, knowledge point 3) beside what git really did in one turn: for each field of the plan,
 * the plan's files, git's files, whether they agree and, where not, why (`aider/coders/base_coder.py` `allowed_to_edit`; `aider/repo.py` `GitRepo.commit` item 12). Then
 * notes on what the plan does not speak about: untracked files, new files, staged changes, and the file-level
 * limitation (a commit takes whole files, so a user's hunk and Aider's hunk in one file travel together).
 *
 * The plan's inputs are taken from the real turn: D = every path `git status` lists before the turn (Aider's
 * is_dirty counts untracked paths), E = the paths `allowed_to_edit` allowed (the plan assumes E is allowed).
 */
import { compareCodePoints } from "../core/pystr.js";
import type { CommitPlan } from "./teaching/commit-plan.js";
import type { TurnResult } from "./aider/turn.js";
import type { GitOptions } from "./aider/session.js";
import type { CommitInfo, FileSnapshot, RepoState } from "./sandbox/observe.js";
import { own } from "../core/own.js";

export type PlanField = "beforeEdit" | "afterEdit" | "unrelatedDirty" | "overlapWithoutCheckpoint";

export interface ComparisonRow {
  field: PlanField;
  plan: string[];
  git: string[];
  agree: boolean;
  /** Why git differs from the plan (empty when they agree). */
  reasons: string[];
}

export interface PlanComparison {
  rows: ComparisonRow[];
  /** Where the plan is silent: what git did besides. */
  notes: string[];
}

/** Everything one turn's comparison needs, all observed before and after the turn. */
export interface TurnObservation {
  options: GitOptions;
  D: string[];
  E: string[];
  plan: CommitPlan;
  turn: TurnResult;
  dirtyCommit: CommitInfo | null;
  autoCommit: CommitInfo | null;
  before: RepoState;
  after: RepoState;
  snapBefore: Record<string, FileSnapshot>;
  snapAfter: Record<string, FileSnapshot>;
}

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort(compareCodePoints);
const sameSet = (a: readonly string[], b: readonly string[]): boolean => sorted(a).join("\0") === sorted(b).join("\0");
const list = (xs: readonly string[]): string => xs.join(", ");
const filesOf = (c: CommitInfo | null): string[] => (c ? sorted(c.files.map((f) => f.path)) : []);

/** Compares the plan with the observed turn. */
export function comparePlanWithGit(o: TurnObservation): PlanComparison {
  const dirtyFiles = filesOf(o.dirtyCommit);
  const autoFiles = filesOf(o.autoCommit);
  const inE = new Set(o.E);
  const overlap = o.D.filter((f) => inE.has(f));
  const unchanged = (f: string): boolean => {
    const b = own(o.snapBefore, f);
    const a = own(o.snapAfter, f);
    return !!a && !!b && a.index === b.index && a.worktree === b.worktree && !dirtyFiles.includes(f) && !autoFiles.includes(f);
  };
  const rows: ComparisonRow[] = [
    row("beforeEdit", o.plan.beforeEdit, dirtyFiles, () => beforeEditReasons(o, dirtyFiles)),
    row("afterEdit", o.plan.afterEdit, autoFiles, () => afterEditReasons(o, autoFiles)),
    row("unrelatedDirty", o.plan.unrelatedDirty, o.D.filter((f) => !inE.has(f) && unchanged(f)), () =>
      o.plan.unrelatedDirty.filter((f) => !unchanged(f)).map((f) => `${f} was changed by the turn although it is not in E`),
    ),
    row("overlapWithoutCheckpoint", o.plan.overlapWithoutCheckpoint, overlap.filter((f) => !dirtyFiles.includes(f)), () =>
      beforeEditReasons(o, dirtyFiles),
    ),
  ];
  return { rows, notes: notes(o, dirtyFiles, autoFiles) };
}

function row(field: PlanField, plan: readonly string[], git: readonly string[], why: () => string[]): ComparisonRow {
  const agree = sameSet(plan, git);
  return { field, plan: sorted(plan), git: sorted(git), agree, reasons: agree ? [] : why() };
}

function beforeEditReasons(o: TurnObservation, dirtyFiles: string[]): string[] {
  const reasons: string[] = [];
  if (o.options.dryRun && dirtyFiles.length > 0) {
    reasons.push(
      `dry run: Aider's dirty_commit is not guarded by dry_run (aider/coders/base_coder.py allowed_to_edit), so the user's changes to ${list(dirtyFiles)} ` +
        "were committed although no edit was written; commitPlan treats dry run as 'no commits'",
    );
  }
  for (const f of o.plan.beforeEdit.filter((f) => !dirtyFiles.includes(f))) {
    const s = own(o.snapBefore, f);
    if (o.turn.dirtyCommit?.kind === "failed") reasons.push(`the dirty commit failed: ${o.turn.dirtyCommit.error}`);
    else if (s && s.index !== s.head && s.worktree === s.head) {
      reasons.push(
        `${f} counts as dirty (its staged change differs from HEAD) but its working-tree file equals HEAD: ` +
          `\`git commit -- ${f}\` commits the working tree, so there is nothing to checkpoint — and the staged change is dropped from the index`,
      );
    } else reasons.push(`${f}: git recorded no change for it in the dirty commit`);
  }
  for (const f of dirtyFiles.filter((f) => !o.plan.beforeEdit.includes(f) && !o.options.dryRun)) {
    reasons.push(`${f} was committed before the edit although the plan did not list it`);
  }
  return reasons;
}

function afterEditReasons(o: TurnObservation, autoFiles: string[]): string[] {
  const r = o.turn.autoCommit;
  if (r?.kind === "failed") return [`the Aider commit failed: ${r.error}`];
  if (r?.kind === "nothing") {
    return ["commit() saw no diff and returned None (the edits left every file as in HEAD); Aider replied \"I didn't see any properly formatted edits in your reply?!\""];
  }
  const reasons = o.plan.afterEdit
    .filter((f) => !autoFiles.includes(f))
    .map((f) => `the edit left ${f} identical to the last commit, so the Aider commit has no change for it`);
  for (const f of autoFiles.filter((f) => !o.plan.afterEdit.includes(f))) reasons.push(`${f} is in the Aider commit although the plan did not list it`);
  return reasons;
}

function notes(o: TurnObservation, dirtyFiles: string[], autoFiles: string[]): string[] {
  const out: string[] = [];
  const { options: opt, snapBefore: sb, snapAfter: sa } = o;
  if (!opt.gitEnabled) out.push("git is disabled: Aider has no repository, so nothing is committed; the sandbox's git only observes");
  if (!opt.autoCommits && opt.dirtyCommits) out.push("autoCommits=false forces dirtyCommits=false (Aider's constructor, base_coder.py:409-413)");
  for (const f of o.D.filter((f) => o.before.untracked.includes(f))) {
    const where = dirtyFiles.includes(f) ? " — and the dirty commit added it to git" : "";
    out.push(`${f} is untracked: Aider's is_dirty counts an untracked path as dirty (repo.py:598-602), so it is in D${where}`);
  }
  for (const f of o.E.filter((f) => own(sb, f)?.worktree === null)) {
    if (opt.dryRun) out.push(`new file ${f}: dry run, so it was not created (and not added to git)`);
    else if (!opt.gitEnabled) out.push(`new file ${f}: created and written; no repository, so git does not track it`);
    else if (!opt.autoCommits) out.push(`new file ${f} stays untracked: with auto_commits off Aider does not \`git add\` new files`);
    else out.push(`new file ${f}: allowed_to_edit created it empty and ran \`git add\` at once; the Aider commit then holds its contents`);
  }
  if (opt.dryRun && opt.gitEnabled && opt.autoCommits) {
    const added = o.E.filter((f) => o.before.untracked.includes(f) && own(sa, f)?.index !== null);
    if (added.length > 0) out.push(`dry run still ran \`git add ${list(added)}\`: allowed_to_edit does not guard it for existing untracked files`);
  }
  const stillStaged = o.before.staged.filter((f) => !o.E.includes(f) && o.after.staged.includes(f));
  if (stillStaged.length > 0 && (dirtyFiles.length > 0 || autoFiles.length > 0)) {
    out.push(`${list(stillStaged)}: still staged — \`git commit -- <paths>\` commits only the named paths, other staged changes stay staged`);
  }
  for (const f of autoFiles.filter((f) => o.D.includes(f) && !dirtyFiles.includes(f))) {
    out.push(
      `file-level: the Aider commit holds ${f} whole — the user's uncommitted change in it and the edit together, attributed to Aider ` +
        "(the plan lists it under overlapWithoutCheckpoint, but cannot say that the user's hunk goes into Aider's commit)",
    );
  }
  for (const f of dirtyFiles) {
    const s = own(sb, f);
    if (s && s.index !== null && s.index !== s.head && s.worktree !== s.index) {
      out.push(`file-level: the checkpoint holds ${f}'s whole working-tree file, its staged and unstaged changes alike`);
    }
  }
  if (o.turn.refused.length > 0) {
    out.push(`commitPlan assumes E is already allowed: ${list(o.turn.refused)} refused by allowed_to_edit (see the messages), so not in E`);
  }
  return out;
}
