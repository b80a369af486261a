/**
 * The real turn against commitPlan on random repositories. For random user states (clean, modified, staged,
 * staged-then-modified, untracked), chat sets, edited sets (existing and new files), answers and options:
 *  - where the plan speaks (git on, auto commits on, no dry run) the commits hold exactly its files;
 *  - the differences are laws of their own: the dry-run dirty commit; untracked files (dirty for Aider, never
 *    `git add`ed without auto commits, `git add`ed even in dry run when allowed outside the chat); staged changes
 *    (left staged when not edited; taken whole, with the unstaged hunk, when checkpointed);
 *  - the file-level limitation: without a checkpoint, the user's change travels in Aider's commit.
 * The expectations are written from Aider's behaviour (aider/coders/base_coder.py `allowed_to_edit`, `apply_updates`, `auto_commit`), not read back from lib.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { teachingCommitPlan, type TurnStepReport } from "../../../lib/index.js";
import { runKept } from "../git-helpers.js";

type State = "clean" | "modified" | "staged" | "stagedModified" | "untracked";
const EXISTING: readonly string[] = ["a.py", "b.py", "c.md", "d/e.py"];
const NEW: readonly string[] = ["n.py", "d/m.py"];
const ALL = [...EXISTING, ...NEW];

const v0 = (p: string) => `${p} v0\n`;
const worktreeOf = (p: string, s: State): string =>
  s === "clean" ? v0(p) : s === "modified" ? `${v0(p)}modified\n` : s === "staged" ? `${v0(p)}staged\n` : s === "stagedModified" ? `${v0(p)}staged\nmodified\n` : `${p} untracked\n`;
/** `git status --porcelain` XY before the turn (null: not listed). */
const codeOf = (s: State | undefined): string | null =>
  s === undefined || s === "clean" ? null : s === "modified" ? " M" : s === "staged" ? "M " : s === "stagedModified" ? "MM" : "??";

/** Mostly true: the interesting branches need git and auto commits on. */
const mostly = fc.constantFrom(true, true, true, false);
const world = fc.record({
  states: fc.tuple(...EXISTING.map(() => fc.constantFrom<State>("clean", "modified", "staged", "stagedModified", "untracked"))),
  chat: fc.subarray([...EXISTING]),
  edited: fc.subarray(ALL, { minLength: 1 }),
  createNewFile: fc.boolean(),
  editFileNotInChat: fc.boolean(),
  autoCommits: mostly,
  dirtyCommits: fc.boolean(),
  dryRun: fc.boolean(),
  gitEnabled: mostly,
  format: fc.constantFrom("whole", "editblock"),
});

describe("the real turn vs commitPlan (property, real git)", () => {
  it("agrees where the plan speaks; differs only by the stated laws", { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const state = new Map<string, State>(EXISTING.map((p, i) => [p, w.states[i]!]));
        const files: Record<string, string> = {};
        const staged: Record<string, string> = {};
        const dirty: Record<string, string> = {};
        for (const [p, s] of state) {
          if (s !== "untracked") files[p] = v0(p);
          if (s === "staged" || s === "stagedModified") staged[p] = `${v0(p)}staged\n`;
          if (s !== "clean" && s !== "staged") dirty[p] = worktreeOf(p, s);
        }
        const before = (p: string) => (state.has(p) ? worktreeOf(p, state.get(p)!) : null);
        const edited = Object.fromEntries(w.edited.map((p) => [p, `${before(p) ?? ""}aider edit of ${p} (turn)\n`]));
        // the same edits as SEARCH/REPLACE blocks: replace the last line (unique: it names the file), or create.
        // (The added line must not END with the file name: Aider's strip_quoted_wrapping would drop it as a name line.)
        const lastLine = (p: string) => (before(p) ?? "").split("\n").slice(-2).join("\n");
        const edits = w.edited.map((p) => [p, lastLine(p), `${lastLine(p)}aider edit of ${p} (turn)\n`]);
        const options = { autoCommits: w.autoCommits, dirtyCommits: w.dirtyCommits, dryRun: w.dryRun, gitEnabled: w.gitEnabled };
        const k = await runKept({ files, staged, dirty, chat: w.chat, ...(w.format === "whole" ? { edited } : { edits }), options, answers: { createNewFile: w.createNewFile, editFileNotInChat: w.editFileNotInChat } });
        try {
          // allowed_to_edit: in chat; else a new file if "Create new file?" is yes; else if the other question is yes
          const chat = new Set(w.chat);
          const E = w.edited.filter((p) => chat.has(p) || (state.has(p) ? w.editFileNotInChat : w.createNewFile));
          const D = EXISTING.filter((p) => state.get(p) !== "clean"); // untracked counts as dirty
          const plan = teachingCommitPlan({ dirtyFiles: D, editedFiles: E, ...options });
          const turn = k.report.steps[0] as TurnStepReport;
          // Aider's apply_updates returns `edited` as a Python set: which files, not their order
          expect([...turn.turn.edited].sort()).toEqual([...E].sort());
          expect(turn.plan).toEqual(plan);

          const git = w.gitEnabled;
          const auto = w.autoCommits;
          const dc = auto && w.dirtyCommits; // auto_commits=False forces dirty_commits=False
          const DE = D.filter((p) => E.includes(p)).sort();
          const expectDirty = git && dc && DE.length > 0 ? DE : null; // NOT guarded by dry run
          const expectAider = git && auto && !w.dryRun && E.length > 0 ? [...E].sort() : null;
          const commits = k.commits();
          expect(commits.map((c) => c.files)).toEqual([expectDirty, expectAider].filter((x) => x !== null));

          // where the plan speaks, it is right
          if (git && auto && !w.dryRun) {
            expect(expectDirty ?? []).toEqual(plan.beforeEdit);
            expect(expectAider ?? []).toEqual(plan.afterEdit);
          }
          // law: the dry-run dirty commit — the plan says no commits, Aider checkpoints D ∩ E anyway
          if (w.dryRun) expect(plan.beforeEdit).toEqual([]);
          const dryRunDiffers = w.dryRun && expectDirty !== null;
          for (const row of turn.comparison.rows) {
            const expected = !(dryRunDiffers && (row.field === "beforeEdit" || row.field === "overlapWithoutCheckpoint"));
            expect([row.field, row.agree]).toEqual([row.field, expected]);
            if (!row.agree) expect(row.reasons.join(" ")).toMatch(/dry run/);
          }

          // commit contents: the checkpoint holds the user's whole working-tree file; Aider's commit the edit
          const [first, last] = [commits[0], commits[commits.length - 1]];
          if (expectDirty) for (const p of DE) expect(k.show(first!.sha, p)).toBe(before(p));
          if (expectAider) for (const p of E) expect(k.show(last!.sha, p)).toBe(edited[p]);
          // law: the file-level limitation — with no checkpoint, Aider's commit carries the user's change
          if (expectAider && !expectDirty) {
            for (const p of DE) expect(k.show(`${last!.sha}~1`, p)).toBe(state.get(p) === "untracked" ? null : v0(p));
          }
          // attribution defaults
          if (expectDirty) expect([first!.committer, first!.message.includes("Co-authored-by")]).toEqual(["Workbench User (aider)", false]);
          if (expectAider) expect(last!.message).toMatch(/\n\nCo-authored-by: aider \(unknown-model\) <aider@aider\.chat>$/);

          // the work tree and index, path by path
          const status = k.status();
          for (const p of ALL) {
            const s = state.get(p);
            const inE = E.includes(p);
            let code: string | null;
            let content: string | null;
            if (!inE) {
              [code, content] = [codeOf(s), before(p)]; // law: left alone — staged stays staged, untracked stays untracked
            } else if (w.dryRun) {
              content = before(p); // nothing written, no new file created
              if (git && dc && D.includes(p)) code = null; // checkpointed
              else if (git && auto && s === "untracked" && !chat.has(p)) code = "A "; // law: git add even in dry run
              else code = codeOf(s);
            } else {
              content = edited[p]!;
              if (git && auto) code = null;
              else if (s === undefined || s === "untracked") code = "??"; // law: without auto commits, never git added
              else code = s === "staged" || s === "stagedModified" ? "MM" : " M";
            }
            expect([p, status.get(p) ?? null]).toEqual([p, code]);
            expect([p, readWork(k.report.keptAt!, p)]).toEqual([p, content]);
          }
        } finally {
          k.cleanup();
        }
      }),
      { numRuns: Number(process.env.GIT_PROPERTY_RUNS ?? 25) },
    );
  });
});

function readWork(dir: string, p: string): string | null {
  try {
    return readFileSync(`${dir}/repo/${p}`, "utf8");
  } catch {
    return null;
  }
}
