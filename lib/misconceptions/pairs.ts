/**
 * Whether the catalogue's variants can be told apart on given inputs: for each pair of variants of the same
 * function, is there a recorded call on which they answer differently? When the graded tests' inputs hold one for
 * every pair, no variant's answers can be taken for another's, so the matcher can never name one for the other.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { misconceptionsOf, rightAnswerOf } from "./catalogue.js";
import type { ObservedCall } from "./match.js";
import { sameOutput } from "./same.js";
import type { Misconception } from "./types.js";

/** One pair of variants of `fn` and whether some call told them apart. */
export interface VariantPair {
  readonly fn: string;
  readonly a: string;
  readonly b: string;
  readonly told: boolean;
}

function answer(m: Misconception, c: ObservedCall): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: m.fromExpected ? m.run(...c.args, c.expected) : m.run(...c.args) };
  } catch {
    return { ok: false };
  }
}

/** Every pair of `exercise`'s variants of one function, told apart or not by `calls` (their args; outputs unused). */
export function variantPairsTold(exercise: string, calls: readonly ObservedCall[]): VariantPair[] {
  if (!Array.isArray(calls)) throw new WorkbenchInputError("variantPairsTold", "calls", "must be an array of { fn, args }", calls);
  const variants = misconceptionsOf(exercise);
  const out: VariantPair[] = [];
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const a = variants[i]!;
      const b = variants[j]!;
      if (a.fn !== b.fn) continue;
      const tolerance = rightAnswerOf(exercise, a.fn)?.tolerance ?? 0;
      const usable = calls.filter((c) => c.fn === a.fn && (!(a.fromExpected || b.fromExpected) || "expected" in c));
      const told = usable.some((c) => {
        const x = answer(a, c);
        const y = answer(b, c);
        return x.ok !== y.ok || (x.ok && y.ok && !sameOutput(x.value, y.value, tolerance));
      });
      out.push({ fn: a.fn, a: a.id, b: b.id, told });
    }
  }
  return out;
}
