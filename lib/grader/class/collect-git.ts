/**
 * Collecting one student's repository by the deadline (a local one, or mirror.ts's copy of a remote one): refused
 * when its `.git` borrows another repository's objects, else cloned with the hardened git of checkout.ts (no hooks,
 * no config or filters of theirs, local files the only transport), the commits of its HEAD listed with their committer
 * times, the one to grade checked out (collect.ts `pickCommit`, `commitToGrade`), its exercises found even in an
 * extra folder (lib/grader/platforms/locate.ts `locateExercises`) and copied, without `.git`, to the student's folder.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { locateExercises, type LocatableExercise } from "../platforms/locate.js";
import { borrowingProblem, git, gitMessage } from "./checkout.js";
import { commitToGrade, pickCommit, type CommitTime, type LatePolicy, type Pick } from "./collect.js";

export interface CollectedStudent {
  /** "collected", or why nothing can be graded (never a silent 0). */
  status: "collected" | "not gradable";
  problem?: string;
  pick?: Pick;
  graded?: { commit: string; hoursLate: number };
  /** What locating the exercises noticed (a nested folder). */
  notes: string[];
}

/** One student: `repository` by `deadline` (seconds) under `policy`, into the folder `dest` (replaced). */
export async function collectStudent(
  source: { repository: string; deadline: number },
  target: { dest: string; exercises: readonly LocatableExercise[] },
  policy: LatePolicy,
): Promise<CollectedStudent> {
  const work = mkdtempSync(join(tmpdir(), "workbench-collect-"));
  try {
    const clone = join(work, "repo");
    const isUrl = source.repository.startsWith("file://");
    let path: string;
    try {
      path = isUrl ? fileURLToPath(source.repository) : source.repository;
    } catch {
      return { status: "not gradable", problem: "its file:// URL does not name a folder on this machine", notes: [] };
    }
    const gitDir = existsSync(join(path, ".git")) ? join(path, ".git") : path;
    const borrowed = existsSync(join(gitDir, "objects")) ? borrowingProblem(gitDir) : null;
    if (borrowed !== null) return { status: "not gradable", problem: borrowed, notes: [] };
    const from = isUrl ? source.repository : gitDir;
    try {
      await git(work, ["clone", "--quiet", "--no-local", "--no-hardlinks", "--no-checkout", "--template=", "--", from, clone]);
    } catch (err) {
      return { status: "not gradable", problem: `could not be cloned (${gitMessage(err)})`, notes: [] };
    }
    let log: string;
    try {
      log = await git(clone, ["log", "--first-parent", "--format=%H %ct", "HEAD"]);
    } catch {
      return { status: "not gradable", problem: "an empty repository: no commit", notes: [] };
    }
    const commits: CommitTime[] = log.split("\n").filter(Boolean).map((l) => ({ sha: l.split(" ")[0]!, time: Number(l.split(" ")[1]) }));
    const pick = pickCommit(commits, source.deadline);
    const chosen = commitToGrade(pick, policy);
    if (!chosen) return { status: "not gradable", problem: "no commit at or before the deadline", pick, notes: [] };
    await git(clone, ["checkout", "--quiet", "--detach", chosen.commit.sha]);
    const located = locateExercises(clone, target.exercises, join(work, "staging"));
    if (!located.ok) return { status: "not gradable", problem: located.problem, pick, notes: [] };
    rmSync(target.dest, { recursive: true, force: true });
    cpSync(located.dir, target.dest, { recursive: true, filter: (src) => !src.split(/[\\/]/).includes(".git") });
    return { status: "collected", pick, graded: { commit: chosen.commit.sha, hoursLate: chosen.hoursLate }, notes: located.notes };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
