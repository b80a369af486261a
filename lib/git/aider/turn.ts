/**
 * One git turn around the edit chain (aider/coders/base_coder.py `send_message` → `apply_updates` → `auto_commit`;
 * aider/repo.py `commit`): lib/editformats' `applyUpdates` runs the reply in any edit format on the sandbox
 * (`SandboxFiles`) with this repository as its `EditRepo` — so `allowed_to_edit` sees gitignore, `git add`s
 * untracked files (auto commits on) and `prepare_to_edit`'s `dirty_commit` commits the user's changes first, even
 * in dry run as Aider does — then `auto_commit` commits the edited files as Aider's (skipped when auto commits are
 * off or in dry run) and the reply for the chat is chosen. The turn adds git; it does not re-implement the chain.
 */
import { applyUpdates, type ApplyUpdatesResult, type EditFormatCoder, type EditOutcome, type EditRepo } from "../../editformats/coder.js";
import type { Fence } from "../../editblock/fence.js";
import { gitRepoCommit, type CommitResult } from "./commit.js";
import { SandboxFiles } from "./files.js";
import { AiderLog, type AiderMessage } from "./io.js";
import type { AiderSession } from "./session.js";
import { GitError } from "../sandbox/git-cli.js";

export interface TurnResult {
  /** The edit format used (the coder's `edit_format` name). */
  format: string;
  /** What the chain did: parse count, requested, refused, re-targeted and dirty paths, the reflected text. */
  update: ApplyUpdatesResult;
  /** Each distinct path the edits targeted, in order (after re-targeting). */
  requested: string[];
  /** The paths `allowed_to_edit` allowed: Aider's `edited` set. */
  edited: string[];
  /** The paths refused (gitignored, declined, or not creatable). */
  refused: string[];
  /** The paths `check_for_dirty_commit` found dirty (need_commit_before_edits). */
  needCommitBeforeEdits: string[];
  /** The commit made by `dirty_commit` (null: none attempted). */
  dirtyCommit: CommitResult | null;
  /** The commit made by `auto_commit` (null: not attempted — no repo, auto commits off, dry run, nothing edited). */
  autoCommit: CommitResult | null;
  /** What goes back into the chat after the edit ("I committed the changes with git hash …"). */
  reply: string | null;
  /** The text reflected to the model (null: nothing to reflect). */
  reflected: string | null;
  /** Per-edit results the format reported (SEARCH/REPLACE's blocks). */
  outcomes: EditOutcome[];
  /** Shell blocks the reply suggested (SEARCH/REPLACE formats). */
  shellCommands: string[];
  messages: AiderMessage[];
}

/** The reply, the fence it is read with, and optional extras of the chain's context. */
export interface TurnInput {
  reply: string;
  fence: Fence;
  /** A caller's rule for edit paths, run right after get_edits (lib/loop's). */
  checkPath?: (path: string) => void;
}

/** The session's repository as the chain's `EditRepo`; `dirty` receives the `dirty_commit` result. */
function sessionRepo(session: AiderSession, log: AiderLog, dirty: (c: CommitResult) => void): EditRepo | null {
  const { repo } = session;
  if (!repo) return null;
  return {
    dirtyCommits: session.dirtyCommits,
    addsFiles: session.autoCommits,
    pathInRepo: (p) => repo.pathInRepo(p),
    isIgnored: (p) => repo.isIgnored(p),
    isDirty: (p) => repo.isDirty(p),
    add: (p) => repo.add(p),
    commitDirty: async (paths) => dirty(await gitRepoCommit(repo, log, { fnames: [...paths], message: null, aiderEdits: false, settings: session.settings })),
    gitErrorText: (err) => (err instanceof GitError ? err.stderr.trim() || err.message : null),
  };
}

/** Runs one reply through `coder` in `session`: the chain, then `auto_commit`. */
export async function runTurn<E>(session: AiderSession, coder: EditFormatCoder<E>, input: TurnInput): Promise<TurnResult> {
  const log = new AiderLog();
  const headBefore = session.repo ? await session.repo.headSha() : null;
  let dirtyCommit: CommitResult | null = null;
  const outcomes: EditOutcome[] = [];
  const shellCommands: string[] = [];
  const ctx = {
    files: new SandboxFiles(session, log),
    repo: sessionRepo(session, log, (c) => (dirtyCommit = c)),
    chatFiles: session.chat,
    fence: input.fence,
    shellCommands,
    outcomes,
    checkPath: (path: string) => {
      input.checkPath?.(path);
      session.box.resolve(path, "runTurn", "edit path"); // every path refused before anything changes
    },
  };
  const update = await applyUpdates(coder, input.reply, ctx);
  const edited = update.edited.filter((p): p is string => p !== null);
  const result: TurnResult = {
    format: coder.name,
    update,
    requested: update.requested,
    edited,
    refused: update.refused,
    needCommitBeforeEdits: update.dirtyPaths,
    dirtyCommit,
    autoCommit: null,
    reply: null,
    reflected: update.reflectedMessage,
    outcomes,
    shellCommands,
    messages: log.messages,
  };
  if (edited.length > 0) await autoCommit(session, log, result);
  if (session.repo && (await session.repo.headSha()) !== headBefore) log.output("You can use /undo to undo and discard each aider commit.");
  return result;
}

/** `auto_commit(edited)` (base_coder.py) and the reply that goes back into the chat. */
async function autoCommit(session: AiderSession, log: AiderLog, result: TurnResult): Promise<void> {
  const { repo } = session;
  let reply: string | null = null;
  if (repo && session.autoCommits && !session.dryRun) {
    try {
      const r = await gitRepoCommit(repo, log, { fnames: result.edited, message: null, aiderEdits: true, settings: session.settings });
      result.autoCommit = r;
      if (r.kind === "committed") {
        session.aiderCommitHashes.add(r.sha);
        reply = `I committed the changes with git hash ${r.sha} & commit msg: ${r.message}`;
      } else {
        reply = "I didn't see any properly formatted edits in your reply?!";
      }
    } catch (err) {
      if (!(err instanceof GitError)) throw err;
      log.error(`Unable to commit: ${err.stderr.trim() || err.message}`);
    }
  }
  result.reply = reply ?? "I updated the files.";
}
