/**
 * Values in grader messages, as a student reads them: short JSON (Maps as objects, Sets as lists), and numbers
 * rounded to the tolerance the test allows — `0.15000000000000002` compared within 1e-12 is shown as `0.15`.
 */

/** Decimal places that show a number to within `tolerance` (0: the number as it is). */
export function decimalsFor(tolerance: number): number | null {
  if (!(tolerance > 0) || !Number.isFinite(tolerance)) return null;
  return Math.min(15, Math.max(0, Math.ceil(-Math.log10(tolerance))));
}

/** `x` rounded to `tolerance` (trailing zeros dropped); as it is when the tolerance is 0 or `x` is not finite. */
export function roundedNumber(x: number, tolerance: number): string {
  const places = decimalsFor(tolerance);
  if (places === null || !Number.isFinite(x)) return String(x);
  const s = x.toFixed(places);
  const trimmed = s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
  return trimmed === "-0" ? "0" : trimmed;
}

/** A value as short JSON, numbers rounded to `tolerance`, cut to `max` characters. */
export function showValue(value: unknown, tolerance = 0, max = 160): string {
  const places = decimalsFor(tolerance);
  const s = JSON.stringify(value, (_k, x: unknown) => {
    if (x instanceof Map) return Object.fromEntries(x);
    if (x instanceof Set) return [...x];
    if (typeof x === "function") return "(function)";
    if (typeof x === "number" && places !== null && Number.isFinite(x)) return Number(roundedNumber(x, tolerance));
    return x;
  });
  if (s === undefined) return String(value);
  return s.length > max ? s.slice(0, max - 1) + "…" : s;
}

const CLOSE_TO = /expected (-?[\d.]+(?:e[-+]?\d+)?) to be close to (-?[\d.]+(?:e[-+]?\d+)?), received difference is (-?[\d.]+(?:e[-+]?\d+)?), but expected (-?[\d.]+(?:e[-+]?\d+)?)/g;

/**
 * A failure message with vitest's `toBeCloseTo` numbers rounded to the tolerance it states ("… but expected 5e-5"):
 * the student sees `expected 0.15 to be close to 0.5405`, not `0.15000000000000002`. Other text is unchanged.
 */
export function roundCloseToMessage(message: string): string {
  return message.replace(CLOSE_TO, (all, got: string, want: string, diff: string, tol: string) => {
    const t = Number(tol);
    if (!(t > 0)) return all;
    const r = (v: string): string => roundedNumber(Number(v), t / 10);
    return `expected ${r(got)} to be close to ${r(want)}, received difference is ${r(diff)}, but expected ${Number(t.toPrecision(3))}`;
  });
}
