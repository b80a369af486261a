/**
 * The repo map of a scanned folder, end to end (`aider/repomap.py` `get_repo_map`–1.7): the scan's tags → `getRankedTags` → the map
 * text, chosen either by Aider's ±15 % search over prefix lengths with its sampled token estimate (`tolerance`,
 * `aider/repomap.py` `get_ranked_tags_map`, `token_count`) or by the teaching page's strict rule with exact token counts (`strict`: take ranked entries in order
 * while the map still fits, stop at the first that does not — so the map is never over budget).
 *
 * Orders are fixed (definers in insertion order, identifiers sorted, document-ordered tags), so a folder always
 * gives the same map: Aider's order-fixed ("canonical") map. The half of the ranking the conversation cannot change
 * is prepared once per scan (`prepareRankedTags`, kept as long as the scan object lives), so a re-rank with other
 * chat files or mentions redoes only the rest; nothing is re-read except the skeletons of the files the map shows
 * (cached in `SkeletonCache`, and built from the scan's skeleton spans: no file is parsed again).
 */
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireInteger, requireRecord, requireStringArray } from "../core/validate.js";
import { identFilenameMatches } from "./ranking/mentions.js";
import { aiderMapSearch, type MapProbe } from "./budget/map-search.js";
import { prepareRankedTags, rankPreparedTags } from "./ranking/fast/prepared-tags.js";
import type { RankedTagsResult } from "./ranking/types.js";
import type { PreparedRanking } from "./ranking/fast/prepare.js";
import type { ScanResult } from "./scan/scan.js";
import type { SkeletonCache } from "./render/skeletons.js";
import { aiderToTree } from "./render/to-tree.js";
import { sampledTokenCount, type TokenCounter } from "./budget/token-count.js";
import type { RankedEntry, Tag } from "./ranking/tag.js";

export type BudgetRule = "tolerance" | "strict";

export interface RealMapRequest {
  /** Files in the chat (relative to the scanned folder): personalised ×50, hidden from the map. */
  chatFiles: readonly string[];
  /** Words of the conversation: mentioned identifiers; a word naming a file (path or stem) mentions it. */
  mentions: readonly string[];
  /** The token budget (Aider's `max_map_tokens`). */
  tokens: number;
  budget: BudgetRule;
}

export const REAL_MAP_REQUEST_DEFAULTS: Readonly<RealMapRequest> = Object.freeze({ chatFiles: [], mentions: [], tokens: 1024, budget: "tolerance" });

export interface RealMapSummary {
  files: number;
  skipped: number;
  parsed: number;
  fromCache: number;
  tags: number;
  nodes: number;
  edges: number;
  /** PageRank iterations of the call that succeeded (0 for an empty graph). */
  iterations: number;
  /** Length of the ranking (Tags and filename-only entries). */
  ranked: number;
  /** How many ranked entries the map shows (its prefix length). */
  selected: number;
  tokensExact: number;
  /** Aider's `token_count`: exact under 200 characters, else sampled from every (lines/100)-th line. */
  tokensEstimated: number;
  budget: number;
  budgetRule: BudgetRule;
  /** The map's exact token count is above the budget (possible with `tolerance`, never with `strict`). */
  overBudget: boolean;
}

export interface RealMapResult {
  /** The map text as Aider returns it from `get_ranked_tags_map` ("" when no prefix qualifies). */
  readonly map: string;
  readonly ranking: readonly RankedEntry[];
  readonly selected: readonly RankedEntry[];
  readonly probes: readonly MapProbe[];
  readonly summary: RealMapSummary;
  /** Everything the ranking computed; null when there was nothing to rank (no file outside the chat). */
  readonly rankedTags: RankedTagsResult | null;
}

function checkRequest(request: Partial<RealMapRequest>, listed: ReadonlySet<string>): RealMapRequest {
  const where = "aiderRepoMap";
  requireRecord(where, "request", request);
  rejectUnknownKeys(where, "request", request, Object.keys(REAL_MAP_REQUEST_DEFAULTS));
  const r = { ...REAL_MAP_REQUEST_DEFAULTS, ...request };
  requireStringArray(where, "request.chatFiles", r.chatFiles).forEach((f, i) => {
    if (!listed.has(f)) throw new WorkbenchInputError(where, `request.chatFiles[${i}]`, "must be a file of the scanned folder (relative path)", f);
  });
  requireStringArray(where, "request.mentions", r.mentions);
  requireInteger(where, "request.tokens", r.tokens, 1);
  if (r.budget !== "tolerance" && r.budget !== "strict") throw new WorkbenchInputError(where, "request.budget", 'must be "tolerance" or "strict"', r.budget);
  return r;
}

const tagMaps = new WeakMap<ScanResult, Map<string, Tag[]>>();

/** The scan's tags as the ranking takes them (built once per scan: re-ranking reuses them). */
export function scanTags(scan: ScanResult): Map<string, Tag[]> {
  let tags = tagMaps.get(scan);
  if (!tags) {
    tags = new Map();
    for (const f of scan.files) {
      if (f.tags.length === 0) continue;
      const fname = join(scan.root, f.rel);
      tags.set(f.rel, f.tags.map(([kind, name, line]) => ({ relFname: f.rel, fname, line, name, kind })));
    }
    tagMaps.set(scan, tags);
  }
  return tags;
}

const preparedRankings = new WeakMap<ScanResult, { prepared: PreparedRanking; definingFiles: readonly string[] }>();

/** The scan's prepared ranking (`prepareRankedTags` over every listed file) and the files that define something. */
function preparedScan(scan: ScanResult): { prepared: PreparedRanking; definingFiles: readonly string[] } {
  let entry = preparedRankings.get(scan);
  if (!entry) {
    const files = scan.files.map((f) => f.rel);
    const missingFiles = scan.files.filter((f) => f.skipped === "missing").map((f) => f.rel);
    const prepared = prepareRankedTags({ files, tags: scanTags(scan), missingFiles });
    const definingFiles = [...new Set(Array.from(prepared.defFile, (f) => prepared.fnames[f]!))];
    entry = { prepared, definingFiles };
    preparedRankings.set(scan, entry);
  }
  return entry;
}

/** The scan's prepared ranking, built on first use and kept as long as the scan object lives. */
export function preparedScanRanking(scan: ScanResult): PreparedRanking {
  return preparedScan(scan).prepared;
}

/** Counts each distinct text once (a map's search counts the chosen text again, and the final map twice more). */
function memoCounter(count: TokenCounter): TokenCounter {
  const seen = new Map<string, number>();
  return (text) => {
    let n = seen.get(text);
    if (n === undefined) seen.set(text, (n = count(text)));
    return n;
  };
}

/** The ranking input from a scan: every listed file, tags for the files with any. */
export function rankingInput(scan: ScanResult, chatFiles: readonly string[], mentions: readonly string[]) {
  const files = scan.files.map((f) => f.rel);
  const tags = scanTags(scan);
  const chat = new Set(chatFiles);
  const words = new Set(mentions);
  const byName = files.filter((f) => words.has(f) || words.has(f.slice(f.lastIndexOf("/") + 1)));
  return {
    chatFiles: [...chat],
    otherFiles: files.filter((f) => !chat.has(f)),
    tags,
    mentionedFnames: new Set([...byName, ...identFilenameMatches(words, files)]),
    mentionedIdents: words,
    missingFiles: scan.files.filter((f) => f.skipped === "missing").map((f) => f.rel),
  };
}

/**
 * The strict rule on a real map: the longest prefix whose exact token count fits, found by doubling then
 * bisecting (the count grows with the prefix, so this is where the teaching rule stops: the next entry would not fit).
 */
export function strictPrefixSearch(numEntries: number, budget: number, exactTokens: (k: number) => number): { k: number; probes: MapProbe[] } {
  const probes: MapProbe[] = [];
  const fits = (k: number): boolean => {
    const tokens = exactTokens(k);
    const ok = tokens <= budget;
    probes.push({ k, tokens, pctErr: Math.abs(tokens - budget) / budget, kept: ok });
    return ok;
  };
  let lo = 0; // fits (the empty map)
  let hi = numEntries + 1; // does not fit (past the end)
  for (let k = 1; k <= numEntries; k *= 2) {
    if (fits(k)) lo = k;
    else {
      hi = k;
      break;
    }
  }
  if (hi === numEntries + 1 && lo < numEntries) {
    if (fits(numEntries)) lo = numEntries;
    else hi = numEntries;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return { k: lo, probes };
}

/** What `aiderRepoMap` maps: a scan, the skeleton cache for the scan's root, the exact token counter. */
export interface RepoMapSources {
  scan: ScanResult;
  /** Renders the shown files' skeletons; must be for `scan.root`. */
  skeletons: SkeletonCache;
  /** The exact token counter (e.g. `loadTiktokenCounter()`); Aider's estimate samples it. */
  count: TokenCounter;
}

/** Builds the map of a scanned folder for `request` (over REAL_MAP_REQUEST_DEFAULTS). */
export async function aiderRepoMap(sources: RepoMapSources, request: Partial<RealMapRequest> = {}): Promise<RealMapResult> {
  const where = "aiderRepoMap";
  const src = requireRecord(where, "sources", sources);
  rejectUnknownKeys(where, "sources", src, ["scan", "skeletons", "count"]);
  const { scan, skeletons, count: exactCount } = sources;
  if (typeof exactCount !== "function") throw new WorkbenchInputError(where, "sources.count", "must be a function (text) => number", exactCount);
  if (!Array.isArray((scan as Partial<ScanResult> | null)?.files)) throw new WorkbenchInputError(where, "sources.scan", "must be a ScanResult (scanRepo's result)", scan);
  if (typeof (skeletons as Partial<SkeletonCache> | null)?.useScan !== "function") {
    throw new WorkbenchInputError(where, "sources.skeletons", "must be a SkeletonCache", skeletons);
  }
  if (skeletons.root !== scan.root) throw new WorkbenchInputError(where, "sources.skeletons", `must be for the scan's root (${scan.root})`, skeletons.root);
  const count = memoCounter(exactCount); // the same text always counts the same: each is counted once per call
  const r = checkRequest(request, new Set(scan.files.map((f) => f.rel)));
  skeletons.useScan(scan); // its skeleton spans spare the skeletons a parse
  const input = rankingInput(scan, r.chatFiles, r.mentions);
  // Aider's get_repo_map: no other files, no map (and get_ranked_tags would divide by zero files)
  const { chatFiles, otherFiles, mentionedFnames, mentionedIdents } = input;
  let rankedTags: RankedTagsResult | null = null;
  if (otherFiles.length > 0) {
    const { prepared, definingFiles } = preparedScan(scan);
    rankedTags = rankPreparedTags(prepared, { chatFiles, otherFiles, mentionedFnames, mentionedIdents });
    await skeletons.prepare(definingFiles); // the ranking's Tags come from files that define something
  }
  const ranking = rankedTags?.ranked ?? [];
  const chat = new Set(r.chatFiles);
  const treeOf = (k: number): string => aiderToTree(ranking.slice(0, k), chat, skeletons.renderer);
  let k: number;
  let probes: MapProbe[];
  if (r.budget === "tolerance") {
    const search = aiderMapSearch(ranking.length, r.tokens, (n) => {
      const text = treeOf(n);
      return { text, tokens: sampledTokenCount(text, count) };
    });
    k = search.chosenK ?? 0;
    probes = [...search.probes];
  } else {
    ({ k, probes } = strictPrefixSearch(ranking.length, r.tokens, (n) => count(treeOf(n))));
  }
  const map = k > 0 ? treeOf(k) : "";
  const tokensExact = count(map);
  const ok = rankedTags?.pagerankCalls.filter((c) => c.result === "ok") ?? [];
  const summary: RealMapSummary = {
    files: scan.summary.files,
    skipped: scan.summary.skippedTotal,
    parsed: scan.summary.parsed,
    fromCache: scan.summary.fromCache,
    tags: scan.summary.tags,
    nodes: rankedTags?.ranks.size ?? 0, // PageRank ranks every node of the graph
    edges: rankedTags?.edgeCount ?? 0,
    iterations: ok[ok.length - 1]?.iterations ?? 0,
    ranked: ranking.length,
    selected: k,
    tokensExact,
    tokensEstimated: sampledTokenCount(map, count),
    budget: r.tokens,
    budgetRule: r.budget,
    overBudget: tokensExact > r.tokens,
  };
  return { map, ranking, selected: ranking.slice(0, k), probes, summary, rankedTags };
}
