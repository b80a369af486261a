/**
 * lib/repomap/ranking/fast/rank-sort.ts: the ranking's sort (`aider/repomap.py` `get_ranked_tags`, `sorted(..., reverse=True)`) as a radix
 * sort on the ranks' bits — the same permutation as the comparison sort `byRankDesc`, with the comparison sort
 * taking over for ranks whose bits are not in value order (negative, -0).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderByRankDesc } from "../../../../lib/repomap/ranking/fast/rank-sort.js";
import { byRankDesc } from "../../../../lib/repomap/ranking/rank.js";

const order = (ranks: number[], byTie: number[]): number[] => [...orderByRankDesc(Float64Array.from(ranks), Int32Array.from(byTie))];

describe("orderByRankDesc", () => {
  it("rank descending; equal ranks in tie order descending (ids are given in ascending tie order)", () => {
    // ids 0…4; ranks 0.5, 0.25, 0.5, 1, 0.25; tie order 4, 3, 2, 1, 0 (id 4 is the smallest tie key)
    expect(order([0.5, 0.25, 0.5, 1, 0.25], [0, 1, 2, 3, 4])).toEqual([3, 2, 0, 4, 1]);
    expect(order([0.5, 0.25, 0.5, 1, 0.25], [4, 3, 2, 1, 0])).toEqual([3, 0, 2, 1, 4]);
  });

  it("orders across every digit: subnormals, powers of two far apart, +0 last", () => {
    const ranks = [0, 5e-324, 2 ** 60, 1e-300, 1, 2 ** -1000];
    expect(order(ranks, [0, 1, 2, 3, 4, 5])).toEqual([2, 4, 3, 5, 1, 0]);
  });

  it("negative ranks and -0 take the comparison sort, with the same order rule (-0 and 0 tie)", () => {
    expect(order([-1, 2, -0, 0], [0, 1, 2, 3])).toEqual([1, 3, 2, 0]);
  });

  it("fewer than two ids: a copy, not the input array", () => {
    const one = Int32Array.from([7]);
    const out = orderByRankDesc(Float64Array.from([0, 0, 0, 0, 0, 0, 0, 0.5]), one);
    expect([...out]).toEqual([7]);
    expect(out).not.toBe(one);
    expect([...orderByRankDesc(new Float64Array(0), new Int32Array(0))]).toEqual([]);
  });

  it("does not change its arguments", () => {
    const rank = Float64Array.from([3, 1, 2]);
    const byTie = Int32Array.from([2, 0, 1]);
    orderByRankDesc(rank, byTie);
    expect([...rank]).toEqual([3, 1, 2]);
    expect([...byTie]).toEqual([2, 0, 1]);
  });

  it("gives the comparison sort's order (rank descending, then tie order descending), duplicates and zeros included", () => {
    const rank = fc.oneof(fc.constantFrom(0, 1e-300, 5e-324, 0.25, 1, 2 ** 60), fc.double({ min: 0, max: 10, noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(fc.array(rank, { maxLength: 300 }), fc.boolean(), (ranks, negatives) => {
        const r = Float64Array.from(ranks, (x, i) => (negatives && i % 7 === 3 ? -x : x)); // -0 and negatives: the fallback
        const byTie = Int32Array.from(r.keys());
        const shuffled = Int32Array.from(byTie).reverse(); // any tie order: here, descending ids
        for (const tieOrder of [byTie, shuffled]) {
          const pos = new Map([...tieOrder].map((id, i) => [id, i]));
          const expected = [...tieOrder].sort(byRankDesc((id: number) => r[id]!, (a, b) => pos.get(a)! - pos.get(b)!));
          expect([...orderByRankDesc(r, tieOrder)]).toEqual(expected);
        }
      }),
    );
  });
});
