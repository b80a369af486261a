/**
 * Comparisons for graded tests whose failure messages tell a student WHERE their answer differs (vitest's own
 * message for a deep equality is only "expected { …(3) } to deeply equal { …(3) }").
 */
import { AssertionError } from "node:assert";
import { roundedNumber, showValue } from "../values.js";

const show = (v: unknown): string => {
  const s = JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? Object.fromEntries(x) : x instanceof Set ? [...x] : x));
  if (s === undefined) return String(v);
  return s.length > 160 ? s.slice(0, 157) + "…" : s;
};

/** The path to the first place where `actual` and `expected` differ (JSON-like values), or null. */
export function firstDifference(actual: unknown, expected: unknown, path = ""): { path: string; actual: unknown; expected: unknown } | null {
  if (Object.is(actual, expected)) return null;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return { path: path || "(value)", actual, expected };
    for (let i = 0; i < Math.max(actual.length, expected.length); i++) {
      if (i >= actual.length || i >= expected.length) return { path: `${path}.length`, actual: actual.length, expected: expected.length };
      const d = firstDifference(actual[i], expected[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (typeof expected === "object" && expected !== null) {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual)) return { path: path || "(value)", actual, expected };
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const k of keys) {
      if (!(k in actual)) return { path: `${path}.${k}`, actual: "(missing)", expected: (expected as Record<string, unknown>)[k] };
      if (!(k in expected)) return { path: `${path}.${k}`, actual: (actual as Record<string, unknown>)[k], expected: "(no such field)" };
      const d = firstDifference((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return { path: path || "(value)", actual, expected };
}

/** Deep equality with a message naming the first difference. */
export function expectSame(actual: unknown, expected: unknown, what: string): void {
  const d = firstDifference(actual, expected);
  if (!d) return;
  throw new AssertionError({
    message: `${what}: at ${d.path.replace(/^\./, "")} expected ${show(d.expected)} but got ${show(d.actual)}\n    whole answer: ${show(actual)}\n    expected:     ${show(expected)}`,
    actual,
    expected,
  });
}

/** Two rank maps over the same nodes, each value within `tolerance`; `what` opens the failure's message. */
export function expectRanksClose(actual: ReadonlyMap<string, number>, expected: ReadonlyMap<string, number>, within: { tolerance: number; what: string }): void {
  const { tolerance, what } = within;
  if (!(actual instanceof Map)) throw new AssertionError({ message: `${what}: expected a Map from file to rank, got ${show(actual)}` });
  const missing = [...expected.keys()].filter((k) => !actual.has(k));
  const extra = [...actual.keys()].filter((k) => !expected.has(k));
  if (missing.length || extra.length) {
    throw new AssertionError({ message: `${what}: the files differ (missing ${show(missing)}, unexpected ${show(extra)})` });
  }
  for (const [k, want] of expected) {
    const got = actual.get(k)!;
    if (!(Math.abs(got - want) <= tolerance)) {
      const r = (x: number): string => roundedNumber(x, tolerance / 10); // one digit past the tolerance, no float noise
      throw new AssertionError({ message: `${what}: rank of ${show(k)} is ${r(got)}, expected ${r(want)} (±${tolerance})\n    yours:    ${showValue(actual, tolerance / 10)}\n    expected: ${showValue(expected, tolerance / 10)}` });
    }
  }
}
