import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprintSet, intersectionSize, jaccard, kgramHashes, shapeHash, winnow } from "../../../lib/grader/class/fingerprint.js";

const SEED = { seed: 20261201, numRuns: 200 };
const shapesArb = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 80 });

describe("winnowed fingerprints", () => {
  it("hashes shapes by their text, not by the order they were seen", () => {
    expect(shapeHash("ID")).toBe(shapeHash("ID"));
    expect(shapeHash("ID")).not.toBe(shapeHash("LIT"));
    expect(kgramHashes([1, 2, 3, 4], 2)).toHaveLength(3);
    expect(kgramHashes([1, 2], 3)).toEqual([]);
    const h = kgramHashes([5, 1, 2, 5, 1, 2], 3);
    expect(h[0]).toBe(h[3]);
    expect(h[0]).not.toBe(h[1]);
  });

  it("keeps the rightmost minimum of every window, once", () => {
    // windows of 3 over [5,3,3,7,1,9]: [5,3,3]→3@2, [3,3,7]→3@2, [3,7,1]→1@4, [7,1,9]→1@4
    expect(winnow([5, 3, 3, 7, 1, 9], 3)).toEqual([{ hash: 3, position: 2 }, { hash: 1, position: 4 }]);
    expect(winnow([4, 2], 5)).toEqual([{ hash: 2, position: 1 }]);
    expect(winnow([], 4)).toEqual([]);
  });

  it("guarantees a shared fingerprint for any shared run of window + k − 1 tokens (the paper's density guarantee)", () => {
    const k = 3;
    const window = 4;
    fc.assert(
      fc.property(shapesArb, shapesArb, fc.array(fc.integer({ min: 0, max: 6 }), { minLength: window + k - 1, maxLength: 20 }), (pre, post, shared) => {
        const a = fingerprintSet([...pre, ...shared, ...post], k, window);
        const b = fingerprintSet([...post, ...shared, ...pre], k, window);
        return intersectionSize(a, b) >= 1;
      }),
      SEED,
    );
  });

  it("scores symmetric, within [0, 1], 1 for the same sequence and 0 for nothing in common", () => {
    fc.assert(
      fc.property(shapesArb, shapesArb, (x, y) => {
        const a = fingerprintSet(x, 4, 3);
        const b = fingerprintSet(y, 4, 3);
        const s = jaccard(a, b);
        expect(s).toBe(jaccard(b, a));
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        if (a.length > 0) expect(jaccard(a, [...a])).toBe(1);
      }),
      SEED,
    );
    expect(jaccard([1, 2, 3], [4, 5])).toBe(0);
    expect(jaccard([1, 2, 3], [2, 3, 4])).toBe(0.5);
    expect(jaccard([], [])).toBe(0);
  });
});
