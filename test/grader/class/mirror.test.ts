/**
 * Remote repositories for `collect`: which roster cells are remote, local or refused (a transport helper, an
 * option-like host or path), and a bare mirror cloned then fetched over git's smart-HTTP protocol from a local
 * `git http-backend` — new commits arrive, a deleted branch goes, a changed default branch moves HEAD, and an
 * unchanged repository is listed but not fetched.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remoteRepository } from "../../../lib/grader/class/collect.js";
import { mirrorDir, mirrorEnv, mirrorSightings, updateMirror } from "../../../lib/grader/class/mirror.js";
import { gitHttpServer, type GitHttpServer } from "../../support/git-http-server.js";
import { tempDirs } from "../../support/temp-dirs.js";

describe("remoteRepository", () => {
  it.each([
    ["https://github.com/org/ann-lab.git", "remote"],
    ["http://gitea.uni.edu:3000/ann/lab", "remote"],
    ["ssh://git@github.com/org/ann.git", "remote"],
    ["git://host.example/ann.git", "remote"],
    ["git@github.com:org/ann.git", "remote"],
    ["https://x-access-token:abc@github.com/org/ann.git", "remote"],
    ["repos/ann", "local"],
    ["/srv/class/ann.git", "local"],
    ["file:///srv/class/ann.git", "local"],
  ])("%s is %s", (cell, kind) => {
    expect(remoteRepository(cell)).toEqual({ kind });
  });
  it.each([
    ["ext::sh -c touch% /tmp/pwned", /transport helper/],
    ["fd::17", /transport helper/],
    ["ftp://host/ann.git", /https:\/\/, http:\/\/, ssh:\/\/ or git:\/\//],
    ["ssh://-oProxyCommand=touch%20x/ann", /https:\/\/, http:\/\/, ssh:\/\/ or git:\/\//],
    ["https://github.com", /with a host and a path/],
    ["git@-oProxyCommand=x:ann", /user@host:path/],
    ["git@github.com:--upload-pack=touch", /not starting with -/],
  ])("refuses %s", (cell, why) => {
    const got = remoteRepository(cell);
    expect(got.kind).toBe("refused");
    expect(got.kind === "refused" ? got.why : "").toMatch(why);
  });
});

describe("mirrorEnv", () => {
  it("keeps the instructor's setup, drops what points git elsewhere, and sends every question to an askpass program", () => {
    const mine = { PATH: "bin-dir", HOME: "home-dir", GIT_SSH_COMMAND: "ssh -i course_key", GIT_ASKPASS: "my-token-helper", GIT_DIR: "elsewhere/.git", GIT_WORK_TREE: "elsewhere" };
    expect(mirrorEnv(mine)).toEqual({
      PATH: "bin-dir",
      HOME: "home-dir",
      GIT_SSH_COMMAND: "ssh -i course_key",
      GIT_ASKPASS: "my-token-helper",
      GIT_TERMINAL_PROMPT: "0",
      SSH_ASKPASS: "false",
      SSH_ASKPASS_REQUIRE: "force",
    });
    expect(mirrorEnv({ SSH_ASKPASS: "my-askpass", SSH_ASKPASS_REQUIRE: "never", GIT_TERMINAL_PROMPT: "1" })).toEqual({
      SSH_ASKPASS: "my-askpass",
      SSH_ASKPASS_REQUIRE: "force",
      GIT_TERMINAL_PROMPT: "0",
    });
    expect(mirrorEnv({ SSH_ASKPASS: "" }).SSH_ASKPASS).toBe("false");
  });
});

describe("updateMirror over smart HTTP", () => {
  const temp = tempDirs();
  let host: GitHttpServer;
  let served: string;
  let work: string;
  const git = (dir: string, ...args: string[]): string => execFileSync("git", ["-c", "user.name=s", "-c", "user.email=s@x", "-C", dir, ...args], { encoding: "utf8" });
  const commit = (text: string): void => {
    execFileSync("sh", ["-c", `printf '%s' "$1" > "$2"`, "sh", text, join(work, "f.txt")]);
    git(work, "add", "-A");
    git(work, "commit", "-qm", text);
  };
  beforeAll(async () => {
    served = temp("mirror-host-");
    work = temp("mirror-work-");
    git(served, "init", "-q", "--bare", "-b", "main", "ann.git");
    git(work, "init", "-q", "-b", "main");
    commit("one");
    git(work, "branch", "draft");
    git(work, "push", "-q", join(served, "ann.git"), "main", "draft");
    host = await gitHttpServer(served);
  });
  afterAll(() => host.close());

  it("clones a bare mirror, then fetches new commits, prunes a deleted branch and follows the default branch, whatever GIT_DIR says; an unchanged one is only listed", async () => {
    const url = `${host.url}/ann.git`;
    const dir = mirrorDir(temp("mirrors-"), "ann-uni.edu-1ed43325", url);
    expect(dir).toMatch(/ann-uni\.edu-1ed43325-[0-9a-f]{12}\.git$/);
    expect(await updateMirror(url, dir)).toBe("cloned");
    expect(git(dir, "rev-parse", "--is-bare-repository").trim()).toBe("true");
    expect(git(dir, "log", "--format=%s", "HEAD").trim()).toBe("one");
    expect(host.requests.some((r) => r.startsWith("POST /ann.git/git-upload-pack"))).toBe(true);

    commit("two");
    git(work, "branch", "-m", "main", "trunk");
    git(work, "push", "-q", join(served, "ann.git"), "trunk", ":draft");
    git(join(served, "ann.git"), "symbolic-ref", "HEAD", "refs/heads/trunk");
    git(work, "push", "-q", join(served, "ann.git"), ":main");
    process.env.GIT_DIR = join(work, ".git"); // as inside a git hook: the mirror must still be the repository fetched into
    try {
      expect(await updateMirror(url, dir)).toBe("fetched");
    } finally {
      delete process.env.GIT_DIR;
    }
    expect(git(dir, "symbolic-ref", "HEAD").trim()).toBe("refs/heads/trunk");
    expect(git(dir, "log", "--format=%s", "HEAD").trim().split("\n")).toEqual(["two", "one"]);
    expect(git(dir, "branch", "--format=%(refname:short)").trim().split("\n")).toEqual(["trunk"]);
    const asked = host.requests.length;
    expect(await updateMirror(url, dir)).toBe("up to date");
    expect(host.requests.slice(asked).filter((r) => r.includes("git-upload-pack"))).toHaveLength(2); // one listing: advertisement + ls-refs
    git(join(served, "ann.git"), "branch", "next", "trunk");
    expect(await updateMirror(url, dir)).toBe("fetched");
    expect(git(dir, "branch", "--format=%(refname:short)").trim().split("\n")).toEqual(["next", "trunk"]);
    // Four looks at the host, two HEAD commits: each recorded once, with when it was first and last seen.
    const seen = mirrorSightings(dir);
    expect(seen.map((s) => s.head)).toEqual([git(dir, "rev-parse", "HEAD~1").trim(), git(dir, "rev-parse", "HEAD").trim()]);
    expect(seen.every((s) => s.first <= s.last && Math.abs(s.last - Date.now() / 1000) < 600)).toBe(true);
    expect(seen[0]!.last).toBeLessThanOrEqual(seen[1]!.first);
  });

  it("fails with git's message, leaving no half-made mirror, when the host has no such repository", async () => {
    const dir = mirrorDir(temp("mirrors-"), "bo", `${host.url}/missing.git`);
    await expect(updateMirror(`${host.url}/missing.git`, dir)).rejects.toMatchObject({ stderrText: expect.stringMatching(/not found|fatal/i) });
    expect(existsSync(dir)).toBe(false);
  });

  it("takes nothing but a remote repository", async () => {
    await expect(updateMirror("ext::sh -c true", join(temp("mirrors-"), "x.git"))).rejects.toThrow(/url must be a remote repository/);
  });
});
