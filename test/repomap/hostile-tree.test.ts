/**
 * Issue 18, item 2: a map stays inside the folder it was given. Symlinks (tracked or walked) whose target leaves
 * the folder, and paths under a symlinked folder that leaves it, are left out and counted; a symlink that stays
 * inside is read through.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanRepo } from "../../lib/index.js";
import { listRepoFiles } from "../../lib/repomap/scan/files.js";
import { runCli } from "../../lib/cli.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const temp = tempDirs();
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });

/** A secret file outside the mapped folder, and a folder that links to it in every way. */
function tree(): { root: string; outside: string } {
  const base = temp("wb-links-");
  const outside = join(base, "outside");
  writeTree(outside, { "secret.py": "def outside_secret():\n    return 42\n", "pkg/deep.py": "def outside_deep():\n    pass\n" });
  const root = join(base, "repo");
  writeTree(root, { "main.py": "from inner import inner_fn\n\ndef main():\n    inner_fn()\n", "inner.py": "def inner_fn():\n    pass\n" });
  symlinkSync(join(outside, "secret.py"), join(root, "leak.py"));
  symlinkSync(join(outside, "pkg"), join(root, "pkgdir"));
  symlinkSync("inner.py", join(root, "alias.py")); // stays inside
  symlinkSync(join(base, "nowhere.py"), join(root, "dangling.py"));
  return { root, outside };
}

describe("symlinks that leave the folder", () => {
  it("walked: a link out is left out and named, a link inside is kept, a symlinked folder is not entered", async () => {
    const { root } = tree();
    const list = await listRepoFiles(root);
    expect(list.source).toBe("walk");
    expect(list.files).toEqual(["alias.py", "inner.py", "main.py"]);
    expect(list.outside).toEqual(["leak.py"]);
  });

  it("git-tracked: tracked links out and files under a folder replaced by a link out are left out", async () => {
    const { root, outside } = tree();
    git(root, "init", "-q");
    mkdirSync(join(root, "sub"));
    writeTree(root, { "sub/was_here.py": "def was_here():\n    pass\n" });
    git(root, "add", "-A");
    // after the commit, the tracked folder sub/ becomes a link to the outside (git still lists sub/was_here.py)
    execFileSync("rm", ["-r", join(root, "sub")]);
    writeTree(outside, { "was_here.py": "def outside_was_here():\n    pass\n" });
    symlinkSync(outside, join(root, "sub"));
    const list = await listRepoFiles(root);
    expect(list.source).toBe("git");
    expect(list.outside).toEqual(["leak.py", "pkgdir", "sub/was_here.py"]);
    expect(list.files).not.toContain("leak.py");
    expect(list.files).toContain("alias.py");

    const scan = await scanRepo(root, { cacheDir: null });
    const names = scan.files.flatMap((f) => f.tags.map((t) => t[1] ?? ""));
    expect(JSON.stringify(scan.files)).not.toMatch(/outside_/);
    expect(scan.summary.outsideRoot).toBe(3);
    expect(names.length).toBeGreaterThan(0);
    expect(JSON.stringify(scan.files.find((f) => f.rel === "alias.py")?.tags)).toMatch(/inner_fn/);
  });

  it("`workbench map` leaves the outside file's definitions out of the map and says why in the summary", async () => {
    const { root } = tree();
    let out = "";
    let err = "";
    const code = await runCli(["map", root, "--no-cache"], { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false });
    expect(err).toBe("");
    expect(code).toBe(0);
    expect(out).not.toMatch(/outside_secret|leak\.py:/);
    expect(out).toMatch(/1 left out: symlinks leaving the folder \(leak\.py\)/);
  });
});
