/**
 * gradeClass's failure paths, without grading anyone for real: a grade that runs past the per-student limit is
 * stopped (its whole process group) and becomes that student's row, with no report and no cache entry, while the
 * gradebook and summary are still written; entries named like the class's own files are refused. The full run is
 * test/grader/grade-class.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_FILE } from "../../../lib/grader/class/cache.js";
import { gradeClass, pool, type ClassEvent } from "../../../lib/grader/class/grade-class.js";
import { ROOT } from "../run-grade.js";

describe("gradeClass", () => {
  it("stops a grade past the student limit: the row says so, nothing of it is kept, the class files are written", async () => {
    const subs = mkdtempSync(join(tmpdir(), "wb-gc-subs-"));
    mkdirSync(join(subs, "slow", "05-commit-plan"), { recursive: true });
    mkdirSync(join(subs, "summary.html"));
    const out = join(mkdtempSync(join(tmpdir(), "wb-gc-out-")), "r");
    const events: ClassEvent[] = [];
    const r = await gradeClass({ root: ROOT, submissionsDir: subs, outDir: out, jobs: 1, exercises: ["05-commit-plan"], seed: 1, timeoutMs: 1000, studentLimitMs: 50, onEvent: (e) => events.push(e) });
    expect(r.counts).toEqual({ graded: 0, unchanged: 0, notGraded: 2 });
    const by = Object.fromEntries(r.rows.map((x) => [x.id, x.problem]));
    expect(by.slow).toBe("grading did not finish within 0 s; stopped");
    expect(by["summary.html"]).toMatch(/reserved for the class's own files/);
    expect(events.filter((e) => e.type === "finished")).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "planned", total: 2, toGrade: 1, notGradable: 1 });
    expect(existsSync(join(out, "slow", "report.json"))).toBe(false);
    expect(JSON.parse(readFileSync(join(out, CACHE_FILE), "utf8"))).toEqual({ version: 2, entries: {} });
    expect(readdirSync(out).sort()).toEqual([CACHE_FILE, "gradebook.csv", "summary.html", "summary.md"]);
  });

  it("a batch that fails as a whole (here: past its limit) is graded again one student at a time, each its own row", async () => {
    const subs = mkdtempSync(join(tmpdir(), "wb-gc-batch-"));
    for (const id of ["ann", "bob"]) mkdirSync(join(subs, id, "05-commit-plan"), { recursive: true });
    const out = join(mkdtempSync(join(tmpdir(), "wb-gc-batch-out-")), "r");
    const events: ClassEvent[] = [];
    const r = await gradeClass({ root: ROOT, submissionsDir: subs, outDir: out, jobs: 1, batch: 2, exercises: ["05-commit-plan"], seed: 1, timeoutMs: 1000, studentLimitMs: 50, onEvent: (e) => events.push(e) });
    expect(r.rows.map((x) => [x.id, x.status, x.problem])).toEqual([
      ["ann", "not graded", "grading did not finish within 0 s; stopped"],
      ["bob", "not graded", "grading did not finish within 0 s; stopped"],
    ]);
    expect(events.filter((e) => e.type === "finished").map((e) => (e.type === "finished" ? e.done : 0))).toEqual([1, 2]);
  });

  it("takes a stored report only with its MAC: an unchanged one is reused, a hand-edited one is graded again", { timeout: 300_000 }, async () => {
    const subs = mkdtempSync(join(tmpdir(), "wb-gc-mac-"));
    mkdirSync(join(subs, "ann", "05-commit-plan"), { recursive: true });
    const out = join(mkdtempSync(join(tmpdir(), "wb-gc-mac-out-")), "r");
    const run = async (): Promise<{ status: string; notes: string[] }> => {
      const notes: string[] = [];
      const r = await gradeClass({ root: ROOT, submissionsDir: subs, outDir: out, jobs: 1, batch: 1, exercises: ["05-commit-plan"], seed: 1, timeoutMs: 1000, studentLimitMs: 240_000, onEvent: (e) => e.type === "note" && notes.push(e.line) });
      return { status: r.rows[0]!.status, notes };
    };
    expect((await run()).status).toBe("graded");
    const report = join(out, "ann", "report.json");
    const honest = readFileSync(report, "utf8");
    expect(JSON.parse(honest).points).toBe(0);
    expect(await run()).toEqual({ status: "unchanged", notes: [] });
    // full marks by hand: the cache key still matches, the MAC does not
    const forged = JSON.parse(honest) as { points: number; maxPoints: number };
    forged.points = forged.maxPoints;
    writeFileSync(report, JSON.stringify(forged, null, 2) + "\n");
    const third = await run();
    expect(third.status).toBe("graded");
    expect(third.notes).toEqual([expect.stringMatching(/^ann: the stored report is missing, or not as this grader wrote it/)]);
    expect(JSON.parse(readFileSync(report, "utf8")).points).toBe(0);
  });

  it("pool runs at most `limit` tasks at once and keeps the input order", async () => {
    let running = 0;
    let most = 0;
    const results = await pool([5, 1, 4, 2, 3], 2, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, ms * 5));
      running--;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
