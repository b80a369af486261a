/**
 * @aider-workbench/lib — the one public API: what notebooks, exercises and users call, by name. Per mechanism the
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

// ── repo map — teaching model (seed 000, knowledge point 1) ─────────────────────────────────────────────────────
export {
  buildTeachingGraph,
  REPO_MAP_DEFAULTS,
  teachingRepoMap,
  spreadRankToSymbols,
  strictBudgetPrefix,
  teachingPageRank,
  teachingPageRankLeaky,
  teachingPageRankStep,
  TEACHING_STEP_DEFAULTS,
  type RepoMapInput,
  type RepoMapResult,
  type SymbolKey,
  type TeachingEdge,
  type TeachingGraph,
  type TeachingPageRankResult,
  type TeachingStepOptions,
} from "./repomap/teaching/repo-map.js";

// ── repo map — Aider's path, stage by stage: scan → pagerank → ranking → render → budget → repo map ─────────────
export { listRepoFiles, type FileList, type SkipReason } from "./repomap/scan/files.js";
export { LANGUAGES, languageById, languageForPath, type LanguageSpec } from "./repomap/scan/languages.js";
export { UNMAPPED_LANGUAGES, type UnmappedLanguage } from "./repomap/scan/languages-unmapped.js";
export { GrammarSet, packageResolverFrom, type Grammar, type GrammarSetOptions } from "./repomap/scan/grammars.js";
export { getTagsRaw, TAGS_DEFAULTS, type RawTag, type TagKind, type TagsOptions } from "./repomap/scan/tags-raw.js";
export { defaultCacheDir } from "./repomap/scan/cache.js";
export { SCAN_DEFAULTS, scanRepo, type ScannedFile, type ScanOptions, type ScanResult, type ScanSummary } from "./repomap/scan/scan.js";

export {
  AIDER_PAGERANK_DEFAULTS,
  aiderPageRank,
  ITERATE_PAGERANK_DEFAULTS,
  iteratePageRank,
  PageRankZeroDivisionError,
  PowerIterationFailedConvergence,
  type AiderPageRankOptions,
  type AiderPageRankResult,
  type IteratePageRankOptions,
  type NodeValues,
  type PageRankParameters,
} from "./repomap/pagerank/pagerank.js";
export { aiderPageRankFromEdges, type AiderPageRankEdgesOptions } from "./repomap/pagerank/from-edges.js";
export { buildTransitionMatrix, buildTransitionMatrixFromEdges, type EdgeArrays, type TransitionMatrix } from "./repomap/pagerank/matrix.js";

export { getRankedTags } from "./repomap/ranking/ranking.js";
export {
  RANKED_TAGS_DEFAULTS,
  type DistributedEdge,
  type RankedTagsInput,
  type RankedTagsOptions,
  type RankedTagsResult,
} from "./repomap/ranking/types.js";
export { prepareRankedTags, rankPreparedTags, type PreparedRankedTagsInput, type PreparedRankedTagsRequest } from "./repomap/ranking/fast/prepared-tags.js";
export type { PreparedRanking } from "./repomap/ranking/fast/prepare.js";
export { identMultiplier, type IdentWeighting, type RankingEdge, type TagIndex } from "./repomap/ranking/graph.js";
export { rankingGraph, type DefinitionRank, type PageRankCall } from "./repomap/ranking/rank.js";
export {
  compareRankedEntries,
  entryFile,
  isFileOnly,
  isTag,
  tagsFromTriples,
  type FileOnly,
  type NameSet,
  type RankedEntry,
  type Tag,
} from "./repomap/ranking/tag.js";
export { currentMessageText, identFilenameMatches, mentionedIdentsFromText, pathComponents, pathStem } from "./repomap/ranking/mentions.js";

export { AiderTreeContext, buildTreeContext, renderTreeContext } from "./repomap/render/render-tree.js";
export { SKELETON_CACHE_DEFAULTS, SkeletonCache, type SkeletonCacheOptions } from "./repomap/render/skeletons.js";
export { aiderToTree, TO_TREE_MAX_LINE, type SkeletonRenderer } from "./repomap/render/to-tree.js";

export {
  aiderMapSearch,
  aiderRankedTagsMap,
  MAP_SEARCH_TOKENS_PER_TAG,
  MAP_SEARCH_TOLERANCE,
  RANKED_TAGS_MAP_DEFAULTS,
  type MapProbe,
  type MapProbeFn,
  type MapSearchResult,
  type RankedTagsMapInput,
  type RankedTagsMapOptions,
} from "./repomap/budget/map-search.js";
export {
  AIDER_MAP_BUDGET_DEFAULTS,
  aiderDefaultMapTokens,
  aiderRepoMapBudget,
  aiderRepoMapText,
  formatRepoContentPrefix,
  type MapBudgetInput,
} from "./repomap/budget/map-budget.js";
export {
  loadTiktokenCounter,
  sampledTokenCount,
  TIKTOKEN_DEFAULTS,
  TOKEN_SAMPLE_THRESHOLD,
  type TiktokenEncoding,
  type TokenCounter,
} from "./repomap/budget/token-count.js";

export {
  aiderRepoMap,
  preparedScanRanking,
  rankingInput,
  REAL_MAP_REQUEST_DEFAULTS,
  strictPrefixSearch,
  type BudgetRule,
  type RealMapRequest,
  type RealMapResult,
  type RealMapSummary,
  type RepoMapSources,
} from "./repomap/repo-map.js";

// ── SEARCH/REPLACE — teaching model (seed 000, knowledge point 2) ───────────────────────────────────────────────
export {
  exactLineMatches,
  teachingSearchReplace,
  teachingLines,
  uniformMissingIndent,
  type SearchReplaceMode,
  type SearchReplaceResult,
} from "./editblock/teaching/search-replace.js";

// ── SEARCH/REPLACE — Aider's path: parse a reply → replace in one file → apply edits to files ───────────────────
export {
  EditBlockParseError,
  EXPECTED_DIVIDER_ERROR,
  EXPECTED_UPDATED_ERROR,
  findOriginalUpdateBlocks,
  formatEditBlock,
  getEdits,
  MISSING_FILENAME_ERROR,
  type EditBlock,
  type GetEditsResult,
  type ParsedItem,
  type ParseResult,
} from "./editblock/parse.js";
export { ALL_FENCES, chooseFence, DEFAULT_FENCE, type Fence, type FenceChoice } from "./editblock/fence.js";
export { findFilename, stripFilename } from "./editblock/filename.js";
export {
  CLOSEST_EDIT_DISTANCE_THRESHOLD,
  FUZZY_STEP_REACHABLE,
  matchButForLeadingWhitespace,
  perfectReplace,
  prep,
  replaceClosestEditDistance,
  replaceMissingLeadingWhitespace,
  replaceMostSimilarChunk,
  type PreppedText,
  type ReplaceOutcome,
  type ReplaceStage,
} from "./editblock/replace.js";
export { DotdotdotsError, tryDotdotdots, UNMATCHED_DOTS_ERROR, UNPAIRED_DOTS_ERROR } from "./editblock/dotdotdots.js";
export { doReplace, stripQuotedWrapping, type DoReplaceInput, type DoReplaceOutcome } from "./editblock/do-replace.js";
export { findSimilarLines } from "./editblock/similar.js";
export { APPLY_EDITS_DEFAULTS, applyEdits, type ApplyEditsOptions, type ApplyEditsResult, type EditOutcome } from "./editblock/apply.js";
export { MemoryFileSystem, type EditFileSystem } from "./editblock/files.js";

// ── git checkpoints — teaching model (seed 000, knowledge point 3) ──────────────────────────────────────────────
export { COMMIT_PLAN_DEFAULTS, teachingCommitPlan, type CommitPlan, type CommitPlanInput } from "./git/teaching/commit-plan.js";

// ── git checkpoints — Aider's turn, commit and /undo, in a sandbox; scenarios that compare them with the plan ───
export { runTurn, type TurnInput, type TurnResult } from "./git/aider/turn.js";
export { UNDO_NOT_AIDER_HINT, UNDO_REFUSALS, undo, type UndoRefusal, type UndoResult } from "./git/aider/undo.js";
export {
  attribution,
  COMMIT_SETTINGS_DEFAULTS,
  gitRepoCommit,
  slashCommit,
  standInMessage,
  type Attribution,
  type CommitRequest,
  type CommitResult,
  type CommitSettings,
} from "./git/aider/commit.js";
export { AiderSession, ANSWERS_DEFAULTS, GIT_OPTIONS_DEFAULTS, type Answers, type GitOptions, type SessionConfig } from "./git/aider/session.js";
export { AiderRepo, type DiffEntry } from "./git/aider/repo.js";
export { AiderLog, type AiderMessage, type AiderMessageKind } from "./git/aider/io.js";
export { scenarioCoder, wholeFileEdits, type ScenarioEdits, type WholeFileEdit } from "./git/aider/edit-format.js";
export { SandboxFiles } from "./git/aider/files.js";
export { Sandbox, SANDBOX_BRANCH, SANDBOX_USER, withSandbox } from "./git/sandbox/sandbox.js";
export { GitError, runGit, type GitContext, type GitResult } from "./git/sandbox/git-cli.js";
export {
  COMMITS_SINCE_DEFAULTS,
  commitsSince,
  dirtyPaths,
  readCommit,
  repoState,
  type CommitFile,
  type CommitInfo,
  type CommitsSinceOptions,
  type FileSnapshot,
  type RepoState,
} from "./git/sandbox/observe.js";
export { parseScenario, type Scenario, type ScenarioStep, type TurnEdits } from "./git/scenario.js";
export {
  runScenario,
  SANDBOX_IDENTITY,
  type RunOptions,
  type ScenarioReport,
  type StepCommit,
  type StepReport,
  type TurnStepReport,
} from "./git/scenario-run.js";
export { renderScenarioReport } from "./git/scenario-text.js";
export { comparePlanWithGit, type ComparisonRow, type PlanComparison, type PlanField, type TurnObservation } from "./git/compare.js";

// ── Aider's whole loop (seed 001), with a scripted model ────────────────────────────────────────────────────────
export { runLoop } from "./loop/loop.js";
export { LOOP_DEFAULTS, type LoopCounts, type LoopInput, type LoopOptions, type LoopRequest, type LoopResult, type LoopUsage } from "./loop/loop-options.js";
export {
  checkSession,
  runSession,
  SESSION_RUN_DEFAULTS,
  type ArchitectStage,
  type LoopSession,
  type SessionGit,
  type SessionRun,
  type SessionRunOptions,
} from "./loop/session.js";
export {
  PROVIDER_FAILURES,
  ProviderError,
  ScriptedModel,
  ScriptEndedError,
  type LoopModel,
  type ProviderFailureKind,
  type ScriptStep,
} from "./loop/scripted-model.js";
export { maxRetries, REQUEST_DEFAULTS, requestWithRetry, RETRY_DEFAULTS, type Attempt, type RequestOptions, type RequestOutcome, type RetryPolicy } from "./loop/model-client.js";
export {
  buildContext,
  renderContext,
  STAND_IN_PROMPTS,
  type ChatFileText,
  type ChatMessage,
  type ContextInput,
  type ContextPart,
  type PromptMessage,
} from "./loop/context.js";
export { ERROR_CLASS_IDS, ERROR_CLASSES, errorClassTable, type ErrorClass, type ErrorClassId, type Recovery } from "./loop/error-classes.js";
export { scriptedCheck, type CheckContext, type CheckFn } from "./loop/checks.js";
export { findFileMentions } from "./loop/mentions.js";
export {
  EDIT_ANSWERS_DEFAULTS,
  MemoryWorkspace,
  type CommitRecord,
  type EditAnswers,
  type LoopWorkspace,
  type Printed,
  type ReplyInput,
  type UpdateResult,
} from "./loop/workspace.js";
export { GitWorkspace, withGitWorkspace, type GitSetup } from "./loop/git-workspace.js";
export { formatTrace, TraceRecorder, traceRows, type LoopEvent, type LoopEventKind, type StopReason, type TraceRow } from "./loop/trace.js";

// ── the loop with a real model (an OpenAI-compatible server), record and replay; other edit formats, architect ──
export { configFromEnv, ModelConfigError, parseModelSpec, type OpenAIConfig } from "./loop/openai-config.js";
export { OPENAI_CLIENT_DEFAULTS, OpenAIChatModel, type OpenAIClientOptions } from "./loop/openai-client.js";
export { RecordingModel, ReplayMismatchError, ReplayModel } from "./loop/recording.js";
export { checkRecording, type RecordedCall, type Recording } from "./loop/recording-format.js";
export { startStandInServer, stepsFromRecording, type StandInOptions, type StandInServer, type StandInStep } from "./loop/stand-in-server.js";
export { ARCHITECT_DONE, runArchitect, type ArchitectInput, type ArchitectResult } from "./loop/architect.js";

// ── conformance against Aider's golden vectors ──────────────────────────────────────────────────────────────────
export { readCases, VectorFormatError, type CaseReader } from "./conformance/format.js";
export { runSuite, type CaseOutcome, type ConformanceSuite, type SuiteReport } from "./conformance/suite.js";
export { SUITES } from "./conformance/suites.js";

// ── what notebooks display, and the laws relating the teaching models to Aider's path ───────────────────────────
export * as editformats from "./editformats/index.js";
export * as show from "./show/index.js";
export * as explore from "./explore/index.js";
export * as misconceptions from "./misconceptions/index.js";
