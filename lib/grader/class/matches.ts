/**
 * The passages two similar functions share, for the report's side-by-side view. The pair has
 * already been found by its fingerprints (fingerprint.ts); this finds *where*: maximal runs of equal token shapes
 * on each diagonal (one dynamic-programming pass over the two sequences), then, longest first, every run that
 * overlaps no run already taken — one round of Wise's Greedy String Tiling ("YAP3: improved detection of
 * similarities in computer program and other texts", SIGCSE 1996), the tiling JPlag uses. Runs shorter than
 * `minRun` tokens are ignored. Each tile becomes the lines it covers in both files.
 */
import type { ShapeToken } from "./tokens.js";

/** A shared run: where it starts in each sequence and how many tokens long it is. */
export interface Tile {
  a: number;
  b: number;
  length: number;
}

export interface TileOptions {
  /** Runs shorter than this many tokens are not tiles. */
  minRun: number;
  /** At most this many tiles, the longest. */
  maxTiles: number;
}

export const TILE_DEFAULTS: Readonly<TileOptions> = Object.freeze({ minRun: 8, maxTiles: 8 });

/** The non-overlapping shared runs of `a` and `b` (shape strings), longest first. */
export function greedyTiles(a: readonly string[], b: readonly string[], options: Partial<TileOptions> = {}): Tile[] {
  const { minRun, maxTiles } = { ...TILE_DEFAULTS, ...options };
  const n = a.length;
  const m = b.length;
  // run[j] = length of the common run ending at a[i], b[j] (row by row; one row kept).
  let prev = new Uint32Array(m + 1);
  let row = new Uint32Array(m + 1);
  const runs: Tile[] = [];
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const len = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : 0;
      row[j] = len;
      // A run ends at (i−1, j−1) when the next cell on its diagonal does not continue it.
      if (len >= minRun && (i === n || j === m || a[i] !== b[j])) runs.push({ a: i - len, b: j - len, length: len });
    }
    [prev, row] = [row, prev];
  }
  // Longest first; ties in a fixed order, so the report is deterministic.
  runs.sort((x, y) => y.length - x.length || x.a - y.a || x.b - y.b);
  const takenA = new Uint8Array(n);
  const takenB = new Uint8Array(m);
  const tiles: Tile[] = [];
  for (const r of runs) {
    if (tiles.length >= maxTiles) break;
    let free = true;
    for (let t = 0; t < r.length && free; t++) free = takenA[r.a + t] === 0 && takenB[r.b + t] === 0;
    if (!free) continue;
    takenA.fill(1, r.a, r.a + r.length);
    takenB.fill(1, r.b, r.b + r.length);
    tiles.push(r);
  }
  return tiles;
}

/** One side of a matching passage: its 1-based line range in its file and those lines' text. */
export interface MatchedSide {
  fromLine: number;
  toLine: number;
  text: string;
}

/** A passage both functions share: the lines in each and the number of tokens matched. */
export interface MatchedLines {
  a: MatchedSide;
  b: MatchedSide;
  tokens: number;
}

/** The lines each tile covers, in the order of the first file. `linesA`/`linesB` are the files split at "\n". */
export function matchedLines(
  tiles: readonly Tile[],
  a: { tokens: readonly ShapeToken[]; lines: readonly string[] },
  b: { tokens: readonly ShapeToken[]; lines: readonly string[] },
): MatchedLines[] {
  const side = (s: typeof a, start: number, length: number): MatchedSide => {
    const fromLine = s.tokens[start]!.line;
    const toLine = s.tokens[start + length - 1]!.line;
    return { fromLine, toLine, text: s.lines.slice(fromLine - 1, toLine).join("\n") };
  };
  return [...tiles]
    .sort((x, y) => x.a - y.a || x.b - y.b)
    .map((t) => ({ a: side(a, t.a, t.length), b: side(b, t.b, t.length), tokens: t.length }));
}
