/**
 * The sandbox every git turn runs in: a fresh temporary directory holding a new repository
 * (`git init`, a local user.name/user.email, so no global identity is needed) and a private HOME. It is never the
 * user's own repository. Every path is checked before use: absolute paths, `..`, empty or `.` segments, backslashes,
 * `.git` and symlinks that lead out of the work tree are refused with a `WorkbenchInputError` naming the path.
 *
 * Commit dates come from a fixed clock (one minute per commit from 2024-01-01T00:00Z), so the same scenario gives
 * the same commit hashes on every run; real Aider uses the wall clock.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync, closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve as resolvePath } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { runGit, type GitContext } from "./git-cli.js";

/** The identity the sandbox configures locally (no global identity is read or needed). */
export const SANDBOX_USER = Object.freeze({ name: "Workbench User", email: "user@workbench.invalid" });
/** The branch `git init` creates. */
export const SANDBOX_BRANCH = "main";
const CLOCK_START = 1_704_067_200; // 2024-01-01T00:00:00Z

/**
 * The lexical rules for a path inside the sandbox: relative, `/`-separated, no empty, `.` or `..` segments, no
 * backslash or NUL, and no `.git` segment. Returns the path unchanged; throws naming `param` otherwise.
 */
export function checkSandboxPath(where: string, param: string, path: unknown): string {
  if (typeof path !== "string") throw new WorkbenchInputError(where, param, "must be a string (a path)", path);
  const refuse = (why: string): never => {
    throw new WorkbenchInputError(where, param, `is refused: ${why}`, path);
  };
  if (path === "") refuse("the path is empty");
  if (path.includes("\0")) refuse("the path holds a NUL character");
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path)) refuse("absolute paths escape the sandbox; give a path relative to the repository");
  if (path.includes("\\")) refuse("use / as the separator (a backslash is not allowed)");
  for (const seg of path.split("/")) {
    if (seg === "..") refuse("'..' would escape the sandbox");
    if (seg === "" || seg === ".") refuse("empty or '.' path segments are not allowed (write the path in normal form)");
    if (seg.toLowerCase() === ".git") refuse("the repository's .git directory is off limits");
  }
  return path;
}

/** A temporary repository plus a private home; `dispose()` removes both. */
export class Sandbox {
  /** The temporary directory holding everything (`repo/`, `home/`, and `origin.git/` once pushed). */
  readonly dir: string;
  /** The work tree (real path). */
  readonly root: string;
  readonly git: GitContext;
  private commits = 0;
  private disposed = false;

  private constructor(dir: string) {
    this.dir = dir;
    this.root = join(dir, "repo");
    this.git = { cwd: this.root, home: join(dir, "home") };
  }

  /** Creates the directory, runs `git init` and sets the local identity. */
  static async create(): Promise<Sandbox> {
    const box = new Sandbox(realpathSync(mkdtempSync(join(tmpdir(), "aider-workbench-git-"))));
    try {
      mkdirSync(box.root);
      mkdirSync(box.git.home);
      await runGit(box.git, ["init", "--quiet", "--template=", "-b", SANDBOX_BRANCH]);
      await runGit(box.git, ["config", "user.name", SANDBOX_USER.name]);
      await runGit(box.git, ["config", "user.email", SANDBOX_USER.email]);
      return box;
    } catch (err) {
      box.dispose();
      throw err;
    }
  }

  /** The absolute path of `rel` after the lexical rules and a symlink check (no link may lead outside). */
  resolve(rel: string, where = "sandbox", param = "path"): string {
    checkSandboxPath(where, param, rel);
    let cur = this.root;
    for (const seg of rel.split("/")) {
      cur = join(cur, seg);
      let isLink: boolean;
      try {
        isLink = lstatSync(cur).isSymbolicLink();
      } catch {
        break; // the rest does not exist yet: nothing can lead out
      }
      if (isLink && !this.contains(this.linkTarget(cur))) {
        throw new WorkbenchInputError(where, param, `is refused: ${relative(this.root, cur)} is a symlink that leads outside the sandbox`, rel);
      }
    }
    return join(this.root, rel);
  }

  /** Whether the path exists, as `os.path.exists` (following links inside the sandbox). */
  exists(rel: string): boolean {
    return existsSync(this.resolve(rel));
  }

  /** The file's text, or null if it does not exist or is not a file (Aider's `read_text` gives None then). */
  read(rel: string): string | null {
    const bytes = this.readBytes(rel);
    return bytes === null ? null : bytes.toString("utf8");
  }

  /** The file's bytes, or null if it does not exist. */
  readBytes(rel: string): Buffer | null {
    try {
      return readFileSync(this.resolve(rel));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
      throw err;
    }
  }

  /** Writes `content` (creating parent directories), or deletes the file when `content` is null. */
  write(rel: string, content: string | null): void {
    const abs = this.resolve(rel);
    if (content === null) {
      rmSync(abs, { force: true });
      return;
    }
    if (existsSync(abs) && !lstatSync(abs).isFile() && !lstatSync(abs).isSymbolicLink()) {
      throw new WorkbenchInputError("sandbox", "path", "is refused: it names a directory, not a file", rel);
    }
    try {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content, "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (!code) throw err;
      throw new WorkbenchInputError("sandbox", "path", `cannot be written (${code}: a parent is a file?)`, rel);
    }
  }

  /** Aider's `touch_file`: creates parents and an empty file if missing; false when the file system refuses. */
  touch(rel: string): boolean {
    const abs = this.resolve(rel);
    try {
      mkdirSync(dirname(abs), { recursive: true });
      closeSync(openSync(abs, "a"));
      return true;
    } catch {
      return false;
    }
  }

  /** `GIT_AUTHOR_DATE`/`GIT_COMMITTER_DATE` for the next commit (a fixed clock, one minute per commit). */
  nextCommitDates(): Record<string, string> {
    const date = `${CLOCK_START + 60 * this.commits++} +0000`;
    return { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  }

  /** Removes the whole temporary directory; safe to call twice. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private contains(abs: string): boolean {
    const rel = relative(this.root, abs);
    return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
  }

  private linkTarget(link: string): string {
    try {
      return realpathSync(link);
    } catch {
      return resolvePath(realpathSync(dirname(link)), readlinkSync(link)); // a dangling link: judge where it points
    }
  }
}

/** Runs `fn` in a fresh sandbox and removes the sandbox afterwards, whatever happens. */
export async function withSandbox<T>(fn: (box: Sandbox) => Promise<T>): Promise<T> {
  const box = await Sandbox.create();
  try {
    return await fn(box);
  } finally {
    box.dispose();
  }
}
