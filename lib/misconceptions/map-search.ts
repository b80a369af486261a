/**
 * Exercise 03's misconceptions: wrong variants of Aider's ±15 % binary search over the number of tags
 * (`aider/repomap.py` `get_ranked_tags_map`), beside lib's port `aiderMapSearch` (lib/repomap/budget/map-search.ts).
 */
import { aiderMapSearch, MAP_SEARCH_TOKENS_PER_TAG, MAP_SEARCH_TOLERANCE } from "../repomap/budget/map-search.js";
import { misconception, rightAnswer, type Misconception, type RightAnswer } from "./types.js";

const EXERCISE = "03-map-search";
const NOTEBOOK = "02-symbols-and-budget.ipynb";
const SECTION = "3. Aider's ±15 % search";
const SEED = "`aider/repomap.py` `get_ranked_tags_map` (get_ranked_tags_map_uncached: the ±15 % search)";
type TokensFor = (k: number) => number;
interface Result {
  chosenK: number | null;
  tokens: number | null;
  probes: number[];
}

/** What a variant search changes from Aider's. */
interface Twist {
  /** err ≤ 0.15 counts as close (Aider: err < 0.15). */
  inclusive?: boolean;
  /** a close probe is kept only when t ≤ M (the budget read as a hard limit). */
  underOnly?: boolean;
  /** the loop runs while lo < hi (Aider: lo ≤ hi). */
  strictLoop?: boolean;
  /** a close probe does not end the search. */
  noStop?: boolean;
}

function searchWith(twist: Twist, numTags: number, maxMapTokens: number, tokensFor: TokensFor): Result {
  let lo = 0;
  let hi = numTags;
  let k = Math.min(Math.floor(maxMapTokens / MAP_SEARCH_TOKENS_PER_TAG), numTags);
  let best: { k: number; tokens: number } | null = null;
  const probes: number[] = [];
  while (twist.strictLoop ? lo < hi : lo <= hi) {
    const t = tokensFor(k);
    probes.push(k);
    const err = Math.abs(t - maxMapTokens) / maxMapTokens;
    const close = (twist.inclusive ? err <= MAP_SEARCH_TOLERANCE : err < MAP_SEARCH_TOLERANCE) && (!twist.underOnly || t <= maxMapTokens);
    if ((t <= maxMapTokens && t > (best?.tokens ?? 0)) || close) {
      best = { k, tokens: t };
      if (close && !twist.noStop) break;
    }
    if (t < maxMapTokens) lo = k + 1;
    else hi = k - 1;
    k = Math.floor((lo + hi) / 2);
  }
  return { chosenK: best?.k ?? null, tokens: best?.tokens ?? null, probes };
}

/** The textbook search for the largest prefix within the budget: midpoints from the start, no ±15 %, no early stop. */
function plainSearch(numTags: number, maxMapTokens: number, tokensFor: TokensFor): Result {
  let lo = 0;
  let hi = numTags;
  let best: { k: number; tokens: number } | null = null;
  const probes: number[] = [];
  while (lo <= hi) {
    const k = Math.floor((lo + hi) / 2);
    const t = tokensFor(k);
    probes.push(k);
    if (t <= maxMapTokens) {
      best = { k, tokens: t };
      lo = k + 1;
    } else hi = k - 1;
  }
  return { chosenK: best?.k ?? null, tokens: best?.tokens ?? null, probes };
}

const variant = (twist: Twist) => (n: number, m: number, f: TokensFor): Result => searchWith(twist, n, m, f);

export const MAP_SEARCH_RIGHT: readonly RightAnswer[] = [
  rightAnswer({
    exercise: EXERCISE,
    fn: "mapSearch",
    tolerance: 0,
    run: (n: number, m: number, f: TokensFor): Result => {
      const r = aiderMapSearch(n, m, (k) => ({ text: "", tokens: f(k) }));
      return { chosenK: r.chosenK, tokens: r.tokens, probes: r.probes.map((p) => p.k) };
    },
  }),
];

const entry = (id: string, title: string, explanation: string, twist: Twist): Misconception =>
  misconception({ id, exercise: EXERCISE, fn: "mapSearch", title, explanation, notebook: { file: NOTEBOOK, section: SECTION }, seed: SEED, run: variant(twist) });

export const MAP_SEARCH_MISCONCEPTIONS: readonly Misconception[] = [
  entry(
    "03-tolerance-inclusive",
    "±15 % read as inclusive (err ≤ 0.15)",
    "A probe exactly 15 % away from the budget is taken as close enough and ends the search. Aider's test is " +
      "pct_err < 0.15, strictly: exactly 15 % over is not accepted, and the search goes on.",
    { inclusive: true },
  ),
  entry(
    "03-hard-limit",
    "the budget read as a hard limit (a close map accepted only under budget)",
    "Only maps with t ≤ M may end the search. Aider accepts any map within 15 % on EITHER side, so its map can be " +
      "up to 15 % over map-tokens — with 20 tokens a tag it takes 55 tags (1100 tokens) for a budget of 1024.",
    { underOnly: true },
  ),
  entry(
    "03-bounds-off-by-one",
    "binary search bounds off by one (loop while lo < hi)",
    "The loop stops when lo = hi, one probe too early: the last candidate prefix is never measured, so the search " +
      "can miss the map Aider finds or return none. Aider loops while lo ≤ hi.",
    { strictLoop: true },
  ),
  entry(
    "03-no-early-stop",
    "a close probe does not end the search",
    "A probe within 15 % is kept but the search carries on and may replace it with a later one. In Aider the first " +
      "probe within 15 % is the answer: the loop breaks there.",
    { noStop: true },
  ),
  misconception({
    id: "03-plain-binary-search",
    exercise: EXERCISE,
    fn: "mapSearch",
    title: "a plain binary search for the largest prefix within the budget",
    explanation:
      "The search probes midpoints from the start and keeps the largest k whose map fits, as a textbook binary " +
      "search would. Aider's starts from a guess of M / 25 tags and stops at the first map within ±15 % of the " +
      "budget, even one over it: fewer renders, and a map that may be up to 15 % over.",
    notebook: { file: NOTEBOOK, section: SECTION },
    seed: SEED,
    run: plainSearch,
  }),
];
