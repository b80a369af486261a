/**
 * The loop on a real repository (aider/coders/base_coder.py `send_message`, aider/repo.py): each reply goes through
 * lib/git's `runTurn` in an `AiderSession` over a sandbox — the edit chain for the session's format (every format:
 * `allowed_to_edit` with gitignore, new files and files outside the chat, `dirty_commit` of the user's uncommitted
 * changes to the files about to be edited, the format's apply), then `auto_commit` with its reply ("I committed the
 * changes with git hash … & commit msg: …"). The repository's tracked files are what a reply can mention. Without
 * git (`gitEnabled: false`) the session behaves like `MemoryWorkspace` on disk.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { compareCodePoints } from "../core/pystr.js";
import type { EditFormatCoder } from "../editformats/coder.js";
import type { CommitResult } from "../git/aider/commit.js";
import type { AiderMessage } from "../git/aider/io.js";
import { AiderSession, type Answers, type GitOptions } from "../git/aider/session.js";
import { runTurn } from "../git/aider/turn.js";
import { runGit, splitNul } from "../git/sandbox/git-cli.js";
import { commitsSince, type CommitInfo } from "../git/sandbox/observe.js";
import { withSandbox } from "../git/sandbox/sandbox.js";
import { prepareSandbox } from "../git/scenario-run.js";
import { updateOf, type CommitRecord, type LoopWorkspace, type Printed, type ReplyInput, type UpdateResult } from "./workspace.js";

/** An `AiderMessage` as a trace line; a question shows its path and the answer given. */
function printed(m: AiderMessage): Printed {
  if (m.kind === "ask") return { level: "ask", text: `${m.subject}: ${m.text} ${m.answer ? "yes" : "no"}` };
  return { level: m.kind === "note" ? "output" : m.kind, text: m.text };
}

function commitRecord(kind: CommitRecord["kind"], c: CommitResult | null): CommitRecord[] {
  return c?.kind === "committed" ? [{ kind, sha: c.sha, message: c.message }] : [];
}

/** A `LoopWorkspace` over an `AiderSession` (its sandbox, repository, chat, options and answers). */
export class GitWorkspace implements LoopWorkspace {
  readonly session: AiderSession;
  readonly description: string;
  /** The full sha HEAD had when the loop started (null: no commit yet); `commits()` lists what came after it. */
  readonly base: string | null;

  constructor(session: AiderSession, base: string | null = null) {
    if (!(session instanceof AiderSession)) throw new WorkbenchInputError("GitWorkspace", "session", "must be an AiderSession", session);
    this.session = session;
    this.base = base;
    const off = [!session.autoCommits && "auto commits off", session.dryRun && "dry run"].filter(Boolean).join(", ");
    this.description = session.repo ? `git sandbox${off ? `, ${off}` : ""}` : "sandbox, git off";
  }

  chatFiles(): string[] {
    return [...this.session.chat];
  }

  read(path: string): string | null {
    return this.session.box.read(path);
  }

  addToChat(path: string): void {
    this.session.chat.add(path);
  }

  /** The tracked files (`git ls-files`), as Aider's candidates for mentions; none without a repository. */
  async mentionable(): Promise<string[]> {
    if (!this.session.repo) return [];
    return splitNul((await runGit(this.session.box.git, ["ls-files", "-z"])).stdout);
  }

  /** The commits made since `base`, oldest first, with their files. */
  async commits(): Promise<CommitInfo[]> {
    return commitsSince(this.session.box.git, this.base);
  }

  /** Every tracked or untracked, not ignored file of the work tree and its text, keys sorted. */
  async snapshot(): Promise<Record<string, string>> {
    const out = await runGit(this.session.box.git, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
    const paths = [...new Set(splitNul(out.stdout))].sort(compareCodePoints);
    return Object.fromEntries(paths.flatMap((p) => {
      const text = this.session.box.read(p);
      return text === null ? [] : [[p, text]];
    }));
  }

  async applyReply(coder: EditFormatCoder<unknown>, reply: ReplyInput): Promise<UpdateResult> {
    const turn = await runTurn(this.session, coder, { reply: reply.text, fence: reply.fence, ...(reply.checkPath ? { checkPath: reply.checkPath } : {}) });
    const failedCommits = [turn.dirtyCommit, turn.autoCommit].flatMap((c) => (c?.kind === "failed" ? [c.error] : []));
    const gitErrors = [...(turn.update.gitError === null ? [] : [turn.update.gitError]), ...failedCommits];
    return {
      ...updateOf(coder, turn.update, { shellCommands: turn.shellCommands, outcomes: turn.outcomes, printed: turn.messages.map(printed) }),
      commits: [...commitRecord("dirty", turn.dirtyCommit), ...commitRecord("aider", turn.autoCommit)],
      reply: turn.reply ?? "I updated the files.",
      gitError: gitErrors.length > 0 ? gitErrors.join("\n") : null,
    };
  }
}

/** A repository for the loop: files committed first, then staged and uncommitted changes (as lib/git scenarios). */
export interface GitSetup {
  files: Readonly<Record<string, string>>;
  staged?: Readonly<Record<string, string>>;
  /** Uncommitted changes; null deletes the file. */
  dirty?: Readonly<Record<string, string | null>>;
  chat: readonly string[];
  options?: Partial<GitOptions>;
  answers?: Partial<Answers>;
}

/** Builds the repository in a fresh sandbox, runs `fn` on a `GitWorkspace` over it, and removes the sandbox. */
export async function withGitWorkspace<T>(setup: GitSetup, fn: (workspace: GitWorkspace) => Promise<T>): Promise<T> {
  return withSandbox(async (box) => {
    const initial = await prepareSandbox(box, { files: { ...setup.files }, staged: { ...(setup.staged ?? {}) }, dirty: { ...(setup.dirty ?? {}) } });
    const session = new AiderSession(box, { options: setup.options ?? {}, answers: setup.answers ?? {}, chat: setup.chat });
    return fn(new GitWorkspace(session, initial?.fullSha ?? null));
  });
}
