/**
 * One turn of Aider's edit loop against a real repository (reference §3.3–§3.5, §4 item 12): `apply_updates`
 * resolves the edits, `prepare_to_edit` asks `allowed_to_edit` once per path (in chat / gitignored / new file /
 * other existing file) and collects dirty paths via `check_for_dirty_commit` (untracked counts as dirty), then
 * `dirty_commit` commits them as the user's changes — even in dry run, which Aider does not guard — the edit
 * format applies the edits (writes are no-ops in dry run), and `auto_commit` commits the edited files as
 * Aider's (skipped when auto commits are off or in dry run). The edit format is a parameter.
 */
import { gitRepoCommit, type CommitResult } from "./commit.js";
import type { EditFormat, TurnFiles } from "./edit-format.js";
import { AiderLog, type AiderMessage } from "./io.js";
import type { AiderSession } from "./session.js";
import { GitError } from "../sandbox/git-cli.js";
import { PythonError } from "../../core/pyerror.js";

export interface TurnResult {
  /** The edit format used. */
  format: string;
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
  /** The edit format's failure text, reflected to the model (null: the edits applied). */
  reflected: string | null;
  messages: AiderMessage[];
}

/** Runs one turn of `edits` through `format` in `session`. */
export async function runTurn<E>(session: AiderSession, format: EditFormat<E>, edits: readonly E[]): Promise<TurnResult> {
  const log = new AiderLog();
  const { repo, box } = session;
  const files: TurnFiles = {
    read: (p) => box.read(p),
    exists: (p) => box.exists(p),
    write: (p, content) => {
      if (!session.dryRun) box.write(p, content); // io.write_text is a no-op in dry run
    },
  };
  const headBefore = repo ? await repo.headSha() : null;
  const result: TurnResult = {
    format: format.name,
    requested: [],
    edited: [],
    refused: [],
    needCommitBeforeEdits: [],
    dirtyCommit: null,
    autoCommit: null,
    reply: null,
    reflected: null,
    messages: log.messages,
  };
  const need = new Set<string>();

  const checkForDirtyCommit = async (path: string): Promise<void> => {
    if (!repo || !session.dirtyCommits) return;
    if (!(await repo.isDirty(path))) return;
    log.output(`Committing ${path} before applying edits.`);
    need.add(path);
  };

  const allowedToEdit = async (path: string): Promise<boolean> => {
    if (session.chat.has(path)) {
      await checkForDirtyCommit(path);
      return true;
    }
    if (repo && (await repo.isIgnored(path))) {
      log.warning(`Skipping edits to ${path} that matches gitignore spec.`);
      return false;
    }
    if (!box.exists(path)) {
      if (!log.ask("Create new file?", path, session.answer("createNewFile", path))) {
        log.note(`declined: the edits to ${path} are dropped`);
        return false;
      }
      if (!session.dryRun) {
        if (!box.touch(path)) {
          log.error(`Unable to create ${path}, skipping edits.`);
          return false;
        }
        if (repo && session.autoCommits && !(await repo.pathInRepo(path))) await repo.add(path);
      }
      session.chat.add(path); // no dirty check for a new file
      return true;
    }
    if (!log.ask("Allow edits to file that has not been added to the chat?", path, session.answer("editFileNotInChat", path))) {
      log.note(`declined: the edits to ${path} are dropped`);
      return false;
    }
    if (repo && session.autoCommits && !(await repo.pathInRepo(path))) await repo.add(path); // not guarded by dry run
    session.chat.add(path);
    await checkForDirtyCommit(path);
    return true;
  };

  try {
    const resolved = await format.resolve(edits, files);
    for (const e of resolved) box.resolve(format.pathOf(e), "runTurn", "edit path"); // refuse escapes before anything
    const seen = new Map<string, boolean>();
    const kept: E[] = [];
    for (const e of resolved) {
      const path = format.pathOf(e);
      if (!seen.has(path)) {
        result.requested.push(path);
        seen.set(path, await allowedToEdit(path));
        if (!seen.get(path)) result.refused.push(path);
      }
      if (seen.get(path)) kept.push(e);
    }
    result.needCommitBeforeEdits = [...need];
    if (need.size > 0 && session.dirtyCommits && repo) {
      result.dirtyCommit = await gitRepoCommit(repo, log, { fnames: [...need], message: null, aiderEdits: false, settings: session.settings });
    }
    need.clear();
    result.edited = [...new Set(kept.map((e) => format.pathOf(e)))];
    const failure = await format.apply(kept, files);
    if (failure !== null) {
      log.error("The LLM did not conform to the edit format.");
      log.note("Aider prints the link to its edit-errors help page here");
      log.output(failure);
      result.reflected = failure;
    } else {
      for (const p of result.edited) log.output(session.dryRun ? `Did not apply edit to ${p} (--dry-run)` : `Applied edit to ${p}`);
    }
  } catch (err) {
    if (err instanceof GitError) {
      log.error(err.stderr.trim() || err.message); // a git error: printed, edited returned, no reflection
    } else if (err instanceof PythonError) {
      // where Aider's own code would raise: "Exception while updating files:", the text reflected, edited returned
      log.error("Exception while updating files:");
      log.error(err.pythonMessage);
      result.reflected = err.pythonMessage;
    } else throw err;
  }

  if (result.edited.length > 0) await autoCommit(session, log, result);
  if (repo && (await repo.headSha()) !== headBefore) log.output("You can use /undo to undo and discard each aider commit.");
  return result;
}

/** `auto_commit(edited)` (§3.5) and the reply that goes back into the chat. */
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
