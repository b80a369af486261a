import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aiderRepoMap, strictPrefixSearch } from "../../lib/repomap/repo-map.js";
import type { SkeletonCache } from "../../lib/repomap/render/skeletons.js";
import type { ScanResult } from "../../lib/repomap/scan/scan.js";
import { strictBudgetPrefix } from "../../lib/repomap/teaching/repo-map.js";

describe("strictPrefixSearch (the teaching strict rule on a real map)", () => {
  it("agrees with the teaching page's strictBudgetPrefix when the map's cost is the sum of per-entry costs", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 80 }), fc.integer({ min: 1, max: 2000 }), (costs, budget) => {
        const keys = costs.map((_, i) => ["f.py", `s${i}`] as const);
        const symbolCosts = { "f.py": Object.fromEntries(costs.map((c, i) => [`s${i}`, c])) };
        const teaching = strictBudgetPrefix(keys, symbolCosts, budget);
        const prefixSums = [0];
        for (const c of costs) prefixSums.push(prefixSums[prefixSums.length - 1]! + c);
        const { k, probes } = strictPrefixSearch(costs.length, budget, (n) => prefixSums[n]!);
        expect(k).toBe(teaching.selected.length);
        // logarithmically many probes, not one per entry
        expect(probes.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(costs.length + 2)) + 2);
      }),
    );
  });

  it("k = 0 when even one entry does not fit; k = N when everything fits; never a prefix over budget", () => {
    expect(strictPrefixSearch(5, 10, (n) => n * 11).k).toBe(0);
    expect(strictPrefixSearch(5, 100, (n) => n * 11).k).toBe(5);
    expect(strictPrefixSearch(0, 100, () => 0).k).toBe(0);
    const { k, probes } = strictPrefixSearch(1000, 500, (n) => n * 3);
    expect(k).toBe(166);
    expect(probes.filter((p) => p.kept).every((p) => p.tokens <= 500)).toBe(true);
  });
});

describe("aiderRepoMap's sources", () => {
  const scan = { root: "/repo", files: [] } as unknown as ScanResult;
  const skeletons = (root: string) => ({ root, useScan: () => {} }) as unknown as SkeletonCache;
  const count = (t: string) => t.length;

  it("names the bad source and the rule, before anything is ranked", async () => {
    await expect(aiderRepoMap(null as never)).rejects.toThrow("aiderRepoMap: sources must be an object");
    await expect(aiderRepoMap({ scan, skeletons: skeletons("/repo"), count, tokens: 1 } as never)).rejects.toThrow("sources.tokens is not a known option");
    await expect(aiderRepoMap({ scan, skeletons: skeletons("/repo"), count: 1 as never })).rejects.toThrow("aiderRepoMap: sources.count must be a function");
    await expect(aiderRepoMap({ scan: {} as ScanResult, skeletons: skeletons("/repo"), count })).rejects.toThrow("sources.scan must be a ScanResult");
    await expect(aiderRepoMap({ scan, skeletons: {} as SkeletonCache, count })).rejects.toThrow("sources.skeletons must be a SkeletonCache");
    await expect(aiderRepoMap({ scan, skeletons: skeletons("/elsewhere"), count })).rejects.toThrow("sources.skeletons must be for the scan's root (/repo)");
  });
});
