/**
 * Git contrasts between the seed page's commitPlan and the real git turn (lib/git, issue 5), checked on real
 * repositories in sandboxes. A case: two committed files in a user state, a chat, whole-file edits (some leaving the
 * file as it was), dirty commits on or off, a dry run or not. Each law reads git back with plain git
 * (test/git/git-helpers.ts), not with lib's own observation code.
 */
import fc from "fast-check";
import { teachingCommitPlan } from "../../lib/index.js";
import { runKept } from "../git/git-helpers.js";

export type UserState = "clean" | "modified" | "staged" | "untracked";
export const FILES = ["a.py", "b.py"] as const;

export interface GitCase {
  readonly states: readonly [UserState, UserState];
  readonly chat: readonly string[];
  /** Edited files, each with whether the edit changes it ("change") or writes it back as it was ("same"). */
  readonly edits: readonly (readonly [path: string, kind: "change" | "same"])[];
  readonly dirtyCommits: boolean;
  readonly dryRun: boolean;
}

const v0 = (p: string) => `${p} v0\n`;
/** The file as the user left it before the turn. */
export const before = (c: GitCase, p: string): string => {
  const s = c.states[FILES.indexOf(p as (typeof FILES)[number])]!;
  return s === "clean" ? v0(p) : s === "modified" ? `${v0(p)}user change\n` : s === "staged" ? `${v0(p)}user staged\n` : `${p} untracked\n`;
};

/** Cases with the dry-run flag fixed (each law is about dry runs, or about real runs). */
export const gitCase = (dryRun: boolean): fc.Arbitrary<GitCase> =>
  fc.record({
    states: fc.tuple(fc.constantFrom<UserState>("clean", "modified", "staged", "untracked"), fc.constantFrom<UserState>("clean", "modified", "staged", "untracked")),
    chat: fc.subarray([...FILES]),
    edits: fc.uniqueArray(fc.tuple(fc.constantFrom(...FILES), fc.constantFrom<"change" | "same">("change", "same")), { minLength: 1, maxLength: 2, selector: ([p]) => p }),
    dirtyCommits: fc.boolean(),
    dryRun: fc.constant(dryRun),
  });

/** The scenario lib/git runs for a case (every permission question answered yes, so E = the edited files). */
export function scenario(c: GitCase) {
  const files: Record<string, string> = {};
  const staged: Record<string, string> = {};
  const dirty: Record<string, string> = {};
  FILES.forEach((p, i) => {
    const s = c.states[i]!;
    if (s !== "untracked") files[p] = v0(p);
    if (s === "staged") staged[p] = before(c, p);
    if (s === "modified" || s === "untracked") dirty[p] = before(c, p);
  });
  const edited = Object.fromEntries(c.edits.map(([p, kind]) => [p, kind === "same" ? before(c, p) : `${before(c, p)}aider edit\n`]));
  return { files, staged, dirty, chat: [...c.chat], edited, options: { dirtyCommits: c.dirtyCommits, dryRun: c.dryRun } };
}

/** The plan for the case: D = every path git lists before the turn (untracked included), E = the edited files. */
export function planOf(c: GitCase) {
  const dirtyFiles = FILES.filter((_, i) => c.states[i] !== "clean");
  return teachingCommitPlan({ dirtyFiles, editedFiles: c.edits.map(([p]) => p), dirtyCommits: c.dirtyCommits, dryRun: c.dryRun });
}

/** Runs the case in a sandbox; returns the commits of the turn (files, message) and `git show` for a revision. */
export async function runCase(c: GitCase) {
  const k = await runKept(scenario(c));
  try {
    const commits = k.commits();
    const aider = commits.find((x) => x.message.includes("Co-authored-by: aider"));
    const parentOf = (sha: string, p: string) => k.show(`${sha}~1`, p);
    return { commits, aider, aiderParent: aider ? Object.fromEntries(aider.files.map((p) => [p, parentOf(aider.sha, p)])) : {}, aiderShow: aider ? Object.fromEntries(aider.files.map((p) => [p, k.show(aider.sha, p)])) : {} };
  } finally {
    k.cleanup();
  }
}

/** "In a dry run the real turn commits nothing, as commitPlan says." */
export async function dryRunCommitsNothing(c: GitCase): Promise<string | null> {
  const plan = planOf(c);
  if (plan.beforeEdit.length + plan.afterEdit.length > 0) return "the plan commits in a dry run";
  const { commits } = await runCase(c);
  return commits.length === 0 ? null : `git made ${commits.length} commit(s): ${commits.map((x) => x.files.join(", ")).join(" | ")}`;
}

/** "The real turn commits every file commitPlan lists in afterEdit." */
export async function commitsEveryPlannedFile(c: GitCase): Promise<string | null> {
  const plan = planOf(c);
  const { aider } = await runCase(c);
  const missing = plan.afterEdit.filter((p) => !(aider?.files ?? []).includes(p));
  return missing.length === 0 ? null : `afterEdit lists ${missing.join(", ")}, Aider's commit ${aider ? `holds ${aider.files.join(", ")}` : "does not exist"}`;
}

/** "A user's uncommitted change is never committed as Aider's": each file of Aider's commit had the user's version before it. */
export async function userChangesNotAttributedToAider(c: GitCase): Promise<string | null> {
  const { aider, aiderParent } = await runCase(c);
  if (!aider) return null;
  for (const p of aider.files) {
    const userVersion = before(c, p);
    if (userVersion !== v0(p) && aiderParent[p] !== userVersion) return `${p}: the user's change first appears in Aider's commit`;
  }
  return null;
}
