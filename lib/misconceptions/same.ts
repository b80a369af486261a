/**
 * Output comparison for the misconception matcher: the graded tests' notion of "the same answer" — numbers
 * within a tolerance (as `expectRanksClose`/`toBeCloseTo` allow), everything else structurally equal (as
 * `expectSame`/`toEqual`): arrays element by element, Maps and Sets by their entries, plain objects by their keys.
 */

/** True when `a` and `b` are the same answer, numbers within `tolerance` (absolute). */
export function sameOutput(a: unknown, b: unknown, tolerance: number): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === "number" && typeof b === "number") {
    if (Number.isNaN(a) || Number.isNaN(b)) return false;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return a === b;
    return Math.abs(a - b) <= tolerance;
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameOutput(x, b[i], tolerance));
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !sameOutput(v, b.get(k), tolerance)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set) || !(b instanceof Set) || a.size !== b.size) return false;
    for (const k of a) if (!b.has(k)) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  const ra = a as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameOutput(ra[k], rb[k], tolerance));
}
