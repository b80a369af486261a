/**
 * Hints that follow the failure, one rung at a time. Each graded test is named by the hints that help with it (the
 * "Helps with:" list of an exercise README's hint, readme.ts); its first such hint is *its* hint, later ones add
 * detail. A failing grade shows the hint of the first failing test whose hint has not been seen yet — never one
 * for a test that passes — and `workbench hint` climbs: the lowest-numbered unseen hint that names a failing test of
 * the last grade, so no rung below it that helps is ever skipped (falling back to the next unseen hint in order,
 * and saying why, when none does).
 */
import { requireArray, requireStringArray } from "../core/validate.js";
import type { Hint } from "./readme.js";

/** The hints that name `test`, in number order (the first is the test's own hint, later ones add detail). */
export function hintsForTest(hints: readonly Hint[], test: string): Hint[] {
  return hints.filter((h) => h.tests.includes(test));
}

/** What a failing grade shows for one exercise. */
export interface GradeHint {
  hint: Hint;
  /** The failing test it is for. */
  test: string;
  /** True when the hint had not been seen (it is shown in full and becomes seen); false for a reminder of one seen. */
  fresh: boolean;
}

/**
 * For a grade whose failing tests (in report order) are `failing`: the own hint of the first failing test whose
 * hint is not in `seen`; when every failing test's hint was seen, a reminder of the first failing test's hint;
 * null when no failing test names a hint (or nothing fails).
 */
export function gradeHint(hints: readonly Hint[], failing: readonly string[], seen: readonly number[]): GradeHint | null {
  let reminder: GradeHint | null = null;
  for (const test of failing) {
    const own = hintsForTest(hints, test)[0];
    if (!own) continue;
    if (!seen.includes(own.number)) return { hint: own, test, fresh: true };
    reminder ??= { hint: own, test, fresh: false };
  }
  return reminder;
}

/** Why `workbench hint` chose the hint it shows. */
export type HintReason =
  /** The lowest-numbered unseen hint naming a failing test of the last grade (`test`: the first it names). */
  | "failing"
  /** No grade is recorded (never graded, or reset since): the next unseen hint in order. */
  | "no-grade"
  /** The last grade passed every test: the next unseen hint in order. */
  | "passed"
  /** Every hint naming a failing test was seen: the next unseen hint in order. */
  | "failing-seen"
  /** Every hint was seen: the last one, again. */
  | "all-seen";

export interface RequestedHint {
  hint: Hint;
  reason: HintReason;
  /** For "failing": the test the hint is for. */
  test?: string;
}

/**
 * The hint `workbench hint` shows, given the failing tests of the last recorded grade (`undefined`: none recorded)
 * and the hints seen: the lowest-numbered unseen hint naming a failing test (with the first failing test it names),
 * so hints climb one rung at a time and a later, more detailed hint comes only after every earlier one that helps.
 * Null only when the exercise has no hints.
 */
export function requestedHint(hints: readonly Hint[], failing: readonly string[] | undefined, seen: readonly number[]): RequestedHint | null {
  if (hints.length === 0) return null;
  const failed = failing ?? [];
  const next = hints.find((h) => !seen.includes(h.number) && h.tests.some((t) => failed.includes(t)));
  if (next) return { hint: next, reason: "failing", test: failed.find((t) => next.tests.includes(t))! };
  const inOrder = hints.find((h) => !seen.includes(h.number));
  const reason: HintReason = failing === undefined ? "no-grade" : failing.length === 0 ? "passed" : "failing-seen";
  return inOrder ? { hint: inOrder, reason } : { hint: hints[hints.length - 1]!, reason: "all-seen" };
}

/**
 * What is wrong between an exercise's hints and its graded tests' titles: a test no hint names, a name that is no
 * graded test, a test named twice by one hint. Empty when they agree.
 */
export function hintCoverageProblems(hints: readonly Hint[], tests: readonly string[]): string[] {
  requireArray("hintCoverageProblems", "hints", hints);
  requireStringArray("hintCoverageProblems", "tests", tests);
  const problems: string[] = [];
  for (const t of tests) if (hintsForTest(hints, t).length === 0) problems.push(`the graded test "${t}" is named by no hint`);
  for (const h of hints) {
    const seen = new Set<string>();
    for (const t of h.tests) {
      if (!tests.includes(t)) problems.push(`hint ${h.number} names "${t}", which is not a graded test`);
      if (seen.has(t)) problems.push(`hint ${h.number} names "${t}" twice`);
      seen.add(t);
    }
  }
  return problems;
}

/** A hint whose title says it is the top rung ("Nearly the answer"): readme checks keep it from being a first rung. */
export function isNearAnswer(hint: Hint): boolean {
  return /^nearly the answer\b/i.test(hint.title);
}

/**
 * What breaks the ladder in an exercise's hints: a "Nearly the answer" hint that is some test's first hint (its
 * own hint, which a grade shows), or that is not the last. Empty when the ladder holds.
 */
export function hintLadderProblems(hints: readonly Hint[]): string[] {
  requireArray("hintLadderProblems", "hints", hints);
  const problems: string[] = [];
  hints.forEach((h, i) => {
    if (!isNearAnswer(h)) return;
    if (i !== hints.length - 1) problems.push(`hint ${h.number} is "${h.title}" but not the last hint`);
    for (const t of h.tests) if (hintsForTest(hints, t)[0] === h) problems.push(`hint ${h.number} ("${h.title}") is the first hint for "${t}": give that test an earlier rung`);
  });
  return problems;
}
