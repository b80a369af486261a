/**
 * Which files a repo map covers (reference §1.1: Aider maps the repository's tracked files) and reading them
 * safely. In a git work tree the files are `git ls-files` (run with execFile, never through a shell); elsewhere a
 * walk that skips `.git`, dependency folders and build outputs and does not follow symbolic links.
 * Reading never throws: a file that is not a regular file, unreadable, too large, binary (a NUL byte in its first
 * 8 KiB) or not valid UTF-8 comes back as a skip reason, which the scan counts.
 */
import { execFile } from "node:child_process";
import { constants, promises as fs, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints } from "../../core/pystr.js";
import { requireString } from "../../core/validate.js";

const run = promisify(execFile);

/** Folders a walk never enters: version control, dependencies, caches and build outputs. */
export const WALK_SKIP_DIRS: ReadonlySet<string> = new Set([
  ".git", ".hg", ".svn", "node_modules", "bower_components", "site-packages", ".venv", "venv", "__pycache__",
  ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".gradle", ".idea", ".vscode", ".next", ".nuxt",
  ".cache", ".parcel-cache", ".turbo", "dist", "build", "out", "target", "coverage", ".aider-workbench-cache",
]);

/** Why a file with a grammar was not parsed (it still appears in the map by name). */
export type SkipReason = "missing" | "unreadable" | "too-large" | "binary" | "not-utf8" | "parse-error";

/** The files of a folder, repo-relative with `/`, sorted by code point, and where the list came from. */
export interface FileList {
  /** The folder's absolute path. */
  readonly root: string;
  readonly files: readonly string[];
  readonly source: "git" | "walk";
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
    const inside = await run("git", ["-C", root, "rev-parse", "--is-inside-work-tree"], { encoding: "utf8" });
    if (inside.stdout.trim() !== "true") return undefined;
    const { stdout } = await run("git", ["-C", root, "ls-files", "-z", "--cached"], { encoding: "utf8", maxBuffer: 1 << 28 });
    return [...new Set(stdout.split("\0").filter((p) => p !== ""))];
  } catch {
    return undefined;
  }
}

/** Every regular file under `root` outside the skipped folders (symbolic links are not followed). */
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
      } else if (e.isFile()) {
        out.push(relative(root, abs).split(sep).join("/"));
      }
    }
  };
  await visit(root);
  return out;
}

/**
 * The files a map of `dir` covers: git-tracked files when git tracks any under it, else a walk (a folder that git
 * ignores, e.g. an interpreter's library inside a version manager's checkout, is walked).
 */
export async function listRepoFiles(dir: string): Promise<FileList> {
  const root = await requireReadableDir("listRepoFiles", dir);
  const tracked = await gitTrackedFiles(root);
  const useGit = tracked !== undefined && tracked.length > 0;
  const files = useGit ? tracked : await walkFiles(root);
  return { root, files: files.sort(compareCodePoints), source: useGit ? "git" : "walk" };
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

/** Reads a file for parsing (synchronously: the scan reads one file at a time anyway); never throws. */
export function readSourceSync(abs: string, maxBytes: number): ReadResult {
  let bytes: Buffer;
  try {
    const stat = statSync(abs);
    if (!stat.isFile()) return { skipped: "missing" };
    if (stat.size > maxBytes) return { skipped: "too-large" };
    bytes = readFileSync(abs);
  } catch (err) {
    return { skipped: (err as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable" };
  }
  if (bytes.length > maxBytes) return { skipped: "too-large" };
  return decodeSource(bytes);
}
