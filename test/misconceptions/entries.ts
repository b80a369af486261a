/**
 * What every misconception module's mirror checks about its lists: each entry belongs to the exercise, is frozen and
 * listed by the catalogue under its id, stands in for a function the module gives the right answer of, and the
 * module's entries are exactly the catalogue's for that exercise, in order.
 */
import { expect } from "vitest";
import { misconceptionById, misconceptionsOf, rightAnswerOf } from "../../lib/misconceptions/catalogue.js";
import type { Misconception, RightAnswer } from "../../lib/misconceptions/types.js";

export function expectEntries(exercise: string, list: readonly Misconception[], right: readonly RightAnswer[]): void {
  expect(misconceptionsOf(exercise)).toEqual(list);
  for (const m of list) {
    expect([m.exercise, m.id.slice(0, 3)], m.id).toEqual([exercise, `${exercise.slice(0, 2)}-`]);
    expect(Object.isFrozen(m), m.id).toBe(true);
    expect(misconceptionById(m.id), m.id).toBe(m);
    expect(right.some((r) => r.fn === m.fn), `${m.id}: a right answer for ${m.fn}`).toBe(true);
  }
  for (const r of right) expect(rightAnswerOf(exercise, r.fn), r.fn).toBe(r);
}

/** The entry of `list` with this id (the test fails on a missing one). */
export function entry(list: readonly Misconception[], id: string): Misconception {
  const m = list.find((x) => x.id === id);
  expect(m, id).toBeDefined();
  return m!;
}

/** The right answer of `fn` in `right`. */
export function rightFor(right: readonly RightAnswer[], fn: string): RightAnswer {
  const r = right.find((x) => x.fn === fn);
  expect(r, fn).toBeDefined();
  return r!;
}
