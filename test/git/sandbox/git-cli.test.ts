// lib/git/sandbox/git-cli.ts: the hermetic environment and `runGit`, with real git in temporary folders (a few
// calls each). The safety cases: the caller's GIT_* variables, global config, template hooks and hooksPath never
// reach a sandbox call — each with a control showing plain git does pick the hostile setting up.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { devNull } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GitError, hermeticGitEnv, runGit, splitNul, type GitContext } from "../../../lib/git/sandbox/git-cli.js";
import { SandboxError } from "../../../lib/core/errors.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const temp = tempDirs();
const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

/** A work tree and a private home in a fresh temporary folder (not yet a repository). */
function context(): GitContext {
  const dir = temp("wb-git-cli-");
  mkdirSync(join(dir, "repo"));
  mkdirSync(join(dir, "home"));
  return { cwd: join(dir, "repo"), home: join(dir, "home") };
}

async function initRepo(ctx: GitContext): Promise<void> {
  await runGit(ctx, ["init", "--quiet", "-b", "main"]);
  await runGit(ctx, ["config", "user.name", "T"]);
  await runGit(ctx, ["config", "user.email", "t@t.invalid"]);
}

/** A caller's home whose ~/.gitconfig is hostile: a template with a pre-commit hook, a hooksPath, an identity. */
function hostileCallerHome(): { home: string; marker: string } {
  const home = temp("wb-caller-home-");
  const marker = join(home, "MARKER");
  const hook = `#!/bin/sh\ntouch '${marker}'\n`;
  writeTree(home, { "tpl/hooks/pre-commit": hook, "hooks/pre-commit": hook });
  execFileSync("chmod", ["+x", join(home, "tpl/hooks/pre-commit"), join(home, "hooks/pre-commit")]);
  writeTree(home, {
    ".gitconfig": `[init]\n\ttemplateDir = ${join(home, "tpl")}\n[core]\n\thooksPath = ${join(home, "hooks")}\n[user]\n\tname = Global Name\n\temail = g@g.invalid\n`,
  });
  return { home, marker };
}

describe("hermeticGitEnv", () => {
  it("drops every inherited GIT_* variable, points HOME inside the sandbox and turns global config off", () => {
    process.env.GIT_DIR = "/somewhere/else/.git";
    process.env.GIT_INDEX_FILE = "/somewhere/index";
    process.env.WB_KEEP_ME = "yes";
    const env = hermeticGitEnv("/box/home");
    expect(env.GIT_DIR).toBeUndefined();
    expect(env.GIT_INDEX_FILE).toBeUndefined();
    expect(env.WB_KEEP_ME).toBe("yes");
    expect(env).toMatchObject({
      HOME: "/box/home",
      XDG_CONFIG_HOME: "/box/home",
      LC_ALL: "C",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: devNull,
      GIT_TERMINAL_PROMPT: "0",
      GIT_LITERAL_PATHSPECS: "1",
    });
  });

  it("the extra variables come last, so a call may set its dates or turn literal pathspecs off", () => {
    const env = hermeticGitEnv("/h", { GIT_AUTHOR_DATE: "1 +0000", GIT_LITERAL_PATHSPECS: "0", HOME: "/other" });
    expect([env.GIT_AUTHOR_DATE, env.GIT_LITERAL_PATHSPECS, env.HOME]).toEqual(["1 +0000", "0", "/other"]);
  });
});

describe("splitNul", () => {
  it("splits -z output and drops only the final empty field", () => {
    expect(splitNul("a\0b c\0")).toEqual(["a", "b c"]);
    expect(splitNul("")).toEqual([]);
    expect(splitNul("a\0\0b")).toEqual(["a", "", "b"]);
    expect(splitNul("tail")).toEqual(["tail"]);
  });
});

describe("runGit", () => {
  it("resolves with stdout in the context's work tree", async () => {
    const ctx = context();
    await initRepo(ctx);
    const top = await runGit(ctx, ["rev-parse", "--show-toplevel"]);
    expect(top.exitCode).toBe(0);
    expect(top.stdout.trim()).toBe(execFileSync("realpath", [ctx.cwd], { encoding: "utf8" }).trim());
  });

  it("an exit code listed in okCodes resolves with that code; any other rejects with a GitError", async () => {
    const ctx = context();
    await initRepo(ctx);
    const notIgnored = await runGit(ctx, ["check-ignore", "--quiet", "--", "a.py"], { okCodes: [1], env: { GIT_LITERAL_PATHSPECS: "0" } });
    expect(notIgnored).toEqual({ stdout: "", exitCode: 1 });
    const err = (await runGit(ctx, ["rev-parse", "--verify", "no-such-rev"]).then(() => null, (e: unknown) => e)) as GitError;
    expect(err).toBeInstanceOf(GitError);
    expect(err).toBeInstanceOf(SandboxError);
    expect(err.args).toEqual(["rev-parse", "--verify", "no-such-rev"]);
    expect(err.exitCode).toBe(128);
    expect(err.stderr).toMatch(/fatal/);
    expect(err.message).toMatch(/^git rev-parse --verify no-such-rev failed \(exit 128\): fatal/);
  });

  it("git missing from PATH is a GitError saying so, with no exit code", async () => {
    const ctx = context();
    const err = (await runGit(ctx, ["status"], { env: { PATH: join(ctx.home, "no-bin") } }).then(() => null, (e: unknown) => e)) as GitError;
    expect(err).toBeInstanceOf(GitError);
    expect(err.exitCode).toBeNull();
    expect(err.message).toBe("git status failed (exit ?): the git executable was not found on PATH");
  });

  it("pathspecs are literal: `git add -- *.py` adds the file named *.py, not every .py file", async () => {
    const ctx = context();
    await initRepo(ctx);
    writeTree(ctx.cwd, { "*.py": "star\n", "a.py": "a\n" });
    await runGit(ctx, ["add", "--", "*.py"]);
    expect(splitNul((await runGit(ctx, ["ls-files", "-z"])).stdout)).toEqual(["*.py"]);
  });
});

describe("runGit — nothing of the caller's git reaches the sandbox", () => {
  it("GIT_DIR and GIT_WORK_TREE aimed at a bystander repository are ignored", async () => {
    const other = context();
    await initRepo(other);
    process.env.GIT_DIR = join(other.cwd, ".git");
    process.env.GIT_WORK_TREE = other.cwd;
    const ctx = context();
    await runGit(ctx, ["init", "--quiet"]);
    expect(existsSync(join(ctx.cwd, ".git"))).toBe(true);
    expect((await runGit(ctx, ["rev-parse", "--absolute-git-dir"])).stdout.trim()).toBe(join(execFileSync("realpath", [ctx.cwd], { encoding: "utf8" }).trim(), ".git"));
  });

  it("a hostile ~/.gitconfig (template hooks, core.hooksPath, an identity) runs under plain git, never under runGit", async () => {
    const { home, marker } = hostileCallerHome();
    // control: plain git with that HOME copies the template's hook and runs it on commit
    const plain = temp("wb-plain-");
    const plainEnv: NodeJS.ProcessEnv = { ...saved, HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
    for (const k of Object.keys(plainEnv)) if (k.startsWith("GIT_") && k !== "GIT_CONFIG_NOSYSTEM") delete plainEnv[k];
    execFileSync("git", ["init", "-q"], { cwd: plain, env: plainEnv });
    execFileSync("git", ["commit", "-q", "--allow-empty", "-m", "x"], { cwd: plain, env: plainEnv });
    expect(existsSync(marker)).toBe(true);
    execFileSync("rm", [marker]);

    process.env.HOME = home;
    process.env.GIT_CONFIG_GLOBAL = join(home, ".gitconfig");
    const ctx = context();
    await runGit(ctx, ["init", "--quiet"]);
    expect(existsSync(join(ctx.cwd, ".git/hooks/pre-commit"))).toBe(false);
    // no global identity either: the sandbox must set its own
    await expect(runGit(ctx, ["config", "--get", "user.name"])).rejects.toMatchObject({ exitCode: 1 });
    await runGit(ctx, ["-c", "user.name=T", "-c", "user.email=t@t.invalid", "commit", "--quiet", "--allow-empty", "-m", "y"]);
    expect(existsSync(marker)).toBe(false);
  });
});
