import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { greedyTiles, matchedLines } from "../../../lib/grader/class/matches.js";
import { shapeTokens } from "../../../lib/grader/class/tokens.js";

describe("greedyTiles", () => {
  it("finds the longest shared runs first, each token in at most one tile", () => {
    const a = "x y z a b c d e f q".split(" ");
    const b = "a b c d e f r x y z".split(" ");
    expect(greedyTiles(a, b, { minRun: 3, maxTiles: 10 })).toEqual([
      { a: 3, b: 0, length: 6 },
      { a: 0, b: 7, length: 3 },
    ]);
    expect(greedyTiles(a, b, { minRun: 4, maxTiles: 10 })).toEqual([{ a: 3, b: 0, length: 6 }]);
    expect(greedyTiles(a, b, { minRun: 3, maxTiles: 1 })).toHaveLength(1);
  });

  it("never overlaps tiles and every tile is a real match", () => {
    const seq = fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 40 });
    fc.assert(
      fc.property(seq, seq, (a, b) => {
        const tiles = greedyTiles(a, b, { minRun: 2, maxTiles: 100 });
        const usedA = new Set<number>();
        const usedB = new Set<number>();
        for (const t of tiles) {
          expect(t.length).toBeGreaterThanOrEqual(2);
          for (let i = 0; i < t.length; i++) {
            expect(a[t.a + i]).toBe(b[t.b + i]);
            expect(usedA.has(t.a + i) || usedB.has(t.b + i)).toBe(false);
            usedA.add(t.a + i);
            usedB.add(t.b + i);
          }
        }
      }),
      { seed: 20261201, numRuns: 200 },
    );
  });
});

describe("matchedLines", () => {
  it("turns tiles into the line ranges and texts of both files", () => {
    const textA = "function f() {\n  let s = 0;\n  for (const x of xs) s += x;\n  return s;\n}";
    const textB = "// other\nfunction g() {\n  let total = 0;\n  for (const v of vals) total += v;\n  return total;\n}";
    const ta = shapeTokens(textA);
    const tb = shapeTokens(textB);
    const tiles = greedyTiles(ta.map((t) => t.shape), tb.map((t) => t.shape), { minRun: 5, maxTiles: 5 });
    const got = matchedLines(tiles, { tokens: ta, lines: textA.split("\n") }, { tokens: tb, lines: textB.split("\n") });
    expect(got).toHaveLength(1);
    expect(got[0]!.a).toEqual({ fromLine: 1, toLine: 5, text: textA });
    expect(got[0]!.b.fromLine).toBe(2);
    expect(got[0]!.b.text).toBe(textB.split("\n").slice(1).join("\n"));
  });
});
