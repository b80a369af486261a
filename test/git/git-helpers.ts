/**
 * Test helpers for the git turn: run a scenario and keep its sandbox, then read the repository back with plain git
 * (an independent view: the tests never trust lib's own observation code for their expectations).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseScenario, runScenario, type ScenarioReport } from "../../lib/index.js";

export interface Kept {
  report: ScenarioReport;
  /** Runs git in the sandbox repository; returns stdout. */
  git(...args: string[]): string;
  /** `git show <rev>:<path>`, or null when the path is not in that commit. */
  show(rev: string, path: string): string | null;
  /** The commits after the scenario's initial commit, oldest first: files, author, committer, message. */
  commits(): { sha: string; files: string[]; author: string; committer: string; message: string }[];
  /** `git status --porcelain` as path → XY. */
  status(): Map<string, string>;
  cleanup(): void;
}

const env: NodeJS.ProcessEnv = { LC_ALL: "C", GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
for (const [k, v] of Object.entries(process.env)) if (!k.startsWith("GIT_") && k !== "LC_ALL") env[k] = v;

/** Runs a scenario JSON value with `keep`, for inspection; call `cleanup()` afterwards. */
export async function runKept(json: unknown): Promise<Kept> {
  const report = await runScenario(parseScenario(json), { keep: true });
  const dir = report.keptAt!;
  const cwd = join(dir, "repo");
  const git = (...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const hasFiles = Object.keys((json as { files?: object }).files ?? {}).length > 0;
  return {
    report,
    git,
    show(rev, path) {
      try {
        return git("show", `${rev}:${path}`);
      } catch {
        return null;
      }
    },
    commits() {
      let shas: string[];
      try {
        shas = git("rev-list", "--reverse", "HEAD").split("\n").filter(Boolean);
      } catch {
        return []; // no commits at all
      }
      return shas.slice(hasFiles ? 1 : 0).map((sha) => {
        const [author, committer, message] = git("log", "-1", "--format=%an%x00%cn%x00%B", sha).split("\0") as [string, string, string];
        const files = git("diff-tree", "-r", "--root", "--no-commit-id", "--name-only", "-z", sha).split("\0").filter(Boolean).sort();
        return { sha, files, author, committer, message: message.trimEnd() };
      });
    },
    status() {
      const m = new Map<string, string>();
      for (const e of git("status", "--porcelain=v1", "-z", "--untracked-files=all").split("\0").filter(Boolean)) m.set(e.slice(3), e.slice(0, 2));
      return m;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `fn` on a kept scenario and always cleans up. */
export async function withKept<T>(json: unknown, fn: (k: Kept) => T | Promise<T>): Promise<T> {
  const k = await runKept(json);
  try {
    return await fn(k);
  } finally {
    k.cleanup();
  }
}
