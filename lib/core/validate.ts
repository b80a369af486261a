/**
 * Argument checks shared by every public function. Each throws `WorkbenchInputError` naming the caller, the
 * parameter and the rule; nothing is coerced (a string "3" is not a number, 1.5 is not an integer).
 */
import { WorkbenchInputError } from "./errors.js";

/** A string, else an error naming `param`. */
export function requireString(where: string, param: string, value: unknown): string {
  if (typeof value !== "string") throw new WorkbenchInputError(where, param, "must be a string", value);
  return value;
}

/** A finite number, else an error. */
export function requireFinite(where: string, param: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new WorkbenchInputError(where, param, "must be a finite number", value);
  }
  return value;
}

/** An integer ≥ `min`, else an error that states the bound. */
export function requireInteger(where: string, param: string, value: unknown, min: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    const rule =
      min === 0 ? "must be a non-negative integer" : min === 1 ? "must be a positive integer" : `must be an integer ≥ ${min}`;
    throw new WorkbenchInputError(where, param, rule, value);
  }
  return value;
}

/** A boolean, else an error. */
export function requireBoolean(where: string, param: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw new WorkbenchInputError(where, param, "must be a boolean", value);
  return value;
}

/** An array, else an error. */
export function requireArray(where: string, param: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new WorkbenchInputError(where, param, "must be an array", value);
  return value;
}

/** A plain object (not an array, not null), else an error. */
export function requireRecord(where: string, param: string, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new WorkbenchInputError(where, param, "must be an object", value);
  }
  return value as Record<string, unknown>;
}

/** An array of strings, else an error naming the first bad element. */
export function requireStringArray(where: string, param: string, value: unknown): string[] {
  const arr = requireArray(where, param, value);
  arr.forEach((v, i) => requireString(where, `${param}[${i}]`, v));
  return arr as string[];
}

/** Rejects option keys the function does not know, so a typo (`dampng`) is not silently ignored. */
export function rejectUnknownKeys(where: string, param: string, value: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new WorkbenchInputError(where, `${param}.${key}`, `is not a known option (known: ${known.join(", ")})`);
    }
  }
}
