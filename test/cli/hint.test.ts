/** lib/cli/hint.ts: `workbench hint`, in a throwaway checkout (it never runs student code). */
import { describe, expect, it } from "vitest";
import { renderHint } from "../../lib/cli/hint.js";
import type { Hint } from "../../lib/grader/readme.js";
import { fakeCheckout } from "../grader/run-grade.js";
import { gradedWith, HINTS, progressOf, REPEATS, SWITCH } from "./exercise-progress.js";
import { cli } from "./run-cli.js";

describe("workbench hint", () => {
  it("without a recorded grade: the hints in order, saying so, remembered, and the last one again at the end", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    for (let i = 1; i <= HINTS.length; i++) {
      const r = await cli("hint", "5", "--root", root);
      expect(r.code).toBe(0);
      expect(r.out).toContain("No grade of 05-commit-plan is recorded (never graded, or reset since), so this is the next hint in order");
      expect(r.out).toContain(`Hint ${i} of ${HINTS.length} — ${HINTS[i - 1]!.title}`);
      expect(r.out).toContain(HINTS[i - 1]!.body.split("\n")[0]!);
      expect(r.out, "the Helps with: list is not part of the hint's text").not.toContain("Helps with:");
      expect(progressOf(root).hintsSeen).toEqual(HINTS.slice(0, i).map((h) => h.number));
    }
    const again = await cli("hint", "commit-plan", "--root", root);
    expect(again.out).toContain(`Hint ${HINTS.length} of ${HINTS.length}`);
    expect(again.out).toContain(`You have seen all ${HINTS.length} hints of 05-commit-plan; this is the last one again. The reference solution is in solutions/05-commit-plan/.`);
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out.match(/^Hint \d of/gm)).toHaveLength(HINTS.length);
  });

  it("follows the last grade: the first failing test's unseen hint, then the next failing test's, then the rest in order", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    gradedWith(root, [SWITCH, REPEATS]);
    const own = (t: string): Hint => HINTS.find((h) => h.tests[0] !== undefined && h.tests.includes(t))!;
    const first = await cli("hint", "05", "--root", root);
    expect(first.out).toContain(`For the failing test of your last grade: ✗ ${SWITCH}`);
    expect(first.out).toContain(`Hint ${own(SWITCH).number} of ${HINTS.length} — ${own(SWITCH).title}`);
    const second = await cli("hint", "05", "--root", root);
    expect(second.out).toContain(`For the failing test of your last grade: ✗ ${REPEATS}`);
    expect(second.out).toContain(`Hint ${own(REPEATS).number} of ${HINTS.length}`);
    const rest = HINTS.find((h) => h.number !== own(SWITCH).number && h.number !== own(REPEATS).number)!;
    const third = await cli("hint", "05", "--root", root);
    expect(third.out).toContain("You have seen every hint for the tests that failed in your last grade, so this is the next hint in order.");
    expect(third.out).toContain(`Hint ${rest.number} of ${HINTS.length}`);
    expect(progressOf(root).hintsSeen).toEqual([1, 2, 3]);
  });

  it("names one exercise, or says what is wrong in one line (exit 2)", async () => {
    const root = fakeCheckout({});
    expect((await cli("hint", "--root", root)).err).toBe("hint: name one exercise, e.g. workbench hint 01\n");
    const r = await cli("hint", "nope", "--root", root);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^hint: exercise must be one of .* \(got "nope"\)\n$/);
  });
});

describe("renderHint", () => {
  it("heads the hint with its number, the total and its title; indents the body, leaving blank lines empty", () => {
    expect(renderHint({ number: 2, title: "Look at the edges", body: "First line.\n\nSecond line.", tests: [] }, 3)).toBe("Hint 2 of 3 — Look at the edges\n\n  First line.\n\n  Second line.\n");
    expect(renderHint({ number: 1, title: "", body: "x", tests: [] }, 1)).toBe("Hint 1 of 1\n\n  x\n");
  });
});

describe("workbench hint --shown", () => {
  it("with none seen says how to get one; afterwards repeats exactly the ones seen, writing nothing new", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    const none = await cli("hint", "05", "--shown", "--root", root);
    expect(none).toEqual({ code: 0, out: "No hints seen yet for 05-commit-plan: npm run -s workbench -- hint 05 shows one.\n", err: "" });
    const first = await cli("hint", "05", "--root", root);
    expect(first.out).toContain(`(${HINTS.length - 1} more not seen yet: npm run -s workbench -- hint 05)`);
    const shown = await cli("hint", "05", "--shown", "--root", root);
    expect(shown.out).toBe(renderHint(HINTS[0]!, HINTS.length) + "\n");
    expect(progressOf(root).hintsSeen).toEqual([1]);
  });

  it("the last unseen hint says so and points at the reference solution", async () => {
    const root = fakeCheckout({ "05-commit-plan": "stub" });
    for (let i = 1; i < HINTS.length; i++) await cli("hint", "05", "--root", root);
    const last = await cli("hint", "05", "--root", root);
    expect(last.out).toMatch(/\nThat was the last hint not seen\. The reference solution is in solutions\/05-commit-plan\/\.\n$/);
  });
});
