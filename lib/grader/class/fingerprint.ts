/**
 * Winnowed k-gram fingerprints of a token-shape sequence — Schleimer, Wilkerson and Aiken, "Winnowing: local
 * algorithms for document fingerprinting", SIGMOD 2003 (the method behind MOSS). Every run of `k` consecutive
 * tokens is hashed; of every `window` consecutive k-gram hashes the smallest is kept (the rightmost one on a tie,
 * as the paper defines it), and a hash kept by neighbouring windows is kept once. Guarantee (§3): two
 * sequences sharing a run of at least `window + k − 1` tokens share at least one fingerprint; runs shorter than
 * `k` are never seen.
 *
 * Hashes are a fixed function of the shape strings (FNV-1a per shape, a polynomial over the k-gram, a final mix),
 * never of the order in which sources were read, so the report is the same whatever order the folder lists.
 */

/** A kept fingerprint: the k-gram's hash and the index of its first token. */
export interface Fingerprint {
  hash: number;
  position: number;
}

/** FNV-1a (32 bits) of a string's UTF-16 code units. */
export function shapeHash(shape: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < shape.length; i++) {
    h ^= shape.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The hash of every k-gram of `shapes` (a `shapes.length − k + 1` long array; empty when shorter than k). */
export function kgramHashes(shapes: readonly number[], k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + k <= shapes.length; i++) {
    let h = 0;
    for (let j = 0; j < k; j++) h = (Math.imul(h, 0x9e3779b1) + shapes[i + j]!) | 0;
    out.push(mix(h));
  }
  return out;
}

/** murmur3's 32-bit finaliser: spreads the polynomial's bits so the window minimum is a fair choice. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The winnowed fingerprints of `hashes` with windows of `window` hashes, in position order. A sequence shorter
 * than one window keeps its minimum (so a short function still has a fingerprint when it has a k-gram at all).
 */
export function winnow(hashes: readonly number[], window: number): Fingerprint[] {
  const out: Fingerprint[] = [];
  if (hashes.length === 0) return out;
  const last = Math.max(0, hashes.length - window);
  let kept = -1;
  for (let start = 0; start <= last; start++) {
    const end = Math.min(hashes.length, start + window);
    let min = start;
    for (let i = start + 1; i < end; i++) if (hashes[i]! <= hashes[min]!) min = i;
    if (min !== kept) {
      out.push({ hash: hashes[min]!, position: min });
      kept = min;
    }
  }
  return out;
}

/** The distinct fingerprint hashes of a shape sequence, sorted ascending. */
export function fingerprintSet(shapes: readonly number[], k: number, window: number): number[] {
  return [...new Set(winnow(kgramHashes(shapes, k), window).map((f) => f.hash))].sort((a, b) => a - b);
}

/** |A ∩ B| of two ascending arrays of distinct numbers. */
export function intersectionSize(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      n++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return n;
}

/** Jaccard's |A ∩ B| / |A ∪ B| of two fingerprint sets; 0 when both are empty. Symmetric, in [0, 1]. */
export function jaccard(a: readonly number[], b: readonly number[]): number {
  const shared = intersectionSize(a, b);
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
}
