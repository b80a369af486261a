/**
 * Where the loop's edits land, and git around them (reference §3.3–§3.5): a `LoopWorkspace` holds the files and
 * the chat, and runs Aider's `apply_updates` + `auto_commit` for the edits of one reply. Two implementations:
 *
 * - `MemoryWorkspace` (here): files in memory and no git, as Aider with `--no-git`: `apply_edits_dry_run`
 *   re-targets the edits, `allowed_to_edit` asks about new files and files outside the chat (answers given up
 *   front), `apply_edits` writes, and with no repository `auto_commit` gives nothing, so the chat is told
 *   "I updated the files." — even when every edit failed, as in Aider.
 * - `GitWorkspace` (git-workspace.ts): the real git turn of lib/git in a sandbox repository (dirty commits,
 *   gitignore, auto commits with their exact reply).
 * The permission questions here and in lib/git's `runTurn` are the same `allowed_to_edit`; this one has no repository.
 */
import { applyEdits, type ApplyEditsResult } from "../editblock/apply.js";
import type { Fence } from "../editblock/fence.js";
import { MemoryFileSystem, touch } from "../editblock/files.js";
import type { EditBlock } from "../editblock/parse.js";
import { PythonError } from "../core/pyerror.js";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireRecord, requireStringArray } from "../core/validate.js";

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

/** What `apply_updates` and `auto_commit` did with one reply's edits. */
export interface UpdateResult {
  /** Each distinct path the edits targeted after re-targeting, in order. */
  requested: string[];
  /** Aider's `edited`: the paths allowed to be edited (failed edits' paths included). */
  edited: string[];
  /** Edits the dry run moved to another chat file because their SEARCH is only there: the path named, the path used. */
  retargeted: { from: string; to: string }[];
  /** Paths refused by `allowed_to_edit` (declined, gitignored, not creatable). */
  refused: string[];
  /** The `apply_edits` result (which edits passed and failed); null when it did not run or crashed. */
  applied: ApplyEditsResult | null;
  /** Paths committed as the user's before the edits (dirty commit), and the commits made. */
  dirtyPaths: string[];
  commits: CommitRecord[];
  /** What goes into the history after the edit: "I committed the changes with git hash …" or "I updated the files.". */
  reply: string;
  /** The text reflected to the model: the failure message of `apply_edits` or an exception's text; null if none. */
  reflected: string | null;
  /** A git error that was printed and not reflected (reference §3.3). */
  gitError: string | null;
  printed: Printed[];
}

/** What the loop needs from the place its edits land. */
export interface LoopWorkspace {
  /** One line for the trace, e.g. "memory, no git". */
  readonly description: string;
  /** Aider's chat files (`abs_fnames`), in order; `applyUpdates` and `addToChat` can add to them. */
  chatFiles(): string[];
  /** A file's text, or null when it does not exist. */
  read(path: string): string | null;
  /** Files the model may mention to get them added (Aider: the repository's tracked files not in the chat). */
  mentionable(): Promise<string[]>;
  addToChat(path: string): void;
  /** `apply_updates` for the parsed edits, then `auto_commit` of the edited files. */
  applyUpdates(edits: readonly EditBlock[], fence: Fence): Promise<UpdateResult>;
  /** Every file and its text, keys sorted. */
  snapshot(): Promise<Record<string, string>>;
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

/** The edits whose path the dry run changed (`resolved` is `edits` with re-targeted paths, in the same order). */
export function retargetings(edits: readonly EditBlock[], resolved: readonly EditBlock[]): { from: string; to: string }[] {
  return edits.flatMap((e, i) => {
    const to = resolved[i]?.path;
    return to !== undefined && to !== e.path ? [{ from: e.path, to }] : [];
  });
}

/** Files in memory, no git: Aider's `apply_updates` with no repository. */
export class MemoryWorkspace implements LoopWorkspace {
  readonly description = "memory, no git";
  readonly files: MemoryFileSystem;
  readonly answers: EditAnswers;
  private readonly chat: string[];

  constructor(files: Readonly<Record<string, string>>, config: { chat: readonly string[]; answers?: Partial<EditAnswers> }) {
    const where = "MemoryWorkspace";
    this.files = new MemoryFileSystem(files);
    const cfg = requireRecord(where, "config", config);
    rejectUnknownKeys(where, "config", cfg, ["chat", "answers"]);
    this.answers = checkEditAnswers(where, config.answers ?? {});
    this.chat = distinct(requireStringArray(where, "config.chat", config.chat));
    this.chat.forEach((p, i) => {
      if (!this.files.exists(p)) throw new WorkbenchInputError(where, `config.chat[${i}]`, "must name one of the files (give a new file as \"\")", p);
    });
  }

  chatFiles(): string[] {
    return [...this.chat];
  }

  read(path: string): string | null {
    return this.files.read(path);
  }

  async mentionable(): Promise<string[]> {
    return []; // without a repository Aider's "all files" are the chat files: nothing can be mentioned
  }

  addToChat(path: string): void {
    if (!this.chat.includes(path)) this.chat.push(path);
  }

  async snapshot(): Promise<Record<string, string>> {
    return this.files.snapshot();
  }

  async applyUpdates(edits: readonly EditBlock[], fence: Fence): Promise<UpdateResult> {
    const printed: Printed[] = [];
    const result: UpdateResult = { requested: [], edited: [], retargeted: [], refused: [], applied: null, dirtyPaths: [], commits: [], reply: "", reflected: null, gitError: null, printed };
    try {
      const resolved = applyEdits(edits, this.files, { chatFiles: this.chat, fence, dryRun: true }).updated;
      result.retargeted = retargetings(edits, resolved);
      result.requested = distinct(resolved.map((e) => e.path));
      const allowed = new Map(result.requested.map((p) => [p, this.allowedToEdit(p, printed)]));
      result.refused = result.requested.filter((p) => !allowed.get(p));
      const kept = resolved.filter((e) => allowed.get(e.path));
      result.edited = distinct(kept.map((e) => e.path));
      result.applied = applyEdits(kept, this.files, { chatFiles: this.chat, fence });
      if (result.applied.error !== null) {
        printed.push({ level: "error", text: "The LLM did not conform to the edit format." });
        result.reflected = result.applied.error;
      } else {
        for (const p of result.edited) printed.push({ level: "output", text: `Applied edit to ${p}` });
      }
    } catch (err) {
      if (!(err instanceof PythonError)) throw err;
      printed.push({ level: "error", text: "Exception while updating files:" }, { level: "error", text: err.pythonMessage });
      result.reflected = err.pythonMessage; // Aider reflects str(err)
    }
    result.reply = "I updated the files."; // no repository: auto_commit returns None
    return result;
  }

  /** `allowed_to_edit` without a repository: no gitignore, no dirty check, no `git add`. */
  private allowedToEdit(path: string, printed: Printed[]): boolean {
    if (this.chat.includes(path)) return true;
    if (!this.files.exists(path)) {
      printed.push({ level: "ask", text: `${path}: Create new file? ${this.answers.createNewFile ? "yes" : "no"}` });
      if (!this.answers.createNewFile) return false;
      touch(this.files, path);
      this.addToChat(path);
      return true;
    }
    const yes = this.answers.editFileNotInChat;
    printed.push({ level: "ask", text: `${path}: Allow edits to file that has not been added to the chat? ${yes ? "yes" : "no"}` });
    if (!yes) return false;
    this.addToChat(path);
    return true;
  }
}
