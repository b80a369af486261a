/**
 * The one edit chain every format shares, git or not: Aider's `Coder.apply_updates` (aider/coders/base_coder.py)
 * = get_edits → apply_edits_dry_run → `prepare_to_edit` (`allowed_to_edit` once per path, `check_for_dirty_commit`,
 * then `dirty_commit`) → apply_edits, with its outcomes: a ValueError is reflected and counted as malformed, a git
 * error is printed, any other exception is printed as "Exception while updating files:" and its text reflected;
 * success prints "Applied edit to …" (or "Did not apply edit to … (--dry-run)").
 * A format plugs in as an `EditFormatCoder`, files come through one `EditFiles`, git (when there is one) through an
 * `EditRepo`: lib/git's turn and lib/loop both run this chain; the conformance suites run it with `repo: null`.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { PythonError } from "../core/pyerror.js";
import { compareCodePoints } from "../core/pystr.js";
import type { Fence } from "../editblock/fence.js";
import type { EditFiles } from "./workspace.js";

/**
 * An error Aider raises as a `ValueError` (or a subclass, e.g. patch's `DiffError`): its text is reflected to the
 * model and counts as a malformed response. `pythonType` is the Python class name the vectors record.
 */
export class EditFormatValueError extends Error {
  readonly pythonType: string;
  constructor(message: string, pythonType = "ValueError") {
    super(message);
    this.name = "EditFormatValueError";
    this.pythonType = pythonType;
  }
}

/** What `allowed_to_edit` and `dirty_commit` need of Aider's `GitRepo` (aider/repo.py); null without git. */
export interface EditRepo {
  /** `dirty_commits` as the coder has it (false whenever auto commits are off). */
  readonly dirtyCommits: boolean;
  /** Whether `allowed_to_edit` may `git add` an untracked file (Aider: only with auto commits on). */
  readonly addsFiles: boolean;
  pathInRepo(path: string): Promise<boolean>;
  isIgnored(path: string): Promise<boolean>;
  /** `repo.is_dirty(path)`: index or work-tree changes; an untracked path counts as dirty. */
  isDirty(path: string): Promise<boolean>;
  add(path: string): Promise<void>;
  /** `repo.commit(fnames=need_commit_before_edits)`: the user's changes, committed before the edits. */
  commitDirty(paths: readonly string[]): Promise<void>;
  /** Aider's `ANY_GIT_ERROR`: the text printed for `err`, or null when it is not a git error. */
  gitErrorText(err: unknown): string | null;
}

/** What a coder works on: the files, the repository, the chat files (mutable: allowed_to_edit adds to it), the fence. */
export interface CoderContext {
  files: EditFiles;
  /** `coder.repo`; null (or absent) without git. */
  repo?: EditRepo | null;
  /** Aider's `abs_fnames`, as project-relative paths. */
  chatFiles: Set<string>;
  fence: Fence;
  /** Shell blocks a format collected (diff-fenced / diff). */
  shellCommands: string[];
  /** Per-edit results a format reports (SEARCH/REPLACE: which block matched, and how); the chain only collects. */
  outcomes?: EditOutcome[];
  /** A caller's rule for edit paths, run on each path right after get_edits; what it throws is not caught. */
  checkPath?: (path: string) => void;
}

/** One edit's result, as a format reports it. */
export interface EditOutcome {
  path: string;
  applied: boolean;
  /** How it matched (e.g. "perfect", "append"); null when the format does not say. */
  how: string | null;
}

/** One edit format's parse and apply steps, as Aider's coder classes split them. SEARCH/REPLACE is one of them. */
export interface EditFormatCoder<E> {
  /** Aider's `edit_format` name. */
  readonly name: string;
  getEdits(reply: string, ctx: CoderContext): E[];
  /** Identity for udiff, patch and whole; SEARCH/REPLACE re-targets here. */
  applyEditsDryRun(edits: E[], ctx: CoderContext): E[];
  /** The path `prepare_to_edit` checks (null: passed through unchecked, as Aider does). */
  pathOf(edit: E): string | null;
  applyEdits(edits: E[], ctx: CoderContext): void;
}

/** What one reply did, in Aider's terms and with what the chain observed on the way. */
export interface ApplyUpdatesResult {
  /** Aider's returned `edited` set, sorted (null sorts first). */
  edited: (string | null)[];
  reflectedMessage: string | null;
  numMalformedResponses: number;
  /** Edits get_edits returned; null when it raised. */
  parsed: number | null;
  /** Each distinct path the edits targeted after the dry run, in order. */
  requested: string[];
  /** Paths `allowed_to_edit` refused. */
  refused: string[];
  /** Edits the dry run moved to another file: the path named, the path used. */
  retargeted: { from: string; to: string }[];
  /** Paths `check_for_dirty_commit` found dirty (committed as the user's before the edits). */
  dirtyPaths: string[];
  /** A git error's text, printed and not reflected (`ANY_GIT_ERROR`). */
  gitError: string | null;
}

/** Aider's link printed after a malformed response. */
export const EDIT_ERRORS_URL = "https://aider.chat/docs/troubleshooting/edit-errors.html";

/** The sorted relative chat files (`get_inchat_relative_files`). */
export function inchatRelativeFiles(ctx: CoderContext): string[] {
  return [...ctx.chatFiles].sort(compareCodePoints);
}

/** Aider's `check_for_dirty_commit(path)`: a dirty path is noted for `dirty_commit`. */
async function checkForDirtyCommit(ctx: CoderContext, path: string, need: Set<string>): Promise<void> {
  const repo = ctx.repo;
  if (!repo || !repo.dirtyCommits || !(await repo.isDirty(path))) return;
  ctx.files.log("output", `Committing ${path} before applying edits.`);
  need.add(path);
}

/** Aider's `allowed_to_edit(path)` (base_coder.py), with or without a repository; `need` collects dirty paths. */
export async function allowedToEdit(ctx: CoderContext, path: string, need: Set<string> = new Set()): Promise<boolean> {
  const { files } = ctx;
  const repo = ctx.repo ?? null;
  const key = files.key(path);
  const needToAdd = repo !== null && repo.addsFiles && !(await repo.pathInRepo(key));
  if (ctx.chatFiles.has(key)) {
    await checkForDirtyCommit(ctx, key, need);
    return true;
  }
  if (repo && (await repo.isIgnored(key))) {
    files.log("warning", `Skipping edits to ${path} that matches gitignore spec.`);
    return false;
  }
  if (!files.exists(key)) {
    if (!files.confirm("Create new file?", path)) {
      files.log("output", `Skipping edits to ${path}`);
      return false;
    }
    if (!files.dryRun) {
      if (!files.touchFile(key)) {
        files.log("error", `Unable to create ${path}, skipping edits.`);
        return false;
      }
      if (needToAdd) await repo.add(key);
    }
    ctx.chatFiles.add(key); // no dirty check for a new file
    return true;
  }
  if (!files.confirm("Allow edits to file that has not been added to the chat?", path)) {
    files.log("output", `Skipping edits to ${path}`);
    return false;
  }
  if (needToAdd) await repo.add(key); // not guarded by dry run, as in Aider
  ctx.chatFiles.add(key);
  await checkForDirtyCommit(ctx, key, need);
  return true;
}

/** Aider's `prepare_to_edit`: the allowed edits (asked once per path; a null path passes), then `dirty_commit`. */
export async function prepareToEdit<E>(coder: EditFormatCoder<E>, edits: E[], ctx: CoderContext): Promise<{ kept: E[]; requested: string[]; refused: string[]; dirty: string[] }> {
  const seen = new Map<string, boolean>();
  const need = new Set<string>();
  const kept: E[] = [];
  for (const e of edits) {
    const path = coder.pathOf(e);
    if (path !== null && !seen.has(path)) seen.set(path, await allowedToEdit(ctx, path, need));
    if (path === null || seen.get(path)) kept.push(e);
  }
  const repo = ctx.repo ?? null;
  if (need.size > 0 && repo && repo.dirtyCommits) await repo.commitDirty([...need]);
  const requested = [...seen.keys()];
  return { kept, requested, refused: requested.filter((p) => !seen.get(p)), dirty: [...need] };
}

function sortEdited(paths: Iterable<string | null>): (string | null)[] {
  return [...new Set(paths)].sort((a, b) => (a === null ? -1 : b === null ? 1 : compareCodePoints(a, b)));
}

function retargetings<E>(coder: EditFormatCoder<E>, before: readonly E[], after: readonly E[]): { from: string; to: string }[] {
  if (before.length !== after.length) return [];
  return before.flatMap((e, i) => {
    const from = coder.pathOf(e);
    const to = coder.pathOf(after[i]!);
    return from !== null && to !== null && from !== to ? [{ from, to }] : [];
  });
}

/** Aider's `Coder.apply_updates` for any format, on any `EditFiles`, with or without git; io goes to `ctx.files`. */
export async function applyUpdates<E>(coder: EditFormatCoder<E>, reply: string, ctx: CoderContext): Promise<ApplyUpdatesResult> {
  const { files } = ctx;
  const r: ApplyUpdatesResult = { edited: [], reflectedMessage: null, numMalformedResponses: 0, parsed: null, requested: [], refused: [], retargeted: [], dirtyPaths: [], gitError: null };
  try {
    const parsed = coder.getEdits(reply, ctx);
    r.parsed = parsed.length;
    for (const e of parsed) {
      const p = coder.pathOf(e);
      if (p !== null) ctx.checkPath?.(p);
    }
    const resolved = coder.applyEditsDryRun(parsed, ctx);
    r.retargeted = retargetings(coder, parsed, resolved);
    const prepared = await prepareToEdit(coder, resolved, ctx);
    Object.assign(r, { requested: prepared.requested, refused: prepared.refused, dirtyPaths: prepared.dirty });
    r.edited = sortEdited(prepared.kept.map((e) => coder.pathOf(e)));
    coder.applyEdits(prepared.kept, ctx);
  } catch (err) {
    return failed(err, ctx, r);
  }
  for (const p of r.edited) files.log("output", files.dryRun ? `Did not apply edit to ${p} (--dry-run)` : `Applied edit to ${p}`);
  return r;
}

/** The `except` clauses of `apply_updates`. */
function failed(err: unknown, ctx: CoderContext, r: ApplyUpdatesResult): ApplyUpdatesResult {
  const { files } = ctx;
  if (err instanceof WorkbenchInputError && err.where === "ProjectFiles") {
    // Not Aider: it would write outside its root. The workbench refuses, says so, and reflects nothing.
    files.log("error", `workbench sandbox: ${err.message}; the edits were not applied`);
    return r;
  }
  const gitText = ctx.repo?.gitErrorText(err) ?? null;
  if (gitText !== null) {
    files.log("error", gitText);
    r.gitError = gitText;
    return r;
  }
  if (!(err instanceof EditFormatValueError || err instanceof PythonError)) throw err; // a bug of ours, not Aider's
  const text = err instanceof PythonError ? err.pythonMessage : err.message;
  r.reflectedMessage = text;
  if (err instanceof EditFormatValueError || err.pythonType === "ValueError") {
    files.log("error", "The LLM did not conform to the edit format.");
    files.log("output", EDIT_ERRORS_URL);
    files.log("output", "");
    files.log("output", text);
    r.numMalformedResponses = 1;
    return r;
  }
  files.log("error", "Exception while updating files:");
  files.log("error", text);
  return r;
}

/** `coder` with get_edits answering `edits` (edits parsed elsewhere, e.g. a scenario's), the rest unchanged. */
export function withEdits<E>(coder: EditFormatCoder<E>, edits: readonly E[]): EditFormatCoder<E> {
  return Object.freeze({ ...coder, getEdits: () => [...edits] });
}
