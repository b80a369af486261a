/**
 * Which functions to pair, from an inverted index of their fingerprints — the step that keeps
 * the similarity report linear in the class instead of quadratic. Each fingerprint lists the functions holding it;
 * only functions appearing together in some list are ever paired, each pair's shared count summed from the lists.
 * A fingerprint that more than `commonLimit` students hold is the exercise's common code — the natural way to
 * write that passage — and is dropped from every set, as MOSS's `-m` option does (Aiken's MOSS, default 10); that
 * also bounds each list, so the pairs stay few however large the class (docs/performance.md, "Class similarity").
 *
 * The limit is never applied to a pair with a reference solution or the lib: a student matching those is counted
 * on every fingerprint, however many students share it (a class that all copied the solution is all reported).
 *
 * Pairs: a student with anyone else; never two non-students (solution–lib), never a student with themself.
 */

/** One function in the index: whose it is and its distinct fingerprint hashes. */
export interface IndexedFunction {
  kind: "student" | "solution" | "lib";
  /** The student's id (a student is never paired with themself). */
  owner: string;
  prints: readonly number[];
}

/** Two functions (indices into the input) sharing `shared` kept fingerprints out of `union`. */
export interface CandidatePair {
  i: number;
  j: number;
  shared: number;
  union: number;
}

function comparable(x: IndexedFunction, y: IndexedFunction): boolean {
  if (x.kind === "student" && y.kind === "student") return x.owner !== y.owner;
  return x.kind === "student" || y.kind === "student";
}

/** Every comparable pair sharing a kept fingerprint, and how many fingerprints were dropped as common code. */
export function candidatePairs(units: readonly IndexedFunction[], commonLimit: number): { pairs: CandidatePair[]; common: number } {
  const postings = new Map<number, number[]>();
  units.forEach((u, i) => {
    for (const h of u.prints) {
      const list = postings.get(h);
      if (list) list.push(i);
      else postings.set(h, [i]);
    }
  });
  let common = 0;
  const kept = new Array<number>(units.length).fill(0);
  const shared = new Map<number, number>();
  const withReference = new Map<number, number>();
  const add = (map: Map<number, number>, i: number, j: number): void => {
    const key = i * units.length + j;
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  for (const list of postings.values()) {
    const students = new Set(list.filter((i) => units[i]!.kind === "student").map((i) => units[i]!.owner)).size;
    if (students > commonLimit) {
      // common code: only its pairs with the references count (students × references, not students²)
      common++;
      const refs = list.filter((i) => units[i]!.kind !== "student");
      for (const r of refs) for (const i of list) if (comparable(units[i]!, units[r]!)) add(withReference, Math.min(i, r), Math.max(i, r));
      continue;
    }
    for (const i of list) kept[i]!++;
    for (let p = 0; p < list.length; p++) {
      for (let q = p + 1; q < list.length; q++) {
        const i = list[p]!;
        const j = list[q]!;
        if (!comparable(units[i]!, units[j]!)) continue;
        add(units[i]!.kind !== "student" || units[j]!.kind !== "student" ? withReference : shared, i, j);
      }
    }
  }
  const pairs: CandidatePair[] = [];
  const unpack = (key: number): [number, number] => [Math.floor(key / units.length), key % units.length];
  for (const [key, n] of shared) {
    const [i, j] = unpack(key);
    pairs.push({ i, j, shared: n, union: kept[i]! + kept[j]! - n });
  }
  for (const [key, n] of withReference) {
    const [i, j] = unpack(key);
    pairs.push({ i, j, shared: n, union: units[i]!.prints.length + units[j]!.prints.length - n });
  }
  return { pairs, common };
}
