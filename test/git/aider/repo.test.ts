// lib/git/aider/repo.ts: the git questions of Aider's GitRepo, each answered in a fresh sandbox with a few commits.
import { describe, expect, it } from "vitest";
import { AiderRepo } from "../../../lib/git/aider/repo.js";
import { runGit } from "../../../lib/git/sandbox/git-cli.js";
import { SANDBOX_USER, withSandbox, type Sandbox } from "../../../lib/git/sandbox/sandbox.js";

/** Runs `fn` with an AiderRepo over a fresh sandbox. */
const withRepo = (fn: (repo: AiderRepo, box: Sandbox) => Promise<void>) => withSandbox((box) => fn(new AiderRepo(box), box));

/** Writes and commits only `files` (anything else stays as it is). */
async function commitAll(box: Sandbox, files: Record<string, string>): Promise<void> {
  for (const [p, c] of Object.entries(files)) box.write(p, c);
  await runGit(box.git, ["add", "--", ...Object.keys(files)]);
  await runGit(box.git, ["commit", "--quiet", "-m", "setup", "--", ...Object.keys(files)], { env: box.nextCommitDates() });
}

describe("AiderRepo — tracked, dirty, ignored", () => {
  it("headSha is null on the unborn branch, then HEAD's full sha", async () => {
    await withRepo(async (repo, box) => {
      expect(await repo.headSha()).toBeNull();
      await commitAll(box, { "a.py": "a\n" });
      expect(await repo.headSha()).toBe((await runGit(box.git, ["rev-parse", "HEAD"])).stdout.trim());
    });
  });

  it("a path is in the repo when it is in the index or in HEAD's tree; not when untracked (even with no HEAD)", async () => {
    await withRepo(async (repo, box) => {
      box.write("staged.py", "s\n");
      await repo.add("staged.py");
      box.write("loose.py", "l\n");
      expect([...(await repo.pathsInRepo(["staged.py", "loose.py"]))]).toEqual(["staged.py"]); // no HEAD yet
      await commitAll(box, { "head.py": "h\n" });
      await runGit(box.git, ["rm", "--quiet", "--cached", "head.py"]); // in HEAD, not in the index
      expect(await repo.pathInRepo("head.py")).toBe(true);
      expect(await repo.pathInRepo("loose.py")).toBe(false);
      expect(await repo.pathsInRepo([])).toEqual(new Set());
      expect(await repo.pathsInRepo(["staged.py", "head.py", "loose.py", "nowhere.py"])).toEqual(new Set(["staged.py", "head.py"]));
    });
  });

  it("isDirty(path): untracked counts as dirty; isDirty(): untracked files do not", async () => {
    await withRepo(async (repo, box) => {
      await commitAll(box, { "a.py": "a\n", "b.py": "b\n" });
      expect(await repo.isDirty("a.py")).toBe(false);
      expect(await repo.isDirty()).toBe(false);
      box.write("new.py", "n\n");
      expect(await repo.isDirty("new.py")).toBe(true);
      expect(await repo.isDirty()).toBe(false);
      box.write("b.py", "b2\n");
      expect([await repo.isDirty("b.py"), await repo.isDirty("a.py"), await repo.isDirty()]).toEqual([true, false, true]);
      expect(await repo.hasTrackedChanges(["a.py"])).toBe(false);
      expect(await repo.hasTrackedChanges(["a.py", "b.py"])).toBe(true);
    });
  });

  it("isIgnored follows .gitignore; a file named like a glob is looked up by its name", async () => {
    await withRepo(async (repo, box) => {
      await commitAll(box, { ".gitignore": "*.log\nbuild/\n" });
      expect(await repo.isIgnored("x.log")).toBe(true);
      expect(await repo.isIgnored("build/out.js")).toBe(true);
      expect(await repo.isIgnored("x.py")).toBe(false);
      expect(await repo.isIgnored("*.py")).toBe(false);
    });
  });

  it("userName is the sandbox's configured name", async () => {
    await withSandbox(async (box) => {
      expect(await new AiderRepo(box).userName()).toBe(SANDBOX_USER.name);
    });
  });
});

describe("AiderRepo.diffs — what get_diffs would list", () => {
  it("untracked fnames first as added-untracked, then git diff HEAD's entries for the named files only", async () => {
    await withRepo(async (repo, box) => {
      await commitAll(box, { "m.py": "m\n", "d.py": "d\n", "same.py": "s\n", "other.py": "o\n" });
      box.write("m.py", "m2\n");
      box.write("d.py", null);
      box.write("other.py", "o2\n");
      box.write("u.py", "u\n");
      expect(await repo.diffs(["m.py", "d.py", "same.py", "u.py"])).toEqual([
        { path: "u.py", status: "added-untracked" },
        { path: "d.py", status: "D" },
        { path: "m.py", status: "M" },
      ]);
      expect(await repo.diffs(["same.py"])).toEqual([]); // Aider's "no diffs"
    });
  });

  it("with no commits yet: the index's changes, then the work tree's", async () => {
    await withRepo(async (repo, box) => {
      box.write("a.py", "a\n");
      await repo.add("a.py");
      box.write("a.py", "a2\n");
      expect(await repo.diffs(["a.py"])).toEqual([{ path: "a.py", status: "A" }, { path: "a.py", status: "M" }]);
    });
  });
});

describe("AiderRepo.commitRaw", () => {
  it("commits with the sandbox's fixed clock and the given environment", async () => {
    await withRepo(async (repo, box) => {
      box.write("a.py", "a\n");
      await repo.add("a.py");
      await repo.commitRaw(["-m", "first"], { GIT_COMMITTER_NAME: "Someone (aider)" });
      box.write("a.py", "b\n");
      await repo.commitRaw(["-a", "-m", "second"], {});
      const log = (await runGit(box.git, ["log", "--format=%s|%an|%cn|%at"])).stdout.trim().split("\n");
      const start = Date.parse("2024-01-01T00:00:00Z") / 1000;
      expect(log).toEqual([`second|${SANDBOX_USER.name}|${SANDBOX_USER.name}|${start + 60}`, `first|${SANDBOX_USER.name}|Someone (aider)|${start}`]);
    });
  });
});
