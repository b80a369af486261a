/**
 * Look-ups keyed by file names and identifiers that never reach `Object.prototype`: a file
 * named `constructor`, `toString` or `__proto__` is an ordinary key. Use `Map` where the object is ours; these
 * helpers are for objects that come from JSON input or go out as JSON.
 */

/** `obj[key]` when `key` is the object's own property, else `undefined` (never an inherited `constructor`). */
export function own<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** An object with the given entries as own properties (`__proto__` included, unlike `out[key] = value`). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}
