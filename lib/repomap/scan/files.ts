/**
 * Which files a repo map covers (`aider/repomap.py` `get_repo_map`: Aider maps the repository's tracked files) and reading them
 * safely. In a git work tree the files are `git ls-files`, run with every repository-configured command off
 * (lib/core/untrusted-git.ts); elsewhere a walk that skips `.git`, dependency folders and build outputs and does not
 * enter symlinked folders. Either way a file whose real path leaves the folder (a symlink out of it, or a path under
 * a symlinked folder that leaves it) is left out of the list and counted; a symlink that stays
 * inside is kept and read through (Aider opens the path, so it sees the target's text).
 * Reading never throws: a file that is not a regular file, unreadable, too large, binary (a NUL byte in its first
 * 8 KiB) or not valid UTF-8 comes back as a skip reason, which the scan counts.
 */
import { constants, promises as fs, realpathSync, statSync } from "node:fs";
import { tryReadUserFile } from "../../core/user-file.js";
import { join, relative, resolve, sep } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints } from "../../core/pystr.js";
import { runUntrustedGit } from "../../core/untrusted-git.js";
import { requireString } from "../../core/validate.js";

/** Folders a walk never enters: version control, dependencies, caches and build outputs. */
export const WALK_SKIP_DIRS: ReadonlySet<string> = new Set([
  ".git", ".hg", ".svn", "node_modules", "bower_components", "site-packages", ".venv", "venv", "__pycache__",
  ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".gradle", ".idea", ".vscode", ".next", ".nuxt",
  ".cache", ".parcel-cache", ".turbo", "dist", "build", "out", "target", "coverage", ".aider-workbench-cache",
]);

/** Why a file with a grammar was not parsed (it still appears in the map by name). */
export type SkipReason = "missing" | "unreadable" | "too-large" | "binary" | "not-utf8" | "parse-error" | "too-complex";

/** The files of a folder, repo-relative with `/`, sorted by code point, and where the list came from. */
export interface FileList {
  /** The folder's absolute path. */
  readonly root: string;
  readonly files: readonly string[];
  readonly source: "git" | "walk";
  /** Listed paths left out because their real path leaves the folder (symlinks), sorted. */
  readonly outside: readonly string[];
}

/** Checks that `dir` is an existing, readable folder; returns its absolute path. */
export async function requireReadableDir(where: string, dir: string): Promise<string> {
  requireString(where, "dir", dir);
  const abs = resolve(dir);
  let stat;
  try {
    stat = await fs.stat(abs);
  } catch {
    throw new WorkbenchInputError(where, "dir", "must be an existing folder", dir);
  }
  if (!stat.isDirectory()) throw new WorkbenchInputError(where, "dir", "must be a folder, not a file", dir);
  try {
    await fs.access(abs, constants.R_OK | constants.X_OK);
    await fs.readdir(abs);
  } catch {
    throw new WorkbenchInputError(where, "dir", "must be a readable folder", dir);
  }
  return abs;
}

/** `git ls-files` of the folder (paths relative to it), or `undefined` when it is not in a git work tree. */
export async function gitTrackedFiles(root: string): Promise<string[] | undefined> {
  try {
    const inside = await runUntrustedGit(root, ["rev-parse", "--is-inside-work-tree"]);
    if (inside.trim() !== "true") return undefined;
    const stdout = await runUntrustedGit(root, ["ls-files", "-z", "--cached"]);
    return [...new Set(stdout.split("\0").filter((p) => p !== ""))];
  } catch {
    return undefined;
  }
}

/**
 * Every regular file under `root` outside the skipped folders, and every symlink to a regular file (checked
 * against the folder later, as tracked links are); symlinked folders are not entered.
 */
export async function walkFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return; // an unreadable subfolder is left out
    }
    for (const e of entries) {
      const abs = join(dir, e.name);
      if (e.isDirectory()) {
        if (!WALK_SKIP_DIRS.has(e.name)) await visit(abs);
      } else if (e.isFile() || (e.isSymbolicLink() && isFileThroughLink(abs))) {
        out.push(relative(root, abs).split(sep).join("/"));
      }
    }
  };
  await visit(root);
  return out;
}

function isFileThroughLink(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false; // a dangling link
  }
}

/**
 * True when `rel`'s real path leaves `realRoot` (the folder's real path): a symlink out of it, or a path under a
 * symlinked folder that leaves it. A path that does not resolve (deleted, dangling) is not outside: reading it
 * reports it as missing.
 */
export function leavesRoot(realRoot: string, rel: string): boolean {
  let real: string;
  try {
    real = realpathSync.native(join(realRoot, rel));
  } catch {
    return false;
  }
  return real !== realRoot && !real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
}

/**
 * The files a map of `dir` covers: git-tracked files when git tracks any under it, else a walk (a folder that git
 * ignores, e.g. an interpreter's library inside a version manager's checkout, is walked).
 */
export async function listRepoFiles(dir: string): Promise<FileList> {
  const root = await requireReadableDir("listRepoFiles", dir);
  const realRoot = realpathSync.native(root);
  const tracked = await gitTrackedFiles(root);
  const useGit = tracked !== undefined && tracked.length > 0;
  const all = useGit ? tracked : await walkFiles(root);
  const files: string[] = [];
  const outside: string[] = [];
  for (const rel of all) (leavesRoot(realRoot, rel) ? outside : files).push(rel);
  return { root, files: files.sort(compareCodePoints), source: useGit ? "git" : "walk", outside: outside.sort(compareCodePoints) };
}

/** The result of reading one file: its text, or why it was skipped. */
export type ReadResult = { readonly text: string } | { readonly skipped: SkipReason };

const BINARY_PROBE = 8192;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decodes file bytes as Aider reads them (strict UTF-8, a BOM kept), or the skip reason. */
export function decodeSource(bytes: Uint8Array): ReadResult {
  if (bytes.subarray(0, BINARY_PROBE).includes(0)) return { skipped: "binary" };
  try {
    return { text: utf8.decode(bytes) };
  } catch {
    return { skipped: "not-utf8" };
  }
}

/**
 * Reads a file for parsing (synchronously: the scan reads one file at a time anyway); never throws. Only a regular
 * file is read, up to `maxBytes`, checked before reading and on the open descriptor (lib/core/user-file.ts): a FIFO
 * or device swapped in for a listed file is "missing", never waited on.
 */
export function readSourceSync(abs: string, maxBytes: number): ReadResult {
  const r = tryReadUserFile(abs, { maxBytes, param: "file" });
  if ("bytes" in r) return decodeSource(r.bytes);
  return { skipped: r.refused === "too-large" ? "too-large" : r.refused === "unreadable" ? "unreadable" : "missing" };
}
