/**
 * Graded tests for exercise 06 (trace the path through Aider's replace chain). Graded against the production path,
 * lib/editblock/replace.ts (`replaceMostSimilarChunk`, which reports its stage), and against Aider's own
 * outputs: the visible golden vectors of editblock_replace.json. Part 1's CASES are the judge's copy (`ex.given`);
 * the student's are only checked to be left as given.
 * The task: exercises/06-trace-the-path/README.md; the student's file: exercises/06-trace-the-path/trace.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { expect } from "vitest";
import { replaceMostSimilarChunk } from "../../lib/index.js";
import { exercise, type HandCheck } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/06-trace-the-path/trace.js")>("06-trace-the-path", "trace.ts", { lib: ["DotdotdotsError", "perfectReplace", "prep", "pystr", "replaceMissingLeadingWhitespace", "tryDotdotdots"] });

type Case = readonly [string, string, string];
const CASES: Record<string, Case> = ex.given("CASES");
const stageOf = ([w, p, r]: Case): string => replaceMostSimilarChunk(w, p, r).stage;

/** How many of the hand-traced answers for `names` are right (which ones is not said: lib/grader/attempts.ts). */
function checkHandTrace(answers: Record<string, string>, names: readonly string[]): HandCheck {
  const answer = Object.fromEntries(names.map((n) => [n, answers[n] ?? null]));
  const right = names.filter((n) => answers[n] === stageOf(CASES[n]!)).length;
  return { answer, right, total: names.length, redo: `trace these ${names.length} cases again by hand` };
}

ex.byHand("by hand: the first two steps (exact, then leading whitespace)", 2, ({ handTrace }) =>
  checkHandTrace(handTrace(), ["duplicate", "missingIndent", "extraIndent", "exactBeatsEarlierIndent", "tabVsSpaces"]),
);

ex.byHand("by hand: the leading blank line", 1, ({ handTrace }) => checkHandTrace(handTrace(), ["leadingBlankThreeLines", "leadingBlankTwoLines"]));

ex.byHand("by hand: `...`, and the ways to none", 2, ({ handTrace }) =>
  checkHandTrace(handTrace(), ["dots", "dotsUnpaired", "dotsPieceTwice", "trailingSpace", "deleteEverything", "emptySearch"]),
);

ex.test("chainStage on Part 1's cases", 2, ({ chainStage }) => {
  for (const [name, c] of Object.entries(CASES)) expect(chainStage(...c), name).toBe(stageOf(c));
});

ex.test("chainStage's traps: empty results fail, one blank line dropped and only from 3+ lines, `...` errors swallowed", 2, ({ chainStage }) => {
  const traps: Record<string, Case> = {
    "the whitespace step empties the file": ["  a\n", "a\n", ""],
    "a blank line dropped, then the whitespace step": ["x\n    b\n    c\n", "\nb\nc\n", "B\n"],
    "two leading blank lines: only one is dropped": ["a\nb\n", "\n\nb\n", "B\n"],
    "a whitespace-only first line counts as blank": ["a\nb\nc\n", " \t\nb\nc\n", "B\n"],
    "\\x1c is blank for Python, not for JavaScript": ["a\nb\nc\n", "\x1c\nb\nc\n", "B\n"],
    "\\ufeff is blank for JavaScript, not for Python": ["a\nb\nc\n", "\ufeff\nb\nc\n", "B\n"],
    "`...` with different separators": ["a\nb\nc\n", "a\n...\nc\n", "A\n  ...\nC\n"],
    "`...` with a piece that is not there": ["a\nb\nc\n", "a\n...\nz\n", "A\n...\nZ\n"],
    "the blank-line retry comes before `...`": ["z\na\n...\nb\n", "\na\n...\nb\n", "\nx\n...\ny\n"],
  };
  for (const [name, c] of Object.entries(traps)) expect(chainStage(...c), name).toBe(stageOf(c));
});

interface Vector {
  id: string;
  whole: string;
  part: string;
  replace: string;
  stage: string;
}
const VECTORS = (JSON.parse(readFileSync(join(__dirname, "..", "..", "lib", "grader", "judge", "golden", "editblock_replace.json"), "utf8")) as { cases: Vector[] }).cases;

/** A vector's stage; "none(dotdotdots ValueError: …)" records the swallowed error, which is still "none". */
const vectorStage = (v: Vector): string => (v.stage.startsWith("none") ? "none" : v.stage);

ex.test("Aider's own outputs: the stage of every visible golden vector of editblock_replace", 2, ({ chainStage }) => {
  const wrong = VECTORS.map((v) => ({ v, mine: chainStage(v.whole, v.part, v.replace) })).filter(({ v, mine }) => mine !== vectorStage(v));
  const shown = wrong.slice(0, 3).map(({ v, mine }) => `${v.id}: whole ${JSON.stringify(v.whole)}, SEARCH ${JSON.stringify(v.part)}, REPLACE ${JSON.stringify(v.replace)} — yours "${mine}", Aider's "${vectorStage(v)}"`);
  expect(shown, `${wrong.length} of ${VECTORS.length} vectors take another step with your chain, for example`).toEqual([]);
});

const piece = fc.constantFrom("a", "b", "x = 1", "def f():", "return x", "...", "");
const indent = fc.constantFrom("", "", "  ", "    ", "\t");
const line = fc.tuple(indent, piece).map(([i, p]) => `${i}${p}\n`);
const block = fc.array(line, { maxLength: 6 }).map((ls) => ls.join(""));
/** SEARCH is often a window of the file, re-indented or behind a blank line, sometimes unrelated. */
const edit = block.chain((whole) => {
  const lines = whole.split(/(?<=\n)/).filter(Boolean);
  const window = fc
    .tuple(fc.nat(Math.max(0, lines.length - 1)), fc.integer({ min: 1, max: 3 }), fc.constantFrom("", "", "  ", "    "), fc.constantFrom("", "", "\n"))
    .map(([s, n, add, blank]) => blank + lines.slice(s, s + n).map((l) => (l.trim() ? add + l : l)).join(""));
  return fc.tuple(fc.constant(whole), fc.oneof(window, block), block);
});

ex.property("random edits: the production chain's stage", 1, ({ chainStage }) => {
  fc.assert(
    fc.property(edit, (c) => {
      expect(chainStage(...c), JSON.stringify(c)).toBe(stageOf(c));
    }),
    { numRuns: 400 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
