/**
 * The similarity report (issue 14, item 3): which graded functions of a class look alike by token shape (names
 * and literals ignored, tokens.ts), as a lead for the instructor to read — never a verdict and never a penalty.
 *
 * Each student's exported function `f` of an exercise is compared with every other student's `f`, with the
 * reference solution's `f`, and with every top-level function of the lib files that implement the exercise
 * (sources.ts names them) — never solution with lib. Functions are compared by their winnowed k-gram
 * fingerprints (fingerprint.ts: Schleimer, Wilkerson and Aiken 2003, MOSS's method) with Jaccard's measure on
 * the fingerprint sets: score = |A ∩ B| / |A ∪ B| in [0, 1], 1 for the same token shape.
 *
 * Scale (300 students × 9 exercises): no all-pairs loop. Fingerprints go into an inverted index
 * (fingerprint-index.ts), and only functions sharing a fingerprint are ever paired. A fingerprint that more than
 * `commonLimit` students share is the exercise's common code and is ignored, as MOSS's `-m` does. Stubs are left out
 * (functions.ts), and so are hand answers (bodies that only return data) and bodies shorter than `minTokens`,
 * whose shape the exercise forces (`return 1 / (1 + d)`).
 * docs/performance.md has the measurements.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireArray, requireFinite, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { fingerprintSet, shapeHash } from "./fingerprint.js";
import { candidatePairs } from "./fingerprint-index.js";
import { functionBodies, type FunctionBody } from "./functions.js";
import { greedyTiles, matchedLines, type MatchedLines } from "./matches.js";

export type { MatchedLines, MatchedSide } from "./matches.js";

/** One file to compare: a student's exercise file, a reference solution, or a lib file implementing an exercise. */
export interface SimilaritySource {
  /** The student's id; "solution" or "lib" (any label) for the others. */
  id: string;
  kind: "student" | "solution" | "lib";
  /** The exercise id, "01-pagerank". */
  exercise: string;
  /** The file's path as shown in the report ("01-pagerank/pagerank.ts", "lib/repomap/teaching/repo-map.ts"). */
  file: string;
  text: string;
}

/** One side of a pair: whose function, where. */
export interface SimilarSide {
  id: string;
  kind: SimilaritySource["kind"];
  file: string;
  function: string;
  fromLine: number;
  toLine: number;
}

/** Two functions that look alike; `a` is always a student (the smaller id of two students). */
export interface SimilarPair {
  exercise: string;
  score: number;
  /** Winnowed fingerprints both share, and in the union (the score's numerator and denominator). */
  shared: number;
  union: number;
  a: SimilarSide;
  b: SimilarSide;
  /** The shared passages, in `a`'s order. */
  matches: MatchedLines[];
}

export interface SimilarityOptions {
  /** Pairs scoring at least this are listed. */
  threshold: number;
  /** Tokens per k-gram. */
  k: number;
  /** k-grams per winnowing window. */
  window: number;
  /** Bodies with fewer tokens are not compared. */
  minTokens: number;
  /** A fingerprint shared by more students than this is common code and ignored (MOSS's -m). */
  commonLimit: number;
  /** At most this many shared passages per pair. */
  maxMatches: number;
}

export const SIMILARITY_DEFAULTS: Readonly<SimilarityOptions> = Object.freeze({
  threshold: 0.8,
  k: 8,
  window: 4,
  minTokens: 30,
  commonLimit: 10,
  maxMatches: 8,
});

/** What was compared: the pairs, and what was left out and why. */
export interface SimilarityAnalysis {
  pairs: SimilarPair[];
  /** Student functions compared. */
  compared: number;
  /** Student functions left out because they are still the stub. */
  stubs: number;
  /** Student functions left out because they only return data (hand answers, the same shape for every right one). */
  answers: number;
  /** Student functions left out because their bodies are under `minTokens`. */
  short: number;
  /** Fingerprints ignored as common code (shared by more than `commonLimit` students). */
  common: number;
  /** Pairs scored: those sharing a fingerprint (all-pairs would score every comparable pair). */
  candidates: number;
}

const WHERE = "findSimilarPairs";
const KINDS: readonly string[] = ["student", "solution", "lib"];

interface Unit {
  source: SimilaritySource;
  body: FunctionBody;
  prints: number[];
}

/** The pairs of `sources` scoring at least the threshold, best first. */
export function findSimilarPairs(sources: readonly SimilaritySource[], options: Partial<SimilarityOptions> = {}): SimilarPair[] {
  return analyseSimilarity(sources, options).pairs;
}

/** `findSimilarPairs` with the counts the report states (functions compared, stubs, short bodies, common code). */
export function analyseSimilarity(sources: readonly SimilaritySource[], options: Partial<SimilarityOptions> = {}): SimilarityAnalysis {
  checkSources(sources);
  const o = similarityOptions(WHERE, options);
  const analysis: SimilarityAnalysis = { pairs: [], compared: 0, stubs: 0, answers: 0, short: 0, common: 0, candidates: 0 };
  const byExercise = new Map<string, SimilaritySource[]>();
  for (const s of sources) pushTo(byExercise, s.exercise, s);
  const lines = new Map<SimilaritySource, string[]>();
  const linesOf = (s: SimilaritySource): string[] => lines.get(s) ?? (lines.set(s, s.text.split("\n")), lines.get(s)!);
  for (const exercise of [...byExercise.keys()].sort()) {
    const groups = new Map<string, Unit[]>();
    const lib: Unit[] = [];
    for (const source of byExercise.get(exercise)!) {
      for (const body of functionBodies(source.text, source.kind === "lib" ? "top-level" : "exported")) {
        if (source.kind === "student" && body.stub) {
          analysis.stubs++;
          continue;
        }
        if (body.answer) {
          if (source.kind === "student") analysis.answers++;
          continue;
        }
        if (body.tokens.length < o.minTokens) {
          if (source.kind === "student") analysis.short++;
          continue;
        }
        if (source.kind === "student") analysis.compared++;
        const unit = { source, body, prints: fingerprintSet(body.tokens.map((t) => shapeHash(t.shape)), o.k, o.window) };
        if (source.kind === "lib") lib.push(unit);
        else pushTo(groups, body.name, unit);
      }
    }
    for (const name of [...groups.keys()].sort()) {
      const units = [...groups.get(name)!, ...lib];
      const found = candidatePairs(units.map((u) => ({ kind: u.source.kind, owner: u.source.id, prints: u.prints })), o.commonLimit);
      analysis.common += found.common;
      analysis.candidates += found.pairs.length;
      for (const { i, j, shared, union } of found.pairs) {
        const score = union === 0 ? 0 : shared / union;
        if (score < o.threshold) continue;
        analysis.pairs.push(pairOf(exercise, units[i]!, units[j]!, { shared, union, score }, o, linesOf));
      }
    }
  }
  // Best first; ties in a fixed order (never the order the sources came in), so the report is deterministic.
  const order = (p: SimilarPair): string[] => [p.exercise, p.a.function, p.a.id, p.a.file, p.b.id, p.b.file, p.b.function];
  analysis.pairs.sort((p, q) => q.score - p.score || order(p).reduce((c, x, k) => c || cmp(x, order(q)[k]!), 0));
  return analysis;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function pairOf(
  exercise: string,
  x: Unit,
  y: Unit,
  s: { shared: number; union: number; score: number },
  o: SimilarityOptions,
  linesOf: (s: SimilaritySource) => string[],
): SimilarPair {
  // `a` is the student: the one with the smaller id when both are.
  const swap = x.source.kind !== "student" || (y.source.kind === "student" && cmp(y.source.id, x.source.id) < 0);
  const [a, b] = swap ? [y, x] : [x, y];
  const tiles = greedyTiles(a.body.tokens.map((t) => t.shape), b.body.tokens.map((t) => t.shape), { minRun: o.k, maxTiles: o.maxMatches });
  return {
    exercise,
    score: s.score,
    shared: s.shared,
    union: s.union,
    a: sideOf(a),
    b: sideOf(b),
    matches: matchedLines(tiles, { tokens: a.body.tokens, lines: linesOf(a.source) }, { tokens: b.body.tokens, lines: linesOf(b.source) }),
  };
}

function sideOf(u: Unit): SimilarSide {
  return { id: u.source.id, kind: u.source.kind, file: u.source.file, function: u.body.name, fromLine: u.body.fromLine, toLine: u.body.toLine };
}

function checkSources(sources: readonly SimilaritySource[]): void {
  requireArray(WHERE, "sources", sources);
  sources.forEach((s, i) => {
    const r = requireRecord(WHERE, `sources[${i}]`, s);
    rejectUnknownKeys(WHERE, `sources[${i}]`, r, ["id", "kind", "exercise", "file", "text"]);
    for (const key of ["id", "exercise", "file", "text"] as const) requireString(WHERE, `sources[${i}].${key}`, r[key]);
    if (!KINDS.includes(r.kind as string)) throw new WorkbenchInputError(WHERE, `sources[${i}].kind`, `must be one of ${KINDS.join(", ")}`, r.kind);
  });
}

/** The options with their defaults, each checked (shared with the report renderers and the CLI). */
export function similarityOptions(where: string, options: Partial<SimilarityOptions>): SimilarityOptions {
  const r = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", r, Object.keys(SIMILARITY_DEFAULTS));
  const o = { ...SIMILARITY_DEFAULTS, ...options };
  requireFinite(where, "options.threshold", o.threshold);
  if (o.threshold < 0 || o.threshold > 1) throw new WorkbenchInputError(where, "options.threshold", "must be from 0 to 1", o.threshold);
  requireInteger(where, "options.k", o.k, 1);
  requireInteger(where, "options.window", o.window, 1);
  requireInteger(where, "options.minTokens", o.minTokens, 0);
  requireInteger(where, "options.commonLimit", o.commonLimit, 1);
  requireInteger(where, "options.maxMatches", o.maxMatches, 0);
  return o;
}
