/**
 * lib/repomap/pagerank/csr-sort.ts: the element order of libstdc++'s `std::sort` (scipy's `csr_sort_indices`),
 * checked against orders the real libstdc++ produced (test/fixtures/libstdcxx/README.md) and by its sorting laws.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { introsortPairs } from "../../../lib/repomap/pagerank/csr-sort.js";

const CASES = JSON.parse(readFileSync(join(__dirname, "..", "..", "fixtures", "libstdcxx", "introsort.json"), "utf8")) as { keys: number[]; order: number[] }[];

/** Sorts keys[lo…hi-1] with their original indices as values; returns the indices in the order they end up. */
function sortedOrder(ks: readonly number[], lo = 0, hi = ks.length): { keys: number[]; order: number[] } {
  const keys = Int32Array.from(ks);
  const vals = Float64Array.from(ks, (_, i) => i);
  introsortPairs(keys, vals, lo, hi);
  return { keys: [...keys], order: [...vals] };
}

describe("introsortPairs", () => {
  it("leaves equal keys in exactly the order libstdc++'s std::sort does (17 to 257 elements, not stable)", () => {
    expect(CASES.length).toBe(6);
    for (const { keys, order } of CASES) {
      expect(sortedOrder(keys).order, `${keys.length} keys`).toEqual(order);
    }
    // the fixture is worth having: a stable sort would give another order for at least one of them
    const stable = (ks: number[]) => ks.map((k, i) => [k, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, i]) => i);
    expect(CASES.some(({ keys, order }) => JSON.stringify(stable(keys)) !== JSON.stringify(order))).toBe(true);
  });

  it("sorts only keys[lo…hi-1]: the elements outside the range do not move", () => {
    const { keys, order } = sortedOrder([9, 3, 1, 2, 0], 1, 4);
    expect(keys).toEqual([9, 1, 2, 3, 0]);
    expect(order).toEqual([0, 2, 3, 1, 4]);
  });

  it("ranges of fewer than two elements are left as they are", () => {
    expect(sortedOrder([5, 4], 1, 2).keys).toEqual([5, 4]);
    expect(sortedOrder([], 0, 0).keys).toEqual([]);
  });

  it("sorts by key, keeps the multiset, and is stable up to 16 elements", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 300 }), (ks) => {
        const { keys, order } = sortedOrder(ks);
        for (let i = 1; i < keys.length; i++) expect(keys[i - 1]! <= keys[i]!).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(ks.map((_, i) => i));
        order.forEach((v, i) => expect(keys[i]).toBe(ks[v]));
        if (ks.length <= 16) {
          const stable = ks.map((k, i) => [k, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          expect(order).toEqual(stable.map(([, i]) => i));
        }
      }),
      { numRuns: 200 },
    );
  });
});
