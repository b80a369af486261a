/**
 * The similarity report: which graded functions of a class look alike by token shape (names
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
  /**
   * A fingerprint shared by more students than the larger of this and `commonShare` of the class's students is
   * common code and ignored between students (MOSS's -m); never between a student and the solution or the lib.
   */
  commonLimit: number;
  /** The share of the class (students with code for the exercise) above which a fingerprint is common. */
  commonShare: number;
  /** At most this many shared passages per pair. */
  maxMatches: number;
}

export const SIMILARITY_DEFAULTS: Readonly<SimilarityOptions> = Object.freeze({
  threshold: 0.8,
  k: 8,
  window: 4,
  minTokens: 30,
  commonLimit: 10,
  commonShare: 0.5,
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
  /** Fingerprints ignored as common code between students (shared by more than the limit). */
  common: number;
  /** The largest common-code limit used (students), after scaling with the class. */
  commonLimit: number;
  /** Students linked by pairs at or above the threshold, with the references they match: each a lead to read together. */
  clusters: SimilarCluster[];
  /** Pairs scored: those sharing a fingerprint (all-pairs would score every comparable pair). */
  candidates: number;
}

/** Students whose code looks alike, linked through pairs (a copies b, b copies c: one cluster). */
export interface SimilarCluster {
  exercises: string[];
  students: string[];
  /** "solution" and/or "lib" when a member matches the reference solution or the lib's implementation. */
  references: ("solution" | "lib")[];
  bestScore: number;
  pairs: number;
}

/** The name of the unit that is a whole file's compared code (its functions' bodies, in order). */
export const WHOLE_FILE = "(whole file)";

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
  const analysis: SimilarityAnalysis = { pairs: [], compared: 0, stubs: 0, answers: 0, short: 0, common: 0, commonLimit: o.commonLimit, candidates: 0, clusters: [] };
  const byExercise = new Map<string, SimilaritySource[]>();
  for (const s of sources) pushTo(byExercise, s.exercise, s);
  const lines = new Map<SimilaritySource, string[]>();
  const linesOf = (s: SimilaritySource): string[] => lines.get(s) ?? (lines.set(s, s.text.split("\n")), lines.get(s)!);
  for (const exercise of [...byExercise.keys()].sort()) {
    // Every top-level function (helpers too) against every other, across names; whole files against whole files.
    const functions: Unit[] = [];
    const files: Unit[] = [];
    for (const source of byExercise.get(exercise)!) {
      const kept: FunctionBody[] = [];
      for (const body of functionBodies(source.text, "top-level")) {
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
        kept.push(body);
        functions.push(unitOf(source, body, o));
      }
      if (kept.length > 1) {
        const whole: FunctionBody = { name: WHOLE_FILE, fromLine: kept[0]!.fromLine, toLine: kept.at(-1)!.toLine, tokens: kept.flatMap((b) => b.tokens), stub: false, answer: false };
        files.push(unitOf(source, whole, o));
      }
    }
    const students = new Set(functions.filter((u) => u.source.kind === "student").map((u) => u.source.id)).size;
    const limit = Math.max(o.commonLimit, Math.ceil(o.commonShare * students));
    analysis.commonLimit = Math.max(analysis.commonLimit, limit);
    const seen = new Set<string>();
    for (const units of [functions, files]) {
      const found = candidatePairs(units.map((u) => ({ kind: u.source.kind, owner: u.source.id, prints: u.prints })), limit);
      analysis.common += found.common;
      analysis.candidates += found.pairs.length;
      for (const { i, j, shared, union } of found.pairs) {
        const score = union === 0 ? 0 : shared / union;
        if (score < o.threshold) continue;
        const pair = pairOf(exercise, units[i]!, units[j]!, { shared, union, score }, o, linesOf);
        // a whole file adds a pair only where no function pair already links the two
        const key = `${pair.a.id}\u0000${pair.a.kind}\u0000${pair.b.id}\u0000${pair.b.kind}`;
        if (units === files && seen.has(key)) continue;
        seen.add(key);
        analysis.pairs.push(pair);
      }
    }
  }
  analysis.clusters = clustersOf(analysis.pairs);
  // Best first; ties in a fixed order (never the order the sources came in), so the report is deterministic.
  const order = (p: SimilarPair): string[] => [p.exercise, p.a.function, p.a.id, p.a.file, p.b.id, p.b.file, p.b.function];
  analysis.pairs.sort((p, q) => q.score - p.score || order(p).reduce((c, x, k) => c || cmp(x, order(q)[k]!), 0));
  return analysis;
}

function unitOf(source: SimilaritySource, body: FunctionBody, o: SimilarityOptions): Unit {
  return { source, body, prints: fingerprintSet(body.tokens.map((t) => shapeHash(t.shape)), o.k, o.window) };
}

/** The connected groups of students in `pairs` (union-find), largest first; references join no two groups. */
export function clustersOf(pairs: readonly SimilarPair[]): SimilarCluster[] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const touch = (x: string): void => void (parent.has(x) || parent.set(x, x));
  for (const p of pairs) {
    touch(p.a.id);
    if (p.b.kind !== "student") continue;
    touch(p.b.id);
    const [x, y] = [find(p.a.id), find(p.b.id)];
    if (x !== y) parent.set(x, y);
  }
  const groups = new Map<string, SimilarCluster>();
  for (const p of pairs) {
    const root = find(p.a.id);
    const c = groups.get(root) ?? { exercises: [], students: [], references: [], bestScore: 0, pairs: 0 };
    for (const id of p.b.kind === "student" ? [p.a.id, p.b.id] : [p.a.id]) if (!c.students.includes(id)) c.students.push(id);
    if (p.b.kind !== "student" && !c.references.includes(p.b.kind)) c.references.push(p.b.kind);
    if (!c.exercises.includes(p.exercise)) c.exercises.push(p.exercise);
    c.bestScore = Math.max(c.bestScore, p.score);
    c.pairs++;
    groups.set(root, c);
  }
  const out = [...groups.values()].map((c) => ({ ...c, students: c.students.sort(cmp), exercises: c.exercises.sort(cmp), references: c.references.sort(cmp) }));
  return out.sort((x, y) => y.students.length - x.students.length || y.bestScore - x.bestScore || cmp(x.students[0]!, y.students[0]!));
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
  requireFinite(where, "options.commonShare", o.commonShare);
  if (o.commonShare <= 0 || o.commonShare > 1) throw new WorkbenchInputError(where, "options.commonShare", "must be above 0 and at most 1", o.commonShare);
  requireInteger(where, "options.maxMatches", o.maxMatches, 0);
  return o;
}
