/**
 * fast-check arbitraries for the teaching models' valid inputs: the graded tests of exercises 01, 02 and 04 draw
 * their inputs from them (in the judge), and the teaching models' own tests and properties share them.
 */
import fc from "fast-check";
import type { CommitPlanInput } from "../../git/teaching/commit-plan.js";
import type { RepoMapInput, TeachingEdge } from "../../repomap/teaching/repo-map.js";

/** File names: short ASCII paths plus a few that sort differently by code point than by UTF-16 unit. */
export const fileName = fc.constantFrom("a.py", "b.py", "c.py", "lib/d.py", "Z.py", "é.py", "\u{1F600}.py", "\uFF5E.py", "_e.py");
export const symbolName = fc.constantFrom("f", "g", "Helper", "_private", "run_all", "x");

/** A valid `teachingRepoMap` input: ≥1 file, edges inside the graph, positive weights, a personalization with positive sum. */
export const repoMapInput: fc.Arbitrary<RepoMapInput> = fc
  .uniqueArray(fileName, { minLength: 1, maxLength: 6 })
  .chain((files) =>
    fc.record({
      files: fc.constant(files),
      edges: fc.array(
        fc.tuple(
          fc.constantFrom(...files),
          fc.constantFrom(...files),
          symbolName,
          fc.double({ min: 0.01, max: 100, noNaN: true }),
        ) as fc.Arbitrary<TeachingEdge>,
        { maxLength: 12 },
      ),
      personalization: fc
        .subarray(files, { minLength: 1 })
        .chain((keys) =>
          fc.tuple(...keys.map(() => fc.double({ min: 0.1, max: 10, noNaN: true }))).map((vals) =>
            Object.fromEntries(keys.map((k, i) => [k, vals[i]!])),
          ),
        ),
      symbolCosts: fc.constant(
        Object.fromEntries(files.map((f) => [f, {}])) as Record<string, Record<string, number>>,
      ),
      budget: fc.integer({ min: 0, max: 40 }),
      damping: fc.double({ min: 0.05, max: 0.95, noNaN: true }),
      iterations: fc.integer({ min: 1, max: 60 }),
    }),
  )
  .chain((input) =>
    // a positive integer cost for every (definer, symbol) that can be ranked
    fc
      .array(fc.integer({ min: 1, max: 12 }), { minLength: input.edges.length, maxLength: input.edges.length })
      .map((costs) => {
        const symbolCosts: Record<string, Record<string, number>> = {};
        input.edges.forEach(([, dst, sym], i) => {
          (symbolCosts[dst] ??= {})[sym] ??= costs[i]!;
        });
        return { ...input, symbolCosts };
      }),
  );

/** Lines built from a small alphabet so matches, duplicates and indentation variants happen often. */
const linePiece = fc.constantFrom("x = 1", "y = 2", "def f():", "return x", "", "  ", "\t", "é", "\u{1F600}");
const indent = fc.constantFrom("", "", " ", "    ", "\t", "\u3000");
const eol = fc.constantFrom("\n", "\n", "\n", "\r\n", "\r", "\u2028", "\x0c");
export const textLine = fc.tuple(indent, linePiece, eol).map(([a, b, c]) => a + b + c);
/** A multi-line text; sometimes without a final newline. */
export const text = fc
  .tuple(fc.array(textLine, { maxLength: 8 }), fc.boolean())
  .map(([lines, chop]) => {
    const t = lines.join("");
    return chop && t.endsWith("\n") ? t.slice(0, -1) : t;
  });
/** A SEARCH block that is often a window of `whole`, sometimes re-indented, sometimes unrelated. */
export const searchReplaceInput = text.chain((whole) => {
  const lines = whole.split(/(?<=\n)/);
  const window = fc
    .tuple(fc.nat(Math.max(0, lines.length - 1)), fc.integer({ min: 1, max: 3 }), fc.constantFrom("", "", "    ", "  "))
    .map(([s, n, strip]) =>
      lines
        .slice(s, s + n)
        .map((l) => (strip && l.startsWith(strip) ? l.slice(strip.length) : l))
        .join(""),
    );
  return fc.record({
    text: fc.constant(whole),
    search: fc.oneof(window, text).filter((s) => s.trim() !== "" && /\S/.test(s.replace(/[\u3000\x1c-\x1f\x85]/g, " "))),
    replacement: text,
  });
});

const planFile = fc.constantFrom("app.py", "notes.md", "new.py", "lib/x.py", "README", "é.txt", "\u{1F600}.md", "\uFF5E.md");
/** A `commitPlan` input over a few file names, some that sort differently by code point than by UTF-16 unit. */
export const planInput: fc.Arbitrary<CommitPlanInput> = fc.record({
  dirtyFiles: fc.array(planFile, { maxLength: 6 }),
  editedFiles: fc.array(planFile, { maxLength: 6 }),
  autoCommits: fc.boolean(),
  dirtyCommits: fc.boolean(),
  gitEnabled: fc.boolean(),
  dryRun: fc.boolean(),
});

