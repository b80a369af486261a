/**
 * Graded tests for exercise 04 (first-match SEARCH/REPLACE with the uniform-indentation fallback). The trusted
 * reference is lib's teaching model (lib/editblock/teaching/search-replace.ts), bit-identical to the seed's Python.
 * The task: exercises/04-search-replace/README.md; the student's file: exercises/04-search-replace/search-replace.ts.
 */
import fc from "fast-check";
import { exactLineMatches, teachingSearchReplace as reference, teachingLines, uniformMissingIndent } from "../../lib/index.js";
import { searchReplaceInput } from "../../lib/grader/judge/arbitraries.js";
import { expectSame } from "../../lib/grader/judge/compare.js";
import { exercise } from "../../lib/grader/judge/grading.js";

const ex = exercise<typeof import("@target/04-search-replace/search-replace.js")>("04-search-replace", "search-replace.ts", { lib: ["pystr", "teachingLines"] });

ex.test("duplicate SEARCH: only the first match is replaced, and matchCount shows there were two", 3, ({ searchReplace }) => {
  const text = "x = 1\ny = 2\nx = 1\n";
  expectSame(searchReplace(text, "x = 1\n", "x = 42\n"), reference(text, "x = 1\n", "x = 42\n"), "the seed's x = 1 example");
  const whole = teachingLines("a\nb\na\nb\na\n");
  const part = teachingLines("a\nb\n");
  expectSame(searchReplace("a\nb\na\nb\na\n", "a\nb\n", "c\n"), reference("a\nb\na\nb\na\n", "a\nb\n", "c\n"), "a two-line block found twice");
  expectSame(exactLineMatches(whole, part), [0, 2], "(both windows: lines 0 and 2)");
});

ex.test("exactMatches: every start, overlapping ones too, and none for a block longer than the text", 1, ({ exactMatches }) => {
  for (const [w, p] of [["a\na\na\n", "a\na\n"], ["x\n", "x\ny\n"], ["p\nq\n", "q\n"], ["a\r\nb\n", "a\n"], ["x = 1  \ny\nx = 1\n", "x = 1\n"]] as const) {
    const whole = teachingLines(w);
    const part = teachingLines(p);
    expectSame(exactMatches(whole, part), exactLineMatches(whole, part), `whole ${JSON.stringify(w)}, part ${JSON.stringify(p)}`);
  }
});

ex.test("uniform missing indentation: the prefix is restored on every non-blank REPLACE line", 1, ({ searchReplace }) => {
  const text = "def f():\n    if x:\n        return 1\n\n    return 2\n";
  const search = "if x:\n    return 1\n\nreturn 2\n";
  const replacement = "if y:\n    return 3\n\nreturn 4\n";
  expectSame(searchReplace(text, search, replacement), reference(text, search, replacement), "a block missing four spaces");
  expectSame(searchReplace("\tx = 1\n", "x = 1\n", "x = 2\n  y\n"), reference("\tx = 1\n", "x = 1\n", "x = 2\n  y\n"), "a tab, and REPLACE's own indent kept on top");
});

ex.test("counterexample: indentation missing by different amounts on different lines is no match", 3, ({ searchReplace, missingIndent }) => {
  const text = "class A:\n    def f(self):\n        pass\n";
  const search = "def f(self):\n    pass\n"; // line 1 misses 4 spaces, line 2 misses 4 too: uniform
  const skewed = "def f(self):\n      pass\n"; // line 2 misses only 2: not uniform
  expectSame(searchReplace(text, search, "def g(self):\n    pass\n"), reference(text, search, "def g(self):\n    pass\n"), "uniform (control)");
  // missingIndent first: a failure then shows on the function that makes the mistake (and the mistake is named)
  expectSame(missingIndent(teachingLines(text), teachingLines(skewed), 1), null, "missingIndent on the skewed window");
  expectSame(searchReplace(text, skewed, "X\n"), reference(text, skewed, "X\n"), "non-uniform: no_match, text unchanged");
});

ex.test("counterexample: the same indentation but different content is no match", 1, ({ searchReplace }) => {
  const text = "    total = a + b\n    return total\n";
  const search = "total = a - b\nreturn total\n";
  expectSame(searchReplace(text, search, "pass\n"), reference(text, search, "pass\n"), "content differs");
});

ex.test("blank SEARCH lines must face blank lines, and an exact match later beats an indented one earlier", 1, ({ searchReplace, missingIndent }) => {
  const search = "a\n\nb\n";
  // missingIndent first: a failure then shows on the function that makes the mistake (and the mistake is named)
  const facing = teachingLines("    a\n    x\n    b\n");
  expectSame(missingIndent(facing, teachingLines(search), 0), uniformMissingIndent(facing, teachingLines(search), 0), "missingIndent with a blank SEARCH line facing a non-blank line");
  const whole = teachingLines("    a\n  \n    b\n");
  expectSame(missingIndent(whole, teachingLines(search), 0), uniformMissingIndent(whole, teachingLines(search), 0), "missingIndent with a whitespace-only line");
  const indentedFirst = "    a\n    b\na\nb\n";
  expectSame(searchReplace(indentedFirst, "a\nb\n", "c\n"), reference(indentedFirst, "a\nb\n", "c\n"), "exact at line 3 vs indented at line 1");
  const withBlank = "    a\n    x\n    b\n";
  expectSame(searchReplace(withBlank, search, "c\n"), reference(withBlank, search, "c\n"), "a blank SEARCH line facing a non-blank line");
});

ex.test("edge cases: no final newline, the whole text replaced, SEARCH longer than the text", 1, ({ searchReplace }) => {
  for (const [text, search, replacement] of [
    ["x = 1", "x = 1", "x = 2"],
    ["a\nb\n", "a\nb\n", ""],
    ["a\n", "a\nb\nc\n", "z\n"],
    ["", "a\n", "b\n"],
  ] as const) {
    expectSame(searchReplace(text, search, replacement), reference(text, search, replacement), `text ${JSON.stringify(text)}, search ${JSON.stringify(search)}`);
  }
});

ex.property("random texts, windows and re-indented windows: the teaching model's result", 4, ({ searchReplace }) => {
  fc.assert(
    fc.property(searchReplaceInput, ({ text, search, replacement }) => {
      expectSame(searchReplace(text, search, replacement), reference(text, search, replacement), `text ${JSON.stringify(text)}, search ${JSON.stringify(search)}`);
    }),
    { numRuns: 300 },
  );
});

// Hidden tests (test/exercises/hidden/), when grading with --hidden.
await ex.hiddenTests();
