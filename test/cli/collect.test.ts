/**
 * `workbench collect`: usage mistakes are one line and exit 2; a roster with an e-mail id and a Unicode id is
 * collected by the deadline into safe folders, collection.csv records who was late and by how much, and an empty
 * repository is reported (exit 1), never a silent 0.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../support/temp-dirs.js";
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
    for (const [args, why] of [
      [["collect", join(dir, "r.csv"), "--into", dir], /--deadline/],
      [["collect", join(dir, "r.csv"), "--deadline", "2026-12-01", "--into", dir], /ISO 8601/],
      [["collect", join(dir, "r.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir, "--late", "half"], /none, zero or percent-per-day/],
      [["collect", join(dir, "missing.csv"), "--deadline", "2026-12-01T00:00:00Z", "--into", dir], /regular file/],
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
    const r = await cli("collect", join(dir, "roster.csv"), "--deadline", "2026-12-01T12:00:00Z", "--into", into);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/nobody → nobody: NOT GRADABLE: an empty repository/);
    const record = readFileSync(join(into, "collection.csv"), "utf8");
    const ann = record.split("\r\n").find((l) => l.startsWith("ann@uni.edu"))!;
    expect(ann).toMatch(/,collected,[0-9a-f]{40},0,none,[0-9a-f]{40},1,[0-9a-f]{40},/);
    const annFolder = ann.split(",")[1]!;
    expect(readFileSync(join(into, annFolder, "01-pagerank/pagerank.ts"), "utf8")).toBe("due");
    const zoe = record.split("\r\n").find((l) => l.startsWith("zoë"))!;
    expect(readFileSync(join(into, zoe.split(",")[1]!, "01-pagerank/pagerank.ts"), "utf8")).toBe("extended");
    expect(existsSync(join(into, "nobody"))).toBe(false);
  });
});
