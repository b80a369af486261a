/**
 * Aider's `get_ranked_tags` (reference §1.3) written step by step as Aider runs it, every step rebuilt from the tags
 * on every call: the file loop, the edges as objects, the matrix, PageRank, the rank spread, the sort. It gives the
 * same result as `getRankedTags` (which prepares what the conversation cannot change once and redoes only the rest,
 * `ranking/fast/prepared-tags.ts`) bit for bit — the tests check that — and is the version to read first.
 */
import { compareCodePoints } from "../../core/pystr.js";
import { buildRankingEdges, collectTags, definitionKey } from "./graph.js";
import { checkRankedTagsInput, type RankedTagsInput, type RankedTagsOptions, type RankedTagsResult } from "./fast/prepared-tags.js";
import { byRankDesc, rankFiles, rankingEdgeArrays, rankingGraph, spreadRank } from "./rank.js";
import type { RankedEntry, Tag } from "./tag.js";

/** Aider's `get_ranked_tags` with every intermediate, computed directly (and eagerly) from the input. */
export function getRankedTagsDirect(input: RankedTagsInput, options: RankedTagsOptions = {}): RankedTagsResult {
  const a = checkRankedTagsInput(input, options);
  const index = collectTags(a.chatFiles, a.otherFiles, a.tags, a.mentionedFnames, a.mentionedIdents, a.missing, a.root);
  const { edges, weightings, referencesBackfilled } = buildRankingEdges(index, a.mentionedIdents, a.definerOrder, a.compoundSqrt);
  const { nodes, arrays } = rankingEdgeArrays(edges);
  const { ranked, calls } = rankFiles(nodes, arrays, index.personalization);
  const base = { index, weightings, referencesBackfilled, pagerankCalls: calls, edgeCount: edges.length };
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
