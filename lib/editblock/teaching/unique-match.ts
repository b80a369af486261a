/**
 * Seed 001's unique-match rule (§4.1; SWE-agent's `str_replace_editor` refuses likewise): edit only when SEARCH occurs
 * exactly once. Aider at 5dc9490 does not (`aider/coders/editblock_coder.py` `perfect_replace` takes the first match).
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { isBlank } from "../../core/pystr.js";
import { requireString } from "../../core/validate.js";
import { exactLineMatches, teachingLines, teachingSearchReplace } from "./search-replace.js";

export type UniqueMatchOutcome = "applied" | "not_found" | "ambiguous";

export interface UniqueMatchResult {
  /** The new text when applied; otherwise the input, byte for byte. */
  text: string;
  /** `applied` when SEARCH occurs exactly once; else why the edit was refused. */
  outcome: UniqueMatchOutcome;
  /** How many exact line-block matches SEARCH has (overlapping ones too, as `exactLineMatches` counts). */
  matchCount: number;
  /** The 1-based line where each match starts: what a refusal tells the model. */
  matchLines: number[];
}

const WHERE = "uniqueMatchSearchReplace";

/** Replace SEARCH's one exact occurrence; refuse (text unchanged) when it occurs zero times or more than once. */
export function uniqueMatchSearchReplace(text: string, search: string, replacement: string): UniqueMatchResult {
  requireString(WHERE, "text", text);
  requireString(WHERE, "search", search);
  requireString(WHERE, "replacement", replacement);
  if (isBlank(search)) throw new WorkbenchInputError(WHERE, "search", "must contain a non-blank line", search);
  const matchLines = exactLineMatches(teachingLines(text), teachingLines(search)).map((i) => i + 1);
  const matchCount = matchLines.length;
  if (matchCount !== 1) return { text, outcome: matchCount === 0 ? "not_found" : "ambiguous", matchCount, matchLines };
  return { text: teachingSearchReplace(text, search, replacement).text, outcome: "applied", matchCount, matchLines };
}
