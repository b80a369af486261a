import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intersectionSize } from "../../../lib/grader/class/fingerprint.js";
import { candidatePairs, type IndexedFunction } from "../../../lib/grader/class/fingerprint-index.js";

const fn = (kind: IndexedFunction["kind"], owner: string, prints: number[]): IndexedFunction => ({ kind, owner, prints });

describe("candidatePairs", () => {
  it("pairs a student with anyone sharing a fingerprint, never solution with lib nor a student with themself", () => {
    const units = [fn("student", "ann", [1, 2, 3]), fn("student", "ann", [1, 9]), fn("solution", "solution", [1, 2]), fn("lib", "lib", [2, 3]), fn("student", "bo", [7])];
    const { pairs, common } = candidatePairs(units, 10);
    expect(common).toBe(0);
    expect(pairs.map((p) => [p.i, p.j, p.shared, p.union]).sort()).toEqual([
      [0, 2, 2, 3],
      [0, 3, 2, 3],
      [1, 2, 1, 3],
    ]);
  });

  it("drops a fingerprint more than commonLimit students hold between students, never against the solution or lib", () => {
    const units = [fn("student", "a", [1, 5]), fn("student", "b", [1, 5]), fn("student", "c", [1, 6]), fn("solution", "solution", [1, 5])];
    const { pairs, common } = candidatePairs(units, 2);
    expect(common).toBe(1);
    // between students without fingerprint 1: a {5}, b {5}, c {6}; against the solution every fingerprint counts
    expect(pairs.map((p) => [p.i, p.j, p.shared, p.union]).sort()).toEqual([
      [0, 1, 1, 1],
      [0, 3, 2, 2],
      [1, 3, 2, 2],
      [2, 3, 1, 3],
    ]);
  });

  it("counts students, not functions, against the limit (two functions of one student are one holder)", () => {
    const units = [fn("student", "a", [1]), fn("student", "a", [1, 2]), fn("student", "b", [1])];
    expect(candidatePairs(units, 2).common).toBe(0);
    expect(candidatePairs(units, 1).common).toBe(1);
  });

  it("counts exactly what all-pairs would, for every pair sharing something (fast-check, fixed seed)", () => {
    const prints = fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 }).map((xs) => xs.sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.array(prints, { minLength: 2, maxLength: 8 }), (sets) => {
        const units = sets.map((p, i) => fn("student", `s${i}`, p));
        const got = new Map(candidatePairs(units, 100).pairs.map((p) => [`${p.i},${p.j}`, p]));
        for (let i = 0; i < sets.length; i++) {
          for (let j = i + 1; j < sets.length; j++) {
            const shared = intersectionSize(sets[i]!, sets[j]!);
            const p = got.get(`${i},${j}`);
            if (shared === 0) expect(p).toBeUndefined();
            else expect([p?.shared, p?.union]).toEqual([shared, sets[i]!.length + sets[j]!.length - shared]);
          }
        }
      }),
      { seed: 20261201, numRuns: 200 },
    );
  });
});
