/**
 * The sandbox-git adapter of the edit chain's one file access (lib/editformats' `EditFiles`): Aider's `io`
 * (aider/io.py `read_text` with universal newlines, `write_text` a no-op in dry run that prints "Unable to write
 * file …" before raising, `tool_output`/`tool_warning`/`tool_error`, `confirm_ask`) and the `Path` calls the coders
 * make, on a sandbox work tree. Every path goes through the sandbox's checks first (no `..`, no `.git`, no symlink
 * out); messages go to the turn's `AiderLog`, questions are answered from the session's answers.
 */
import { closeSync, lstatSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { PythonError } from "../../core/pyerror.js";
import { fileNotFound, writeFailed, type EditFiles } from "../../editformats/workspace.js";
import type { AiderLog } from "./io.js";
import type { AiderSession } from "./session.js";

/** How paths are printed inside messages (Aider prints absolute ones; the sandbox's own folder would vary per run). */
export const SANDBOX_ROOT_SHOWN = "<root>";

function kindOf(abs: string): "file" | "dir" | null {
  try {
    const s = statSync(abs);
    return s.isFile() ? "file" : s.isDirectory() ? "dir" : null;
  } catch {
    return null;
  }
}

/** `EditFiles` over an `AiderSession`'s sandbox. */
export class SandboxFiles implements EditFiles {
  readonly dryRun: boolean;

  constructor(
    private readonly session: AiderSession,
    private readonly out: AiderLog,
  ) {
    this.dryRun = session.dryRun;
  }

  /** The path after the sandbox's rules (a refused path is a WorkbenchInputError naming it). */
  key(path: string): string {
    this.session.box.resolve(path, "runTurn", "edit path");
    return path;
  }
  abs(path: string): string {
    return `${SANDBOX_ROOT_SHOWN}/${path}`;
  }
  private real(path: string): string {
    return this.session.box.resolve(path, "runTurn", "edit path");
  }

  isFile(path: string): boolean {
    return kindOf(this.real(path)) === "file";
  }
  isDir(path: string): boolean {
    return kindOf(this.real(path)) === "dir";
  }
  exists(path: string): boolean {
    return kindOf(this.real(path)) !== null;
  }

  readText(path: string): string | null {
    const text = this.isFile(path) ? this.session.box.read(path) : null;
    if (text !== null) return text.replace(/\r\n?/g, "\n");
    this.log("error", this.isDir(path) ? `${this.abs(path)}: is a directory` : `${this.abs(path)}: file not found error`);
    return null;
  }

  writeText(path: string, content: string): void {
    if (this.dryRun) return;
    const abs = this.real(path);
    if (this.isDir(path)) writeFailed(this, path, new PythonError("IsADirectoryError", `[Errno 21] Is a directory: '${this.abs(path)}'`));
    if (kindOf(dirname(abs)) !== "dir") writeFailed(this, path, fileNotFound(this.abs(path)));
    writeFileSync(abs, content, "utf8");
  }

  touch(path: string): void {
    const abs = this.real(path);
    if (kindOf(abs) === "file") return;
    if (kindOf(dirname(abs)) !== "dir") throw fileNotFound(this.abs(path));
    closeSync(openSync(abs, "a"));
  }

  touchFile(path: string): boolean {
    return this.session.box.touch(path);
  }

  mkdirs(path: string): void {
    if (path === "" || path === ".") return;
    const abs = this.real(path);
    if (kindOf(abs) === "file") throw new PythonError("FileExistsError", `[Errno 17] File exists: '${this.abs(path)}'`);
    mkdirSync(abs, { recursive: true });
  }

  unlink(path: string): void {
    const abs = this.real(path);
    let isFile = false;
    try {
      isFile = !lstatSync(abs).isDirectory();
    } catch {
      isFile = false;
    }
    if (!isFile) throw fileNotFound(this.abs(path));
    rmSync(abs);
  }

  log(kind: "output" | "warning" | "error", text: string): void {
    this.out[kind](text);
  }

  confirm(question: string, subject: string): boolean {
    const which = question === "Create new file?" ? "createNewFile" : "editFileNotInChat";
    return this.out.ask(question, subject, this.session.answer(which, subject));
  }
}
