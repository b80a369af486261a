/**
 * @aider-workbench/lib/editblock — SEARCH/REPLACE: the seed page's teaching model and Aider's path at 5dc9490
 * (`aider/coders/editblock_coder.py`: find_original_update_blocks → do_replace → replace_most_similar_chunk →
 * apply_edits), side by side. Helpers stay inside: import them from their file (tests do). See README.md.
 */

// teaching model (seed 000, knowledge point 2)
export {
  exactLineMatches,
  teachingLines,
  teachingSearchReplace,
  uniformMissingIndent,
  type SearchReplaceMode,
  type SearchReplaceResult,
} from "./teaching/search-replace.js";
// the unique-match rule Aider does not apply (seed 001 §4.1), for contrast
export { uniqueMatchSearchReplace, type UniqueMatchOutcome, type UniqueMatchResult } from "./teaching/unique-match.js";

// Aider's path: parse a reply → replace in one file → apply the edits to files
export { findOriginalUpdateBlocks, formatEditBlock, getEdits, type EditBlock } from "./parse.js";
export { DEFAULT_FENCE } from "./fence.js";
export {
  FUZZY_STEP_REACHABLE,
  perfectReplace,
  prep,
  replaceClosestEditDistance,
  replaceMissingLeadingWhitespace,
  replaceMostSimilarChunk,
  type ReplaceStage,
} from "./replace.js";
export { DotdotdotsError, tryDotdotdots } from "./dotdotdots.js";
export { doReplace } from "./do-replace.js";
export { applyEdits, type ApplyEditsResult } from "./apply.js";
export { MemoryFileSystem, type EditFileSystem } from "./files.js";
