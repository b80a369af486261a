/**
 * The ranking's sort (`aider/repomap.py` `get_ranked_tags`: `sorted(..., reverse=True)` on (rank, file, ident) tuples, and on the ranked
 * files) for ids whose tie order is known in advance: given the ids in ascending tie order, a stable sort by rank
 * ascending followed by a reversal gives rank descending, ties descending — the same permutation as the comparison
 * sort `byRankDesc` (the (rank, tie) pairs are all distinct, so there is only one).
 *
 * The stable sort is a radix sort on the bits of the ranks (for non-negative doubles, other than -0, the bit
 * patterns as unsigned integers are in the order of the values): six passes over 11-bit digits, no comparisons.
 * Ranks that are negative, -0 or NaN (which a converged PageRank does not give) take the comparison sort.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The comparison sort: rank descending, then position in `byTie` descending. */
function compareSort(rank: Float64Array, byTie: Int32Array): Int32Array {
  const tie = new Int32Array(rank.length);
  byTie.forEach((id, i) => (tie[id] = i));
  return byTie.slice().sort((a, b) => (rank[a] !== rank[b] ? (rank[a]! > rank[b]! ? -1 : 1) : tie[b]! - tie[a]!));
}

/** The digits of a radix pass: (word, shift, width) — the low 32 bits first, 11 + 11 + 10 bits a word. */
const PASSES = [0, 1].flatMap((word) => [[word, 0, 11], [word, 11, 11], [word, 22, 10]] as const);

/** `byTie` (ids in ascending tie order) reordered by `rank[id]` descending, ties by tie order descending. */
export function orderByRankDesc(rank: Float64Array, byTie: Int32Array): Int32Array {
  const n = byTie.length;
  if (n < 2) return byTie.slice();
  let plain = LITTLE_ENDIAN;
  for (let i = 0; i < n && plain; i++) {
    const r = rank[byTie[i]!]!;
    plain = r > 0 || (r === 0 && 1 / r > 0);
  }
  if (!plain) return compareSort(rank, byTie);
  // keys travel with their ids: [low word, high word] of each rank, in the current order
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = rank[byTie[i]!]!;
  const bits = new Uint32Array(values.buffer);
  let keys = [new Uint32Array(n), new Uint32Array(n)];
  for (let i = 0; i < n; i++) (keys[0]![i] = bits[2 * i]!), (keys[1]![i] = bits[2 * i + 1]!);
  let ids = byTie.slice();
  let nextKeys = [new Uint32Array(n), new Uint32Array(n)];
  let nextIds = new Int32Array(n);
  const count = new Int32Array(1 << 11);
  for (const [word, shift, width] of PASSES) {
    const mask = (1 << width) - 1;
    const key = keys[word]!;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(key[i]! >>> shift) & mask]!++;
    if (count[(key[0]! >>> shift) & mask] === n) continue; // one digit for all: nothing moves
    let sum = 0;
    for (let d = 0; d <= mask; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    const [lo, hi] = keys as [Uint32Array, Uint32Array];
    const [toLo, toHi] = nextKeys as [Uint32Array, Uint32Array];
    for (let i = 0; i < n; i++) {
      const at = count[(key[i]! >>> shift) & mask]!++;
      toLo[at] = lo[i]!;
      toHi[at] = hi[i]!;
      nextIds[at] = ids[i]!;
    }
    [keys, nextKeys] = [nextKeys, keys];
    [ids, nextIds] = [nextIds, ids];
  }
  return ids.reverse();
}
