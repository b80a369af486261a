/**
 * Token-count laws: Aider's sampled estimate (repomap/budget/token-count.ts `sampledTokenCount`, `aider/repomap.py` `token_count`) against the
 * exact count of a real tokenizer (js-tiktoken, injected as a `TokenCounter`).
 *
 * The estimate is exact(sample) / len(sample) · len(text), the sample being every step-th line with
 * step = ⌊lines / 100⌋ or 1. Below 200 code points the text is counted exactly; below 200 LINES the step is 1, the
 * sample is the whole text and the estimate is the exact count up to one rounding. From 200 lines on, if the
 * tokenizer counts the text line by line (count(text) = Σ count(line), also for the sample), the estimate over the
 * exact count is a ratio of two weighted means of per-line densities ρᵢ = count(lineᵢ) / len(lineᵢ), so it lies in
 * [ρmin/ρmax, ρmax/ρmin] — and nothing tighter holds: a text whose sampled lines are dense and the others sparse
 * is estimated far off.
 */
import type { Arbitrary } from "fast-check";
import { cpLength, splitlines } from "../core/pystr.js";
import { sampledTokenCount, TOKEN_SAMPLE_THRESHOLD, type TokenCounter } from "../repomap/budget/token-count.js";
import { WorkbenchInputError } from "../core/errors.js";
import type { ExploreRow, FastCheck, Law } from "./law.js";

/** A text: `pattern` (lines, each ending in "\n") repeated until the text has `length` lines. */
export interface TokensCase {
  readonly pattern: readonly string[];
  readonly length: number;
}

/** The lines of a case's text. */
export const caseLines = (c: TokensCase): string[] => Array.from({ length: c.length }, (_, i) => c.pattern[i % c.pattern.length]!);

/**
 * What lines are made of: a unit repeated up to n times — dense (emoji, CJK, digits), sparse (runs of one letter
 * or sign), code, blank. Runs are kept short: js-tiktoken's BPE takes ~0.5 ms on a run of 4 emoji or 32 letters.
 */
const UNITS: readonly (readonly [unit: string, maxRepeat: number])[] = [
  ["😀", 2], ["日本", 2], ["1 ", 16], ["a", 16], ["=", 16], ["x = 1; ", 4], ["return value", 3], ["def f(x):", 3], ["    ", 4], ["\t", 4],
];
const NON_BLANK_UNITS = UNITS.filter(([u]) => u.trim() !== "");

const line = (fc: FastCheck, units: typeof UNITS) =>
  fc.oneof(...units.map(([u, max]) => fc.integer({ min: 1, max }).map((n) => u.repeat(n) + "\n")));

/** Any lines, as many as given (the pattern is the text itself). */
const plain = (fc: FastCheck, units: typeof UNITS, minLength: number, maxLength: number) =>
  fc.array(line(fc, units), { minLength, maxLength }).map((lines): TokensCase => ({ pattern: lines, length: lines.length }));

/** Fewer than 200 lines: short texts, and texts of 100–199 lines. */
export const shortTokensCase = (fc: FastCheck): Arbitrary<TokensCase> =>
  fc.oneof(
    plain(fc, UNITS, 0, 199),
    fc.tuple(fc.array(line(fc, UNITS), { minLength: 1, maxLength: 4 }), fc.integer({ min: 100, max: 199 })).map(([pattern, length]) => ({ pattern, length })),
  );

/**
 * 200 lines or more: mostly a pattern of 2–4 lines repeated to 200–299 lines (step 2: every other line is
 * sampled, the shape where sampling can be unlucky), else 200–450 random lines (steps 2–4).
 */
export const longTokensCase = (fc: FastCheck, units: typeof UNITS = UNITS): Arbitrary<TokensCase> =>
  fc.oneof(
    { arbitrary: fc.tuple(fc.array(line(fc, units), { minLength: 2, maxLength: 4 }), fc.integer({ min: 200, max: 299 })).map(([pattern, length]) => ({ pattern, length })), weight: 4 },
    { arbitrary: plain(fc, units, 200, 450), weight: 1 },
  );

/** The estimate and everything it is made of. */
export function sampling(c: TokensCase, count: TokenCounter) {
  const text = caseLines(c).join("");
  const lines = splitlines(text, true);
  const step = Math.floor(lines.length / 100) || 1;
  const sampled = lines.filter((_, i) => i % step === 0);
  const sample = sampled.join("");
  const exact = count(text);
  const estimate = sampledTokenCount(text, count);
  return { text, lines, step, sampled, sample, exact, estimate, length: cpLength(text) };
}

/** Per-line densities and whether the counter is additive over lines (for the text and for the sample). */
function lineDensities(c: TokensCase, count: TokenCounter) {
  const s = sampling(c, count);
  const perLine = s.lines.map((l) => count(l));
  const densities = s.lines.map((l, i) => perLine[i]! / cpLength(l));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const additive = sum(perLine) === s.exact && sum(perLine.filter((_, i) => i % s.step === 0)) === count(s.sample);
  return { ...s, densities, additive, min: Math.min(...densities), max: Math.max(...densities) };
}

function tokenRows(c: TokensCase, count: TokenCounter): ExploreRow[] {
  const s = sampling(c, count);
  const shown = s.lines.slice(0, Math.min(s.lines.length, 2 * s.step + 2));
  return [
    { what: "lines", value: s.lines.length },
    { what: "code points", value: s.length },
    { what: "step (lines // 100 or 1)", value: s.step },
    { what: "sampled lines", value: s.sampled.length },
    { what: "exact tokens", value: s.exact },
    { what: "estimate", value: s.estimate },
    { what: "estimate / exact", value: s.exact === 0 ? "—" : s.estimate / s.exact },
    { what: "tokens per code point, sample", value: s.sample ? count(s.sample) / cpLength(s.sample) : "—" },
    { what: "tokens per code point, text", value: s.length ? s.exact / s.length : "—" },
    { what: "first lines (▶ sampled)", value: shown.map((l, i) => `${i % s.step === 0 ? "▶" : " "} ${l}`).join("") },
  ];
}

/** `count` remembered per text (lines repeat across inputs); forgets everything past 5000 texts. */
function memoised(count: TokenCounter): TokenCounter {
  const memo = new Map<string, number>();
  return (text) => {
    let n = memo.get(text);
    if (n === undefined) {
      if (memo.size >= 5000) memo.clear();
      n = count(text);
      memo.set(text, n);
    }
    return n;
  };
}

/** The token-count laws for one exact counter (load one with `loadTiktokenCounter`). */
export function tokenLaws(exactCount: TokenCounter): readonly Law<TokensCase>[] {
  if (typeof exactCount !== "function") throw new WorkbenchInputError("tokenLaws", "count", "must be a function (text) => number", exactCount);
  const count = memoised(exactCount);
  const rows = (c: TokensCase) => tokenRows(c, count);
  const exactBelow200: Law<TokensCase> = {
    id: "tokens/exact-below-200-lines",
    mechanism: "tokens",
    statement: `below ${TOKEN_SAMPLE_THRESHOLD} code points the estimate is the exact count, and below 200 lines it is the exact count up to one rounding`,
    verdict: "holds",
    lesson: "⌊lines/100⌋ is 0 or 1 below 200 lines: the step is 1, the sample is the whole text, and count/len·len gives the count back.",
    arbitrary: shortTokensCase,
    check(c) {
      const s = sampling(c, count);
      if (s.length < TOKEN_SAMPLE_THRESHOLD) return s.estimate === s.exact ? null : `estimate ${s.estimate} ≠ exact ${s.exact}`;
      return Math.abs(s.estimate - s.exact) <= s.exact * 2 ** -51 ? null : `estimate ${s.estimate}, exact ${s.exact}`;
    },
    rows,
  };
  const densityBound: Law<TokensCase> = {
    id: "tokens/within-line-density-bounds",
    mechanism: "tokens",
    statement: "from 200 lines on, for a text the tokenizer counts line by line, estimate / exact lies between ρmin/ρmax and ρmax/ρmin of the per-line token densities",
    verdict: "holds",
    lesson: "The estimate is the sample's token density times the length: it can be off by as much as the densest and sparsest lines differ, and no more.",
    arbitrary: (fc) => longTokensCase(fc, NON_BLANK_UNITS),
    precondition: (c) => lineDensities(c, count).additive,
    check(c) {
      const d = lineDensities(c, count);
      const ratio = d.estimate / d.exact;
      const lo = (d.min / d.max) * (1 - 1e-12);
      const hi = (d.max / d.min) * (1 + 1e-12);
      return ratio >= lo && ratio <= hi ? null : `estimate/exact ${ratio} outside [${lo}, ${hi}]`;
    },
    rows,
  };
  const withinFactor2: Law<TokensCase> = {
    id: "tokens/estimate-within-factor-2",
    mechanism: "tokens",
    statement: "the sampled estimate is within a factor of 2 of the exact count",
    verdict: "fails",
    lesson: "Sampling every step-th line sees only some lines: when those are dense (emoji, digits) and the others sparse (runs of one sign), the estimate is several times the truth.",
    arbitrary: (fc) => longTokensCase(fc),
    check(c) {
      const s = sampling(c, count);
      const ratio = s.estimate / s.exact;
      return ratio >= 0.5 && ratio <= 2 ? null : `estimate ${s.estimate} for ${s.exact} exact tokens (×${ratio.toFixed(2)})`;
    },
    rows,
  };
  return [exactBelow200, densityBound, withinFactor2];
}
