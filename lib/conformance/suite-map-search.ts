/**
 * Conformance suite `map_search` (format of `lib/grader/judge/golden/map_search.json`, `aider/repomap.py` `get_repo_map`, `get_ranked_tags_map`, `token_count`):
 * - `search_cases[]`: the binary search over prefix lengths with the token count of each prefix given
 *   (`tokens[k]`); same probes in the same order, same chosen k and tokens (null = no map);
 * - `repo_map_budget[]` (optional section): the budget `get_repo_map` passes on and its return value, with the
 *   generating harness's stubs — listing "MAP\n" and repo-content prefix "PREFIX[{other}]\n" — as the file notes say;
 * - `token_count.cases[]` (optional section): the sampled token count over the stub model named in `stub_model`.
 */
import { isPySpace } from "../core/pystr.js";
import { aiderMapSearch } from "../repomap/budget/map-search.js";
import { aiderRepoMapBudget, aiderRepoMapText } from "../repomap/budget/map-budget.js";
import { sampledTokenCount } from "../repomap/budget/token-count.js";
import { readCases, VectorFormatError, type CaseReader } from "./format.js";
import { guardCase, sameJson } from "./read.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

/** The stubs the vectors' harness used for `get_repo_map` (stated in each case's note). */
export const BUDGET_STUB_LISTING = "MAP\n";
export const BUDGET_STUB_PREFIX = "PREFIX[{other}]\n";
/** The only stub token counter this suite can run: the number of maximal non-whitespace runs. */
export const TOKEN_STUB_MODEL = "token_count(text) = len(re.findall(r'\\S+', text))";

/** Python `len(re.findall(r"\S+", text))` (Python's Unicode whitespace). */
export function countNonSpaceRuns(text: string): number {
  let runs = 0;
  let inRun = false;
  for (const ch of text) {
    const space = isPySpace(ch);
    if (!space && !inRun) runs++;
    inRun = !space;
  }
  return runs;
}

function searchCase(c: CaseReader): CaseOutcome {
  const numTags = c.get<number>("num_tags", "number");
  const budget = c.get<number>("max_map_tokens", "number");
  const tokens = c.get<unknown[]>("tokens", "array");
  if (!Number.isInteger(numTags) || numTags < 0) throw new VectorFormatError(c.id, "num_tags", "must be a non-negative integer");
  if (tokens.length !== numTags + 1) throw new VectorFormatError(c.id, "tokens", `must hold num_tags + 1 = ${numTags + 1} counts (got ${tokens.length})`);
  tokens.forEach((t, i) => {
    if (typeof t !== "number") throw new VectorFormatError(c.id, `tokens[${i}]`, "must be a number");
  });
  const expected = {
    chosen_k: c.get<number | null>("expected.chosen_k", "number|null"),
    tokens: c.get<number | null>("expected.tokens", "number|null"),
    probes: c.get<number[]>("expected.probes", "array"),
  };
  const r = guardCase(c, () => aiderMapSearch(numTags, budget, (k) => ({ text: `<${k} entries>`, tokens: tokens[k] as number })));
  const actual = { chosen_k: r.chosenK, tokens: r.tokens, probes: r.probes.map((p) => p.k) };
  return { id: c.id, passed: sameJson(actual, expected), expected, actual };
}

function budgetCase(c: CaseReader): CaseOutcome {
  const hasChatFiles = c.get<boolean>("has_chat_files", "boolean");
  const expected = {
    max_map_tokens: c.get<number | null>("expected_max_map_tokens_passed", "number|null"),
    return: c.get<string | null>("expected_return", "string|null"),
  };
  const budget = guardCase(c, () =>
    aiderRepoMapBudget({
      mapTokens: c.get("map_tokens", "number"),
      mapMulNoFiles: c.get("map_mul_no_files", "number"),
      maxContextWindow: c.get("max_context_window", "number|null"),
      hasChatFiles,
    }),
  );
  const text = budget === null ? null : aiderRepoMapText(BUDGET_STUB_LISTING, hasChatFiles, BUDGET_STUB_PREFIX);
  const actual = { max_map_tokens: budget, return: text };
  return { id: c.id, passed: sameJson(actual, expected), expected, actual };
}

function tokenCountCases(file: Record<string, unknown>): CaseOutcome[] {
  const section = file.token_count;
  if (typeof section !== "object" || section === null || Array.isArray(section)) {
    throw new VectorFormatError("(file)", "token_count", "must be an object with stub_model and cases");
  }
  const stub = (section as Record<string, unknown>).stub_model;
  if (stub !== TOKEN_STUB_MODEL) throw new VectorFormatError("(file)", "token_count.stub_model", `must be the stub this suite runs: ${TOKEN_STUB_MODEL}`);
  return readCases(section, "cases", "token_count.cases").map((c) => {
    const text = c.get<string>("text", "string");
    const expected = c.get<number>("expected", "number");
    const actual = guardCase(c, () => sampledTokenCount(text, countNonSpaceRuns));
    return { id: c.id, passed: actual === expected, expected, actual };
  });
}

export const mapSearchSuite: ConformanceSuite = {
  name: "map_search",
  description: "the map-size binary search (probes, ±15 % rule), the get_repo_map budget, token_count sampling",
  run(file) {
    const outcomes = readCases(file, "search_cases").map(searchCase);
    const f = file as Record<string, unknown>;
    if (f.repo_map_budget !== undefined) outcomes.push(...readCases(file, "repo_map_budget").map(budgetCase));
    if (f.token_count !== undefined) outcomes.push(...tokenCountCases(f));
    return outcomes;
  },
};
