/**
 * Laws for exploring where the teaching models and Aider's path agree and where they part. A law is a
 * claim about every input an arbitrary can generate; fast-check checks it. A law that holds is a guarantee; a law
 * that fails is a contrast, and the counterexample fast-check finds and shrinks is the smallest input showing it.
 *
 * fast-check is the caller's: a test or a notebook passes its `fc` in, and lib only uses fast-check's types, so it
 * stays a devDependency (lib's runtime never loads it). The law catalogue is in `catalogue.ts`.
 */
import type { Arbitrary } from "fast-check";
import type fcDefault from "fast-check";
import { WorkbenchError, WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireBoolean, requireInteger, requireRecord, requireString } from "../core/validate.js";

/** The fast-check module object (`import fc from "fast-check"`), passed in by the caller. */
export type FastCheck = typeof fcDefault;

/** What the tests establish about a law: it holds for every input, or fast-check refutes it. */
export type Verdict = "holds" | "fails";

/** The mechanism a law is about (one test file each, under test/properties/). */
export type Mechanism = "pagerank" | "budget" | "tokens" | "search-replace" | "parser" | "edit-formats";

/** One row of a before/after table (plain values, for a notebook's table or a terminal). */
export type ExploreRow = Readonly<Record<string, string | number>>;

export interface Law<T> {
  /** "<mechanism>/<name>", e.g. "search-replace/extra-indentation". */
  readonly id: string;
  readonly mechanism: Mechanism;
  /** The claim, as a sentence: the name of the property that checks it. */
  readonly statement: string;
  readonly verdict: Verdict;
  /** What the law (or the counterexample that refutes it) teaches, in one or two lines. */
  readonly lesson: string;
  /** The inputs the claim is about. */
  arbitrary(fc: FastCheck): Arbitrary<T>;
  /** Inputs outside the claim are skipped (`fc.pre`); absent = every generated input counts. */
  precondition?(input: T): boolean;
  /** null when the claim holds for this input, else why it does not. */
  check(input: T): string | null;
  /** The input and what each side made of it, as table rows. */
  rows(input: T): ExploreRow[];
}

/** A law of any input type, as the catalogue lists them (method parameters are checked bivariantly, so any Law<T> is one). */
export type AnyLaw = Law<unknown>;

/** Thrown inside a property when a law's check reports a violation; its message is the check's reason. */
export class LawViolation extends WorkbenchError {
  constructor(readonly lawId: string, why: string) {
    super(why);
  }
}

export interface ExploreOptions<T> {
  /** fast-check seed; absent = fast-check's global setting (fixed in CI, fresh locally). */
  seed?: number;
  /** Number of generated inputs; absent = fast-check's global setting (100 unless configured). */
  numRuns?: number;
  /** Replay path printed by fast-check (with `seed`): starts from that very input. */
  path?: string;
  /** Stop at the first failure instead of shrinking it (replaying a kept counterexample). */
  endOnFailure?: boolean;
  /** Another arbitrary for the same law: change what is generated, keep the claim. */
  arbitrary?: Arbitrary<T>;
}

export const EXPLORE_DEFAULTS = Object.freeze({ endOnFailure: false });

export interface ExploreResult<T> {
  readonly id: string;
  readonly statement: string;
  /** The verdict the law is catalogued with. */
  readonly verdict: Verdict;
  /** fast-check found an input on which the claim is false. */
  readonly refuted: boolean;
  /** refuted exactly when the verdict is "fails". */
  readonly asExpected: boolean;
  readonly seed: number;
  /** The replay path of the counterexample (null when none was found). */
  readonly path: string | null;
  readonly numRuns: number;
  readonly numSkips: number;
  readonly numShrinks: number;
  /** The shrunk counterexample, or null. */
  readonly counterexample: T | null;
  /** Why the claim fails on it (the check's reason, or the error an input raised). */
  readonly why: string | null;
  /** The counterexample as a before/after table (empty when none). */
  readonly rows: ExploreRow[];
  /** `fc.stringify(counterexample)`: the literal to keep as a regression case. */
  readonly literal: string | null;
  /** fast-check gave up because too many inputs were skipped by the precondition. */
  readonly tooManySkips: boolean;
}

const LAW_KEYS = ["id", "mechanism", "statement", "verdict", "lesson", "arbitrary", "check", "rows"] as const;

function checkLaw(where: string, law: unknown): void {
  const l = requireRecord(where, "law", law);
  for (const key of LAW_KEYS) {
    if (!(key in l)) throw new WorkbenchInputError(where, `law.${key}`, "must be present (a Law from the catalogue)");
  }
  requireString(where, "law.id", l.id);
  if (l.verdict !== "holds" && l.verdict !== "fails") throw new WorkbenchInputError(where, "law.verdict", 'must be "holds" or "fails"', l.verdict);
}

function checkFc(where: string, fc: unknown): FastCheck {
  const f = fc as FastCheck | null;
  if ((typeof f !== "object" && typeof f !== "function") || f === null || typeof f.check !== "function" || typeof f.property !== "function") {
    throw new WorkbenchInputError(where, "fc", 'must be the fast-check module (import fc from "fast-check")', fc);
  }
  return f;
}

/** The fast-check property stating `law` over `arbitrary` (default: the law's own). */
export function lawProperty<T>(fc: FastCheck, law: Law<T>, arbitrary?: Arbitrary<T>) {
  checkFc("lawProperty", fc);
  checkLaw("lawProperty", law);
  return fc.property(arbitrary ?? law.arbitrary(fc), (input: T) => {
    if (law.precondition && !law.precondition(input)) fc.pre(false);
    const why = law.check(input);
    if (why !== null) throw new LawViolation(law.id, why);
  });
}

function describeError(err: unknown): string {
  if (err instanceof LawViolation) return err.message;
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function safeRows<T>(law: Law<T>, input: T): ExploreRow[] {
  try {
    return law.rows(input);
  } catch (err) {
    return [{ what: "rows could not be built", value: describeError(err) }];
  }
}

/** Runs `law` with fast-check and returns the verdict, the shrunk counterexample and its table. */
export function exploreLaw<T>(fc: FastCheck, law: Law<T>, options: ExploreOptions<T> = {}): ExploreResult<T> {
  const where = "exploreLaw";
  checkFc(where, fc);
  checkLaw(where, law);
  const opts = requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", opts, ["seed", "numRuns", "path", "endOnFailure", "arbitrary"]);
  const params: { seed?: number; numRuns?: number; path?: string; endOnFailure: boolean } = {
    endOnFailure: requireBoolean(where, "options.endOnFailure", options.endOnFailure ?? EXPLORE_DEFAULTS.endOnFailure),
  };
  if (options.seed !== undefined) params.seed = requireInteger(where, "options.seed", options.seed, -(2 ** 31));
  if (options.numRuns !== undefined) params.numRuns = requireInteger(where, "options.numRuns", options.numRuns, 1);
  if (options.path !== undefined) {
    if (!/^\d+(:\d+)*$/.test(requireString(where, "options.path", options.path))) {
      throw new WorkbenchInputError(where, "options.path", 'must be a fast-check path such as "12:0:3"', options.path);
    }
    if (options.seed === undefined) throw new WorkbenchInputError(where, "options.seed", "must be given with options.path");
    params.path = options.path;
  }
  const details = fc.check(lawProperty(fc, law, options.arbitrary), params);
  const tooManySkips = details.failed && details.counterexample === null && !details.interrupted;
  const counterexample = details.counterexample === null ? null : details.counterexample[0];
  const refuted = counterexample !== null;
  return {
    id: law.id,
    statement: law.statement,
    verdict: law.verdict,
    refuted,
    asExpected: refuted === (law.verdict === "fails") && !tooManySkips,
    seed: details.seed,
    path: refuted ? details.counterexamplePath : null,
    numRuns: details.numRuns,
    numSkips: details.numSkips,
    numShrinks: details.numShrinks,
    counterexample,
    why: refuted ? describeError(details.errorInstance) : null,
    rows: refuted ? safeRows(law, counterexample) : [],
    literal: refuted ? fc.stringify(counterexample) : null,
    tooManySkips,
  };
}

/** Where a kept counterexample is: the run's seed and fast-check's replay path (as `exploreLaw` reported them). */
export interface CounterexampleAt {
  seed: number;
  path: string;
}

/** Replays a kept counterexample from its seed and path (no further shrinking). */
export function replayCounterexample<T>(fc: FastCheck, law: Law<T>, at: CounterexampleAt): ExploreResult<T> {
  const o = requireRecord("replayCounterexample", "at", at);
  rejectUnknownKeys("replayCounterexample", "at", o, ["seed", "path"]);
  requireInteger("replayCounterexample", "at.seed", o.seed, -(2 ** 31));
  requireString("replayCounterexample", "at.path", o.path);
  return exploreLaw(fc, law, { seed: at.seed, path: at.path, endOnFailure: true });
}
