/** Aider's search over prefix lengths (budget/map-search.ts): `aiderMapSearch` and `aiderRankedTagsMap`. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aiderMapSearch, aiderToTree, type Tag } from "../../../lib/index.js";
import { aiderRankedTagsMap } from "../../../lib/repomap/budget/map-search.js";
import { type RankedEntry } from "../../../lib/repomap/ranking/tag.js";

const tag = (relFname: string, line: number, name = "x", kind: "def" | "ref" = "def"): Tag => ({ relFname, fname: `/r/${relFname}`, line, name, kind });
const stub = (_abs: string, rel: string, lois: readonly number[]) => `│${rel} ${lois.join(",")}\n`;

describe("aiderMapSearch", () => {
  const linear = (perTag: number) => (k: number) => ({ text: `${k}`, tokens: k * perTag });

  it("20 tokens a tag, budget 1024: probes 40, 70, 55 and accepts 55 tags = 1100 tokens (over budget, within 15 %)", () => {
    const r = aiderMapSearch(100, 1024, linear(20));
    expect(r.probes.map((p) => p.k)).toEqual([40, 70, 55]);
    expect(r.probes.map((p) => p.kept)).toEqual([true, false, true]);
    expect(r).toMatchObject({ chosenK: 55, tokens: 1100, map: "55" });
  });

  it("exactly 15 % over is rejected; a prefix of 0 tags is never accepted; nothing fitting gives null", () => {
    expect(aiderMapSearch(1, 1000, () => ({ text: "t", tokens: 1150 }))).toMatchObject({ chosenK: null, map: null });
    expect(aiderMapSearch(1, 1000, () => ({ text: "t", tokens: 1149 }))).toMatchObject({ chosenK: 1 });
    expect(aiderMapSearch(0, 1024, linear(20))).toMatchObject({ chosenK: null, probes: [{ k: 0, tokens: 0, pctErr: 1, kept: false }] });
  });

  it("keeps the largest map within budget seen when no probe lands within 15 %", () => {
    // 300 tokens a tag, budget 1000: k=3 (900, 10 % under) is within tolerance at once
    expect(aiderMapSearch(10, 1000, linear(300)).chosenK).toBe(3);
    // 400 a tag: probes 10 → 4000, 4 → 1600, 1 → 400 (kept), 2 → 800 (kept, better), 3 → 1200 (20 % over), stop
    const r = aiderMapSearch(10, 1000, linear(400));
    expect(r.probes.map((p) => p.k)).toEqual([10, 4, 1, 2, 3]);
    expect(r).toMatchObject({ chosenK: 2, tokens: 800 });
  });

  it("checks its arguments", () => {
    expect(() => aiderMapSearch(-1, 1000, linear(1))).toThrow(/numTags must be a non-negative integer/);
    expect(() => aiderMapSearch(3, 0, linear(1))).toThrow(/maxMapTokens must be positive/);
    expect(() => aiderMapSearch(3, 100, () => ({ text: "", tokens: Number.NaN }))).toThrow(/probe\(3\).tokens must be a finite/);
  });

  it("property: a returned map is at most 15 % over budget, comes from a probe, and is within budget unless within 15 %", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 120 }), fc.double({ min: 1, max: 4000, noNaN: true }), (tokens, budget) => {
        const r = aiderMapSearch(tokens.length - 1, budget, (k) => ({ text: `${k}`, tokens: tokens[k]! }));
        for (const p of r.probes) expect(p.k >= 0 && p.k <= tokens.length - 1).toBe(true);
        if (r.chosenK === null) return;
        expect(r.tokens).toBe(tokens[r.chosenK]);
        expect(r.tokens!).toBeLessThanOrEqual(1.15 * budget);
        expect(r.probes.some((p) => p.k === r.chosenK && p.kept)).toBe(true);
        if (Math.abs(r.tokens! - budget) / budget >= 0.15) expect(r.tokens!).toBeLessThanOrEqual(budget);
      }),
      { numRuns: 200 },
    );
  });
});
describe("aiderRankedTagsMap", () => {
  it("searches prefixes of the ranking rendered with to_tree and counted with token_count", () => {
    const ranked: RankedEntry[] = [tag("a.py", 1), tag("b.py", 2), ["chat.py"], ["c.md"], ["d.md"]];
    const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
    const r = aiderRankedTagsMap({ ranked, chatRelFnames: ["chat.py"], otherRelFnames: ["a.py", "b.py", "c.md", "d.md"], maxMapTokens: 6, render: stub, count: words });
    // every probe is to_tree of a prefix; the chat file is counted in the prefix but never shown
    expect(r.map).not.toContain("chat.py");
    expect(r.probes.length).toBeGreaterThan(0);
    expect(r.map).toBe(aiderToTree(ranked.slice(0, r.chosenK!), ["chat.py"], stub));
  });

  it("the important-files prefix only adds files that are not ranked yet", () => {
    const ranked: RankedEntry[] = [tag("a.py", 1), ["README.md"]];
    const r = aiderRankedTagsMap({ ranked, chatRelFnames: [], otherRelFnames: ["a.py", "README.md", "LICENSE"], maxMapTokens: 1000, render: stub, count: () => 1 }, {
      importantFiles: (files) => files.filter((f) => /^(README|LICENSE)/.test(f)),
    });
    expect(r.entries).toEqual([["LICENSE"], ...ranked]);
  });
});
