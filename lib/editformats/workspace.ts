/**
 * The one file access of the edit chain, `EditFiles`: the project folder and the `io` object Aider's coders see
 * (aider/io.py `read_text`, `write_text`, `tool_output`/`tool_warning`/`tool_error`, `confirm_ask`; `Path.touch`,
 * `utils.touch_file`, `mkdir`, `unlink`). Two adapters: `ProjectFiles` here (in memory: files AND folders, a log
 * of every io call, absolute paths shown under `root`) and lib/git's `SandboxFiles` (a sandbox work tree).
 * Paths are project-relative; a path that escapes the project is refused.
 */
import { posix } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { PythonError } from "../core/pyerror.js";
import { requireBoolean, requireRecord, requireString } from "../core/validate.js";
import type { EditFileSystem } from "../editblock/files.js";

/** One recorded io call: ["output"|"warning"|"error", text] or ["confirm", question, subject, answer]. */
export type IoEntry = readonly ["output" | "warning" | "error", string] | readonly ["confirm", string, string, boolean];

export interface WorkspaceOptions {
  /** How the project root is shown inside messages (Aider prints absolute paths). Default "<root>". */
  root?: string;
  /** `--dry-run`: `write_text` does nothing (deletes, folders and touches still happen). Default false. */
  dryRun?: boolean;
  /** The answer to every `confirm_ask` ("Create new file?", "Allow edits …?"), or a function of (question, path). */
  confirm?: boolean | ((question: string, subject: string) => boolean);
}

export const WORKSPACE_DEFAULTS: Readonly<Required<Omit<WorkspaceOptions, "confirm">> & { confirm: boolean }> = Object.freeze({
  root: "<root>",
  dryRun: false,
  confirm: true,
});

/**
 * What a coder may do to the project and say to the user: Aider's `io` and the `Path` calls the coders make. It
 * extends lib/editblock's `EditFileSystem` (exists, read_text, write_text), so SEARCH/REPLACE runs on it as it is.
 */
export interface EditFiles extends EditFileSystem {
  /** `--dry-run`: `writeText` does nothing (deletes, folders and touches still happen). */
  readonly dryRun: boolean;
  /** The project-relative normal form of a path; refuses one that leaves the project. */
  key(path: string): string;
  /** Aider's `abs_root_path(path)` as printed. */
  abs(path: string): string;
  isFile(path: string): boolean;
  isDir(path: string): boolean;
  /** `Path(abs).exists()`: a file or a folder. */
  exists(path: string): boolean;
  /** `io.read_text`: universal newlines; null (and an error line) when missing or a folder. */
  readText(path: string): string | null;
  /** `io.write_text`: nothing in dry run; "Unable to write file …" then the OSError when the write fails. */
  writeText(path: string, content: string): void;
  /** `Path(abs).touch()`: an empty file if missing (its folder must exist). */
  touch(path: string): void;
  /** `utils.touch_file`: parents created, then touched; false when impossible. */
  touchFile(path: string): boolean;
  /** `mkdir(parents=True, exist_ok=True)`. */
  mkdirs(path: string): void;
  /** `Path.unlink()` (FileNotFoundError when missing). */
  unlink(path: string): void;
  /** `tool_output` / `tool_warning` / `tool_error`. */
  log(kind: "output" | "warning" | "error", text: string): void;
  /** `confirm_ask(question, subject=path)`. */
  confirm(question: string, subject: string): boolean;
}

/** Aider's `io.write_text` failure: "Unable to write file {filename}: {err}" is printed, then the error raised. */
export function writeFailed(files: Pick<EditFiles, "abs" | "log">, path: string, err: PythonError): never {
  files.log("error", `Unable to write file ${files.abs(path)}: ${err.pythonMessage}`);
  throw err;
}

/** Python's `FileNotFoundError(2, …)` text for an absolute path. */
export function fileNotFound(abs: string): PythonError {
  return new PythonError("FileNotFoundError", `[Errno 2] No such file or directory: '${abs}'`);
}

/** The in-memory adapter of `EditFiles` (tests, conformance vectors, the loop without git, notebooks). */
export class ProjectFiles implements EditFiles {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Set<string>();
  readonly io: IoEntry[] = [];
  readonly root: string;
  readonly dryRun: boolean;
  private readonly answer: (question: string, subject: string) => boolean;

  constructor(files: Readonly<Record<string, string>> = {}, options: WorkspaceOptions = {}) {
    requireRecord("ProjectFiles", "files", files);
    this.root = requireString("ProjectFiles", "options.root", options.root ?? WORKSPACE_DEFAULTS.root);
    this.dryRun = requireBoolean("ProjectFiles", "options.dryRun", options.dryRun ?? WORKSPACE_DEFAULTS.dryRun);
    const c = options.confirm ?? WORKSPACE_DEFAULTS.confirm;
    if (typeof c !== "boolean" && typeof c !== "function") throw new WorkbenchInputError("ProjectFiles", "options.confirm", "must be a boolean or a function", c);
    this.answer = typeof c === "boolean" ? () => c : c;
    for (const [p, content] of Object.entries(files)) {
      const key = this.key(p);
      this.mkdirs(posix.dirname(key));
      this.files.set(key, requireString("ProjectFiles", `files[${JSON.stringify(p)}]`, content));
    }
  }

  /** The project-relative normal form of a path; "" is the project root itself. */
  key(path: string): string {
    requireString("ProjectFiles", "path", path);
    if (posix.isAbsolute(path)) throw new WorkbenchInputError("ProjectFiles", "path", "must be project-relative", path);
    const n = posix.normalize(path === "" ? "." : path).replace(/\/+$/, "");
    if (n === ".." || n.startsWith("../")) throw new WorkbenchInputError("ProjectFiles", "path", "must stay inside the project", path);
    return n === "." ? "" : n;
  }

  /** Aider's `abs_root_path(path)` as printed. */
  abs(path: string): string {
    const k = this.key(path);
    return k === "" ? this.root : `${this.root}/${k}`;
  }

  isFile(path: string): boolean {
    return this.files.has(this.key(path));
  }
  isDir(path: string): boolean {
    const k = this.key(path);
    return k === "" || this.dirs.has(k);
  }
  /** `Path(abs).exists()`: a file or a folder. */
  exists(path: string): boolean {
    return this.isFile(path) || this.isDir(path);
  }

  /** The bytes on disk (no newline translation), or null. */
  raw(path: string): string | null {
    return this.files.get(this.key(path)) ?? null;
  }

  /** Aider's `io.read_text`: universal newlines; missing → "{abs}: file not found error", a folder → "is a directory". */
  readText(path: string): string | null {
    const k = this.key(path);
    const content = this.files.get(k);
    if (content !== undefined) return content.replace(/\r\n?/g, "\n");
    this.log("error", this.isDir(path) ? `${this.abs(path)}: is a directory` : `${this.abs(path)}: file not found error`);
    return null;
  }

  /** Aider's `io.write_text`: nothing in dry run; the parent folder must exist, else "Unable to write file …". */
  writeText(path: string, content: string): void {
    requireString("ProjectFiles.writeText", "content", content);
    if (this.dryRun) return;
    try {
      this.put(path, content);
    } catch (err) {
      if (err instanceof PythonError) writeFailed(this, path, err);
      throw err;
    }
  }

  /** `Path(abs).touch()`: creates an empty file (the folder must exist); an existing file is kept. */
  touch(path: string): void {
    if (this.isFile(path)) return;
    this.put(path, "");
  }

  /** Aider's `utils.touch_file`: parents created, then touched; false when that is impossible. */
  touchFile(path: string): boolean {
    const k = this.key(path);
    if (k === "" || this.isDir(k)) return false;
    this.mkdirs(posix.dirname(k));
    this.touch(k);
    return true;
  }

  /** `mkdir(parents=True, exist_ok=True)`. */
  mkdirs(path: string): void {
    const k = this.key(path);
    if (k === "") return;
    if (this.files.has(k)) throw new PythonError("FileExistsError", `[Errno 17] File exists: '${this.abs(k)}'`);
    this.mkdirs(posix.dirname(k));
    this.dirs.add(k);
  }

  /** `Path.unlink()` (FileNotFoundError when missing). */
  unlink(path: string): void {
    const k = this.key(path);
    if (!this.files.delete(k)) throw fileNotFound(this.abs(k));
  }

  private put(path: string, content: string): void {
    const k = this.key(path);
    const parent = posix.dirname(k);
    if (this.isDir(k)) throw new PythonError("IsADirectoryError", `[Errno 21] Is a directory: '${this.abs(k)}'`);
    if (!this.isDir(parent === "." ? "" : parent)) throw fileNotFound(this.abs(k));
    this.files.set(k, content);
  }

  log(kind: "output" | "warning" | "error", text: string): void {
    this.io.push([kind, text]);
  }
  /** `io.confirm_ask(question, subject=path)`, answered by the options and recorded. */
  confirm(question: string, subject: string): boolean {
    const a = this.answer(question, subject);
    this.io.push(["confirm", question, subject, a]);
    return a;
  }

  /** Every file, keys sorted (code-unit order, as the vectors list them). */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  /** Every folder, sorted. */
  folders(): string[] {
    return [...this.dirs].sort();
  }
}
