/**
 * One student's repository collected by a deadline: the due commit checked out (never a hook of theirs run), later
 * commits recorded, a nested folder found with a note, an empty repository reported, `.git` never copied.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { collectStudent } from "../../../lib/grader/class/collect-git.js";

const tmp = mkdtempSync(join(tmpdir(), "collect-git-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const EXERCISES = [{ id: "01-pagerank", files: ["pagerank.ts"] }];
const git = (dir: string, args: string[], when?: string): void => {
  const env = { ...process.env, ...(when ? { GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when } : {}) };
  execFileSync("git", ["-c", "user.name=s", "-c", "user.email=s@x", "-C", dir, ...args], { env, stdio: "ignore" });
};
const repo = (name: string, commits: [string, string, string][]): string => {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  for (const [path, text, when] of commits) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
    git(dir, ["add", "-A"]);
    git(dir, ["commit", "-qm", when], when);
  }
  return dir;
};
const DEADLINE = Date.parse("2026-12-01T12:00:00Z") / 1000;

describe("collectStudent", () => {
  it("checks out the last commit by the deadline under `none`, the late one under a penalty, and records lateness", async () => {
    const dir = repo("ann", [["01-pagerank/pagerank.ts", "on time", "2026-12-01T10:00:00Z"], ["01-pagerank/pagerank.ts", "late", "2026-12-02T18:00:00Z"]]);
    writeFileSync(join(dir, ".git/hooks/post-checkout"), `#!/bin/sh\ntouch ${join(tmp, "HOOK-RAN")}\n`);
    chmodSync(join(dir, ".git/hooks/post-checkout"), 0o755);
    const dest = join(tmp, "out-ann");
    const none = await collectStudent({ repository: dir, deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "none" });
    expect(none.status).toBe("collected");
    expect(readFileSync(join(dest, "01-pagerank/pagerank.ts"), "utf8")).toBe("on time");
    expect(none.pick?.late?.commits).toBe(1);
    expect(none.pick?.late?.hoursLate).toBe(30);
    expect(none.graded?.hoursLate).toBe(0);
    const late = await collectStudent({ repository: `file://${dir}`, deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "percent-per-day", percent: 10 });
    expect(readFileSync(join(dest, "01-pagerank/pagerank.ts"), "utf8")).toBe("late");
    expect(late.graded?.hoursLate).toBe(30);
    expect(existsSync(join(dest, ".git"))).toBe(false);
    expect(existsSync(join(tmp, "HOOK-RAN"))).toBe(false);
  });

  it("finds exercises nested in an extra folder, with a note", async () => {
    const dir = repo("nest", [["hw/01-pagerank/pagerank.ts", "x", "2026-12-01T10:00:00Z"]]);
    const got = await collectStudent({ repository: dir, deadline: DEADLINE }, { dest: join(tmp, "out-nest"), exercises: EXERCISES }, { kind: "none" });
    expect(got.status).toBe("collected");
    expect(got.notes.join(" ")).toMatch(/hw/);
    expect(readFileSync(join(tmp, "out-nest/01-pagerank/pagerank.ts"), "utf8")).toBe("x");
  });

  it("reports what cannot be graded: an empty repository, nothing by the deadline, no exercises", async () => {
    const empty = repo("empty", []);
    const dest = join(tmp, "out-x");
    expect((await collectStudent({ repository: empty, deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "none" })).problem).toMatch(/empty repository/);
    const lateOnly = repo("late-only", [["01-pagerank/pagerank.ts", "x", "2026-12-03T10:00:00Z"]]);
    expect((await collectStudent({ repository: lateOnly, deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "none" })).problem).toMatch(/no commit at or before the deadline/);
    const other = repo("other", [["notes.txt", "hello", "2026-12-01T10:00:00Z"]]);
    expect((await collectStudent({ repository: other, deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "none" })).status).toBe("not gradable");
    expect((await collectStudent({ repository: join(tmp, "missing"), deadline: DEADLINE }, { dest, exercises: EXERCISES }, { kind: "none" })).problem).toMatch(/could not be cloned/);
  });
});

describe("collectStudent on a repository that borrows objects", () => {
  it("refuses one whose .git names alternates (it could hand over another repository's commits), by path or file:// URL", async () => {
    const dir = repo("borrower", [["01-pagerank/pagerank.ts", "mine", "2026-12-01T10:00:00Z"]]);
    writeFileSync(join(dir, ".git/objects/info/alternates"), `${join(tmp, "ann", ".git", "objects")}\n`);
    for (const repository of [dir, `file://${dir}`]) {
      const got = await collectStudent({ repository, deadline: DEADLINE }, { dest: join(tmp, "out-borrower"), exercises: EXERCISES }, { kind: "none" });
      expect(got.status, repository).toBe("not gradable");
      expect(got.problem).toMatch(/alternates borrows from another repository/);
    }
    expect(existsSync(join(tmp, "out-borrower"))).toBe(false);
  });
});
