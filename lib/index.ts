/**
 * @aider-workbench/lib — the root entry, for notebooks that use several mechanisms: the union of the mechanism entries
 * (`@aider-workbench/lib/repomap`, `/editblock`, `/git`, `/loop`) and the namespaces below. Per mechanism the
 * seed page's teaching model (`teaching/`) and Aider's production-style path stand side by side; lib/loop runs
 * Aider's whole loop on them with a scripted model. Helpers the stages share stay inside lib: import them from
 * their file (tests do). The folders' READMEs say where to start reading.
 *
 * The same verbs on both sides: a teaching model's entry point is `teaching<Verb>`; the function of Aider's path
 * that computes the same thing is `aider<Verb>`, or Aider's own Python name camel-cased where the file ports that
 * function (`getRankedTags` is `get_ranked_tags`, `replaceMostSimilarChunk` is `replace_most_similar_chunk`):
 *   repo map        teachingRepoMap ↔ aiderRepoMap · teachingPageRank ↔ aiderPageRank (one step:
 *                   teachingPageRankStep ↔ iteratePageRank's loop) · spreadRankToSymbols ↔ getRankedTags ·
 *                   strictBudgetPrefix ↔ aiderMapSearch (and strictPrefixSearch, the strict rule on a real map)
 *   SEARCH/REPLACE  teachingSearchReplace ↔ replaceMostSimilarChunk (one file) · doReplace · applyEdits (files)
 *   git             teachingCommitPlan ↔ runTurn (a real turn in a sandbox), compared by comparePlanWithGit
 * The teaching pieces below an entry point (`buildTeachingGraph`, `spreadRankToSymbols`, `strictBudgetPrefix`,
 * `exactLineMatches`, `teachingLines`, `uniformMissingIndent`) name the seed page's steps; exercise 04's sandbox
 * allows `teachingLines` by that name.
 */

// ── core: the error family, Python's string semantics, difflib ──────────────────────────────────────────────────
export { GradingError, InputError, SandboxError, WorkbenchError, WorkbenchInputError } from "./core/errors.js";
export { PythonError } from "./core/pyerror.js";
export * as pystr from "./core/pystr.js";
export * as difflib from "./core/difflib.js";

// ── one entry per mechanism, teaching model and Aider's path side by side ───────────────────────────────────────
export * from "./repomap/index.js";
export * from "./editblock/index.js";
export * from "./git/index.js";
export * from "./loop/index.js";

// ── other edit formats, what notebooks display, the laws, the misconceptions ────────────────────────────────────
export * as editformats from "./editformats/index.js";
export * as show from "./show/index.js";
export * as explore from "./explore/index.js";
export * as misconceptions from "./misconceptions/index.js";
