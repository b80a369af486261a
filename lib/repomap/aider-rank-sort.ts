/**
 * The ranking's sort (reference §1.3: `sorted(..., reverse=True)` on (rank, file, ident) tuples, and on the ranked
 * files) for ids whose tie order is known in advance: given the ids in ascending tie order, a stable sort by rank
 * ascending followed by a reversal gives rank descending, ties descending — the same permutation as the comparison
 * sort `byRankDesc` (the (rank, tie) pairs are all distinct, so there is only one).
 *
 * The stable sort is a radix sort on the bits of the ranks (for non-negative doubles, other than -0, the bit
 * patterns as unsigned integers are in the order of the values): four passes over 16-bit digits, no comparisons.
 * Ranks that are negative, -0 or NaN (which a converged PageRank does not give) take the comparison sort.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The comparison sort: rank descending, then position in `byTie` descending. */
function compareSort(rank: Float64Array, byTie: Int32Array): Int32Array {
  const tie = new Int32Array(rank.length);
  byTie.forEach((id, i) => (tie[id] = i));
  return byTie.slice().sort((a, b) => (rank[a] !== rank[b] ? (rank[a]! > rank[b]! ? -1 : 1) : tie[b]! - tie[a]!));
}

/** `byTie` (ids in ascending tie order) reordered by `rank[id]` descending, ties by tie order descending. */
export function orderByRankDesc(rank: Float64Array, byTie: Int32Array): Int32Array {
  const n = byTie.length;
  if (n < 2) return byTie.slice();
  let plain = LITTLE_ENDIAN && rank.byteOffset % 8 === 0;
  for (let i = 0; i < n && plain; i++) {
    const r = rank[byTie[i]!]!;
    plain = r > 0 || (r === 0 && 1 / r > 0);
  }
  if (!plain) return compareSort(rank, byTie);
  const words = new Uint32Array(rank.buffer, rank.byteOffset, rank.length * 2);
  let from = byTie.slice();
  let to = new Int32Array(n);
  const count = new Int32Array(1 << 16);
  for (let pass = 0; pass < 4; pass++) {
    const word = pass >> 1; // low 32 bits first (little-endian), then high
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(words[2 * from[i]! + word]! >>> shift) & 0xffff]!++;
    if (count[(words[2 * from[0]! + word]! >>> shift) & 0xffff] === n) continue; // one digit for all: nothing moves
    let sum = 0;
    for (let d = 0; d < count.length; d++) {
      const c = count[d]!;
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const id = from[i]!;
      to[count[(words[2 * id + word]! >>> shift) & 0xffff]!++] = id;
    }
    [from, to] = [to, from];
  }
  return from.reverse();
}
