/**
 * Field readers and the case runner shared by the three SEARCH/REPLACE suites (test/fixtures/golden/README.md): typed access to the
 * fields those vector files use (fences, string lists, edit tuples), and one way to turn "run our code, compare
 * with Aider's output" into a `CaseOutcome`, where an exception from our side is a failed case, not a crash.
 */
import { isDeepStrictEqual } from "node:util";
import { PythonError } from "../core/pyerror.js";
import type { Fence } from "../editblock/fence.js";
import type { EditBlock } from "../editblock/parse.js";
import { VectorFormatError, type CaseReader } from "./format.js";
import type { CaseOutcome } from "./suite.js";

/** A string array field; names the first bad element. */
export function readStrings(c: CaseReader, field: string): string[] {
  const arr = c.get<unknown[]>(field, "array");
  arr.forEach((v, i) => {
    if (typeof v !== "string") throw new VectorFormatError(c.id, `${field}[${i}]`, `must be string (got ${v === null ? "null" : typeof v})`);
  });
  return arr as string[];
}

/** A field that is null or an array of strings (e.g. `valid_fnames`). */
export function readStringsOrNull(c: CaseReader, field: string): string[] | null {
  const v = c.get(field, "any");
  if (v === null) return null;
  if (!Array.isArray(v)) throw new VectorFormatError(c.id, field, "must be null or an array of strings");
  return readStrings(c, field);
}

/** A `fence` field: two strings. */
export function readFence(c: CaseReader, field = "fence"): Fence {
  const f = readStrings(c, field);
  if (f.length !== 2) throw new VectorFormatError(c.id, field, `must hold 2 strings (got ${f.length})`);
  return [f[0]!, f[1]!];
}

/** An array of `[path, search, replace]` string triples. */
export function readEditTuples(c: CaseReader, field: string): EditBlock[] {
  return c.get<unknown[]>(field, "array").map((t, i) => {
    if (!Array.isArray(t) || t.length !== 3 || t.some((x) => typeof x !== "string")) {
      throw new VectorFormatError(c.id, `${field}[${i}]`, "must be [path, search, replace] (three strings)");
    }
    return { path: t[0] as string, search: t[1] as string, replace: t[2] as string };
  });
}

/** An object whose values are all strings (e.g. a file set). */
export function readStringRecord(c: CaseReader, field: string): Record<string, string> {
  const o = c.get<Record<string, unknown>>(field, "object");
  for (const [k, v] of Object.entries(o)) {
    if (typeof v !== "string") throw new VectorFormatError(c.id, `${field}.${k}`, "must be string");
  }
  return o as Record<string, string>;
}

/** `[path, search, replace]`, the vectors' tuple form of an edit. */
export const editTuple = (e: EditBlock): [string, string, string] => [e.path, e.search, e.replace];

/**
 * Runs `compute` and compares its JSON-like result with `expected` (deep equality, key order ignored). A
 * `PythonError` from our side becomes `{ error: "<Type>: <message>" }`, comparable with vectors that record a
 * Python exception; any other exception is a failed case showing its message.
 */
export function compareCase(id: string, expected: unknown, compute: () => unknown): CaseOutcome {
  let actual: unknown;
  try {
    actual = compute();
  } catch (err) {
    if (err instanceof VectorFormatError) throw err;
    actual = err instanceof PythonError ? { error: err.pythonText() } : { error: `${(err as Error).name}: ${(err as Error).message}` };
  }
  if (isDeepStrictEqual(actual, expected)) return { id, passed: true };
  return { id, passed: false, expected, actual, detail: firstDifference(expected, actual) };
}

/** The first top-level field that differs, when both sides are objects (helps read a long failure). */
function firstDifference(expected: unknown, actual: unknown): string | undefined {
  if (typeof expected !== "object" || typeof actual !== "object" || expected === null || actual === null) return undefined;
  const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const k of keys) {
    if (!isDeepStrictEqual((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k])) return `${k} differs`;
  }
  return undefined;
}
