/**
 * How Aider decides how much of the ranking fits in the map (`aider/repomap.py` `get_ranked_tags_map`, `get_ranked_tags_map_uncached`): a
 * binary search over prefix lengths k, first probe min(⌊M / 25⌋, N), that keeps the largest map within budget seen
 * so far but STOPS at the first probe within 15 % of the budget M — on either side, so a map up to 15 % over budget
 * is accepted — and returns no map (null) when no probe qualifies. Every probe is returned, for teaching.
 *
 * `aiderRankedTagsMap` puts it together with `to_tree` and `token_count` the way Aider does.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints } from "../../core/pystr.js";
import { rejectUnknownKeys, requireArray, requireFinite, requireInteger, requireRecord } from "../../core/validate.js";
import { aiderToTree, type SkeletonRenderer } from "../render/to-tree.js";
import { sampledTokenCount, type TokenCounter } from "./token-count.js";
import { checkRankedEntry, entryFile, isRankedEntry, type NameSet, type RankedEntry } from "../ranking/tag.js";

/** A map within this fraction of the budget (either side, strictly) ends the search. */
export const MAP_SEARCH_TOLERANCE = 0.15;
/** Aider's first guess: about 25 tokens per ranked entry. */
export const MAP_SEARCH_TOKENS_PER_TAG = 25;

/** One evaluated prefix. */
export interface MapProbe {
  /** Number of ranked entries in the prefix. */
  readonly k: number;
  readonly tokens: number;
  /** |tokens − M| / M. */
  readonly pctErr: number;
  /** True when this prefix became the best map so far. */
  readonly kept: boolean;
}

export interface MapSearchResult {
  /** Prefix length of the returned map; null when there is no map. */
  readonly chosenK: number | null;
  readonly tokens: number | null;
  /** The map text the chosen probe produced (null when there is no map). */
  readonly map: string | null;
  /** Every probe, in the order evaluated. */
  readonly probes: readonly MapProbe[];
}

/** Produces the map text for the first k entries and its token count. */
export type MapProbeFn = (k: number) => { readonly text: string; readonly tokens: number };

/** The binary search over prefix lengths 0…numTags for budget `maxMapTokens`. */
export function aiderMapSearch(numTags: number, maxMapTokens: number, probe: MapProbeFn): MapSearchResult {
  const where = "aiderMapSearch";
  requireInteger(where, "numTags", numTags, 0);
  requireFinite(where, "maxMapTokens", maxMapTokens);
  if (!(maxMapTokens > 0)) throw new WorkbenchInputError(where, "maxMapTokens", "must be positive", maxMapTokens);
  if (typeof probe !== "function") throw new WorkbenchInputError(where, "probe", "must be a function (k) => { text, tokens }", probe);
  let lo = 0;
  let hi = numTags;
  let best: { k: number; text: string; tokens: number } | null = null;
  let bestTokens = 0;
  const probes: MapProbe[] = [];
  let k = Math.min(Math.floor(maxMapTokens / MAP_SEARCH_TOKENS_PER_TAG), numTags);
  while (lo <= hi) {
    const { text, tokens } = probe(k);
    if (typeof tokens !== "number" || !Number.isFinite(tokens) || tokens < 0) {
      throw new WorkbenchInputError(where, `probe(${k}).tokens`, "must be a finite, non-negative number", tokens);
    }
    const pctErr = Math.abs(tokens - maxMapTokens) / maxMapTokens;
    const within = pctErr < MAP_SEARCH_TOLERANCE;
    const kept = (tokens <= maxMapTokens && tokens > bestTokens) || within;
    probes.push({ k, tokens, pctErr, kept });
    if (kept) {
      best = { k, text, tokens };
      bestTokens = tokens;
      if (within) break;
    }
    if (tokens < maxMapTokens) lo = k + 1;
    else hi = k - 1;
    k = Math.floor((lo + hi) / 2);
  }
  return { chosenK: best?.k ?? null, tokens: best?.tokens ?? null, map: best?.text ?? null, probes };
}

/** Options of `aiderRankedTagsMap`. */
export interface RankedTagsMapOptions {
  /**
   * Aider's `filter_important_files` (aider/special.py) applied to the sorted other files; the files it returns that
   * are not already ranked go first as 1-tuples. Default: none. With `getRankedTags` output every other file is
   * already ranked, so this prefix is empty at this commit.
   */
  importantFiles?: (sortedOtherFiles: readonly string[]) => readonly string[];
}

/** No important files: Aider's `filter_important_files` finds none to add at this commit (see above). */
export const RANKED_TAGS_MAP_DEFAULTS = Object.freeze({ importantFiles: (_sortedOtherFiles: readonly string[]): readonly string[] => [] });

/** What `aiderRankedTagsMap` maps: the ranking, the chat and other files, the budget, the renderer and the counter. */
export interface RankedTagsMapInput {
  ranked: readonly RankedEntry[];
  chatRelFnames: NameSet;
  otherRelFnames: readonly string[];
  /** Aider's `max_map_tokens`. */
  maxMapTokens: number;
  render: SkeletonRenderer;
  count: TokenCounter;
}

/**
 * `get_ranked_tags_map_uncached` after the ranking: important-files prefix, then the search with `to_tree` and
 * the sampled `token_count`. Returns the search result (map text, chosen prefix, probes).
 */
export function aiderRankedTagsMap(
  input: RankedTagsMapInput,
  options: RankedTagsMapOptions = {},
): MapSearchResult & { readonly entries: readonly RankedEntry[] } {
  const where = "aiderRankedTagsMap";
  requireRecord(where, "input", input);
  rejectUnknownKeys(where, "input", input as unknown as Record<string, unknown>, ["ranked", "chatRelFnames", "otherRelFnames", "maxMapTokens", "render", "count"]);
  rejectUnknownKeys(where, "options", requireRecord(where, "options", options), ["importantFiles"]);
  const { ranked, chatRelFnames, otherRelFnames, maxMapTokens, render, count } = input;
  requireArray(where, "input.ranked", ranked).forEach((e, i) => isRankedEntry(e) || checkRankedEntry(where, `input.ranked[${i}]`, e));
  requireArray(where, "input.otherRelFnames", otherRelFnames);
  for (const [param, fn] of [["input.render", render], ["input.count", count], ["options.importantFiles", options.importantFiles ?? RANKED_TAGS_MAP_DEFAULTS.importantFiles]] as const) {
    if (typeof fn !== "function") throw new WorkbenchInputError(where, param, "must be a function", fn);
  }
  const importantFiles = options.importantFiles ?? RANKED_TAGS_MAP_DEFAULTS.importantFiles;
  const already = new Set(ranked.map(entryFile));
  const sorted = [...new Set(otherRelFnames)].sort(compareCodePoints);
  const special = importantFiles(sorted).filter((f) => !already.has(f));
  const entries: readonly RankedEntry[] = special.length === 0 ? ranked : [...special.map((f) => [f] as const), ...ranked];
  const result = aiderMapSearch(entries.length, maxMapTokens, (k) => {
    const text = aiderToTree(entries.slice(0, k), chatRelFnames, render);
    return { text, tokens: sampledTokenCount(text, count) };
  });
  return { ...result, entries };
}
