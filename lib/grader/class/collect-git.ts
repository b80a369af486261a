/**
 * Collecting one student's repository by the deadline (a local one, or mirror.ts's copy of a remote one): refused
 * when its `.git` borrows another repository's objects, else cloned with the hardened git of checkout.ts (no hooks,
 * no config or filters of theirs, local files the only transport), the commits of its HEAD listed with their committer
 * times, the one to grade checked out (collect.ts `pickCommit`, `commitToGrade`), its exercises found even in an
 * extra folder (lib/grader/platforms/locate.ts `locateExercises`) and copied, without `.git`, to the student's folder.
 * For a mirror, a commit's time is never earlier than the last time collect saw the host without it (sightings.ts).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { locateExercises, type LocatableExercise } from "../platforms/locate.js";
import { borrowingProblem, git, gitMessage } from "./checkout.js";
import { commitToGrade, pickCommit, type CommitTime, type LatePolicy, type Pick } from "./collect.js";
import { pushedAfter, type Sighting } from "./sightings.js";

export interface CollectedStudent {
  /** "collected", or why nothing can be graded (never a silent 0). */
  status: "collected" | "not gradable";
  problem?: string;
  pick?: Pick;
  graded?: { commit: string; hoursLate: number };
  /** What locating the exercises noticed (a nested folder), and what the mirror's sightings showed. */
  notes: string[];
  /** Commits dated by the deadline that the sightings show reached the host after it. */
  backdated?: string[];
}

/**
 * One student: `repository` by `deadline` (seconds) under `policy`, into the folder `dest` (replaced); `sightings`,
 * for a mirror, are what collect saw on the host before.
 */
export async function collectStudent(
  source: { repository: string; deadline: number; sightings?: readonly Sighting[] },
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
    const dated: CommitTime[] = log.split("\n").filter(Boolean).map((l) => ({ sha: l.split(" ")[0]!, time: Number(l.split(" ")[1]) }));
    const { commits, notes, backdated } = await withSightings(clone, dated, { sightings: source.sightings ?? [], deadline: source.deadline });
    const pick = pickCommit(commits, source.deadline);
    const chosen = commitToGrade(pick, policy);
    const seen = backdated.length ? { backdated } : {};
    if (!chosen) return { status: "not gradable", problem: "no commit at or before the deadline", pick, notes, ...seen };
    await git(clone, ["checkout", "--quiet", "--detach", chosen.commit.sha]);
    const located = locateExercises(clone, target.exercises, join(work, "staging"));
    if (!located.ok) return { status: "not gradable", problem: located.problem, pick, notes, ...seen };
    rmSync(target.dest, { recursive: true, force: true });
    cpSync(located.dir, target.dest, { recursive: true, filter: (src) => !src.split(/[\\/]/).includes(".git") });
    return { status: "collected", pick, graded: { commit: chosen.commit.sha, hoursLate: chosen.hoursLate }, notes: [...notes, ...located.notes], ...seen };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The UTC time of `seconds`, to the minute (2026-12-04 23:59 UTC). */
const utc = (seconds: number): string => `${new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * Each commit's time made no earlier than the last sighting of the host without it (sightings.ts `pushedAfter`),
 * with a note for each commit dated by the deadline that the sightings show came after it, and one for the late
 * commits whose lateness they made longer.
 */
async function withSightings(
  clone: string,
  commits: readonly CommitTime[],
  seen: { sightings: readonly Sighting[]; deadline: number },
): Promise<{ commits: CommitTime[]; notes: string[]; backdated: string[] }> {
  // Nothing to learn when the first look already had today's HEAD (a quiet re-run): every commit was there then.
  if (seen.sightings.length === 0 || seen.sightings[0]!.head === commits[0]?.sha) return { commits: [...commits], notes: [], backdated: [] };
  const histories = new Map<string, Set<string> | null>();
  for (const { head } of seen.sightings) {
    if (histories.has(head)) continue;
    const list = await git(clone, ["rev-list", head, "--"]).catch(() => null);
    histories.set(head, list === null ? null : new Set(list.split("\n").filter(Boolean)));
  }
  const backdated: { sha: string; note: string }[] = [];
  const later = new Map<number, number>();
  const out = commits.map((c) => {
    const after = pushedAfter(seen.sightings, (head) => histories.get(head)?.has(c.sha) ?? null);
    if (after === null || after <= c.time) return { ...c };
    if (after > seen.deadline && c.time <= seen.deadline) {
      backdated.push({ sha: c.sha, note: `commit ${c.sha.slice(0, 10)} is dated ${utc(c.time)} but was not on the host at ${utc(after)}: counted as pushed after then` });
    } else if (after > seen.deadline) later.set(after, (later.get(after) ?? 0) + 1);
    return { sha: c.sha, time: after };
  });
  const notes = [...backdated.map((b) => b.note), ...[...later].map(([after, n]) => `${n} late commit(s) were not on the host at ${utc(after)}: late from then, not from their dates`)];
  return { commits: out, notes, backdated: backdated.map((b) => b.sha) };
}
