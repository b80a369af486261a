/**
 * What git really holds, read back after a turn or a command: the work tree's state (staged, modified and
 * untracked paths, as `git status` groups them) and each commit (message, author, committer, files with line
 * counts). The scenario report compares these observations with `commitPlan`'s prediction.
 */
import { createHash } from "node:crypto";
import { compareCodePoints } from "../../core/pystr.js";
import { runGit, splitNul, type GitContext } from "./git-cli.js";

/** `git status` in three lists (a path can be both staged and modified). Paths sorted by code point. */
export interface RepoState {
  /** The index differs from HEAD (`git diff --cached`). */
  staged: string[];
  /** The work tree differs from the index (`git diff`), deletions included. */
  modified: string[];
  /** Not tracked and not ignored. */
  untracked: string[];
}

export interface CommitFile {
  path: string;
  /** git's letter: A added, M modified, D deleted, T type change. */
  status: string;
  /** Lines added and deleted (null for binary files). */
  added: number | null;
  deleted: number | null;
}

export interface CommitInfo {
  /** The 7-character short sha, as Aider records it. */
  sha: string;
  fullSha: string;
  parents: number;
  /** The first line of the message. */
  subject: string;
  /** The whole message, trailers included. */
  message: string;
  author: string;
  committer: string;
  files: CommitFile[];
  /** The commit's patch, when asked for. */
  patch?: string;
}

const sorted = (xs: Iterable<string>): string[] => [...new Set(xs)].sort(compareCodePoints);

/** Reads `git status --porcelain=v1 -z --untracked-files=all --no-renames`. */
export async function repoState(git: GitContext): Promise<RepoState> {
  const out = await runGit(git, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]);
  const staged: string[] = [];
  const modified: string[] = [];
  const untracked: string[] = [];
  for (const entry of splitNul(out.stdout)) {
    const x = entry[0]!;
    const y = entry[1]!;
    const path = entry.slice(3);
    if (x === "?") untracked.push(path);
    else {
      if (x !== " ") staged.push(path);
      if (y !== " ") modified.push(path);
    }
  }
  return { staged: sorted(staged), modified: sorted(modified), untracked: sorted(untracked) };
}

/** The paths `git status` lists at all (Aider's dirty set, untracked included). */
export function dirtyPaths(state: RepoState): string[] {
  return sorted([...state.staged, ...state.modified, ...state.untracked]);
}

/** One commit, with its files (`git diff-tree --raw --numstat`) and, if asked, its patch. */
export async function readCommit(git: GitContext, rev: string, withPatch = false): Promise<CommitInfo> {
  const meta = splitNul((await runGit(git, ["log", "-1", "-z", "--format=%H%x00%P%x00%an%x00%cn%x00%B", rev])).stdout);
  const [fullSha, parents, author, committer, body] = meta as [string, string, string, string, string];
  const fields = splitNul(
    (await runGit(git, ["diff-tree", "-r", "-z", "--root", "--no-commit-id", "--no-renames", "--raw", "--numstat", rev])).stdout,
  );
  const files: CommitFile[] = [];
  const counts = new Map<string, [number | null, number | null]>();
  for (let i = 0; i < fields.length; ) {
    const f = fields[i++]!;
    if (f.startsWith(":")) {
      files.push({ path: fields[i++]!, status: f.trim().split(" ").pop()!, added: null, deleted: null });
    } else {
      // "added\tdeleted\tpath": the path itself may hold a TAB, so split at the first two only
      const t1 = f.indexOf("\t");
      const t2 = f.indexOf("\t", t1 + 1);
      const [a, d, path] = [f.slice(0, t1), f.slice(t1 + 1, t2), f.slice(t2 + 1)];
      counts.set(path, [a === "-" ? null : Number(a), d === "-" ? null : Number(d)]);
    }
  }
  for (const file of files) [file.added, file.deleted] = counts.get(file.path) ?? [null, null];
  const message = body.replace(/\n+$/, "");
  const info: CommitInfo = {
    sha: fullSha.slice(0, 7),
    fullSha,
    parents: parents === "" ? 0 : parents.split(" ").length,
    subject: message.split("\n")[0] ?? "",
    message,
    author,
    committer,
    files,
  };
  if (withPatch) info.patch = (await runGit(git, ["show", "--format=", "--patch", "--no-renames", "--no-color", rev])).stdout;
  return info;
}

export interface CommitsSinceOptions {
  /** Read each commit's patch too. */
  withPatch?: boolean;
  /** Commits already read, by full sha (commits never change): filled as commits are read. Default: a new one. */
  cache?: Map<string, CommitInfo>;
}

export const COMMITS_SINCE_DEFAULTS = Object.freeze({ withPatch: false });

/**
 * The commits after `base` (exclusive; null = from the root) up to HEAD, oldest first. Commits never change, so a
 * `cache` (by full sha) may be passed to read each one once.
 */
export async function commitsSince(git: GitContext, base: string | null, options: CommitsSinceOptions = {}): Promise<CommitInfo[]> {
  const withPatch = options.withPatch ?? COMMITS_SINCE_DEFAULTS.withPatch;
  const cache = options.cache ?? new Map<string, CommitInfo>();
  const head = await runGit(git, ["rev-parse", "--verify", "--quiet", "HEAD"], { okCodes: [1] });
  if (head.exitCode !== 0) return [];
  const range = base === null ? ["HEAD"] : [`${base}..HEAD`];
  const shas = (await runGit(git, ["rev-list", "--reverse", ...range])).stdout.split("\n").filter(Boolean);
  const out: CommitInfo[] = [];
  for (const sha of shas) {
    if (!cache.has(sha)) cache.set(sha, await readCommit(git, sha, withPatch));
    out.push(cache.get(sha)!);
  }
  return out;
}

/** A path's blob in HEAD, in the index and in the work tree (git blob shas; null = absent). */
export interface FileSnapshot {
  head: string | null;
  index: string | null;
  worktree: string | null;
}

/** The git blob sha of `content` (what `git hash-object` prints; the sandbox has no filters). */
export function blobSha(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

/** `meta\tpath` split at the first TAB only: the path may hold one. */
function splitAtTab(e: string): [string, string] {
  const t = e.indexOf("\t");
  return [e.slice(0, t), e.slice(t + 1)];
}

/** HEAD, index and work-tree blobs for each path (two git calls, then the files). */
export async function snapshotFiles(git: GitContext, readFile: (path: string) => Buffer | null, paths: readonly string[]): Promise<Record<string, FileSnapshot>> {
  const index = new Map<string, string>();
  for (const e of splitNul((await runGit(git, ["ls-files", "-s", "-z"])).stdout)) {
    const [meta, path] = splitAtTab(e);
    index.set(path, meta.split(" ")[1]!);
  }
  const head = new Map<string, string>();
  const hasHead = (await runGit(git, ["rev-parse", "--verify", "--quiet", "HEAD"], { okCodes: [1] })).exitCode === 0;
  if (hasHead) {
    for (const e of splitNul((await runGit(git, ["ls-tree", "-r", "-z", "HEAD"])).stdout)) {
      const [meta, path] = splitAtTab(e);
      head.set(path, meta.split(" ")[2]!);
    }
  }
  // own properties even for a file named __proto__ (an assignment would set the prototype instead)
  return Object.fromEntries(paths.map((p) => {
    const content = readFile(p);
    return [p, { head: head.get(p) ?? null, index: index.get(p) ?? null, worktree: content === null ? null : blobSha(content) }];
  }));
}
