/**
 * Issue 18, item 1: git on a user's folder runs nothing the repository configures. Each knob gets a hostile
 * repository whose config would create a marker file; a control shows plain git does run it, then the
 * workbench's calls (and its `-c` settings and environment) are shown not to.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runUntrustedGit, untrustedGitArgs, untrustedGitEnv, UNTRUSTED_GIT_CONFIG } from "../../lib/core/untrusted-git.js";
import { WorkbenchInputError } from "../../lib/index.js";
import { listRepoFiles } from "../../lib/repomap/scan/files.js";
import { gitTrackedFiles } from "../../lib/repomap/scan/files.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const plainEnv: NodeJS.ProcessEnv = { ...untrustedGitEnv(), GIT_CONFIG_NOSYSTEM: "1" };
delete plainEnv.GIT_CONFIG_GLOBAL;
const plainGit = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, { cwd, env: { ...plainEnv, HOME: cwd }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** A repository with one committed file; `marker` is where a hostile command would write. */
function hostileRepo(): { root: string; marker: string; evil: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "wb-hostile-git-")));
  dirs.push(root);
  plainGit(root, "init", "-q");
  writeFileSync(join(root, "a.py"), "def f():\n    return 1\n");
  plainGit(root, "add", "a.py");
  plainGit(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init", "--no-verify");
  const marker = join(root, "MARKER");
  const evil = join(root, "evil.sh");
  writeFileSync(evil, `#!/bin/sh\ntouch '${marker}'\ncat\n`);
  chmodSync(evil, 0o755);
  return { root, marker, evil };
}

const setConfig = (root: string, key: string, value: string) => plainGit(root, "config", key, value);
const configArgs = UNTRUSTED_GIT_CONFIG.flatMap(([k, v]) => ["-c", `${k}=${v}`]);
/** git with the workbench's `-c` settings and environment but any sub-command (to test the settings alone). */
const hardenedGit = (root: string, ...args: string[]) => {
  try {
    execFileSync("git", ["--no-pager", ...configArgs, ...args], { cwd: root, env: untrustedGitEnv(), stdio: "ignore" });
  } catch {
    // a refused or failing command is fine: only the marker matters
  }
};

describe("git on an untrusted repository", () => {
  it("core.fsmonitor: plain `git ls-files` runs it, the workbench's listing does not", async () => {
    const { root, marker, evil } = hostileRepo();
    setConfig(root, "core.fsmonitor", evil);
    plainGit(root, "ls-files");
    expect(existsSync(marker)).toBe(true); // control: the knob is live
    rmSync(marker);
    expect(await gitTrackedFiles(root)).toEqual(["a.py"]);
    expect((await listRepoFiles(root)).source).toBe("git");
    expect(existsSync(marker)).toBe(false);
  });

  it("core.hooksPath: a pre-commit hook runs under plain git, not with the workbench's settings", async () => {
    const { root, marker, evil } = hostileRepo();
    const hooks = join(root, "hooks");
    mkdirSync(hooks);
    for (const h of ["pre-commit", "post-checkout", "post-index-change", "reference-transaction"]) writeFileSync(join(hooks, h), `#!/bin/sh\n'${evil}' </dev/null\n`, { mode: 0o755 });
    setConfig(root, "core.hooksPath", hooks);
    plainGit(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x");
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    hardenedGit(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "y");
    expect(existsSync(marker)).toBe(false);
    await gitTrackedFiles(root);
    expect(existsSync(marker)).toBe(false);
  });

  it("diff.external, textconv and filter drivers: git diff/add run them; the workbench's calls never do", async () => {
    const { root, marker, evil } = hostileRepo();
    setConfig(root, "diff.external", evil);
    setConfig(root, "diff.evil.textconv", evil);
    setConfig(root, "filter.evil.clean", evil);
    setConfig(root, "filter.evil.smudge", evil);
    writeFileSync(join(root, ".gitattributes"), "* diff=evil filter=evil\n");
    writeFileSync(join(root, "a.py"), "changed\n");
    plainGit(root, "diff");
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);
    expect(await gitTrackedFiles(root)).toEqual(["a.py"]);
    await runUntrustedGit(root, ["rev-parse", "--is-inside-work-tree"]);
    expect(existsSync(marker)).toBe(false);
    // and a sub-command that could run a driver is refused before git starts
    expect(() => untrustedGitArgs(root, ["diff"])).toThrow(WorkbenchInputError);
    expect(() => untrustedGitArgs(root, ["add", "a.py"])).toThrow(/must be one of rev-parse, ls-files/);
    await expect(runUntrustedGit(root, ["status"])).rejects.toThrow(WorkbenchInputError);
    expect(existsSync(marker)).toBe(false);
  });

  it("pagers: the repository's core.pager and pager.<cmd> are overridden, --no-pager given, GIT_PAGER is cat", () => {
    const args = untrustedGitArgs("/x", ["ls-files"]);
    expect(args[0]).toBe("--no-pager");
    for (const k of ["core.pager=cat", "pager.ls-files=false", "pager.rev-parse=false"]) expect(args).toContain(k);
    expect(untrustedGitEnv({}).GIT_PAGER).toBe("cat");
    expect(untrustedGitEnv({}).PAGER).toBe("cat");
  });

  it("system and global config are ignored; the caller's GIT_DIR cannot redirect the listing", async () => {
    const { root } = hostileRepo();
    const other = hostileRepo();
    writeFileSync(join(other.root, "b.py"), "x = 1\n");
    plainGit(other.root, "add", "b.py");
    const env = untrustedGitEnv({ GIT_DIR: join(other.root, ".git"), GIT_EXTERNAL_DIFF: "x", GIT_CONFIG_GLOBAL: "/etc/passwd", PATH: "/bin" });
    expect(env.GIT_DIR).toBeUndefined();
    expect(env.GIT_EXTERNAL_DIFF).toBeUndefined();
    expect(env.GIT_CONFIG_NOSYSTEM).toBe("1");
    expect(env.GIT_CONFIG_GLOBAL).not.toBe("/etc/passwd");
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = join(other.root, ".git");
    try {
      expect(await gitTrackedFiles(root)).toEqual(["a.py"]);
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });

  it("a TAB or newline in a tracked name comes through `ls-files -z` intact", async () => {
    const { root } = hostileRepo();
    for (const name of ["tab\there.py", "new\nline.py"]) writeFileSync(join(root, name), "x = 1\n");
    plainGit(root, "add", "--", "tab\there.py", "new\nline.py");
    expect((await gitTrackedFiles(root))?.sort()).toEqual(["a.py", "new\nline.py", "tab\there.py"]);
  });
});
