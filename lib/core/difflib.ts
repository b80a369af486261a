/**
 * The parts of Python's `difflib` that Aider relies on (`aider/coders/editblock_coder.py` `find_filename` filename matching, `aider/coders/editblock_coder.py` `apply_edits` "Did you mean"):
 * `SequenceMatcher` with `isjunk=None` (ratio, quick_ratio, real_quick_ratio, get_matching_blocks,
 * find_longest_match, including the "autojunk" popularity heuristic) and `get_close_matches`.
 *
 * Written from the algorithm's documented behaviour (Ratcliff/Obershelp "gestalt" matching):
 * - b is indexed element → positions; when autojunk is on and len(b) ≥ 200, every element occurring more than
 *   ⌊len(b)/100⌋ + 1 times is "popular" and left out of the index (it can still extend a match at either end);
 * - find_longest_match returns the longest matching block in a[alo:ahi] × b[blo:bhi], earliest in a, then
 *   earliest in b, among blocks built from indexed elements, then extends it over equal neighbours;
 * - matching blocks come from recursing left and right of that block, sorted, adjacent ones merged;
 * - ratio = 2·M / (len(a) + len(b)), or 1.0 when both are empty.
 * A string is a sequence of code points (Python indexes `str` by code point); an array is a sequence of its items.
 */
import { WorkbenchInputError } from "./errors.js";
import { compareCodePoints } from "./pystr.js";
import { rejectUnknownKeys, requireBoolean, requireFinite, requireInteger, requireRecord, requireString, requireStringArray } from "./validate.js";

/** A Python sequence: a `str` (compared by code point) or a list of strings (e.g. lines). */
export type Sequence = string | readonly string[];

/** `difflib.Match(a, b, size)`: a[a:a+size] == b[b:b+size]. */
export interface MatchingBlock {
  a: number;
  b: number;
  size: number;
}

export interface SequenceMatcherOptions {
  /** Python's `autojunk` (default true): ignore "popular" elements of b when len(b) ≥ 200. */
  autojunk?: boolean;
}

export const SEQUENCE_MATCHER_DEFAULTS: Readonly<Required<SequenceMatcherOptions>> = Object.freeze({ autojunk: true });

const WHERE = "SequenceMatcher";

function items(where: string, param: string, seq: unknown): readonly string[] {
  if (typeof seq === "string") return Array.from(seq);
  if (Array.isArray(seq)) return requireStringArray(where, param, seq);
  throw new WorkbenchInputError(where, param, "must be a string or an array of strings", seq);
}

/** Python's `difflib.SequenceMatcher(None, a, b, autojunk)`. */
export class SequenceMatcher {
  /** Elements as small integers (equal elements, equal ids), so the inner loops run over typed arrays. */
  private readonly aIds: Int32Array;
  private readonly bIds: Int32Array;
  /** b2j: for each element id, its positions in b (ascending); popular elements have none. */
  private readonly b2j: Int32Array[];
  /** The elements that autojunk left out of the index (Python's `bpopular`). */
  readonly popular: ReadonlySet<string>;
  private blocks: MatchingBlock[] | null = null;

  constructor(a: Sequence, b: Sequence, options: SequenceMatcherOptions = {}) {
    const left = items(WHERE, "a", a);
    const right = items(WHERE, "b", b);
    if (typeof options !== "object" || options === null) throw new WorkbenchInputError(WHERE, "options", "must be an object", options);
    const autojunk = requireBoolean(WHERE, "options.autojunk", options.autojunk ?? SEQUENCE_MATCHER_DEFAULTS.autojunk);
    const ids = new Map<string, number>();
    const idOf = (s: string): number => {
      let id = ids.get(s);
      if (id === undefined) ids.set(s, (id = ids.size));
      return id;
    };
    this.aIds = Int32Array.from(left, idOf);
    this.bIds = Int32Array.from(right, idOf);
    const positions: number[][] = Array.from({ length: ids.size }, () => []);
    this.bIds.forEach((id, j) => positions[id]!.push(j));
    const popular = new Set<string>();
    const n = this.bIds.length;
    if (autojunk && n >= 200) {
      const ntest = Math.floor(n / 100) + 1;
      for (const [s, id] of ids) {
        if (positions[id]!.length > ntest) {
          popular.add(s);
          positions[id] = [];
        }
      }
    }
    this.popular = popular;
    this.b2j = positions.map((p) => Int32Array.from(p));
  }

  /** Python's `find_longest_match(alo, ahi, blo, bhi)` (defaults: the whole of a and b). */
  findLongestMatch(alo = 0, ahi: number = this.aIds.length, blo = 0, bhi: number = this.bIds.length): MatchingBlock {
    for (const [name, v] of [["alo", alo], ["ahi", ahi], ["blo", blo], ["bhi", bhi]] as const) requireInteger(WHERE, name, v, 0);
    if (alo > ahi || ahi > this.aIds.length) throw new WorkbenchInputError(WHERE, "alo/ahi", `must satisfy 0 ≤ alo ≤ ahi ≤ ${this.aIds.length}`, [alo, ahi]);
    if (blo > bhi || bhi > this.bIds.length) throw new WorkbenchInputError(WHERE, "blo/bhi", `must satisfy 0 ≤ blo ≤ bhi ≤ ${this.bIds.length}`, [blo, bhi]);
    return this.longest(alo, ahi, blo, bhi);
  }

  private longest(alo: number, ahi: number, blo: number, bhi: number): MatchingBlock {
    const a = this.aIds;
    const b = this.bIds;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    // j2len[j + 1] = length of the match ending at a[i-1], b[j]; `touched` lists the slots to clear next row.
    let j2len = new Int32Array(b.length + 1);
    let next = new Int32Array(b.length + 1);
    let touched: number[] = [];
    for (let i = alo; i < ahi; i++) {
      const nextTouched: number[] = [];
      for (const j of this.b2j[a[i]!]!) {
        if (j < blo) continue;
        if (j >= bhi) break;
        const k = j2len[j]! + 1;
        next[j + 1] = k;
        nextTouched.push(j + 1);
        if (k > bestsize) {
          besti = i - k + 1;
          bestj = j - k + 1;
          bestsize = k;
        }
      }
      for (const t of touched) j2len[t] = 0;
      [j2len, next] = [next, j2len];
      touched = nextTouched;
    }
    // Extend over equal elements that the index left out (popular ones); with isjunk=None nothing is junk.
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return { a: besti, b: bestj, size: bestsize };
  }

  /** Python's `get_matching_blocks()`: non-adjacent blocks in order, ending with the sentinel (len(a), len(b), 0). */
  getMatchingBlocks(): MatchingBlock[] {
    if (this.blocks) return this.blocks.map((m) => ({ ...m }));
    const la = this.aIds.length;
    const lb = this.bIds.length;
    const queue: [number, number, number, number][] = [[0, la, 0, lb]];
    const found: MatchingBlock[] = [];
    while (queue.length > 0) {
      const [alo, ahi, blo, bhi] = queue.pop()!;
      const m = this.longest(alo, ahi, blo, bhi);
      if (m.size === 0) continue;
      found.push(m);
      if (alo < m.a && blo < m.b) queue.push([alo, m.a, blo, m.b]);
      if (m.a + m.size < ahi && m.b + m.size < bhi) queue.push([m.a + m.size, ahi, m.b + m.size, bhi]);
    }
    found.sort((x, y) => x.a - y.a || x.b - y.b || x.size - y.size);
    const merged: MatchingBlock[] = [];
    let cur: MatchingBlock = { a: 0, b: 0, size: 0 };
    for (const m of found) {
      if (cur.a + cur.size === m.a && cur.b + cur.size === m.b) cur = { ...cur, size: cur.size + m.size };
      else {
        if (cur.size > 0) merged.push(cur);
        cur = m;
      }
    }
    if (cur.size > 0) merged.push(cur);
    merged.push({ a: la, b: lb, size: 0 });
    this.blocks = merged;
    return merged.map((m) => ({ ...m }));
  }

  /** Python's `ratio()`: 2·M/T over the matching blocks. */
  ratio(): number {
    const matches = this.getMatchingBlocks().reduce((s, m) => s + m.size, 0);
    return calculateRatio(matches, this.aIds.length + this.bIds.length);
  }

  /** Python's `quick_ratio()`: an upper bound on ratio() from element counts alone (the multiset intersection). */
  quickRatio(): number {
    const avail = new Map<number, number>();
    for (const id of this.bIds) avail.set(id, (avail.get(id) ?? 0) + 1);
    let matches = 0;
    for (const id of this.aIds) {
      const left = avail.get(id) ?? 0;
      avail.set(id, left - 1);
      if (left > 0) matches++;
    }
    return calculateRatio(matches, this.aIds.length + this.bIds.length);
  }

  /** Python's `real_quick_ratio()`: an upper bound on ratio() from the lengths alone. */
  realQuickRatio(): number {
    const la = this.aIds.length;
    const lb = this.bIds.length;
    return calculateRatio(Math.min(la, lb), la + lb);
  }
}

function calculateRatio(matches: number, length: number): number {
  return length ? (2.0 * matches) / length : 1.0;
}

/** Python's keyword arguments of `get_close_matches`: `n=3`, `cutoff=0.6`. */
export interface CloseMatchesOptions {
  /** At most this many matches (a positive integer). */
  n: number;
  /** The lowest ratio a match may have, in [0, 1]. */
  cutoff: number;
}

export const CLOSE_MATCHES_DEFAULTS: Readonly<CloseMatchesOptions> = Object.freeze({ n: 3, cutoff: 0.6 });

/**
 * Python's `difflib.get_close_matches(word, possibilities, n=3, cutoff=0.6)` — `n` and `cutoff` are
 * `options.n` and `options.cutoff`, with the same defaults: the best `n` possibilities whose ratio
 * against `word` is ≥ cutoff, best first; equal ratios are ordered by the larger string first (code-point order),
 * as `heapq.nlargest` on (score, string) pairs does. Each possibility is `a`, the word is `b`.
 */
export function getCloseMatches(word: string, possibilities: readonly string[], options: Partial<CloseMatchesOptions> = {}): string[] {
  const where = "getCloseMatches";
  requireString(where, "word", word);
  requireStringArray(where, "possibilities", possibilities);
  const o = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", o, Object.keys(CLOSE_MATCHES_DEFAULTS));
  const { n, cutoff } = { ...CLOSE_MATCHES_DEFAULTS, ...o };
  requireInteger(where, "options.n", n, 1);
  requireFinite(where, "options.cutoff", cutoff);
  if (cutoff < 0 || cutoff > 1) throw new WorkbenchInputError(where, "options.cutoff", "must be in [0, 1]", cutoff);
  const scored: { score: number; x: string }[] = [];
  for (const x of possibilities) {
    const s = new SequenceMatcher(x, word);
    if (s.realQuickRatio() >= cutoff && s.quickRatio() >= cutoff) {
      const score = s.ratio();
      if (score >= cutoff) scored.push({ score, x });
    }
  }
  scored.sort((p, q) => q.score - p.score || compareCodePoints(q.x, p.x));
  return scored.slice(0, n).map((p) => p.x);
}
