/**
 * The coder's state that git turns and commands share (`aider/coders/base_coder.py` `allowed_to_edit`; `aider/commands.py` `cmd_undo`): the repository (null when git is
 * off), the chat files, this session's Aider commit hashes (what `/undo` may remove), the options — with
 * `auto_commits=False` forcing `dirty_commits=False` as Aider's constructor does (base_coder.py:409-413) — and
 * the user's answers to Aider's two questions ("Create new file?", "Allow edits to file that has not been added
 * to the chat?"), given up front because the workbench cannot ask.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireRecord, requireStringArray } from "../../core/validate.js";
import { checkCommitSettings, COMMIT_SETTINGS_DEFAULTS, type CommitSettings } from "./commit.js";
import { AiderRepo } from "./repo.js";
import { checkSandboxPath, type Sandbox } from "../sandbox/sandbox.js";
import { own } from "../../core/own.js";

/** The turn options `commitPlan` also takes. */
export interface GitOptions {
  autoCommits: boolean;
  dirtyCommits: boolean;
  dryRun: boolean;
  gitEnabled: boolean;
}

/** Aider's defaults, as `commitPlan`'s. */
export const GIT_OPTIONS_DEFAULTS: Readonly<GitOptions> = Object.freeze({ autoCommits: true, dirtyCommits: true, dryRun: false, gitEnabled: true });

/** The user's answers: one per question, with per-path overrides. */
export interface Answers {
  /** "Create new file?" */
  createNewFile: boolean;
  /** "Allow edits to file that has not been added to the chat?" */
  editFileNotInChat: boolean;
  /** Per-path answers that override the two above. */
  byPath: Readonly<Record<string, boolean>>;
}

/** Yes to both, as with `--yes-always`. */
export const ANSWERS_DEFAULTS: Readonly<Answers> = Object.freeze({ createNewFile: true, editFileNotInChat: true, byPath: Object.freeze({}) });

export interface SessionConfig {
  options?: Partial<GitOptions>;
  settings?: Partial<CommitSettings>;
  answers?: Partial<Answers>;
  /** The files added to the chat (`/add`); they must exist. */
  chat?: readonly string[];
}

/** One Aider session over a sandbox. */
export class AiderSession {
  readonly box: Sandbox;
  /** `coder.repo`: null when git is disabled (the sandbox still has git, for observing). */
  readonly repo: AiderRepo | null;
  readonly chat: Set<string>;
  /** `aider_commit_hashes`: short shas of this session's Aider commits. */
  readonly aiderCommitHashes = new Set<string>();
  readonly autoCommits: boolean;
  /** Effective: false whenever autoCommits is false. */
  readonly dirtyCommits: boolean;
  /** What was asked for, before the constructor's override. */
  readonly requestedDirtyCommits: boolean;
  readonly dryRun: boolean;
  readonly settings: CommitSettings;
  readonly answers: Answers;

  constructor(box: Sandbox, config: SessionConfig = {}) {
    const where = "AiderSession";
    const cfg = requireRecord(where, "config", config);
    rejectUnknownKeys(where, "config", cfg, ["options", "settings", "answers", "chat"]);
    const options = checkGitOptions(where, config.options ?? {});
    this.settings = checkCommitSettings(where, { ...COMMIT_SETTINGS_DEFAULTS, ...requireRecord(where, "settings", config.settings ?? {}) });
    this.answers = checkAnswers(where, config.answers ?? {});
    this.box = box;
    this.repo = options.gitEnabled ? new AiderRepo(box) : null;
    this.autoCommits = options.autoCommits;
    this.requestedDirtyCommits = options.dirtyCommits;
    this.dirtyCommits = options.autoCommits && options.dirtyCommits;
    this.dryRun = options.dryRun;
    this.chat = new Set();
    requireStringArray(where, "chat", config.chat ?? []).forEach((p, i) => {
      checkSandboxPath(where, `chat[${i}]`, p);
      if (!box.exists(p)) {
        throw new WorkbenchInputError(where, `chat[${i}]`, "must name a file that exists (Aider's /add of a missing file creates it: give it as an empty file)", p);
      }
      this.chat.add(p);
    });
  }

  /** The user's answer to `question` for `path`. */
  answer(question: "createNewFile" | "editFileNotInChat", path: string): boolean {
    return own(this.answers.byPath, path) ?? this.answers[question];
  }
}

/** Validates partial git options and fills in the defaults. */
export function checkGitOptions(where: string, options: unknown): GitOptions {
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(GIT_OPTIONS_DEFAULTS));
  const full = { ...GIT_OPTIONS_DEFAULTS, ...o } as Record<string, unknown>;
  for (const k of Object.keys(GIT_OPTIONS_DEFAULTS)) requireBoolean(where, `options.${k}`, full[k]);
  return full as unknown as GitOptions;
}

function checkAnswers(where: string, answers: unknown): Answers {
  const a = requireRecord(where, "answers", answers);
  rejectUnknownKeys(where, "answers", a, ["createNewFile", "editFileNotInChat", "byPath"]);
  const full = { ...ANSWERS_DEFAULTS, ...a };
  requireBoolean(where, "answers.createNewFile", full.createNewFile);
  requireBoolean(where, "answers.editFileNotInChat", full.editFileNotInChat);
  const byPath = requireRecord(where, "answers.byPath", full.byPath);
  for (const [p, v] of Object.entries(byPath)) {
    checkSandboxPath(where, `answers.byPath[${JSON.stringify(p)}]`, p);
    requireBoolean(where, `answers.byPath[${JSON.stringify(p)}]`, v);
  }
  return full as Answers;
}
