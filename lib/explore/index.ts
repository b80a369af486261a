/**
 * @aider-workbench/lib/explore — laws stating where the teaching models and Aider's path agree and where they part,
 * run with the caller's fast-check: what a law is and how one runs (law.ts), the catalogue by id, and the pieces
 * notebooks 04 and 07 call by name. Each law and generator is in its file (tests import them there). See README.md.
 */

// a law, running one and replaying its counterexample
export {
  EXPLORE_DEFAULTS,
  exploreLaw,
  LawViolation,
  replayCounterexample,
  type AnyLaw,
  type CounterexampleAt,
  type ExploreOptions,
  type ExploreResult,
  type ExploreRow,
  type FastCheck,
  type Law,
  type Mechanism,
  type Verdict,
} from "./law.js";

// every law, by id (the token laws need the exact counter)
export { EXPLORE_LAWS, exploreLaws, findLaw, TOKEN_LAW_IDS } from "./catalogue.js";
export { tokenLaws } from "./laws-tokens.js";

// what the notebooks call: the garbled-SEARCH generator (04), one change in each edit format and its laws (07)
export { garbledCase, type ReplaceCase } from "./cases-search-replace.js";
export {
  applyInEachFormat,
  formatsAgreeOnExactContext,
  formatsAgreeWhenRepeated,
  formatsFailTogetherOnDrift,
  type FormatCase,
} from "./laws-edit-formats.js";
