// lib/git/sandbox/observe.ts: reading back what git holds, in a fresh sandbox per test (a few commits each). The
// expectations are built from what each test wrote, never from lib's own observation.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runGit } from "../../../lib/git/sandbox/git-cli.js";
import { blobSha, commitsSince, dirtyPaths, readCommit, repoState, snapshotFiles, type CommitInfo } from "../../../lib/git/sandbox/observe.js";
import { withSandbox, type Sandbox } from "../../../lib/git/sandbox/sandbox.js";

/** Writes `files` (null deletes), stages them all and commits with the sandbox clock; returns the full sha. */
async function commit(box: Sandbox, files: Record<string, string | null>, message: string): Promise<string> {
  for (const [p, c] of Object.entries(files)) box.write(p, c);
  await runGit(box.git, ["add", "--all"]);
  await runGit(box.git, ["commit", "--quiet", "-m", message], { env: box.nextCommitDates() });
  return (await runGit(box.git, ["rev-parse", "HEAD"])).stdout.trim();
}

describe("repoState and dirtyPaths", () => {
  it("groups staged, modified (deletions too) and untracked paths; a path can be staged and modified", async () => {
    await withSandbox(async (box) => {
      await commit(box, { "a.py": "a\n", "b.py": "b\n", "gone.py": "g\n", "c.py": "c\n" }, "init");
      box.write("a.py", "a2\n");
      await runGit(box.git, ["add", "a.py"]);
      box.write("a.py", "a3\n"); // staged and modified
      box.write("b.py", "b2\n"); // modified only
      box.write("gone.py", null); // deleted in the work tree
      box.write("z/new.py", "n\n"); // untracked, in a folder: listed by file
      box.write("é.md", "e\n");
      const state = await repoState(box.git);
      expect(state).toEqual({ staged: ["a.py"], modified: ["a.py", "b.py", "gone.py"], untracked: ["z/new.py", "é.md"] });
      expect(dirtyPaths(state)).toEqual(["a.py", "b.py", "gone.py", "z/new.py", "é.md"]);
    });
  });

  it("a clean repository and an unborn branch", async () => {
    await withSandbox(async (box) => {
      expect(await repoState(box.git)).toEqual({ staged: [], modified: [], untracked: [] });
      box.write("x.py", "x\n");
      await runGit(box.git, ["add", "x.py"]);
      expect(await repoState(box.git)).toEqual({ staged: ["x.py"], modified: [], untracked: [] });
    });
  });

  it("dirtyPaths sorts by code point and lists a path once", () => {
    expect(dirtyPaths({ staged: ["b", "Z"], modified: ["b", "a"], untracked: ["~", "É"] })).toEqual(["Z", "a", "b", "~", "É"]);
  });
});

describe("readCommit", () => {
  it("reads the message, people, parents and each file with its line counts (binary: null)", async () => {
    await withSandbox(async (box) => {
      const first = await commit(box, { "a.py": "1\n2\n3\n", "del.py": "x\n" }, "first");
      await runGit(box.git, ["config", "user.name", "Someone Else"]);
      writeFileSync(join(box.root, "bin.dat"), Buffer.from([0x61, 0, 0x62]));
      const sha = await commit(box, { "a.py": "1\nTWO\n3\n4\n", "del.py": null }, "second\n\nbody line\nTrailer: x");
      const info = await readCommit(box.git, "HEAD");
      expect(info.fullSha).toBe(sha);
      expect(info.sha).toBe(sha.slice(0, 7));
      expect(info.parents).toBe(1);
      expect(info.subject).toBe("second");
      expect(info.message).toBe("second\n\nbody line\nTrailer: x");
      expect([info.author, info.committer]).toEqual(["Someone Else", "Someone Else"]);
      expect(info.files).toEqual([
        { path: "a.py", status: "M", added: 2, deleted: 1 },
        { path: "bin.dat", status: "A", added: null, deleted: null },
        { path: "del.py", status: "D", added: 0, deleted: 1 },
      ]);
      expect(info.patch).toBeUndefined();
      const root = await readCommit(box.git, first, true);
      expect(root.parents).toBe(0);
      expect(root.files.map((f) => [f.path, f.status, f.added])).toEqual([["a.py", "A", 3], ["del.py", "A", 1]]);
      expect(root.patch).toMatch(/^diff --git a\/a\.py b\/a\.py\n/);
      expect(root.patch).toContain("+1\n+2\n+3\n");
    });
  });

  it("a path holding a TAB keeps it whole", async () => {
    await withSandbox(async (box) => {
      await commit(box, { "tab\there.py": "a\nb\n" }, "tab");
      expect((await readCommit(box.git, "HEAD")).files).toEqual([{ path: "tab\there.py", status: "A", added: 2, deleted: 0 }]);
    });
  });
});

describe("commitsSince", () => {
  it("no HEAD: none; from the root or after a base, oldest first; the cache reads each commit once", async () => {
    await withSandbox(async (box) => {
      expect(await commitsSince(box.git, null)).toEqual([]);
      const a = await commit(box, { "a.py": "a\n" }, "one");
      const b = await commit(box, { "a.py": "b\n" }, "two");
      const c = await commit(box, { "b.py": "c\n" }, "three");
      const cache = new Map<string, CommitInfo>();
      const all = await commitsSince(box.git, null, { cache });
      expect(all.map((x) => x.fullSha)).toEqual([a, b, c]);
      expect([...cache.keys()]).toEqual([a, b, c]);
      const later = await commitsSince(box.git, a, { cache });
      expect(later.map((x) => x.subject)).toEqual(["two", "three"]);
      expect(later[0]).toBe(all[1]); // the cached object itself
      expect(await commitsSince(box.git, c)).toEqual([]);
      expect((await commitsSince(box.git, b, { withPatch: true }))[0]!.patch).toContain("+c\n");
    });
  });
});

describe("blobSha and snapshotFiles", () => {
  it("blobSha is what git hash-object prints", async () => {
    await withSandbox(async (box) => {
      box.write("f.txt", "hello\n");
      const git = (await runGit(box.git, ["hash-object", "f.txt"])).stdout.trim();
      expect(blobSha(Buffer.from("hello\n"))).toBe(git);
      expect(blobSha(Buffer.alloc(0))).toBe("e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"); // git's well-known empty blob
    });
  });

  it("HEAD, index and work-tree blobs per path; absent is null; no HEAD yet is fine; __proto__ is an own key", async () => {
    await withSandbox(async (box) => {
      const read = (p: string) => box.readBytes(p);
      box.write("s.py", "staged\n");
      await runGit(box.git, ["add", "s.py"]);
      const unborn = await snapshotFiles(box.git, read, ["s.py", "none.py"]);
      expect(unborn["s.py"]).toEqual({ head: null, index: blobSha(Buffer.from("staged\n")), worktree: blobSha(Buffer.from("staged\n")) });
      expect(unborn["none.py"]).toEqual({ head: null, index: null, worktree: null });

      await commit(box, { "a.py": "v1\n", ["__proto__"]: "p\n" }, "init");
      box.write("a.py", "v2\n");
      await runGit(box.git, ["add", "a.py"]);
      box.write("a.py", "v3\n");
      box.write("tab\tx", "t\n");
      const snap = await snapshotFiles(box.git, read, ["a.py", "__proto__", "tab\tx"]);
      const sha = (s: string) => blobSha(Buffer.from(s));
      expect(snap["a.py"]).toEqual({ head: sha("v1\n"), index: sha("v2\n"), worktree: sha("v3\n") });
      expect(Object.hasOwn(snap, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(snap)).toBe(Object.prototype);
      expect(snap["__proto__"]).toEqual({ head: sha("p\n"), index: sha("p\n"), worktree: sha("p\n") });
      expect(snap["tab\tx"]).toEqual({ head: null, index: null, worktree: sha("t\n") });
    });
  });
});
