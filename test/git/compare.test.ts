// lib/git/compare.ts: commitPlan beside what git did, as a pure function of one observed turn. Each observation
// here is built by hand (no git): the plan, the commits' files, the states and the blob snapshots.
import { describe, expect, it } from "vitest";
import { comparePlanWithGit, type TurnObservation } from "../../lib/git/compare.js";
import type { CommitResult } from "../../lib/git/aider/commit.js";
import { GIT_OPTIONS_DEFAULTS, type GitOptions } from "../../lib/git/aider/session.js";
import type { TurnResult } from "../../lib/git/aider/turn.js";
import type { CommitInfo, FileSnapshot } from "../../lib/git/sandbox/observe.js";
import type { CommitPlan } from "../../lib/git/teaching/commit-plan.js";

const commitOf = (...paths: string[]): CommitInfo => ({
  sha: "abc1234",
  fullSha: "abc1234".padEnd(40, "0"),
  parents: 1,
  subject: "s",
  message: "s",
  author: "U",
  committer: "U",
  files: paths.map((path) => ({ path, status: "M", added: 1, deleted: 0 })),
});
const committed: CommitResult = { kind: "committed", sha: "abc1234", message: "m", fullMessage: "m", standIn: true, attribution: { renameAuthor: false, renameCommitter: true, trailer: false, prefix: false } };
const snap = (head: string | null, index: string | null, worktree: string | null): FileSnapshot => ({ head, index, worktree });
const plan = (p: Partial<CommitPlan>): CommitPlan => ({ beforeEdit: [], afterEdit: [], unrelatedDirty: [], overlapWithoutCheckpoint: [], executesGit: false, ...p });
const turn = (t: Partial<TurnResult> = {}): TurnResult => ({
  format: "whole", update: { edited: [], reflectedMessage: null, numMalformedResponses: 0, parsed: 0, requested: [], refused: [], retargeted: [], dirtyPaths: [], gitError: null }, outcomes: [], shellCommands: [], requested: [], edited: [], refused: [], needCommitBeforeEdits: [], dirtyCommit: null, autoCommit: null, reply: null, reflected: null, messages: [], ...t,
});
const noState = { staged: [], modified: [], untracked: [] };

/** The seed's example: the user changed app.py and notes.md; the turn edits app.py and creates new.py. */
function seed(over: Partial<TurnObservation> = {}, options: Partial<GitOptions> = {}): TurnObservation {
  return {
    options: { ...GIT_OPTIONS_DEFAULTS, ...options },
    D: ["app.py", "notes.md"],
    E: ["app.py", "new.py"],
    plan: plan({ beforeEdit: ["app.py"], afterEdit: ["app.py", "new.py"], unrelatedDirty: ["notes.md"] }),
    turn: turn({ dirtyCommit: committed, autoCommit: committed, edited: ["app.py", "new.py"] }),
    dirtyCommit: commitOf("app.py"),
    autoCommit: commitOf("new.py", "app.py"),
    before: { staged: [], modified: ["app.py", "notes.md"], untracked: [] },
    after: { staged: [], modified: ["notes.md"], untracked: [] },
    snapBefore: { "app.py": snap("h1", "h1", "w1"), "notes.md": snap("n", "n", "n2"), "new.py": snap(null, null, null) },
    snapAfter: { "app.py": snap("e", "e", "e"), "notes.md": snap("n", "n", "n2"), "new.py": snap("x", "x", "x") },
    ...over,
  };
}
const rowOf = (o: TurnObservation, field: string) => comparePlanWithGit(o).rows.find((r) => r.field === field)!;

describe("comparePlanWithGit — the rows", () => {
  it("the seed's example agrees on every field, each list sorted", () => {
    const c = comparePlanWithGit(seed());
    expect(c.rows).toEqual([
      { field: "beforeEdit", plan: ["app.py"], git: ["app.py"], agree: true, reasons: [] },
      { field: "afterEdit", plan: ["app.py", "new.py"], git: ["app.py", "new.py"], agree: true, reasons: [] },
      { field: "unrelatedDirty", plan: ["notes.md"], git: ["notes.md"], agree: true, reasons: [] },
      { field: "overlapWithoutCheckpoint", plan: [], git: [], agree: true, reasons: [] },
    ]);
    expect(c.notes).toEqual([
      "new file new.py: allowed_to_edit created it empty and ran `git add` at once; the Aider commit then holds its contents",
    ]);
  });

  it("a dirty file outside E that the turn changed is not unrelated any more", () => {
    const o = seed({ snapAfter: { ...seed().snapAfter, "notes.md": snap("n", "n", "changed") } });
    expect(rowOf(o, "unrelatedDirty")).toEqual({
      field: "unrelatedDirty", plan: ["notes.md"], git: [], agree: false, reasons: ["notes.md was changed by the turn although it is not in E"],
    });
  });

  it("dry run: the dirty commit happens anyway, and both checkpoint rows say why", () => {
    const o = seed(
      { plan: plan({ overlapWithoutCheckpoint: ["app.py"], unrelatedDirty: ["notes.md"] }), autoCommit: null, turn: turn({ dirtyCommit: committed }) },
      { dryRun: true },
    );
    const before = rowOf(o, "beforeEdit");
    expect([before.plan, before.git, before.agree]).toEqual([[], ["app.py"], false]);
    expect(before.reasons).toHaveLength(1);
    expect(before.reasons[0]).toMatch(/^dry run: Aider's dirty_commit is not guarded by dry_run .* changes to app\.py were committed/);
    const overlap = rowOf(o, "overlapWithoutCheckpoint");
    expect([overlap.plan, overlap.git, overlap.reasons]).toEqual([["app.py"], [], before.reasons]);
  });

  it("a planned checkpoint git did not make: failed, a staged change reverted in the work tree, or no change", () => {
    const failed = seed({ dirtyCommit: null, turn: turn({ dirtyCommit: { kind: "failed", error: "boom" } }) });
    expect(rowOf(failed, "beforeEdit").reasons).toEqual(["the dirty commit failed: boom"]);
    const reverted = seed({ dirtyCommit: null, snapBefore: { ...seed().snapBefore, "app.py": snap("h", "staged", "h") } });
    expect(rowOf(reverted, "beforeEdit").reasons).toEqual([expect.stringMatching(/^app\.py counts as dirty .* `git commit -- app\.py` commits the working tree/)]);
    const nothing = seed({ dirtyCommit: null });
    expect(rowOf(nothing, "beforeEdit").reasons).toEqual(["app.py: git recorded no change for it in the dirty commit"]);
    expect(rowOf(nothing, "overlapWithoutCheckpoint")).toMatchObject({ plan: [], git: ["app.py"], agree: false });
  });

  it("a file in a commit the plan did not list", () => {
    const o = seed({ dirtyCommit: commitOf("app.py", "extra.py"), autoCommit: commitOf("app.py", "new.py", "more.py") });
    expect(rowOf(o, "beforeEdit").reasons).toEqual(["extra.py was committed before the edit although the plan did not list it"]);
    expect(rowOf(o, "afterEdit").reasons).toEqual(["more.py is in the Aider commit although the plan did not list it"]);
  });

  it("afterEdit: the Aider commit failed, saw no diff, or lacks a file the edit left as it was", () => {
    expect(rowOf(seed({ autoCommit: null, turn: turn({ autoCommit: { kind: "failed", error: "hook" } }) }), "afterEdit").reasons).toEqual([
      "the Aider commit failed: hook",
    ]);
    expect(rowOf(seed({ autoCommit: null, turn: turn({ autoCommit: { kind: "nothing" } }) }), "afterEdit").reasons[0]).toMatch(
      /^commit\(\) saw no diff and returned None/,
    );
    expect(rowOf(seed({ autoCommit: commitOf("new.py") }), "afterEdit")).toMatchObject({
      git: ["new.py"],
      reasons: ["the edit left app.py identical to the last commit, so the Aider commit has no change for it"],
    });
  });
});

describe("comparePlanWithGit — where the plan is silent", () => {
  const base = (over: Partial<TurnObservation>, options: Partial<GitOptions> = {}) =>
    comparePlanWithGit(seed({ snapBefore: {}, snapAfter: {}, ...over }, options)).notes;

  it("git disabled, and autoCommits=false with dirtyCommits asked for", () => {
    expect(base({}, { gitEnabled: false })).toContain("git is disabled: Aider has no repository, so nothing is committed; the sandbox's git only observes");
    expect(base({}, { autoCommits: false })).toContain("autoCommits=false forces dirtyCommits=false (Aider's constructor, base_coder.py:409-413)");
    expect(base({}, { autoCommits: false, dirtyCommits: false }).join()).not.toMatch(/forces/);
  });

  it("an untracked path in D, with or without the dirty commit adding it", () => {
    const before = { ...noState, untracked: ["notes.md", "app.py"] };
    const notes = base({ before });
    expect(notes).toContain("notes.md is untracked: Aider's is_dirty counts an untracked path as dirty (repo.py:598-602), so it is in D");
    expect(notes).toContain(
      "app.py is untracked: Aider's is_dirty counts an untracked path as dirty (repo.py:598-602), so it is in D — and the dirty commit added it to git",
    );
  });

  it("a new file under each setting", () => {
    const fresh = { snapBefore: { "new.py": snap(null, null, null) } };
    expect(base(fresh, { dryRun: true })).toContain("new file new.py: dry run, so it was not created (and not added to git)");
    expect(base(fresh, { gitEnabled: false })).toContain("new file new.py: created and written; no repository, so git does not track it");
    expect(base(fresh, { autoCommits: false })).toContain("new file new.py stays untracked: with auto_commits off Aider does not `git add` new files");
  });

  it("dry run still adds an existing untracked file it was allowed to edit", () => {
    const o = { before: { ...noState, untracked: ["new.py"] }, snapAfter: { "new.py": snap(null, "blob", "w") } };
    expect(base(o, { dryRun: true })).toContain("dry run still ran `git add new.py`: allowed_to_edit does not guard it for existing untracked files");
    expect(base({ ...o, snapAfter: { "new.py": snap(null, null, "w") } }, { dryRun: true }).join()).not.toMatch(/still ran/);
  });

  it("staged changes elsewhere stay staged through the commits", () => {
    const o = { before: { ...noState, staged: ["s.py", "app.py"] }, after: { ...noState, staged: ["s.py"] } };
    expect(base(o)).toContain("s.py: still staged — `git commit -- <paths>` commits only the named paths, other staged changes stay staged");
    expect(base({ ...o, dirtyCommit: null, autoCommit: null }).join()).not.toMatch(/still staged/);
  });

  it("the file-level limitation: a dirty file only in Aider's commit, and a checkpoint holding staged and unstaged alike", () => {
    const aiderOnly = base({ dirtyCommit: null });
    expect(aiderOnly.find((n) => n.startsWith("file-level: the Aider commit holds app.py whole"))).toBeDefined();
    const mixed = base({ snapBefore: { "app.py": snap("h", "i", "w") } });
    expect(mixed).toContain("file-level: the checkpoint holds app.py's whole working-tree file, its staged and unstaged changes alike");
    expect(base({ snapBefore: { "app.py": snap("h", "h", "w") } }).join()).not.toMatch(/checkpoint holds/); // unstaged only
    expect(base({ snapBefore: { "app.py": snap("h", "i", "i") } }).join()).not.toMatch(/checkpoint holds/); // staged only
  });

  it("paths refused by allowed_to_edit", () => {
    expect(base({ turn: turn({ refused: ["x.log", "y.py"] }) })).toContain(
      "commitPlan assumes E is already allowed: x.log, y.py refused by allowed_to_edit (see the messages), so not in E",
    );
  });
});
