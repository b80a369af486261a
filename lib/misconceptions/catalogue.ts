/**
 * The misconception catalogue: every exercise's known wrong variants, in matching order, and the right
 * answers they are told apart from. Order within an exercise is the order of its module's list (the most common
 * mistake first); the matcher returns the first entry that fits, so that order settles ambiguous matches.
 */
import { COMMIT_PLAN_MISCONCEPTIONS, COMMIT_PLAN_RIGHT } from "./commit-plan.js";
import { MAP_SEARCH_MISCONCEPTIONS, MAP_SEARCH_RIGHT } from "./map-search.js";
import { PAGERANK_MISCONCEPTIONS, PAGERANK_RIGHT } from "./pagerank.js";
import { PREDICT_HUNK_MISCONCEPTIONS, PREDICT_HUNK_RIGHT } from "./predict-hunk.js";
import { REFLECTION_LOOP_MISCONCEPTIONS } from "./reflection-loop.js";
import { SEARCH_REPLACE_MISCONCEPTIONS, SEARCH_REPLACE_RIGHT } from "./search-replace.js";
import { SYMBOL_BUDGET_MISCONCEPTIONS, SYMBOL_BUDGET_RIGHT } from "./symbol-budget.js";
import { TOKEN_ESTIMATE_MISCONCEPTIONS, TOKEN_ESTIMATE_RIGHT } from "./token-estimate.js";
import { TRACE_PATH_MISCONCEPTIONS, TRACE_PATH_RIGHT } from "./trace-path.js";
import type { Misconception, RightAnswer } from "./types.js";

/** Every misconception, exercise by exercise, in matching order. */
export const MISCONCEPTIONS: readonly Misconception[] = Object.freeze([
  ...PAGERANK_MISCONCEPTIONS,
  ...SYMBOL_BUDGET_MISCONCEPTIONS,
  ...MAP_SEARCH_MISCONCEPTIONS,
  ...SEARCH_REPLACE_MISCONCEPTIONS,
  ...COMMIT_PLAN_MISCONCEPTIONS,
  ...TRACE_PATH_MISCONCEPTIONS,
  ...TOKEN_ESTIMATE_MISCONCEPTIONS,
  ...REFLECTION_LOOP_MISCONCEPTIONS,
  ...PREDICT_HUNK_MISCONCEPTIONS,
]);

/** The right answer of every function a misconception stands in for. */
export const RIGHT_ANSWERS: readonly RightAnswer[] = Object.freeze([
  ...PAGERANK_RIGHT,
  ...SYMBOL_BUDGET_RIGHT,
  ...MAP_SEARCH_RIGHT,
  ...SEARCH_REPLACE_RIGHT,
  ...COMMIT_PLAN_RIGHT,
  ...TRACE_PATH_RIGHT,
  ...TOKEN_ESTIMATE_RIGHT,
  ...PREDICT_HUNK_RIGHT,
]);

/** The misconceptions of one exercise (folder name, e.g. "01-pagerank"), in matching order. */
export function misconceptionsOf(exercise: string): Misconception[] {
  return MISCONCEPTIONS.filter((m) => m.exercise === exercise);
}

/** The right answer for `fn` of `exercise`, or null when the catalogue has none. */
export function rightAnswerOf(exercise: string, fn: string): RightAnswer | null {
  return RIGHT_ANSWERS.find((r) => r.exercise === exercise && r.fn === fn) ?? null;
}

/** A misconception by id, or null. */
export function misconceptionById(id: string): Misconception | null {
  return MISCONCEPTIONS.find((m) => m.id === id) ?? null;
}
