/**
 * The file operations Aider's SEARCH/REPLACE path performs (`aider/coders/editblock_coder.py` `do_replace`,
 * `apply_edits`): `Path(p).exists()`, `io.read_text(p)` (None when missing or unreadable), `io.write_text(p, text)`,
 * and `Path(p).touch()` made of the two. `EditFileSystem` is the core of the edit chain's one file access: lib/editformats'
 * `EditFiles` extends it (Aider's whole `io`), so `applyEdits` and `doReplace` run unchanged on the chain's files
 * (in memory or a git sandbox). `MemoryFileSystem` is the smallest implementation, for this path alone.
 * Paths are repository-relative, as Aider's edit tuples are.
 */
import { posix } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireRecord, requireString } from "../core/validate.js";

export interface EditFileSystem {
  /** Aider's `Path(abs_root_path(path)).exists()`. */
  exists(path: string): boolean;
  /** Aider's `io.read_text`: the text, or null when the file is missing or unreadable. */
  readText(path: string): string | null;
  /** Aider's `io.write_text`: creates or replaces the file. */
  writeText(path: string, content: string): void;
}

/** `Path(path).touch()` for a file that does not exist: it is created empty (an existing file is left as is). */
export function touch(files: EditFileSystem, path: string): void {
  if (!files.exists(path)) files.writeText(path, "");
}

/** Aider's `abs_root_path` then `relpath`: "./a.py", "a.py" and "d/../a.py" name the same file. */
export function normalizeRelPath(path: string): string {
  requireString("normalizeRelPath", "path", path);
  if (path === "" || posix.isAbsolute(path)) {
    throw new WorkbenchInputError("normalizeRelPath", "path", "must be a non-empty repository-relative path", path);
  }
  return posix.normalize(path);
}

/**
 * An in-memory file set for the SEARCH/REPLACE path alone: repository-relative path → content, read back as stored
 * (no folders, no io log: lib/editformats' `ProjectFiles` is the whole `EditFiles`). Every write is recorded in `writes`.
 */
export class MemoryFileSystem implements EditFileSystem {
  private readonly files = new Map<string, string>();
  /** Every `write` call in order (path as normalised, content), so a test can see what was written and when. */
  readonly writes: { path: string; content: string }[] = [];

  constructor(files: Readonly<Record<string, string>> = {}) {
    requireRecord("MemoryFileSystem", "files", files);
    for (const [path, content] of Object.entries(files)) {
      requireString("MemoryFileSystem", `files[${JSON.stringify(path)}]`, content);
      this.files.set(normalizeRelPath(path), content);
    }
  }

  exists(path: string): boolean {
    return this.files.has(normalizeRelPath(path));
  }

  readText(path: string): string | null {
    return this.files.get(normalizeRelPath(path)) ?? null;
  }

  writeText(path: string, content: string): void {
    requireString("MemoryFileSystem.writeText", "content", content);
    const key = normalizeRelPath(path);
    this.files.set(key, content);
    this.writes.push({ path: key, content });
  }

  /** The current files as a plain object, keys sorted. */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
