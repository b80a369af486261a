/**
 * The file operations Aider's edit path performs (`aider/coders/editblock_coder.py` `do_replace`, `apply_edits`): `Path(p).exists()`, `io.read_text(p)`
 * (None when the file is missing or unreadable), `io.write_text(p, text)` and `Path(p).touch()`. `applyEdits` and
 * `doReplace` reach files only through this interface, so the same code runs on the in-memory file set below
 * (tests, notebooks, conformance) and on a real working tree (an implementation that reads and writes a sandbox).
 * Paths are repository-relative, as Aider's edit tuples are.
 */
import { posix } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { requireRecord, requireString } from "../core/validate.js";

export interface EditFileSystem {
  /** Aider's `Path(abs_root_path(path)).exists()`. */
  exists(path: string): boolean;
  /** Aider's `io.read_text`: the text, or null when the file is missing or unreadable. */
  read(path: string): string | null;
  /** Aider's `io.write_text`: creates or replaces the file. */
  write(path: string, content: string): void;
}

/** `Path(path).touch()` for a file that does not exist: it is created empty (an existing file is left as is). */
export function touch(files: EditFileSystem, path: string): void {
  if (!files.exists(path)) files.write(path, "");
}

/** Aider's `abs_root_path` then `relpath`: "./a.py", "a.py" and "d/../a.py" name the same file. */
export function normalizeRelPath(path: string): string {
  requireString("normalizeRelPath", "path", path);
  if (path === "" || posix.isAbsolute(path)) {
    throw new WorkbenchInputError("normalizeRelPath", "path", "must be a non-empty repository-relative path", path);
  }
  return posix.normalize(path);
}

/** An in-memory file set: repository-relative path → content. Every write is recorded in `writes`, in order. */
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

  read(path: string): string | null {
    return this.files.get(normalizeRelPath(path)) ?? null;
  }

  write(path: string, content: string): void {
    requireString("MemoryFileSystem.write", "content", content);
    const key = normalizeRelPath(path);
    this.files.set(key, content);
    this.writes.push({ path: key, content });
  }

  /** The current files as a plain object, keys sorted. */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}
