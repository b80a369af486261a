/** Hints that follow the failure (lib/grader/hints.ts): which hint a failing grade and `workbench hint` show. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradeHint, hintCoverageProblems, hintLadderProblems, hintsForTest, requestedHint } from "../../lib/grader/hints.js";
import type { Hint } from "../../lib/grader/readme.js";

const hint = (number: number, tests: string[]): Hint => ({ number, title: `title ${number}`, body: `body ${number}`, tests });
// a and b share hint 1; c's own hint is 2, with more detail in 3; d's own hint is 3; hint 4 names nothing.
const HINTS = [hint(1, ["a", "b"]), hint(2, ["c"]), hint(3, ["d", "c"]), hint(4, [])];

describe("hintsForTest", () => {
  it("is every hint naming the test, in number order (the first is the test's own)", () => {
    expect(hintsForTest(HINTS, "c").map((h) => h.number)).toEqual([2, 3]);
    expect(hintsForTest(HINTS, "zz")).toEqual([]);
  });
});

describe("gradeHint: what a failing grade shows", () => {
  it("the own hint of the first failing test whose hint is not seen, never one for a passing test", () => {
    expect(gradeHint(HINTS, ["c", "a"], [])).toEqual({ hint: HINTS[1], test: "c", fresh: true });
    expect(gradeHint(HINTS, ["c", "a"], [2])).toEqual({ hint: HINTS[0], test: "a", fresh: true });
    // d fails alone: its hint 3, although hint 1 (for the passing a, b) is not seen.
    expect(gradeHint(HINTS, ["d"], [])).toEqual({ hint: HINTS[2], test: "d", fresh: true });
  });

  it("a grade shows a test's own hint only: the detail in later hints is for `workbench hint`", () => {
    expect(gradeHint(HINTS, ["c"], [2])).toEqual({ hint: HINTS[1], test: "c", fresh: false });
  });

  it("when every failing test's hint was seen: a reminder of the first one; nothing for tests no hint names", () => {
    expect(gradeHint(HINTS, ["zz", "b", "c"], [1, 2])).toEqual({ hint: HINTS[0], test: "b", fresh: false });
    expect(gradeHint(HINTS, ["zz"], [])).toBeNull();
    expect(gradeHint(HINTS, [], [])).toBeNull();
  });
});

describe("requestedHint: what `workbench hint` shows", () => {
  it("the lowest-numbered unseen hint naming any failing test: one rung at a time, never skipping one that helps", () => {
    // c fails first, but hint 1 (for a) is the lowest rung that helps: the climb is 1, 2, 3, whatever the order
    expect(requestedHint(HINTS, ["c", "a"], [])).toEqual({ hint: HINTS[0], reason: "failing", test: "a" });
    expect(requestedHint(HINTS, ["c", "a"], [1])).toEqual({ hint: HINTS[1], reason: "failing", test: "c" });
    expect(requestedHint(HINTS, ["c", "a"], [1, 2])).toEqual({ hint: HINTS[2], reason: "failing", test: "c" });
    // a grade showed c's own hint (2): the next is still the lowest that helps, hint 1, not c's detail
    expect(requestedHint(HINTS, ["c", "a"], [2])).toEqual({ hint: HINTS[0], reason: "failing", test: "a" });
    // hint 3 is named by c and d: the test shown is the first failing one it names
    expect(requestedHint(HINTS, ["d", "c"], [2])).toEqual({ hint: HINTS[2], reason: "failing", test: "d" });
  });

  it("property: asking again and again climbs every hint that helps, in number order, then the rest in order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.subarray(["a", "b", "c", "d", "e"]), { minLength: 1, maxLength: 7 }),
        fc.subarray(["a", "b", "c", "d", "e"]),
        fc.subarray([1, 2, 3, 4, 5, 6, 7]),
        (lists, failing, seenAtStart) => {
          const hints = lists.map((tests, i) => hint(i + 1, tests));
          const seen = seenAtStart.filter((n) => n <= hints.length);
          const shown: number[] = [];
          for (let i = 0; i < hints.length; i++) {
            const r = requestedHint(hints, failing, seen)!;
            if (r.reason === "all-seen") break;
            shown.push(r.hint.number);
            seen.push(r.hint.number);
          }
          const helps = hints.filter((h) => !seenAtStart.includes(h.number) && h.tests.some((t) => failing.includes(t))).map((h) => h.number);
          const rest = hints.filter((h) => !seenAtStart.includes(h.number) && !helps.includes(h.number)).map((h) => h.number);
          expect(shown).toEqual([...helps, ...rest]);
        },
      ),
    );
  });

  it("falls back to the next unseen hint in order, saying why: no grade, a grade that passed, failing tests' hints all seen", () => {
    expect(requestedHint(HINTS, undefined, [])).toEqual({ hint: HINTS[0], reason: "no-grade" });
    expect(requestedHint(HINTS, undefined, [1])).toEqual({ hint: HINTS[1], reason: "no-grade" });
    expect(requestedHint(HINTS, [], [1, 2])).toEqual({ hint: HINTS[2], reason: "passed" });
    expect(requestedHint(HINTS, ["a"], [1])).toEqual({ hint: HINTS[1], reason: "failing-seen" });
    expect(requestedHint(HINTS, ["a"], [1, 2, 3, 4])).toEqual({ hint: HINTS[3], reason: "all-seen" });
    expect(requestedHint([], ["a"], [])).toBeNull();
  });
});

describe("hintCoverageProblems", () => {
  it("names a graded test no hint names, a name that is no graded test, a test named twice by one hint", () => {
    expect(hintCoverageProblems(HINTS, ["a", "b", "c", "d"])).toEqual([]);
    expect(hintCoverageProblems(HINTS, ["a", "b", "c", "d", "e"])).toEqual(['the graded test "e" is named by no hint']);
    expect(hintCoverageProblems(HINTS, ["a", "c", "d"])).toEqual(['hint 1 names "b", which is not a graded test']);
    expect(hintCoverageProblems([hint(1, ["a", "a"])], ["a"])).toEqual(['hint 1 names "a" twice']);
  });
});

describe("hintLadderProblems", () => {
  const near = (number: number, tests: string[]): Hint => ({ ...hint(number, tests), title: "Nearly the answer" });
  it("a 'Nearly the answer' hint must be the last and no test's first rung", () => {
    expect(hintLadderProblems([hint(1, ["a"]), hint(2, ["b"]), near(3, ["a", "b"])])).toEqual([]);
    expect(hintLadderProblems([hint(1, ["a"]), near(2, ["a", "c"])])).toEqual(['hint 2 ("Nearly the answer") is the first hint for "c": give that test an earlier rung']);
    expect(hintLadderProblems([near(1, []), hint(2, ["a"])])).toEqual(['hint 1 is "Nearly the answer" but not the last hint']);
    expect(hintLadderProblems(HINTS)).toEqual([]);
  });
});
