/** lib/repomap/scan/files.ts: listing a folder's files (git-tracked or walked) and reading them as Aider does. */
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { decodeSource, listRepoFiles, readSourceSync } from "../../../lib/repomap/scan/files.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const temp = tempDirs();
const write = writeTree;

const git = (cwd: string, ...args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8" });

describe("listing files", () => {
  it("a plain folder is walked, skipping VCS, dependency and build folders, not following symlinks; sorted", async () => {
    const root = temp("wb-walk-");
    write(root, {
      "b.py": "x\n", "a/c.py": "y\n", "node_modules/m/index.js": "", "dist/out.js": "", "__pycache__/b.pyc": "",
      "site-packages/p.py": "", "build/x.o": "", "src/build.py": "z\n",
    });
    symlinkSync(join(root, "a"), join(root, "link"));
    const list = await listRepoFiles(root);
    expect(list.source).toBe("walk");
    expect(list.files).toEqual(["a/c.py", "b.py", "src/build.py"]);
  });

  it("a git work tree gives git's files: tracked (staged) ones, not untracked ones", async () => {
    const root = temp("wb-git-");
    git(root, "init", "-q");
    write(root, { "kept.py": "def f(): pass\n", "sub/t.js": "function g() {}\n", "untracked.py": "x\n", "node_modules/n.js": "" });
    git(root, "add", "kept.py", "sub/t.js", "node_modules/n.js");
    const list = await listRepoFiles(root);
    expect(list.source).toBe("git");
    // what git tracks is what Aider maps, even under node_modules
    expect(list.files).toEqual(["kept.py", "node_modules/n.js", "sub/t.js"]);
  });

  it("a folder that git ignores inside a work tree is walked", async () => {
    const root = temp("wb-ign-");
    git(root, "init", "-q");
    write(root, { ".gitignore": "lib/\n", "lib/a.py": "x\n", "top.py": "y\n" });
    git(root, "add", ".gitignore", "top.py");
    const list = await listRepoFiles(join(root, "lib"));
    expect(list).toMatchObject({ source: "walk", files: ["a.py"] });
  });

  it("a missing folder or a file is one clear error naming the parameter", async () => {
    const root = temp("wb-bad-");
    write(root, { "f.py": "" });
    await expect(listRepoFiles(join(root, "nope"))).rejects.toThrow(/listRepoFiles: dir must be an existing folder/);
    await expect(listRepoFiles(join(root, "f.py"))).rejects.toThrow(WorkbenchInputError);
  });
});

describe("reading files", () => {
  it("binary (a NUL byte), invalid UTF-8, too large, missing and unreadable are skip reasons, never errors", () => {
    const root = temp("wb-read-");
    write(root, { "bin.py": Buffer.from([0x61, 0x00, 0x62]), "latin.py": Buffer.from([0x61, 0xe9, 0x0a]), "big.py": "x".repeat(50), "ok.py": "\ufeffé\n" });
    expect(readSourceSync(join(root, "bin.py"), 100)).toEqual({ skipped: "binary" });
    expect(readSourceSync(join(root, "latin.py"), 100)).toEqual({ skipped: "not-utf8" });
    expect(readSourceSync(join(root, "big.py"), 49)).toEqual({ skipped: "too-large" });
    expect(readSourceSync(join(root, "gone.py"), 100)).toEqual({ skipped: "missing" });
    expect(readSourceSync(join(root, "ok.py", "under-a-file"), 100)).toEqual({ skipped: "unreadable" });
    // a BOM is kept, as Python's utf-8 codec keeps it
    expect(readSourceSync(join(root, "ok.py"), 100)).toEqual({ text: "\ufeffé\n" });
    expect(decodeSource(new Uint8Array([0xf0, 0x9f, 0x98]))).toEqual({ skipped: "not-utf8" });
  });
});
