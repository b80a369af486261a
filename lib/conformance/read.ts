/**
 * Field readers and comparisons the suites share: element-level checks that name the case and the exact field
 * (e.g. `edges[3][2]`) on a malformed file, a guard that turns our own argument errors on a case's inputs into
 * the same kind of message, and the float tolerance used for ranks (test/fixtures/golden/README.md: about 1e-12 relative).
 */
import { WorkbenchInputError } from "../core/errors.js";
import { VectorFormatError, type CaseReader } from "./format.js";

/** Relative tolerance for PageRank values (test/fixtures/golden/README.md). */
export const RANK_REL_TOLERANCE = 1e-12;

/** |a − b| relative to the larger magnitude (0 when both are 0). */
export function relativeDifference(a: number, b: number): number {
  if (a === b) return 0;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return Number.isFinite(scale) && scale > 0 ? Math.abs(a - b) / scale : Infinity;
}

/** Reads `path` as an array whose elements are all strings. */
export function readStringList(c: CaseReader, path: string): string[] {
  const list = c.get<unknown[]>(path, "array");
  list.forEach((v, i) => {
    if (typeof v !== "string") throw new VectorFormatError(c.id, `${path}[${i}]`, "must be a string");
  });
  return list as string[];
}

/** Reads `path` as an object of numbers, or null when `nullable`. */
export function readNumberRecord(c: CaseReader, path: string, nullable: boolean): Record<string, number> | null {
  const v = c.get<Record<string, unknown> | null>(path, nullable ? "object|null" : "object");
  if (v === null) return null;
  if (Array.isArray(v)) throw new VectorFormatError(c.id, path, "must be an object, not an array");
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== "number") throw new VectorFormatError(c.id, `${path}.${k}`, "must be a number");
  }
  return v as Record<string, number>;
}

/** Checks that `value` is an array of exactly `n` elements, naming `path` otherwise. */
export function requireTuple(c: CaseReader, path: string, value: unknown, n: number, shape: string): unknown[] {
  if (!Array.isArray(value) || value.length !== n) throw new VectorFormatError(c.id, path, `must be ${shape}`);
  return value;
}

/** Runs one case; an argument error from our own code on the case's inputs is reported as a malformed field. */
export function guardCase<T>(c: CaseReader, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof WorkbenchInputError) throw new VectorFormatError(c.id, err.parameter, `is not valid input: ${err.message}`);
    throw err;
  }
}

/** JSON-equality (key order of objects matters, as in the files). */
export const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
