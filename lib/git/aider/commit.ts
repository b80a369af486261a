/**
 * `GitRepo.commit` (`aider/repo.py` `GitRepo.commit`, repo.py:131-318) and `/commit` (`aider/commands.py` `cmd_commit`): which files a commit takes (`git add`
 * each fname then `git commit -- fnames`, so other staged changes stay staged; or `git commit -a` without fnames),
 * its message, and its attribution — the "aider: " prefix, the Co-authored-by trailer and the "(aider)" author and
 * committer names, per the table in `aider/repo.py` `GitRepo.commit`.
 *
 * The message: a real Aider asks the weak model (then the main model) to write it from the diff. The workbench has
 * no model, so `standInMessage` builds a deterministic one from the same diff ("Update app.py; add new.py").
 */
import { requireBoolean, requireRecord, requireString, rejectUnknownKeys } from "../../core/validate.js";
import { WorkbenchInputError } from "../../core/errors.js";
import type { AiderLog } from "./io.js";
import type { AiderRepo, DiffEntry } from "./repo.js";
import { GitError } from "../sandbox/git-cli.js";

/** Aider's `--attribute-*` flags and the other settings `commit()` reads. `null` = not set on the command line. */
export interface CommitSettings {
  attributeAuthor: boolean | null;
  attributeCommitter: boolean | null;
  attributeCoAuthoredBy: boolean;
  attributeCommitMessageAuthor: boolean;
  attributeCommitMessageCommitter: boolean;
  /** The main model's name for the trailer; Aider writes "unknown-model" when it has none. */
  modelName: string;
  /** `--git-commit-verify` (false: `--no-verify` is passed, as by default). */
  gitCommitVerify: boolean;
}

/** Aider's defaults (args.py:451-490): author/committer unset, co-authored-by on, no message prefix. */
export const COMMIT_SETTINGS_DEFAULTS: Readonly<CommitSettings> = Object.freeze({
  attributeAuthor: null,
  attributeCommitter: null,
  attributeCoAuthoredBy: true,
  attributeCommitMessageAuthor: false,
  attributeCommitMessageCommitter: false,
  modelName: "unknown-model",
  gitCommitVerify: false,
});

/** How one commit is attributed. */
export interface Attribution {
  renameAuthor: boolean;
  renameCommitter: boolean;
  trailer: boolean;
  prefix: boolean;
}

/** The `aider/repo.py` `GitRepo.commit` attribution table for a commit of Aider's edits (`aiderEdits`) or of the user's changes. */
export function attribution(settings: CommitSettings, aiderEdits: boolean): Attribution {
  const s = checkCommitSettings("attribution", settings);
  requireBoolean("attribution", "aiderEdits", aiderEdits);
  const effAuthor = s.attributeAuthor ?? true;
  const effCommitter = s.attributeCommitter ?? true;
  const trailer = aiderEdits && s.attributeCoAuthoredBy;
  return {
    renameAuthor: aiderEdits && effAuthor && (!s.attributeCoAuthoredBy || s.attributeAuthor !== null),
    renameCommitter: effCommitter && (!trailer || s.attributeCommitter !== null),
    trailer,
    prefix: aiderEdits && (s.attributeCommitMessageAuthor || s.attributeCommitMessageCommitter),
  };
}

/** The deterministic stand-in for the model-written message: verbs per path from the diff, in diff order. */
export function standInMessage(diffs: readonly DiffEntry[]): string {
  const groups = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const d of diffs) {
    if (seen.has(d.path)) continue;
    seen.add(d.path);
    const verb = d.status === "added-untracked" || d.status === "A" ? "add" : d.status === "D" ? "delete" : "update";
    groups.set(verb, [...(groups.get(verb) ?? []), d.path]);
  }
  const text = ["update", "add", "delete"]
    .filter((v) => groups.has(v))
    .map((v) => `${v} ${groups.get(v)!.join(", ")}`)
    .join("; ");
  return text === "" ? "" : text[0]!.toUpperCase() + text.slice(1);
}

export type CommitResult =
  | { kind: "committed"; sha: string; message: string; fullMessage: string; standIn: boolean; attribution: Attribution }
  | { kind: "nothing" }
  | { kind: "failed"; error: string };

/** One `GitRepo.commit` call: which files (null = `commit -a`), the message (null = the stand-in), whose edits, the settings. */
export interface CommitRequest {
  readonly fnames: readonly string[] | null;
  readonly message: string | null;
  /** true: Aider's own edits (author/committer attribution as for aider_edits=True). */
  readonly aiderEdits: boolean;
  readonly settings: CommitSettings;
}

/**
 * `GitRepo.commit(fnames, message, aider_edits)`. Returns the 7-char sha and the message as Aider returns it
 * (prefix included, trailer not); "nothing" when there is no diff; "failed" after printing "Unable to commit: …".
 */
export async function gitRepoCommit(repo: AiderRepo, log: AiderLog, request: CommitRequest): Promise<CommitResult> {
  const { settings } = request;
  const fnames = request.fnames && request.fnames.length > 0 ? [...request.fnames] : null;
  if (fnames === null && !(await repo.isDirty())) return { kind: "nothing" };
  const diffs = await repo.diffs(fnames ?? []);
  if (diffs.length === 0) return { kind: "nothing" };
  const standIn = request.message === null;
  let message = request.message ?? standInMessage(diffs);
  if (!message) message = "(no commit message provided)";
  const attr = attribution(settings, request.aiderEdits);
  if (attr.prefix) message = "aider: " + message;
  const fullMessage = attr.trailer ? `${message}\n\nCo-authored-by: aider (${settings.modelName}) <aider@aider.chat>` : message;
  const args = ["-m", fullMessage];
  if (!settings.gitCommitVerify) args.push("--no-verify");
  if (fnames) {
    for (const f of fnames) {
      try {
        await repo.add(f);
      } catch (err) {
        log.error(`Unable to add ${f}: ${errText(err)}`);
      }
    }
    args.push("--", ...fnames);
  } else {
    args.push("-a");
  }
  const env: Record<string, string> = {};
  try {
    const decorated = `${await repo.userName()} (aider)`;
    if (attr.renameCommitter) env.GIT_COMMITTER_NAME = decorated;
    if (attr.renameAuthor) env.GIT_AUTHOR_NAME = decorated;
    await repo.commitRaw(args, env);
  } catch (err) {
    if (!(err instanceof GitError)) throw err;
    log.error(`Unable to commit: ${errText(err)}`);
    return { kind: "failed", error: errText(err) };
  }
  const sha = (await repo.headSha())!.slice(0, 7);
  return { kind: "committed", sha, message, fullMessage, standIn, attribution: attr };
}

/** `/commit [msg]` (`aider/commands.py` `cmd_commit`): nothing without a repo or when clean; else `git commit -a`, attributed to the user. */
export async function slashCommit(
  repo: AiderRepo | null,
  log: AiderLog,
  request: { readonly message: string | null; readonly settings: CommitSettings },
): Promise<CommitResult> {
  const { message, settings } = request;
  if (message !== null) requireString("slashCommit", "message", message);
  if (repo === null) {
    log.note("/commit: no repository (git disabled), nothing happens");
    return { kind: "nothing" };
  }
  if (!(await repo.isDirty())) {
    log.note("/commit: the repository is clean (untracked files do not count), nothing happens");
    return { kind: "nothing" };
  }
  return gitRepoCommit(repo, log, { fnames: null, message: message && message.trim() ? message.trim() : null, aiderEdits: false, settings });
}

/** Validates a full `CommitSettings`. */
export function checkCommitSettings(where: string, settings: unknown): CommitSettings {
  const s = requireRecord(where, "settings", settings);
  rejectUnknownKeys(where, "settings", s, Object.keys(COMMIT_SETTINGS_DEFAULTS));
  for (const k of ["attributeAuthor", "attributeCommitter"] as const) {
    if (s[k] !== null) requireBoolean(where, `settings.${k}`, s[k]);
  }
  for (const k of ["attributeCoAuthoredBy", "attributeCommitMessageAuthor", "attributeCommitMessageCommitter", "gitCommitVerify"] as const) {
    requireBoolean(where, `settings.${k}`, s[k]);
  }
  requireString(where, "settings.modelName", s.modelName);
  if (s.modelName === "") throw new WorkbenchInputError(where, "settings.modelName", "must not be empty");
  return s as unknown as CommitSettings;
}

function errText(err: unknown): string {
  if (err instanceof GitError) return err.stderr.trim() || err.message;
  return err instanceof Error ? err.message : String(err);
}
