/**
 * `workbench collect`: usage mistakes are one line and exit 2; a roster with an e-mail id and a Unicode id is
 * collected by the deadline into safe folders, collection.csv records who was late and by how much, and an empty
 * repository is reported (exit 1), never a silent 0. grade-class then grades what was collected: the student who could
 * not be collected still has a gradebook row saying why, and the LMS exports carry the roster's ids.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitHttpServer } from "../support/git-http-server.js";
import { tempDirs } from "../support/temp-dirs.js";
import { ROOT } from "../grader/run-grade.js";
import { cli } from "./run-cli.js";

const temp = tempDirs();
const commitAt = (dir: string, file: string, text: string, when: string): void => {
  mkdirSync(join(dir, file, ".."), { recursive: true });
  writeFileSync(join(dir, file), text);
  const env = { ...process.env, GIT_AUTHOR_DATE: when, GIT_COMMITTER_DATE: when };
  execFileSync("git", ["-C", dir, "add", "-A"], { env });
  execFileSync("git", ["-c", "user.name=s", "-c", "user.email=s@x", "-C", dir, "commit", "-qm", when], { env });
};

describe("workbench collect", () => {
  it("says what is wrong with its arguments in one line, exit 2", async () => {
    const dir = temp("collect-usage-");
    writeFileSync(join(dir, "r.csv"), "student,repository\n");
    writeFileSync(join(dir, "helper.csv"), "student,repository\nann,ext::sh -c touch% pwned\n");
    for (const [args, why] of [
      [["collect", join(dir, "r.csv"), "--into", dir], /--deadline/],
      [["collect", join(dir, "r.csv"), "--deadline", "2026-12-01", "--into", dir], /ISO 8601/],
      [["collect", join(dir, "r.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir, "--late", "half"], /none, zero or percent-per-day/],
      [["collect", join(dir, "missing.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir], /regular file/],
      [["collect", join(dir, "r.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir, "--jobs", "0"], /--jobs/],
      [["collect", join(dir, "helper.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir], /line 2.*transport helper/],
    ] as const) {
      const r = await cli(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(why);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it("collects by the deadline with extensions, into safe folders, and records lateness", async () => {
    const dir = temp("collect-run-");
    const repos = join(dir, "repos");
    for (const name of ["a", "b", "empty"]) {
      mkdirSync(join(repos, name), { recursive: true });
      execFileSync("git", ["-C", join(repos, name), "init", "-q", "-b", "main"]);
    }
    commitAt(join(repos, "a"), "01-pagerank/pagerank.ts", "due", "2026-12-01T10:00:00Z");
    commitAt(join(repos, "a"), "01-pagerank/pagerank.ts", "late", "2026-12-01T18:00:00Z");
    commitAt(join(repos, "b"), "01-pagerank/pagerank.ts", "extended", "2026-12-02T10:00:00Z");
    writeFileSync(join(dir, "roster.csv"), `student,repository,extension_hours\nann@uni.edu,${join(repos, "a")},\nzoë,${join(repos, "b")},24\nnobody,${join(repos, "empty")},\n`);
    const into = join(dir, "subs");
    const r = await cli("collect", join(dir, "roster.csv"), "--deadline", "2026-12-01T12:00:00Z", "--into", into, "--jobs", "2");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/nobody → nobody: NOT GRADABLE: an empty repository/);
    expect(r.out.match(/^\[\d\/3\] /gm)).toEqual(["[1/3] ", "[2/3] ", "[3/3] "]);
    const record = readFileSync(join(into, "collection.csv"), "utf8");
    expect(record.split("\r\n").slice(1, 4).map((l) => l.split(",")[0])).toEqual(["ann@uni.edu", "zoë", "nobody"]);
    const ann = record.split("\r\n").find((l) => l.startsWith("ann@uni.edu"))!;
    expect(ann).toMatch(/,collected,[0-9a-f]{40},0,none,[0-9a-f]{40},1,[0-9a-f]{40},/);
    const annFolder = ann.split(",")[1]!;
    expect(readFileSync(join(into, annFolder, "01-pagerank/pagerank.ts"), "utf8")).toBe("due");
    const zoe = record.split("\r\n").find((l) => l.startsWith("zoë"))!;
    expect(readFileSync(join(into, zoe.split(",")[1]!, "01-pagerank/pagerank.ts"), "utf8")).toBe("extended");
    expect(existsSync(join(into, "nobody"))).toBe(false);
  });

  it("then grade-class: the uncollected student has a row saying why, an override by roster id applies, and the LMS exports carry the roster's ids", async () => {
    const dir = temp("collect-export-");
    const repos = join(dir, "repos");
    for (const name of ["a", "empty"]) {
      mkdirSync(join(repos, name), { recursive: true });
      execFileSync("git", ["-C", join(repos, name), "init", "-q", "-b", "main"]);
    }
    const solution = join(ROOT, "solutions", "05-commit-plan");
    mkdirSync(join(repos, "a", "05-commit-plan"));
    for (const f of readdirSync(solution)) writeFileSync(join(repos, "a", "05-commit-plan", f), readFileSync(join(solution, f)));
    commitAt(join(repos, "a"), "README.md", "lab 5", "2026-12-01T10:00:00Z");
    writeFileSync(
      join(dir, "roster.csv"),
      `student,repository,Name,LMS_ID,SIS_User_ID,Email,github\nann@uni.edu,${join(repos, "a")},Ann Lee,101,S-1,,ann-l\nnobody,${join(repos, "empty")},No Body,102,,nobody@uni.edu,nb\n`,
    );
    const into = join(dir, "subs");
    expect((await cli("collect", join(dir, "roster.csv"), "--deadline", "2026-12-01T12:00:00Z", "--into", into)).code).toBe(1);
    const out = join(dir, "out");
    mkdirSync(out);
    writeFileSync(join(out, "overrides.csv"), 'student,target,points,reason\nann@uni.edu,05-commit-plan,5,"regraded by hand"\n');
    const r = await cli("grade-class", into, "--out", out, "--exercise", "05", "--export", "canvas", "--export", "moodle", "--export", "gradescope", "--assignment", "Lab 5", "--allow-unconfined");
    expect(r.code, r.err).toBe(1);
    const gradebook = readFileSync(join(out, "gradebook.csv"), "utf8").split("\r\n");
    expect(gradebook.find((l) => l.startsWith("nobody,"))).toMatch(/not collected: an empty repository: no commit/);
    const canvas = readFileSync(join(out, "export-canvas.csv"), "utf8").split("\r\n");
    expect(canvas[0]).toBe("Student,ID,SIS User ID,SIS Login ID,Section,Lab 5");
    const ann = canvas.find((l) => l.startsWith("Ann Lee,"))!;
    expect(ann).toBe("Ann Lee,101,S-1,,,5");
    expect(gradebook[0]).toContain(",roster_id,hours_late,late_policy,final,overridden,");
    expect(gradebook.find((l) => l.includes(",ann@uni.edu,"))).toMatch(/,5,12,ann@uni\.edu,0,none,5,05-commit-plan: 12 → 5 \(regraded by hand\),/);
    expect(canvas).toContain("No Body,102,,,,");
    const moodle = readFileSync(join(out, "export-moodle.csv"), "utf8").split("\r\n");
    expect(moodle).toContain(`ann@uni.edu,S-1,${ann.split(",").pop()}`);
    expect(moodle).toContain("nobody@uni.edu,,");
    expect(r.out).not.toMatch(/without an id/);
  });
  it("mirrors a remote repository on the first run and fetches it on the next; an unreachable host costs one row", async () => {
    const dir = temp("collect-remote-");
    const served = join(dir, "host");
    const work = join(dir, "work");
    mkdirSync(served);
    mkdirSync(work);
    execFileSync("git", ["-C", served, "init", "-q", "--bare", "-b", "main", "ann.git"]);
    execFileSync("git", ["-C", work, "init", "-q", "-b", "main"]);
    const push = (): void => void execFileSync("git", ["-C", work, "push", "-q", join(served, "ann.git"), "main"]);
    commitAt(work, "01-pagerank/pagerank.ts", "due", "2026-12-01T10:00:00Z");
    push();
    const host = await gitHttpServer(served);
    try {
      writeFileSync(join(dir, "roster.csv"), `student,repository\nann@uni.edu,${host.url}/ann.git\nbo,http://127.0.0.1:1/bo.git\n`);
      const into = join(dir, "subs");
      const args = ["collect", join(dir, "roster.csv"), "--deadline", "2026-12-01T12:00:00Z", "--into", into, "--mirrors", join(dir, "mirrors"), "--late", "zero"] as const;
      const first = await cli(...args);
      expect(first.code).toBe(1);
      expect(first.out).toMatch(/ann@uni\.edu → ann-uni\.edu-[0-9a-f]{8}: cloned, commit [0-9a-f]{10}\n/);
      expect(first.out).toMatch(/bo → bo: NOT GRADABLE: its repository could not be fetched \(.+\)/);
      const folder = readdirSync(into).find((f) => f.startsWith("ann-"))!;
      expect(readFileSync(join(into, folder, "01-pagerank/pagerank.ts"), "utf8")).toBe("due");

      commitAt(work, "01-pagerank/pagerank.ts", "late", "2026-12-02T13:00:00Z");
      push();
      const second = await cli(...args);
      // Dated 25 h late, but the first run (now, days after the deadline) did not see it: late from that run on.
      const hours = (Date.now() / 1000 - Date.parse("2026-12-01T12:00:00Z") / 1000) / 3600;
      const late = /ann@uni\.edu → ann-uni\.edu-[0-9a-f]{8}: fetched, commit [0-9a-f]{10}, 1 commit\(s\) after the deadline \(last (\d+\.\d) h late\) \(1 late commit\(s\) were not on the host at \d{4}-\d\d-\d\d \d\d:\d\d UTC: late from then, not from their dates\)/.exec(second.out);
      expect(late, second.out).not.toBeNull();
      expect(Number(late![1])).toBeGreaterThan(hours - 0.2);
      expect(Number(late![1])).toBeLessThanOrEqual(hours + 0.1);
      expect(readFileSync(join(into, folder, "01-pagerank/pagerank.ts"), "utf8")).toBe("late");
      expect(readdirSync(join(dir, "mirrors"))).toHaveLength(1);

      // A commit dated before the deadline, pushed after the last run (which was after the deadline): late all the same.
      commitAt(work, "01-pagerank/pagerank.ts", "backdated", "2026-12-01T11:00:00Z");
      push();
      const third = await cli(...args);
      expect(third.out).toMatch(/ann@uni\.edu → ann-uni\.edu-[0-9a-f]{8}: fetched, commit [0-9a-f]{10}, 2 commit\(s\) after the deadline \(last \d+\.\d h late\) \(commit [0-9a-f]{10} is dated 2026-12-01 11:00 UTC but was not on the host at \d{4}-\d\d-\d\d \d\d:\d\d UTC: counted as pushed after then; 1 late commit\(s\) were not on the host at /);
      expect(readFileSync(join(into, folder, "01-pagerank/pagerank.ts"), "utf8")).toBe("backdated");
      expect(third.out).toMatch(/\n1 student\(s\) with commits dated by the deadline that reached the host after it \(counted late; see the notes\): ann@uni\.edu\.\n$/);
      expect(second.out).not.toMatch(/dated by the deadline/);
      expect(readFileSync(join(into, "collection.csv"), "utf8")).toMatch(/is dated 2026-12-01 11:00 UTC but was not on the host at/);
    } finally {
      await host.close();
    }
  });
});

