/**
 * The git questions Aider's `GitRepo` asks (`aider/coders/base_coder.py` `allowed_to_edit`; `aider/repo.py` `GitRepo.commit`, `repo.py`), answered by the git command line in a
 * sandbox: is a path tracked (`path_in_repo`), is it dirty (`is_dirty`: an untracked path counts as dirty,
 * repo.py:598-602), is it gitignored, what would `get_diffs` list, and `git add`. Each answer is one or two git
 * calls; nothing here decides policy (that is `aider/turn.ts`).
 */
import { runGit, splitNul, type GitContext } from "../sandbox/git-cli.js";
import type { Sandbox } from "../sandbox/sandbox.js";

/** One changed path as `get_diffs` would show it: an "Added {f}" line (untracked) or a `git diff` entry. */
export interface DiffEntry {
  path: string;
  /** "added-untracked" for Aider's `Added {f}` lines; otherwise git's status letter (A, M, D, T…). */
  status: string;
}

/** The repository Aider's coder holds (`coder.repo`), over a sandbox. */
export class AiderRepo {
  readonly git: GitContext;
  private readonly box: Sandbox;
  private name: string | undefined;

  constructor(box: Sandbox) {
    this.box = box;
    this.git = box.git;
  }

  /** The full sha of HEAD, or null on an unborn branch. */
  async headSha(): Promise<string | null> {
    const r = await runGit(this.git, ["rev-parse", "--verify", "--quiet", "HEAD"], { okCodes: [1] });
    return r.exitCode === 0 ? r.stdout.trim() : null;
  }

  /** `path_in_repo`: the path is in HEAD's tree or in the index (Aider's tracked files). */
  async pathInRepo(path: string): Promise<boolean> {
    return (await this.pathsInRepo([path])).has(path);
  }

  /** Which of `paths` are tracked (in the index or in HEAD's tree): one or two git calls for all of them. */
  async pathsInRepo(paths: readonly string[]): Promise<Set<string>> {
    const wanted = new Set(paths);
    const found = new Set<string>();
    if (wanted.size === 0) return found;
    for (const p of splitNul((await runGit(this.git, ["ls-files", "-z", "--cached", "--", ...wanted])).stdout)) if (wanted.has(p)) found.add(p);
    const rest = [...wanted].filter((p) => !found.has(p));
    if (rest.length === 0) return found;
    const head = await runGit(this.git, ["ls-tree", "-z", "--name-only", "HEAD", "--", ...rest], { okCodes: [128] }); // 128: no HEAD yet
    if (head.exitCode === 0) for (const p of splitNul(head.stdout)) if (wanted.has(p)) found.add(p);
    return found;
  }

  /**
   * Aider's `repo.is_dirty(path)`: an untracked path is dirty; otherwise GitPython's `is_dirty` (index or work-tree
   * changes, untracked files ignored). Without a path: the whole repository, untracked files ignored.
   */
  async isDirty(path?: string): Promise<boolean> {
    if (path !== undefined && !(await this.pathInRepo(path))) return true;
    return this.hasTrackedChanges(path === undefined ? [] : [path]);
  }

  /** GitPython's `is_dirty(path=…)` over `paths` (all when empty): index or work-tree changes, not untracked files. */
  async hasTrackedChanges(paths: readonly string[]): Promise<boolean> {
    const r = await runGit(this.git, ["status", "--porcelain=v1", "-z", "--untracked-files=no", "--ignored=no", "--", ...paths]);
    return r.stdout.length > 0;
  }

  /** `git_ignored_file`: `git check-ignore` says the path matches an ignore rule (tracked files never do). */
  async isIgnored(path: string): Promise<boolean> {
    // check-ignore takes path names, not pathspecs, and rejects the literal-pathspec switch
    const r = await runGit(this.git, ["check-ignore", "--quiet", "--", path], { okCodes: [1], env: { GIT_LITERAL_PATHSPECS: "0" } });
    return r.exitCode === 0;
  }

  /** `git add <path>`. */
  async add(path: string): Promise<void> {
    await runGit(this.git, ["add", "--", path]);
  }

  /** `git config --get user.name` (the name Aider decorates with " (aider)"); read once, the sandbox's never changes. */
  async userName(): Promise<string> {
    this.name ??= (await runGit(this.git, ["config", "--get", "user.name"])).stdout.replace(/\n$/, "");
    return this.name;
  }

  /**
   * What `get_diffs(fnames)` would contain, as paths with a status: first an entry per untracked fname (Aider's
   * "Added {f}" lines), then `git diff HEAD -- fnames` (or, with no commits yet, `--cached` then the work tree).
   * An empty result is Aider's "no diffs: nothing to commit".
   */
  async diffs(fnames: readonly string[]): Promise<DiffEntry[]> {
    const tracked = await this.pathsInRepo(fnames);
    const out: DiffEntry[] = fnames.filter((f) => !tracked.has(f)).map((path) => ({ path, status: "added-untracked" }));
    const parse = (stdout: string): DiffEntry[] => {
      const fields = splitNul(stdout);
      const entries: DiffEntry[] = [];
      for (let i = 0; i < fields.length; ) {
        const status = fields[i++]!;
        const path = fields[i++]!;
        if (status.startsWith("R") || status.startsWith("C")) i++; // (renames are off; kept for safety)
        entries.push({ path, status: status[0]! });
      }
      return entries;
    };
    const tail = ["--name-status", "-z", "--no-renames", "--", ...fnames];
    if ((await this.headSha()) !== null) {
      out.push(...parse((await runGit(this.git, ["diff", "HEAD", ...tail])).stdout));
    } else {
      out.push(...parse((await runGit(this.git, ["diff", "--cached", ...tail])).stdout));
      out.push(...parse((await runGit(this.git, ["diff", ...tail])).stdout));
    }
    return out;
  }

  /** Runs `git commit <args>` with the sandbox clock plus `env` (the attribution names). */
  async commitRaw(args: readonly string[], env: Readonly<Record<string, string>>): Promise<void> {
    await runGit(this.git, ["commit", "--quiet", ...args], { env: { ...this.box.nextCommitDates(), ...env } });
  }
}
