/**
 * @aider-workbench/lib/repomap — the repo map: the seed page's teaching model (`teaching*`) and Aider's path at
 * 5dc9490 (`aider/repomap.py`: get_tags → get_ranked_tags → get_ranked_tags_map → to_tree), side by side.
 * Helpers the stages share stay inside: import them from their file (tests do). README.md says where to start.
 */

// teaching model (seed 000, knowledge point 1)
export {
  buildTeachingGraph,
  REPO_MAP_DEFAULTS,
  spreadRankToSymbols,
  strictBudgetPrefix,
  teachingPageRank,
  teachingPageRankLeaky,
  teachingPageRankStep,
  teachingRepoMap,
  TEACHING_STEP_DEFAULTS,
  type RepoMapInput,
  type RepoMapResult,
  type SymbolKey,
  type TeachingEdge,
  type TeachingGraph,
  type TeachingPageRankResult,
} from "./teaching/repo-map.js";

// Aider's path: scan → pagerank → ranking → render → budget → the whole map on a folder
export { GrammarSet } from "./scan/grammars.js";
export { scanRepo, type ScanResult, type ScanSummary } from "./scan/scan.js";
export { AIDER_PAGERANK_DEFAULTS, aiderPageRank, type AiderPageRankResult } from "./pagerank/pagerank.js";
export { getRankedTags } from "./ranking/ranking.js";
export { rankingGraph } from "./ranking/rank.js";
export type { Tag } from "./ranking/tag.js";
export { SkeletonCache } from "./render/skeletons.js";
export { aiderToTree } from "./render/to-tree.js";
export { aiderMapSearch, MAP_SEARCH_TOLERANCE } from "./budget/map-search.js";
export { AIDER_MAP_BUDGET_DEFAULTS, aiderRepoMapBudget } from "./budget/map-budget.js";
export { loadTiktokenCounter, sampledTokenCount, type TokenCounter } from "./budget/token-count.js";
export { aiderRepoMap, strictPrefixSearch, type RealMapRequest, type RealMapResult, type RealMapSummary } from "./repo-map.js";
