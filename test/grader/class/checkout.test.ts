/**
 * Checking a submission out: a folder is graded in place; a repository or bundle is cloned with untrusted git — a
 * hostile repository's hooks, fsmonitor and filter drivers never run, a borrowing `.git` is refused, a `.bundle`
 * that is not one is said to be so. Runs real git on throw-away repositories (not in the unit tier).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutSubmission } from "../../../lib/grader/class/checkout.js";
import { discoverSubmissions } from "../../../lib/grader/class/submissions.js";
import { GradingError } from "../../../lib/core/errors.js";

const temp = (p: string): string => mkdtempSync(join(tmpdir(), p));
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.invalid", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8" });

describe("checkOutSubmission", () => {
  it("grades a folder in place, its exercises/ when it has one", async () => {
    const dir = temp("wb-co-");
    mkdirSync(join(dir, "ada", "exercises"), { recursive: true });
    mkdirSync(join(dir, "bob"));
    const [ada, bob] = discoverSubmissions(dir).submissions;
    expect(await checkOutSubmission(ada!, temp("wb-work-"))).toEqual({ targetDir: join(dir, "ada", "exercises") });
    expect(await checkOutSubmission(bob!, temp("wb-work-"))).toEqual({ targetDir: join(dir, "bob") });
  });

  it("clones a hostile repository's HEAD without running its hooks, fsmonitor or filters", async () => {
    const dir = temp("wb-co-");
    const repo = join(dir, "mal");
    const marker = join(temp("wb-marker-"), "ran");
    mkdirSync(join(repo, "exercises", "01-x"), { recursive: true });
    writeFileSync(join(repo, "exercises", "01-x", "x.ts"), "export const x = 1;\n");
    writeFileSync(join(repo, ".gitattributes"), "* filter=evil\n");
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "work");
    const head = git(repo, "rev-parse", "HEAD").trim();
    const cfg = join(repo, ".git", "config");
    writeFileSync(cfg, readFileSync(cfg, "utf8") + `[core]\n\tfsmonitor = "touch ${marker}"\n[filter "evil"]\n\tsmudge = "touch ${marker}; cat"\n\tclean = "touch ${marker}; cat"\n\trequired = true\n[uploadpack]\n\tpackObjectsHook = "touch ${marker}; git"\n`);
    for (const hook of ["post-checkout", "post-merge", "reference-transaction"]) {
      writeFileSync(join(repo, ".git", "hooks", hook), `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(join(repo, ".git", "hooks", hook), 0o755);
    }
    const [mal] = discoverSubmissions(dir).submissions;
    const out = await checkOutSubmission(mal!, temp("wb-work-"));
    expect(out.commit).toBe(head);
    expect(readFileSync(join(out.targetDir, "01-x", "x.ts"), "utf8")).toBe("export const x = 1;\n");
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses a repository that borrows objects, a .bundle that is not a bundle, an empty repository", async () => {
    const dir = temp("wb-co-");
    mkdirSync(join(dir, "alt"));
    git(join(dir, "alt"), "init", "-q");
    writeFileSync(join(dir, "alt", ".git", "objects", "info", "alternates"), "/elsewhere/objects\n");
    mkdirSync(join(dir, "empty"));
    git(join(dir, "empty"), "init", "-q");
    writeFileSync(join(dir, "junk.bundle"), "# v2 git bundle\nnot really\n");
    const work = temp("wb-work-");
    const problems: Record<string, string> = {};
    for (const s of discoverSubmissions(dir).submissions) {
      const err = await checkOutSubmission(s, work).then(() => null, (e: unknown) => e);
      expect(err, s.id).toBeInstanceOf(GradingError);
      problems[s.id] = (err as Error).message;
    }
    expect(problems.alt).toMatch(/objects\/info\/alternates borrows from another repository/);
    expect(problems.junk).toMatch(/^is not a git bundle git can read \(/);
    expect(problems.empty).toMatch(/has no commit checked out/);
  });

  it("refuses borrowed objects however they are reached: a .git/objects link into another checkout, a linked ref, http-alternates", async () => {
    const instructor = temp("wb-co-instructor-");
    mkdirSync(join(instructor, "exercises", "01-x"), { recursive: true });
    writeFileSync(join(instructor, "exercises", "01-x", "x.ts"), "export const solved = true;\n");
    git(instructor, "init", "-q");
    git(instructor, "add", "-A");
    git(instructor, "commit", "-qm", "solutions");
    const head = git(instructor, "rev-parse", "HEAD").trim();
    const dir = temp("wb-co-");
    for (const id of ["objlink", "reflink", "httpalt"]) {
      mkdirSync(join(dir, id));
      git(join(dir, id), "init", "-q");
    }
    rmSync(join(dir, "objlink", ".git", "objects"), { recursive: true });
    symlinkSync(join(instructor, ".git", "objects"), join(dir, "objlink", ".git", "objects"));
    writeFileSync(join(dir, "objlink", ".git", "refs", "heads", "main"), `${head}\n`);
    writeFileSync(join(dir, "objlink", ".git", "HEAD"), "ref: refs/heads/main\n");
    mkdirSync(join(dir, "reflink", ".git", "refs", "heads"), { recursive: true });
    symlinkSync(join(instructor, ".git", "refs", "heads", "main"), join(dir, "reflink", ".git", "refs", "heads", "main"));
    writeFileSync(join(dir, "httpalt", ".git", "objects", "info", "http-alternates"), "https://example.invalid/objects\n");
    const work = temp("wb-work-");
    const problems: Record<string, string> = {};
    for (const s of discoverSubmissions(dir).submissions) {
      const err = await checkOutSubmission(s, work).then(() => null, (e: unknown) => e);
      expect(err, s.id).toBeInstanceOf(GradingError);
      problems[s.id] = (err as Error).message;
    }
    expect(problems).toEqual({
      objlink: "its .git/objects is a symbolic link (it could borrow another repository's objects); not graded",
      reflink: "its .git/refs/heads/main is a symbolic link (it could borrow another repository's objects); not graded",
      httpalt: "its .git/objects/info/http-alternates borrows from another repository; not graded",
    });
    expect(existsSync(join(work, "objlink")), "nothing was cloned").toBe(false);
  });
});
