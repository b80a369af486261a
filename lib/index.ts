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
import * as pystr from "./core/pystr.js";
import * as difflib from "./core/difflib.js";

// ── one entry per mechanism, teaching model and Aider's path side by side (each entry's names, listed again here
// so that this file shows the whole surface; test/architecture/entries.test.ts keeps the lists equal) ──────────────

// repomap
export {
  AIDER_MAP_BUDGET_DEFAULTS,
  AIDER_PAGERANK_DEFAULTS,
  aiderMapSearch,
  aiderPageRank,
  aiderRepoMap,
  aiderRepoMapBudget,
  aiderToTree,
  buildTeachingGraph,
  getRankedTags,
  GrammarSet,
  loadTiktokenCounter,
  MAP_SEARCH_TOLERANCE,
  rankingGraph,
  REPO_MAP_DEFAULTS,
  sampledTokenCount,
  scanRepo,
  SkeletonCache,
  spreadRankToSymbols,
  strictBudgetPrefix,
  strictPrefixSearch,
  TEACHING_STEP_DEFAULTS,
  teachingPageRank,
  teachingPageRankLeaky,
  teachingPageRankStep,
  teachingRepoMap,
  type AiderPageRankResult,
  type RealMapRequest,
  type RealMapResult,
  type RealMapSummary,
  type RepoMapInput,
  type RepoMapResult,
  type ScanResult,
  type ScanSummary,
  type SymbolKey,
  type Tag,
  type TeachingEdge,
  type TeachingGraph,
  type TeachingPageRankResult,
  type TokenCounter,
} from "./repomap/index.js";

// editblock
export {
  applyEdits,
  DEFAULT_FENCE,
  doReplace,
  DotdotdotsError,
  exactLineMatches,
  findOriginalUpdateBlocks,
  formatEditBlock,
  FUZZY_STEP_REACHABLE,
  getEdits,
  MemoryFileSystem,
  perfectReplace,
  prep,
  replaceClosestEditDistance,
  replaceMissingLeadingWhitespace,
  replaceMostSimilarChunk,
  teachingLines,
  teachingSearchReplace,
  tryDotdotdots,
  uniformMissingIndent,
  uniqueMatchSearchReplace,
  type ApplyEditsResult,
  type EditBlock,
  type EditFileSystem,
  type ReplaceStage,
  type SearchReplaceMode,
  type SearchReplaceResult,
  type UniqueMatchOutcome,
  type UniqueMatchResult,
} from "./editblock/index.js";

// git
export {
  AiderLog,
  AiderRepo,
  COMMIT_PLAN_DEFAULTS,
  COMMIT_SETTINGS_DEFAULTS,
  comparePlanWithGit,
  dirtyPaths,
  gitRepoCommit,
  parseScenario,
  readCommit,
  renderScenarioReport,
  repoState,
  runGit,
  runScenario,
  runTurn,
  Sandbox,
  slashCommit,
  teachingCommitPlan,
  undo,
  withSandbox,
  type CommitPlan,
  type CommitPlanInput,
  type PlanComparison,
  type Scenario,
  type ScenarioReport,
  type TurnInput,
  type TurnResult,
  type TurnStepReport,
  type UndoResult,
} from "./git/index.js";

// loop
export {
  buildContext,
  configFromEnv,
  errorClassTable,
  formatTrace,
  LOOP_DEFAULTS,
  MemoryWorkspace,
  OpenAIChatModel,
  RecordingModel,
  renderContext,
  ReplayModel,
  runArchitect,
  runLoop,
  runSession,
  scriptedCheck,
  ScriptedModel,
  traceRows,
  withGitWorkspace,
  type ErrorClassId,
  type LoopInput,
  type LoopModel,
  type LoopOptions,
  type LoopResult,
  type LoopSession,
  type ScriptStep,
  type StopReason,
} from "./loop/index.js";

// ── other edit formats, what notebooks display, the laws, the misconceptions: one namespace each ────────────────
import * as editformats from "./editformats/index.js";
import * as show from "./show/index.js";
import * as explore from "./explore/index.js";
import * as misconceptions from "./misconceptions/index.js";
export { difflib, editformats, explore, misconceptions, pystr, show };
