/**
 * Aider's `/undo` (`aider/commands.py` `cmd_undo`, commands.py:553-655): seven refusals, checked in Aider's order,
 * then `git checkout HEAD~1 -- <each changed file>` and `git reset --soft HEAD~1`. Only this session's Aider
 * commits can be undone; a commit that created a file cannot; a commit already at `origin/<branch>` cannot.
 *
 * Wording: refusals 1, 2, 5, 6, 7 and the first sentence of 3 are Aider's `cmd_undo` text (aider/commands.py). The start
 * of 4 and the text of 3's hint were not available word for word; the completions used here ("The last commit {sha} has more than 1 parent,
 * can't undo." and the hint line) follow Aider's source as remembered, not verified here.
 */
import { runGit, splitNul } from "../sandbox/git-cli.js";
import { AiderLog, type AiderMessage } from "./io.js";
import type { AiderSession } from "./session.js";

export type UndoRefusal = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface UndoResult {
  outcome: "undone" | "refused" | "aborted";
  /** Which of the seven conditions refused (when refused). */
  refusal: UndoRefusal | null;
  /** The files restored from HEAD~1 (when undone or aborted). */
  restored: string[];
  unrestored: string[];
  /** "{sha} {first line}" of the removed commit and of the new HEAD (when undone). */
  removed: string | null;
  nowAt: string | null;
  messages: AiderMessage[];
}

/** The seven refusal messages, by number. */
export const UNDO_REFUSALS = Object.freeze({
  1: () => "No git repository found.",
  2: () => "This is the first commit in the repository. Cannot undo.",
  3: () => "The last commit was not made by aider in this chat session.",
  4: (sha: string) => `The last commit ${sha} has more than 1 parent, can't undo.`,
  5: (file: string) => `The file ${file} has uncommitted changes. Please stash them before undoing.`,
  6: (file: string) => `The file ${file} was not in the repository in the previous commit. Cannot undo safely.`,
  7: () => "The last commit has already been pushed to the origin. Undoing is not possible.",
});
/** The hint Aider prints after refusal 3. */
export const UNDO_NOT_AIDER_HINT = "You could try `/git reset --hard HEAD^` but be aware that this is a destructive command!";

/** `/undo` in `session`. */
export async function undo(session: AiderSession): Promise<UndoResult> {
  const log = new AiderLog();
  const result: UndoResult = { outcome: "refused", refusal: null, restored: [], unrestored: [], removed: null, nowAt: null, messages: log.messages };
  const refuse = (n: UndoRefusal, text: string): UndoResult => {
    log.error(text);
    if (n === 3) log.output(UNDO_NOT_AIDER_HINT);
    result.refusal = n;
    return result;
  };
  const { repo } = session;
  if (!repo) return refuse(1, UNDO_REFUSALS[1]());
  const git = repo.git;
  const head = await repo.headSha();
  const parents = head === null ? [] : (await runGit(git, ["rev-list", "--parents", "-n", "1", head])).stdout.trim().split(" ").slice(1);
  if (head === null || parents.length === 0) return refuse(2, UNDO_REFUSALS[2]());
  const short = head.slice(0, 7);
  const firstLine = async (rev: string): Promise<string> => {
    const body = (await runGit(git, ["log", "-1", "--format=%B", rev])).stdout.trim();
    return body.split("\n")[0] ?? "";
  };
  const lastMessage = await firstLine(head);
  if (!session.aiderCommitHashes.has(short)) return refuse(3, UNDO_REFUSALS[3]());
  if (parents.length > 1) return refuse(4, UNDO_REFUSALS[4](head));

  // last_commit.diff(prev_commit): each changed file's path on HEAD's side, in git's order
  const diff = splitNul((await runGit(git, ["diff", "--name-status", "-z", "-M", head, parents[0]!])).stdout);
  const changed: string[] = [];
  for (let i = 0; i < diff.length; ) {
    const status = diff[i++]!;
    changed.push(diff[i++]!);
    if (status.startsWith("R") || status.startsWith("C")) i++;
  }
  const inParent = new Set(splitNul((await runGit(git, ["ls-tree", "-r", "-z", "--name-only", parents[0]!, "--", ...changed])).stdout));
  for (const f of changed) {
    if (await repo.hasTrackedChanges([f])) return refuse(5, UNDO_REFUSALS[5](f)); // GitPython is_dirty: untracked not counted
    if (!inParent.has(f)) return refuse(6, UNDO_REFUSALS[6](f));
  }
  const branch = (await runGit(git, ["symbolic-ref", "--short", "HEAD"])).stdout.trim();
  const remote = await runGit(git, ["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}`], { okCodes: [1] });
  if (remote.exitCode === 0 && remote.stdout.trim() === head) return refuse(7, UNDO_REFUSALS[7]());

  for (const f of changed) {
    try {
      await runGit(git, ["checkout", "HEAD~1", "--", f]);
      result.restored.push(f);
    } catch {
      result.unrestored.push(f);
    }
  }
  if (result.unrestored.length > 0) {
    result.outcome = "aborted";
    log.error(`Error restoring ${result.unrestored.join(", ")}, aborting undo.`);
    log.output(`Restored files: ${result.restored.join(", ") || "(none)"}`);
    log.output(`Unable to restore files: ${result.unrestored.join(", ")}`);
    return result;
  }
  await runGit(git, ["reset", "--soft", "HEAD~1"]);
  result.outcome = "undone";
  result.removed = `${short} ${lastMessage}`;
  const now = (await repo.headSha())!;
  result.nowAt = `${now.slice(0, 7)} ${await firstLine(now)}`;
  log.output(`Removed: ${result.removed}`);
  log.output(`Now at:  ${result.nowAt}`);
  return result;
}
