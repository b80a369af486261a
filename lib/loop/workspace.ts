/**
 * Where the loop's edits land, and git around them (aider/coders/base_coder.py `send_message`: `apply_updates`
 * then `auto_commit`): a `LoopWorkspace` holds the files and the chat and runs one reply, in any edit format,
 * through lib/editformats' one chain. Two implementations, the chain the same in both:
 *
 * - `MemoryWorkspace` (here): files in memory (`ProjectFiles`) and no git, as Aider with `--no-git`; with no
 *   repository `auto_commit` gives nothing, so the chat is told "I updated the files." — even when every edit
 *   failed, as in Aider.
 * - `GitWorkspace` (git-workspace.ts): lib/git's turn in a sandbox repository (dirty commit, gitignore, auto commit
 *   with its exact reply) wrapped around the same chain.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireRecord, requireStringArray } from "../core/validate.js";
import type { Fence } from "../editblock/fence.js";
import { applyUpdates, type ApplyUpdatesResult, type EditFormatCoder, type EditOutcome } from "../editformats/coder.js";
import { ProjectFiles, type IoEntry } from "../editformats/workspace.js";

/** A commit made during a turn: the user's dirty files before the edits, or Aider's edits after them. */
export interface CommitRecord {
  kind: "dirty" | "aider";
  /** Short sha (7 characters), as Aider records it. */
  sha: string;
  message: string;
}

/** A line Aider prints during the turn (`tool_output`, `tool_warning`, `tool_error`), or a question and its answer. */
export interface Printed {
  level: "output" | "warning" | "error" | "ask";
  text: string;
}

/** What `apply_updates` and `auto_commit` did with one reply. */
export interface UpdateResult {
  /** The edit format (Aider's `edit_format` name of the coder). */
  format: string;
  /** How many edits get_edits returned; null when it raised (the reply did not parse). */
  parsed: number | null;
  /** Shell blocks the reply suggested (SEARCH/REPLACE formats). */
  shellCommands: string[];
  /** Each distinct path the edits targeted after re-targeting, in order. */
  requested: string[];
  /** Aider's `edited`: the paths allowed to be edited (failed edits' paths included). */
  edited: string[];
  /** Edits the dry run moved to another chat file because their SEARCH is only there: the path named, the path used. */
  retargeted: { from: string; to: string }[];
  /** Paths refused by `allowed_to_edit` (declined, gitignored, not creatable). */
  refused: string[];
  /** Per-edit results the format reported (SEARCH/REPLACE's blocks); empty for the other formats. */
  outcomes: EditOutcome[];
  /** Paths committed as the user's before the edits (dirty commit), and the commits made. */
  dirtyPaths: string[];
  commits: CommitRecord[];
  /** What goes into the history after the edit: "I committed the changes with git hash …" or "I updated the files.". */
  reply: string;
  /** The text reflected to the model: a parse or apply failure, or an exception's text; null if none. */
  reflected: string | null;
  /** Aider's `num_malformed_responses` increment (1 for a ValueError, else 0). */
  malformed: number;
  /** A git error that was printed and not reflected. */
  gitError: string | null;
  printed: Printed[];
}

/** What the loop needs from the place its edits land. */
export interface LoopWorkspace {
  /** One line for the trace, e.g. "memory, no git". */
  readonly description: string;
  /** Aider's chat files (`abs_fnames`), in order; `applyReply` and `addToChat` can add to them. */
  chatFiles(): string[];
  /** A file's text, or null when it does not exist. */
  read(path: string): string | null;
  /** Files the model may mention to get them added (Aider: the repository's tracked files not in the chat). */
  mentionable(): Promise<string[]>;
  addToChat(path: string): void;
  /** `apply_updates` for one reply through `coder` (get_edits included), then `auto_commit` of the edited files. */
  applyReply(coder: EditFormatCoder<unknown>, reply: ReplyInput): Promise<UpdateResult>;
  /** Every file and its text, keys sorted. */
  snapshot(): Promise<Record<string, string>>;
}

/** The reply, the fence the chat files were shown in, and the loop's rule for edit paths. */
export interface ReplyInput {
  text: string;
  fence: Fence;
  checkPath?: (path: string) => void;
}

/** The user's answers to Aider's two questions in `allowed_to_edit` (given up front; the workbench cannot ask). */
export interface EditAnswers {
  /** "Create new file?" */
  createNewFile: boolean;
  /** "Allow edits to file that has not been added to the chat?" */
  editFileNotInChat: boolean;
}

export const EDIT_ANSWERS_DEFAULTS: Readonly<EditAnswers> = Object.freeze({ createNewFile: true, editFileNotInChat: true });

/** Validates partial answers and fills in the defaults (yes to both, as `--yes-always`). */
export function checkEditAnswers(where: string, answers: unknown): EditAnswers {
  const a = requireRecord(where, "answers", answers);
  rejectUnknownKeys(where, "answers", a, Object.keys(EDIT_ANSWERS_DEFAULTS));
  const full = { ...EDIT_ANSWERS_DEFAULTS, ...a } as Record<string, unknown>;
  return {
    createNewFile: requireBoolean(where, "answers.createNewFile", full.createNewFile),
    editFileNotInChat: requireBoolean(where, "answers.editFileNotInChat", full.editFileNotInChat),
  };
}

/** Distinct values in first-seen order. */
export const distinct = (xs: readonly string[]): string[] => [...new Set(xs)];

/** The chain's result as the loop's `UpdateResult`, before git adds its commits and reply. */
export function updateOf(coder: EditFormatCoder<unknown>, r: ApplyUpdatesResult, extra: { shellCommands: string[]; outcomes: EditOutcome[]; printed: Printed[] }): UpdateResult {
  return {
    format: coder.name,
    parsed: r.parsed,
    shellCommands: extra.shellCommands,
    requested: r.requested,
    edited: r.edited.filter((p): p is string => p !== null),
    retargeted: r.retargeted,
    refused: r.refused,
    outcomes: extra.outcomes,
    dirtyPaths: r.dirtyPaths,
    commits: [],
    reply: "I updated the files.", // no repository: auto_commit returns None
    reflected: r.reflectedMessage,
    malformed: r.numMalformedResponses,
    gitError: r.gitError,
    printed: extra.printed,
  };
}

const LEVEL: Record<"output" | "warning" | "error", Printed["level"]> = { output: "output", warning: "warning", error: "error" };

/** The io log as trace lines; a question shows its path and the answer given. */
export function printedOf(io: readonly IoEntry[]): Printed[] {
  return io.map((e) => (e[0] === "confirm" ? { level: "ask", text: `${e[2]}: ${e[1]} ${e[3] ? "yes" : "no"}` } : { level: LEVEL[e[0]], text: e[1] }));
}

/** Files in memory, no git: Aider's `apply_updates` with no repository, for every edit format. */
export class MemoryWorkspace implements LoopWorkspace {
  readonly description = "memory, no git";
  /** The chain's in-memory files (its io log included). */
  readonly files: ProjectFiles;
  readonly answers: EditAnswers;
  private readonly chat: string[];

  constructor(files: Readonly<Record<string, string>>, config: { chat: readonly string[]; answers?: Partial<EditAnswers> }) {
    const where = "MemoryWorkspace";
    const cfg = requireRecord(where, "config", config);
    rejectUnknownKeys(where, "config", cfg, ["chat", "answers"]);
    this.answers = checkEditAnswers(where, config.answers ?? {});
    const a = this.answers;
    this.files = new ProjectFiles(files, { confirm: (q) => (q === "Create new file?" ? a.createNewFile : a.editFileNotInChat) });
    this.chat = distinct(requireStringArray(where, "config.chat", config.chat).map((p) => this.files.key(p)));
    this.chat.forEach((p, i) => {
      if (!this.files.isFile(p)) throw new WorkbenchInputError(where, `config.chat[${i}]`, "must name one of the files (give a new file as \"\")", p);
    });
  }

  chatFiles(): string[] {
    return [...this.chat];
  }

  read(path: string): string | null {
    return this.files.isFile(path) ? this.files.raw(path)!.replace(/\r\n?/g, "\n") : null;
  }

  async mentionable(): Promise<string[]> {
    return []; // without a repository Aider's "all files" are the chat files: nothing can be mentioned
  }

  addToChat(path: string): void {
    const k = this.files.key(path);
    if (!this.chat.includes(k)) this.chat.push(k);
  }

  async snapshot(): Promise<Record<string, string>> {
    return this.files.snapshot();
  }

  async applyReply(coder: EditFormatCoder<unknown>, reply: ReplyInput): Promise<UpdateResult> {
    const start = this.files.io.length;
    const chatFiles = new Set(this.chat);
    const shellCommands: string[] = [];
    const outcomes: EditOutcome[] = [];
    const ctx = { files: this.files, repo: null, chatFiles, fence: reply.fence, shellCommands, outcomes, ...(reply.checkPath ? { checkPath: reply.checkPath } : {}) };
    const r = await applyUpdates(coder, reply.text, ctx);
    for (const p of chatFiles) this.addToChat(p);
    return updateOf(coder, r, { shellCommands, outcomes, printed: printedOf(this.files.io.slice(start)) });
  }
}
