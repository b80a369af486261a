/**
 * @aider-workbench/lib — the public API. Teaching models (the seed page's, exactly) and the Aider-style
 * production paths live side by side per mechanism: repomap/, editblock/, git/.
 */
export { WorkbenchInputError, describeValue } from "./core/errors.js";
export * as pystr from "./core/pystr.js";

// Repo map — teaching model (seed 000, knowledge point 1)
export {
  repoMap,
  buildTeachingGraph,
  checkRepoMapParameters,
  teachingPageRankStep,
  teachingPageRank,
  teachingPageRankLeaky,
  l1Change,
  spreadRankToSymbols,
  strictBudgetPrefix,
  compareSymbolKeys,
  REPO_MAP_DEFAULTS,
  type TeachingEdge,
  type SymbolKey,
  type TeachingGraph,
  type RepoMapInput,
  type RepoMapResult,
  type TeachingPageRankResult,
} from "./repomap/teaching-repo-map.js";

// SEARCH/REPLACE — teaching model (seed 000, knowledge point 2)
export {
  searchReplace,
  teachingLines,
  exactLineMatches,
  uniformMissingIndent,
  type SearchReplaceMode,
  type SearchReplaceResult,
} from "./editblock/teaching-search-replace.js";

// Git checkpoints — teaching model (seed 000, knowledge point 3)
export { commitPlan, COMMIT_PLAN_DEFAULTS, type CommitPlan, type CommitPlanInput } from "./git/teaching-commit-plan.js";
