/**
 * Every catalogued misconception (lib/misconceptions) as an edit of the reference solution: the submission a
 * learner who makes exactly that mistake would write. Used by the end-to-end tests (test/grader/…), which write
 * their wrong submissions into temporary folders at test time (`writeMistakenSubmissions`; none is committed), and
 * by `scripts/misconception-submissions.ts`, which writes one such submission per mistake outside the checkout and
 * grades it (issue 15's must-show). Each edit is an exact piece of the solution's text (found exactly once, after
 * its `// BEGIN/END SOLUTION` markers are dropped) and what the learner wrote instead.
 *
 * `TWO_MISTAKES` pairs two core misconceptions per exercise (issue 15, item 3: an exercise whose two core ideas
 * are both wrong earns at most a third of its points). A learner who holds a belief holds it by hand too, so
 * where an exercise has "by hand" parts the pair's edits also change the answers that belief changes.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listExercises } from "../../lib/grader/catalog.js";
import { misconceptionById } from "../../lib/misconceptions/catalogue.js";

/** One replacement: `find` (exactly once in the solution) becomes `replace`. */
export type Edit = readonly [find: string, replace: string];

export interface Mutation {
  /** The misconception's id in lib/misconceptions. */
  readonly id: string;
  readonly edits: readonly Edit[];
}

const STEP_EDGES = "    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);\n  }\n  return next;";
const ITERATE = "    const next = pageRankStep(graph, rank, damping);";
const leakyStep = (dangling: string): string =>
  `    let d = 0;\n    for (const n of graph.nodes) if (graph.outgoing.get(n) === 0) d += rank.get(n)!;\n` +
  `    const next = new Map<string, number>();\n    for (const n of graph.nodes) next.set(n, (1 - damping) * graph.prior.get(n)!${dangling});\n` +
  `    for (const [src, dst, , weight] of graph.edges) next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);`;

const EXACT_FIRST = '  if (exact.length > 0) return { text: splice(exact[0]!, after), mode: "exact", matchCount: exact.length, startLine: exact[0]! + 1 };\n';
const BLANK_RETRY =
  "  if (p.lines.length > 2 && pystr.isBlank(p.lines[0]!)) { // Python's strip(): not JavaScript's trim()\n    const again = firstTwo(p.lines.slice(1));\n    if (again) return `skip_leading_blank+${again}`;\n  }\n";
const DOTS = '  try {\n    if (tryDotdotdots(w.text, p.text, r.text)) return "dotdotdots";\n  } catch (err) {\n    if (!(err instanceof DotdotdotsError)) throw err;\n  }\n';
const NEXT_SAMPLE = "  for (let i = 0; i < lines.length; i += step) sample += lines[i];\n  return (count(sample) / pystr.cpLength(sample)) * length;";

/** Every catalogue entry, in catalogue order. */
export const MUTATIONS: readonly Mutation[] = [
  { id: "01-dangling-dropped", edits: [["next.set(n, (1 - damping) * p + damping * dangling * p);", "next.set(n, (1 - damping) * p); // MISTAKE: the dangling mass is dropped"]] },
  { id: "01-dangling-uniform", edits: [["next.set(n, (1 - damping) * p + damping * dangling * p);", "next.set(n, (1 - damping) * p + (damping * dangling) / graph.nodes.length); // MISTAKE: spread evenly"]] },
  {
    id: "01-out-degree-count",
    edits: [[STEP_EDGES, "    // MISTAKE: divided by the number of out-edges\n    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.edges.filter((e) => e[0] === src).length);\n  }\n  return next;"]],
  },
  {
    id: "01-dangling-normalised",
    edits: [[
      "next.set(n, (1 - damping) * p + damping * dangling * p);\n  }",
      "next.set(n, (1 - damping) * p); // MISTAKE: the dangling mass is dropped here and made up by rescaling below\n  }",
    ], [STEP_EDGES, "    next.set(dst, next.get(dst)! + (damping * rank.get(src)! * weight) / graph.outgoing.get(src)!);\n  }\n  let sum = 0;\n  for (const v of next.values()) sum += v;\n  for (const [n, v] of next) next.set(n, v / sum);\n  return next;"]],
  },
  {
    id: "01-residual-first-step",
    edits: [[
      "    residualL1 = 0;\n    for (const n of graph.nodes) residualL1 += Math.abs(next.get(n)! - rank.get(n)!);",
      "    // MISTAKE: the residual of the first step only\n    if (t === 0) for (const n of graph.nodes) residualL1 += Math.abs(next.get(n)! - rank.get(n)!);",
    ]],
  },
  { id: "01-iteration-leaks", edits: [[ITERATE, "    // MISTAKE: the iteration drops the dangling mass\n" + leakyStep("")]] },
  { id: "01-iteration-uniform", edits: [[ITERATE, "    // MISTAKE: the iteration spreads the dangling mass evenly\n" + leakyStep(" + (damping * d) / graph.nodes.length")]] },
  {
    id: "01-iteration-normalised",
    edits: [[ITERATE, "    // MISTAKE: the iteration rescales the ranks instead of sending the dangling mass back\n" + leakyStep("") + "\n    let sum = 0;\n    for (const v of next.values()) sum += v;\n    for (const [n, v] of next) next.set(n, v / sum);"]],
  },

  { id: "02-cost-strictly-less", edits: [["if (cost > remainingTokens) break;", "if (cost >= remainingTokens) break; // MISTAKE: < instead of ≤"]] },
  { id: "02-skip-and-go-on", edits: [["if (cost > remainingTokens) break;", "if (cost > remainingTokens) continue; // MISTAKE: skip and go on"]] },
  { id: "02-skip-strictly-less", edits: [["if (cost > remainingTokens) break;", "if (cost >= remainingTokens) continue; // MISTAKE: both"]] },
  { id: "02-share-not-divided", edits: [["entry[1] += (rank.get(src)! * weight) / graph.outgoing.get(src)!;", "entry[1] += rank.get(src)! * weight; // MISTAKE: not divided by out(src)"]] },
  {
    id: "02-ties-utf16",
    edits: [["pystr.compareCodePoints(ka[0], kb[0]) || pystr.compareCodePoints(ka[1], kb[1])", "(ka[0] < kb[0] ? -1 : ka[0] > kb[0] ? 1 : 0) || (ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0) /* MISTAKE: UTF-16 order */"]],
  },

  { id: "03-tolerance-inclusive", edits: [["/ maxMapTokens < 0.15;", "/ maxMapTokens <= 0.15; // MISTAKE: inclusive"]] },
  { id: "03-hard-limit", edits: [["/ maxMapTokens < 0.15;", "/ maxMapTokens < 0.15 && t <= maxMapTokens; // MISTAKE: never over budget"]] },
  { id: "03-bounds-off-by-one", edits: [["while (lo <= hi) {", "while (lo < hi) { // MISTAKE: one probe short"]] },
  { id: "03-no-early-stop", edits: [["      if (close) break;\n", "      // MISTAKE: a close probe does not stop the search\n"]] },
  {
    id: "03-plain-binary-search",
    edits: [
      ["let k = Math.min(Math.floor(maxMapTokens / 25), numTags);", "let k = Math.floor((lo + hi) / 2); // MISTAKE: a plain binary search for the largest prefix that fits"],
      ["const close = Math.abs(t - maxMapTokens) / maxMapTokens < 0.15;", "const close = false;"],
      ["if ((t <= maxMapTokens && t > (best?.tokens ?? 0)) || close) {", "if (t <= maxMapTokens || close) {"],
      ["if (t < maxMapTokens) lo = k + 1;", "if (t <= maxMapTokens) lo = k + 1;"],
    ],
  },

  { id: "04-last-match", edits: [[EXACT_FIRST, '  // MISTAKE: the last match\n  if (exact.length > 0) return { text: splice(exact[exact.length - 1]!, after), mode: "exact", matchCount: exact.length, startLine: exact[exact.length - 1]! + 1 };\n']] },
  {
    id: "04-indent-before-exact",
    edits: [
      [EXACT_FIRST, "  // MISTAKE: each window tried exact-or-indented in turn\n"],
      ["    const prefix = missingIndent(whole, part, start);\n", '    if (exact.includes(start)) return { text: splice(start, after), mode: "exact", matchCount: exact.length, startLine: start + 1 };\n    const prefix = missingIndent(whole, part, start);\n'],
    ],
  },
  {
    id: "04-nonuniform-indent",
    edits: [["    if (!pystr.isBlank(p) || (prefix !== null && p !== prefix)) return null;\n    prefix = p;", "    if (!pystr.isBlank(p)) return null; // MISTAKE: each line may have its own prefix\n    prefix ??= p;"]],
  },
  { id: "04-blanks-unchecked", edits: [["      blanksFaceBlanks &&= pystr.isBlank(have);\n", "      // MISTAKE: what a blank SEARCH line faces is not checked\n"]] },
  { id: "04-matches-not-overlapping", edits: [["    found.push(i);\n", "    found.push(i);\n    i += Math.max(1, part.length) - 1; // MISTAKE: jump past the match\n"]] },
  {
    id: "04-ambiguous-refused",
    edits: [[EXACT_FIRST, '  // MISTAKE: an ambiguous SEARCH is refused\n  if (exact.length > 1) return { text, mode: "no_match", matchCount: exact.length, startLine: null };\n' + EXACT_FIRST]],
  },
  { id: "04-trimend-lines", edits: [["if (whole[i + j] !== part[j]) continue outer;", "if (whole[i + j]!.trimEnd() !== part[j]!.trimEnd()) continue outer; // MISTAKE: trailing whitespace ignored"]] },

  { id: "05-checkpoint-union", edits: [["const before = enabled && dirtyCommits ? overlap : [];", "const before = enabled && dirtyCommits ? [...new Set([...dirty, ...edited])] : []; // MISTAKE: D ∪ E"]] },
  { id: "05-checkpoint-all-dirty", edits: [["const before = enabled && dirtyCommits ? overlap : [];", "const before = enabled && dirtyCommits ? [...dirty] : []; // MISTAKE: all of D, as git commit -a"]] },
  { id: "05-checkpoint-difference", edits: [["const before = enabled && dirtyCommits ? overlap : [];", "const before = enabled && dirtyCommits ? [...dirty].filter((f) => !edited.has(f)) : []; // MISTAKE: D − E"]] },
  { id: "05-dry-run-ignored", edits: [["const enabled = gitEnabled && autoCommits && !dryRun;", "const enabled = gitEnabled && autoCommits && (dryRun || !dryRun); // MISTAKE: dry-run ignored"]] },
  { id: "05-dirty-commits-ignored", edits: [["const before = enabled && dirtyCommits ? overlap : [];", "const before = enabled && (dirtyCommits || !dirtyCommits) ? overlap : []; // MISTAKE: dirty-commits ignored"]] },
  { id: "05-utf16-order", edits: [["[...xs].sort(pystr.compareCodePoints);", "[...xs].sort(); // MISTAKE: UTF-16 order"]] },

  {
    id: "06-empty-is-success",
    edits: [
      ["if (perfectReplace(w.lines, search, r.lines)) return", "if (perfectReplace(w.lines, search, r.lines) !== null) return"],
      ["if (replaceMissingLeadingWhitespace(w.lines, search, r.lines)) return", "if (replaceMissingLeadingWhitespace(w.lines, search, r.lines) !== null /* MISTAKE: \"\" is a success */) return"],
      ["if (tryDotdotdots(w.text, p.text, r.text)) return", "if (tryDotdotdots(w.text, p.text, r.text) !== null) return"],
    ],
  },
  { id: "06-skip-blank-any-length", edits: [["if (p.lines.length > 2 && pystr.isBlank(p.lines[0]!))", "if (p.lines.length > 0 && pystr.isBlank(p.lines[0]!)) /* MISTAKE: any length */"]] },
  { id: "06-trim-not-strip", edits: [["if (p.lines.length > 2 && pystr.isBlank(p.lines[0]!))", "if (p.lines.length > 2 && p.lines[0]!.trim() === \"\") /* MISTAKE: trim() */"]] },
  { id: "06-dots-before-blank", edits: [[BLANK_RETRY + DOTS, "  // MISTAKE: `...` before the blank-line retry\n" + DOTS + BLANK_RETRY]] },

  { id: "07-utf16-length", edits: [["const length = pystr.cpLength(text);", "const length = text.length; // MISTAKE: UTF-16 units"], ["count(sample) / pystr.cpLength(sample)", "count(sample) / sample.length"]] },
  { id: "07-scaled-by-lines", edits: [[NEXT_SAMPLE, "  let kept = 0;\n  for (let i = 0; i < lines.length; i += step) {\n    sample += lines[i];\n    kept++;\n  }\n  return (count(sample) / kept) * lines.length; // MISTAKE: scaled by lines"]] },
  { id: "07-newline-only", edits: [["const lines = pystr.splitlines(text, true);", "const lines = text.split(/(?<=\\n)/); // MISTAKE: \\n only"]] },
  { id: "07-step-rounded-up", edits: [["Math.floor(lines.length / 100) || 1", "Math.ceil(lines.length / 100) || 1 /* MISTAKE: rounded up */"]] },

  { id: "08-partial-not-written", edits: [['p.written.push(reply === "ok" || reply === "partial");', 'p.written.push(reply === "ok"); // MISTAKE: a partial reply writes nothing']] },
  { id: "08-provider-not-a-failure", edits: [['        p.failures.push("provider");\n', "        // MISTAKE: a provider failure is not listed\n"]] },
  { id: "08-retry-counted-as-request", edits: [["        p.providerRetries++;\n", "        p.providerRetries++;\n        p.requests++; // MISTAKE: a retry is a new request\n"]] },

  { id: "09-short-lines-dropped", edits: [["    const short = pystr.cpLength(line) < 2;\n", "    const short = pystr.cpLength(line) < 2;\n    if (short) continue; // MISTAKE: short lines dropped\n"]] },
  { id: "09-unknown-op-as-context", edits: [['    if (op === " ") {', '    if (op !== "-" && op !== "+") { // MISTAKE: any other line is context']] },
  { id: "09-tiny-any-count", edits: [["return pystr.cpLength(bare) < 10 && content.split(before).length - 1 > 1;", "return pystr.cpLength(bare) < 10; // MISTAKE: repeated or not"]] },
  { id: "09-tiny-raw-length", edits: [["return pystr.cpLength(bare) < 10 &&", "return pystr.cpLength(before) < 10 && /* MISTAKE: raw length */"]] },
  {
    id: "09-count-overlapping",
    edits: [[
      "content.split(before).length - 1 > 1;",
      "(() => {\n    let n = 0; // MISTAKE: overlapping occurrences\n    for (let i = content.indexOf(before); i !== -1; i = content.indexOf(before, i + 1)) n++;\n    return n;\n  })() > 1;",
    ]],
  },
];

/** Two core misconceptions per exercise, and the by-hand answers those beliefs change. */
export const TWO_MISTAKES: Readonly<Record<string, { ids: readonly [string, string]; hand?: readonly Edit[] }>> = {
  "01-pagerank": { ids: ["01-dangling-dropped", "01-residual-first-step"], hand: [["return { A: 1 / (1 + damping), B: damping / (1 + damping) };", "return { A: 1 - damping, B: damping * (1 - damping) }; // the mass B holds is lost"]] },
  "02-symbol-budget": { ids: ["02-share-not-divided", "02-skip-and-go-on"] },
  "03-map-search": {
    ids: ["03-hard-limit", "03-no-early-stop"],
    hand: [["return { numTags: 100, maxMapTokens: 1024, tokensPerTag: 20 };", "return { numTags: 10, maxMapTokens: 1000, tokensPerTag: 200 }; // a hard limit cannot be exceeded"]],
  },
  "04-search-replace": { ids: ["04-last-match", "04-nonuniform-indent"] },
  "05-commit-plan": { ids: ["05-checkpoint-union", "05-dry-run-ignored"] },
  "06-trace-the-path": {
    ids: ["06-empty-is-success", "06-skip-blank-any-length"],
    hand: [
      ['leadingBlankTwoLines: "none",', 'leadingBlankTwoLines: "skip_leading_blank+perfect",'],
      ['deleteEverything: "none",', 'deleteEverything: "perfect",'],
    ],
  },
  "07-token-estimate": { ids: ["07-scaled-by-lines", "07-step-rounded-up"] },
  "08-reflection-loop": {
    ids: ["08-retry-counted-as-request", "08-partial-not-written"],
    hand: [
      ["flakyProvider: { requests: 1,", "flakyProvider: { requests: 3,"],
      ['contextOverflow: { requests: 2, providerRetries: 0, reflections: 1, stop: "context-overflow", failures: ["block-mismatch", "context-overflow"], written: ["fixAdd"] },', 'contextOverflow: { requests: 2, providerRetries: 0, reflections: 1, stop: "context-overflow", failures: ["block-mismatch", "context-overflow"], written: [] },'],
      ['partialResend: { requests: 3, providerRetries: 0, reflections: 2, stop: "done", failures: ["block-mismatch", "block-mismatch"], written: ["fixAdd", "fixMul"] },', 'partialResend: { requests: 3, providerRetries: 0, reflections: 2, stop: "done", failures: ["block-mismatch", "validation"], written: ["fixAdd", "fixMul"] },'],
      ["      requests: 4,\n      providerRetries: 1,", "      requests: 5,\n      providerRetries: 1,"],
    ],
  },
  "09-predict-hunk": {
    ids: ["09-unknown-op-as-context", "09-tiny-any-count"],
    hand: [
      ['dotsDropped: "def f():\\n    a = 1\\n    b = 2\\n    return a + 1\\n",', "dotsDropped: null,"],
      ['everyOccurrence: "x = 1\\ntotal = x + 2\\nx = 1\\ntotal = x + 2\\n",', 'everyOccurrence: "x = 1\\ntotal = x + 2\\nx = 1\\ntotal = x + 1\\n",'],
      ['missingMinus: "def f():\\n    a = 1\\n    q = 3\\n    b = 2\\n    return a\\n",', "missingMinus: null,"],
    ],
  },
};

/** The mutation of a misconception, or an error naming it. */
export function mutationOf(id: string): Mutation {
  const m = MUTATIONS.find((x) => x.id === id);
  if (!m) throw new Error(`no mutation for misconception ${id}`);
  return m;
}

/** `source` with each edit applied; throws when a `find` does not occur exactly once. */
export function applyEdits(source: string, edits: readonly Edit[], what: string): string {
  for (const [find, replace] of edits) {
    const at = source.indexOf(find);
    if (at < 0 || source.indexOf(find, at + 1) >= 0) throw new Error(`${what}: ${at < 0 ? "not found" : "found twice"}: ${JSON.stringify(find.slice(0, 80))}`);
    source = source.slice(0, at) + replace + source.slice(at + find.length);
  }
  return source;
}

/** The reference solution of `exercise` without its `// BEGIN/END SOLUTION` marker lines. */
export function plainSolution(root: string, exercise: string): { file: string; source: string } {
  const e = listExercises(root).find((x) => x.id === exercise);
  if (!e) throw new Error(`no exercise ${exercise}`);
  const file = e.files[0]!;
  const text = readFileSync(join(e.solutionDir!, file), "utf8");
  return { file, source: text.split("\n").filter((l) => !/^\s*\/\/ (BEGIN|END) SOLUTION\s*$/.test(l)).join("\n") };
}

/** The submission that makes the misconceptions `ids` (and `hand` edits) in `exercise`, with a header saying so. */
export function mistakenSubmission(root: string, exercise: string, ids: readonly string[], hand: readonly Edit[] = []): { file: string; source: string } {
  const { file, source } = plainSolution(root, exercise);
  let out = source;
  for (const id of ids) {
    const m = misconceptionById(id);
    if (!m || m.exercise !== exercise) throw new Error(`${id} is not a misconception of ${exercise}`);
    out = applyEdits(out, mutationOf(id).edits, id);
  }
  out = applyEdits(out, hand, `${exercise} by-hand answers`);
  const header = `/**\n * A submission that makes ${ids.length === 1 ? "one known mistake" : "these known mistakes"}: ${ids.map((id) => `${id} (${misconceptionById(id)!.title})`).join("; ")}.\n * Written from the reference solution by test/misconceptions/mutations.ts.\n */\n`;
  return { file, source: header + out };
}

/** What one exercise's file of a submissions folder does wrong: the misconceptions `ids`, and `hand` edits. */
export interface MistakenFile {
  readonly ids: readonly string[];
  readonly hand?: readonly Edit[];
}

/**
 * A new folder under the system's temporary directory holding `<exercise>/<file>` for each exercise of `mistakes`
 * (a `workbench grade --target` folder), written with `mistakenSubmission`; throws, naming the mistake, when one of
 * its edits no longer applies to the reference solution exactly once. The caller removes the folder.
 */
export function writeMistakenSubmissions(root: string, mistakes: Readonly<Record<string, MistakenFile>>, prefix = "wb-mistaken-"): string {
  const target = mkdtempSync(join(tmpdir(), prefix));
  for (const [exercise, { ids, hand }] of Object.entries(mistakes)) {
    const { file, source } = mistakenSubmission(root, exercise, ids, hand);
    mkdirSync(join(target, exercise), { recursive: true });
    writeFileSync(join(target, exercise, file), source);
  }
  return target;
}
