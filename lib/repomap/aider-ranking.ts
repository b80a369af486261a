/**
 * Aider's `get_ranked_tags` (reference §1.3), end to end: collect tags and personalization, build the weighted
 * MultiDiGraph (`aider-ranking-graph.ts`), run networkx-style PageRank with `personalization = dangling = P`
 * (retrying without personalization on ZeroDivisionError, Aider issue #1536), spread each file's rank over its
 * out-edges to (definer, ident) pairs, and order the result: definitions by (rank, file, ident) descending with chat
 * files removed, then a 1-tuple for every ranked file not yet listed, then the other files that are not graph nodes.
 *
 * Every intermediate a learner may want to look at (edges with weights and distributed rank, each pagerank call,
 * the personalization, the definition ranks) is returned beside the ranking.
 */
import type Graph from "graphology";
import { WorkbenchInputError } from "../core/errors.js";
import { compareCodePoints } from "../core/pystr.js";
import { rejectUnknownKeys, requireArray, requireBoolean, requireRecord, requireString, requireStringArray } from "../core/validate.js";
import {
  buildRankingEdges,
  collectTags,
  definitionKey,
  type IdentWeighting,
  type RankingEdge,
  type TagIndex,
} from "./aider-ranking-graph.js";
import { byRankDesc, rankFiles, rankingEdgeArrays, rankingGraph, spreadRank, type DefinitionRank, type PageRankCall } from "./aider-ranking-rank.js";
import { checkTag, isTag, type NameSet, type RankedEntry, type Tag } from "./aider-tag.js";

export interface RankedTagsInput {
  /** Repo-relative paths of the files in the chat. */
  chatFiles: readonly string[];
  /** Repo-relative paths of every other file the map may show. */
  otherFiles: readonly string[];
  /** Each file's tags as `get_tags` returns them (`tagsFromTriples` builds this from the vectors' compact form). */
  tags: ReadonlyMap<string, readonly Tag[]>;
  /** Repo-relative paths mentioned in the conversation. */
  mentionedFnames?: NameSet;
  /** Identifiers mentioned in the conversation (`mentionedIdentsFromText`). */
  mentionedIdents?: NameSet;
  /** Files listed in git but missing on disk: warned about and skipped (they still end up in the tail). */
  missingFiles?: readonly string[];
}

export interface RankedTagsOptions {
  /** Per identifier, the order to iterate its definers in (Aider's hash-seeded set order, as the vectors record it). */
  definerOrder?: ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>;
  /** true: √count is re-applied for every further definer, as Aider does; false: every definer gets √count. */
  compoundSqrt?: boolean;
  /** Prefix for paths in the missing-file warning (Aider prints absolute paths). */
  root?: string;
}

export const RANKED_TAGS_DEFAULTS = Object.freeze({ compoundSqrt: true, root: "" });

/** One graph edge with the rank it carried: `rank[src] · weight / Σ out-weights of src`. */
export interface DistributedEdge extends RankingEdge {
  readonly rank: number;
}

export interface RankedTagsResult {
  /** The ranking `get_ranked_tags` returns: Tags and filename-only 1-tuples. */
  readonly ranked: readonly RankedEntry[];
  /** Other files that are not graph nodes, appended last (Aider: set order; here sorted). */
  readonly tail: readonly string[];
  readonly index: TagIndex;
  readonly weightings: readonly IdentWeighting[];
  /** True when no file had references, so every definer was made to reference itself. */
  readonly referencesBackfilled: boolean;
  /** Every edge in insertion order, with its distributed rank. */
  readonly edges: readonly DistributedEdge[];
  readonly pagerankCalls: readonly PageRankCall[];
  /** The ranks used (node order = graph insertion order); empty for an empty graph. */
  readonly ranks: ReadonlyMap<string, number>;
  /** (file, ident, rank) sorted as Aider sorts them, descending; chat files included. */
  readonly definitionRanks: readonly DefinitionRank[];
  /** Builds the MultiDirectedGraph that was ranked (edge attributes: weight, ident, rank), for drawing or inspection. */
  toGraph(): Graph;
}

const WHERE = "getRankedTags";

function nameSet(param: string, value: NameSet | undefined): Set<string> {
  if (value === undefined) return new Set();
  const arr = value instanceof Set ? [...value] : requireArray(WHERE, param, value);
  return new Set(requireStringArray(WHERE, param, arr));
}

function checkInput(input: RankedTagsInput, options: RankedTagsOptions) {
  requireRecord(WHERE, "input", input);
  rejectUnknownKeys(WHERE, "input", input as unknown as Record<string, unknown>, ["chatFiles", "otherFiles", "tags", "mentionedFnames", "mentionedIdents", "missingFiles"]);
  const chatFiles = requireStringArray(WHERE, "input.chatFiles", input.chatFiles);
  const otherFiles = requireStringArray(WHERE, "input.otherFiles", input.otherFiles);
  if (!(input.tags instanceof Map)) throw new WorkbenchInputError(WHERE, "input.tags", "must be a Map from file to Tag[]", input.tags);
  for (const [file, list] of input.tags) {
    requireString(WHERE, "input.tags key", file);
    requireArray(WHERE, `input.tags[${JSON.stringify(file)}]`, list).forEach((t, i) => {
      if (isTag(t) && t.relFname === file) return;
      const tag = checkTag(WHERE, `input.tags[${JSON.stringify(file)}][${i}]`, t);
      throw new WorkbenchInputError(WHERE, `input.tags[${JSON.stringify(file)}][${i}].relFname`, "must be the file it is listed under", tag.relFname);
    });
  }
  requireRecord(WHERE, "options", options);
  rejectUnknownKeys(WHERE, "options", options as Record<string, unknown>, ["definerOrder", "compoundSqrt", "root"]);
  const compoundSqrt = requireBoolean(WHERE, "options.compoundSqrt", options.compoundSqrt ?? RANKED_TAGS_DEFAULTS.compoundSqrt);
  const root = requireString(WHERE, "options.root", options.root ?? RANKED_TAGS_DEFAULTS.root);
  const raw = options.definerOrder ?? new Map<string, readonly string[]>();
  const entries = raw instanceof Map ? [...raw.entries()] : Object.entries(requireRecord(WHERE, "options.definerOrder", raw));
  const definerOrder = new Map(entries.map(([k, v]) => [k, requireStringArray(WHERE, `options.definerOrder[${JSON.stringify(k)}]`, v)]));
  return {
    chatFiles,
    otherFiles,
    mentionedFnames: nameSet("input.mentionedFnames", input.mentionedFnames),
    mentionedIdents: nameSet("input.mentionedIdents", input.mentionedIdents),
    missing: new Set(requireStringArray(WHERE, "input.missingFiles", input.missingFiles ?? [])),
    compoundSqrt,
    root,
    definerOrder,
  };
}

/** Aider's `get_ranked_tags`: the ranking plus every intermediate result. */
export function getRankedTags(input: RankedTagsInput, options: RankedTagsOptions = {}): RankedTagsResult {
  const a = checkInput(input, options);
  const index = collectTags(a.chatFiles, a.otherFiles, input.tags, a.mentionedFnames, a.mentionedIdents, a.missing, a.root);
  const { edges, weightings, referencesBackfilled } = buildRankingEdges(index, a.mentionedIdents, a.definerOrder, a.compoundSqrt);
  const { nodes, arrays } = rankingEdgeArrays(edges);
  const { ranked, calls } = rankFiles(nodes, arrays, index.personalization);
  const base = { index, weightings, referencesBackfilled, pagerankCalls: calls };
  if (ranked === null) {
    // Both pagerank calls raised ZeroDivisionError: Aider returns [] (practically unreachable).
    const undistributed = edges.map((e) => ({ ...e, rank: 0 }));
    return { ...base, ranked: [], tail: [], edges: undistributed, ranks: new Map(), definitionRanks: [], toGraph: () => rankingGraph(edges) };
  }
  const { ranks } = ranked;
  const { edgeRank, definitionRanks } = spreadRank(edges, nodes, arrays, ranks);
  const out: RankedEntry[] = [];
  for (const [file, ident] of definitionRanks) {
    if (!index.chatRelFnames.has(file)) out.push(...(index.definitions.get(definitionKey(file, ident)) ?? []));
  }
  const listed = new Set(out.map((e) => (e as Tag).relFname));
  const tailSet = new Set(a.otherFiles);
  const byRank = [...ranks.entries()].sort(byRankDesc(([, r]) => r, ([x], [y]) => compareCodePoints(x, y)));
  for (const [node] of byRank) {
    tailSet.delete(node);
    if (!listed.has(node)) out.push([node]);
  }
  const tail = [...tailSet].sort(compareCodePoints);
  out.push(...tail.map((f) => [f] as const));
  const distributed = edges.map((e, i) => ({ ...e, rank: edgeRank[i]! }));
  return { ...base, ranked: out, tail, edges: distributed, ranks, definitionRanks, toGraph: () => rankingGraph(edges, edgeRank) };
}
