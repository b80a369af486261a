/**
 * The catalogue of laws, by mechanism: PageRank, the map budget, token counting, SEARCH/REPLACE matching
 * and applying, the reply parser. Token laws need an exact counter, so they are built on request.
 */
import { WorkbenchInputError } from "../core/errors.js";
import { requireString } from "../core/validate.js";
import type { TokenCounter } from "../repomap/budget/token-count.js";
import type { AnyLaw } from "./law.js";
import { APPLY_EDITS_LAWS } from "./laws-apply-edits.js";
import { BUDGET_LAWS } from "./laws-budget.js";
import { PAGERANK_LAWS } from "./laws-pagerank.js";
import { PARSER_LAWS } from "./laws-parser.js";
import { EDIT_FORMAT_LAWS } from "./laws-edit-formats.js";
import { SEARCH_REPLACE_LAWS } from "./laws-search-replace.js";
import { tokenLaws } from "./laws-tokens.js";

const BEFORE_TOKENS: readonly AnyLaw[] = [...PAGERANK_LAWS, ...BUDGET_LAWS];
const AFTER_TOKENS: readonly AnyLaw[] = [...SEARCH_REPLACE_LAWS, ...APPLY_EDITS_LAWS, ...PARSER_LAWS, ...EDIT_FORMAT_LAWS];

/** Every law that needs no tokenizer, in catalogue order. */
export const EXPLORE_LAWS: readonly AnyLaw[] = Object.freeze([...BEFORE_TOKENS, ...AFTER_TOKENS]);

/** The ids of the token laws (they exist once a counter is given). */
export const TOKEN_LAW_IDS: readonly string[] = Object.freeze(tokenLaws(() => 0).map((l) => l.id));

/** Every law, in catalogue order; the token laws are included when `count` (an exact token counter) is given. */
export function exploreLaws(count?: TokenCounter): readonly AnyLaw[] {
  return count === undefined ? EXPLORE_LAWS : [...BEFORE_TOKENS, ...tokenLaws(count), ...AFTER_TOKENS];
}

/** The law with this id (token laws only when `count` is given). */
export function findLaw(id: string, count?: TokenCounter): AnyLaw {
  requireString("findLaw", "id", id);
  const law = exploreLaws(count).find((l) => l.id === id);
  if (law !== undefined) return law;
  if (TOKEN_LAW_IDS.includes(id)) throw new WorkbenchInputError("findLaw", "count", `must be given for the token law "${id}" (loadTiktokenCounter())`);
  throw new WorkbenchInputError("findLaw", "id", "must be the id of a law of the catalogue (exploreLaws() lists them)", id);
}
