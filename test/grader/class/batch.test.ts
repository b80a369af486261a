/**
 * lib/grader/class/batch.ts: the manifest a batch grade process reads (each field checked, refused in one line) and
 * how a class is cut into batches (even sizes, a multiple of the jobs where it can). The batches themselves, in real
 * grade processes: grade-batch.test.ts.
 */
import { describe, expect, it } from "vitest";
import { parseBatchManifest, planBatches, type BatchManifest } from "../../../lib/grader/class/batch.js";

describe("batch manifest and plan", () => {
  const good: BatchManifest = { exercises: ["05-commit-plan"], seed: 1, timeoutMs: 1000, hidden: true, judges: 1, studentLimitMs: 5000, students: [{ id: "ann", targetDir: "/x" }] };

  it("takes a well-formed manifest and refuses a bad one in one line naming the field", () => {
    expect(parseBatchManifest(JSON.stringify(good))).toEqual(good);
    const bad: [unknown, RegExp][] = [
      [{ ...good, judges: 0 }, /judges must be an integer ≥ 1/],
      [{ ...good, seed: 1.5 }, /seed must be an integer ≥ 0/],
      [{ ...good, hidden: "yes" }, /hidden must be true or false/],
      [{ ...good, students: [] }, /students must be a non-empty list/],
      [{ ...good, students: [{ id: "../x", targetDir: "/x" }] }, /each student/],
      [{ ...good, students: [good.students[0], good.students[0]] }, /names ann twice/],
      [{ ...good, exercises: [5] }, /exercises must be a list/],
    ];
    for (const [m, why] of bad) expect(parseBatchManifest(JSON.stringify(m))).toMatch(why);
    expect(parseBatchManifest("{")).toMatch(/^the batch manifest is not JSON/);
  });

  it("cuts a class into even batches of at most the size, a multiple of the jobs where it can", () => {
    const ids = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
    const sizes = (n: number, size: number, jobs: number): number[] => planBatches(ids(n), size, jobs).map((b) => b.length);
    expect(sizes(24, 8, 2)).toEqual([6, 6, 6, 6]);
    expect(sizes(10, 8, 2)).toEqual([5, 5]);
    expect(sizes(5, 8, 1)).toEqual([5]);
    expect(sizes(3, 8, 4)).toEqual([1, 1, 1]);
    expect(sizes(7, 1, 2)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(planBatches(ids(9), 4, 2).flat()).toEqual(ids(9));
    expect(planBatches([], 8, 2)).toEqual([]);
  });
});
