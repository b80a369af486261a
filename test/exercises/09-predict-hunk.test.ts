/**
 * Graded tests for exercise 09 (predict what Aider does with a unified-diff hunk). Graded against the production
 * path, lib/editformats/udiff (`normalizeHunk`, `applyHunk`, `hunkToBeforeAfter`, `noMatchError`), which passes
 * every visible vector of Aider's udiff.json. Wrong hand predictions that match a known misconception are named.
 * Part 1's CASES are the judge's copy (`ex.given`); the student's are only checked to be left as given.
 * The task: exercises/09-predict-hunk/README.md; the student's file: exercises/09-predict-hunk/predict-hunk.ts.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { editformats, pystr } from "../../lib/index.js";
import { exercise, type HandCheck } from "../../lib/grader/judge/grading.js";
import { noMatchError } from "../../lib/editformats/udiff/apply.js";
import { hunkToBeforeAfterLines } from "../../lib/editformats/udiff/parse.js";
import { pyCount } from "../../lib/editformats/udiff/search-replace.js";

const ex = exercise<typeof import("@target/09-predict-hunk/predict-hunk.js")>("09-predict-hunk", "predict-hunk.ts", { lib: ["pystr"] });
const { udiff } = editformats;

type Case = { content: string; hunk: string[] };
const CASES: Record<string, Case> = ex.given("CASES");
/** What UnifiedDiffCoder.apply_edits makes of one hunk: the new file, or null (UnifiedDiffNoMatch). */
const aider = (c: Case): string | null => udiff.applyHunk(c.content, udiff.normalizeHunk(c.hunk));

/** Named misconceptions: a wrong answer equal to one of these gets its explanation. */
function misconceptions(c: Case): { answer: string | null; why: string }[] {
  const [before, after] = udiff.hunkToBeforeAfter(c.hunk);
  const first = c.content.includes(before) && before ? c.content.replace(before, after) : null;
  return [
    { answer: first, why: "a unified diff changes one place — Aider's search_and_replace changes EVERY occurrence (or refuses a short repeated one)" },
    { answer: null, why: "a line the file lacks makes the hunk fail — Aider drops the before-lines the file lacks and retries" },
    { answer: c.content, why: "on failure Aider leaves the file as it was, which is right, but apply_edits reports it: predict null" },
  ];
}

/** How many predictions for `names` are right, and the known misconceptions among the wrong ones — never which. */
function checkHand(answers: Record<string, string | null>, names: readonly string[]): HandCheck {
  const wrong = names.filter((n) => answers[n] !== aider(CASES[n]!));
  const known = [...new Set(wrong.flatMap((n) => misconceptions(CASES[n]!).filter((m) => m.answer === answers[n]).map((m) => m.why)))];
  const answer = Object.fromEntries(names.map((n) => [n, answers[n] ?? null]));
  const redo = `predict these ${names.length} hunks again${known.length ? ` (a known misconception among them: ${known.join("; ")})` : ""}`;
  return { answer, right: names.length - wrong.length, total: names.length, redo };
}

ex.byHand("by hand: an exact hunk, a repeated long line, a repeated short line", 2, ({ handPredictions }) =>
  checkHand(handPredictions(), ["exact", "everyOccurrence", "tinyRepeated"]),
);

ex.byHand("by hand: context and '-' lines the file does not have", 2, ({ handPredictions }) => checkHand(handPredictions(), ["wrongContext", "missingMinus"]));

ex.byHand("by hand: lost indentation, '...', nothing matching, a CRLF reply", 2, ({ handPredictions }) =>
  checkHand(handPredictions(), ["lostIndent", "dotsDropped", "nothingMatches", "crlfReply"]),
);

ex.test("beforeAfter on Part 1's hunks and its traps", 1, ({ beforeAfter }) => {
  const traps: string[][] = [["\n", "-a\n", "+b\n"], ["x"], ["\\ No newline at end of file\n", " k\n"], ["@@ @@\n", "-\n"], [], ["?z\n", "+\r\n"]];
  for (const h of [...Object.values(CASES).map((c) => c.hunk), ...traps]) expect(beforeAfter(h), JSON.stringify(h)).toEqual(udiff.hunkToBeforeAfter(h));
});

/** The refusal as `aider/coders/udiff_coder.py` states it, from lib's pieces. */
function refuses(content: string, hunk: string[]): boolean {
  const [before] = udiff.hunkToBeforeAfter(hunk);
  if (!before) return false;
  const [lines] = hunkToBeforeAfterLines(hunk);
  return pystr.cpLength(lines.map((l) => pystr.strip(l)).join("")) < 10 && pyCount(content, before) > 1;
}

ex.test("refusesTinyContext: under 10 non-blank characters AND occurring twice; blank and long texts are searched", 2, ({ refusesTinyContext }) => {
  for (const c of Object.values(CASES)) expect(refusesTinyContext(c.content, c.hunk)).toBe(refuses(c.content, c.hunk));
  const traps: [string, string[]][] = [
    ["a\na\n", ["-a\n", "+b\n"]],
    ["a\n", ["-a\n", "+b\n"]],
    ["  \n  \n", ["-  \n", "+x\n"]],
    ["abcdefghij\nabcdefghij\n", ["-abcdefghij\n", "+k\n"]],
    ["ab\nab\n", ["+x\n"]],
    ["x = 1\nx = 1\n", [" x\n", "-  = 1\n"]],
    ["        ab\n        ab\n", ["-        ab\n", "+        cd\n"]], // indentation is not counted: 2 characters, repeated
    ["a\na\na\n", ["-a\n", "-a\n", "+b\n"]], // "a\na\n" occurs once without overlap (Python's str.count)
  ];
  for (const [content, hunk] of traps) expect(refusesTinyContext(content, hunk), JSON.stringify([content, hunk])).toBe(refuses(content, hunk));
});

ex.test("noMatchMessage: Aider's text word for word (never UnifiedDiffNotUnique: nothing raises it)", 1, ({ noMatchMessage }) => {
  for (const [name, c] of Object.entries(CASES)) {
    const h = udiff.normalizeHunk(c.hunk);
    expect(noMatchMessage(`${name}.py`, h)).toBe(noMatchError(`${name}.py`, udiff.hunkToBeforeAfter(h)[0]));
  }
});

const lineArb = fc.constantFrom("a\n", "a = 1\n", "    b\n", "\n", "  \n", "total = x + 1\n", "x", "\r\n");
const hunkArb = fc.array(fc.tuple(fc.constantFrom(" ", "-", "+", "", "."), lineArb).map(([op, l]) => op + l), { maxLength: 6 });

ex.property("random hunks: beforeAfter, refusesTinyContext and noMatchMessage agree with Aider", 2, ({ beforeAfter, refusesTinyContext, noMatchMessage }) => {
  fc.assert(
    fc.property(hunkArb, fc.array(lineArb, { maxLength: 6 }), (hunk, file) => {
      const content = file.join("");
      expect(beforeAfter(hunk)).toEqual(udiff.hunkToBeforeAfter(hunk));
      expect(refusesTinyContext(content, hunk)).toBe(refuses(content, hunk));
      expect(noMatchMessage("p.py", hunk)).toBe(noMatchError("p.py", udiff.hunkToBeforeAfter(hunk)[0]));
    }),
    { numRuns: 200 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
