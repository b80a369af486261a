/**
 * Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`), written step by step as Aider runs it and rebuilt from the tags on
 * every call — the version to read first: collect definitions, references and personalization (`graph.ts`), build
 * the weighted MultiDiGraph's edges, run networkx-style PageRank with `personalization = dangling = P` (retried
 * without personalization on ZeroDivisionError, Aider issue #1536), spread each file's rank over its out-edges to
 * (definer, ident) pairs (`rank.ts`), and order the result: definitions by (rank, file, ident) descending with chat
 * files removed, then a 1-tuple for every ranked file not yet listed, then the other files that are not graph nodes.
 *
 * Every intermediate a learner may want to look at is returned beside the ranking. `fast/` computes the same result
 * bit for bit from a ranking prepared once per set of files (`prepareRankedTags` + `rankPreparedTags`) — the tests
 * check that — for re-ranks of big repositories.
 */
import { compareCodePoints } from "../../core/pystr.js";
import { buildRankingEdges, collectTags, definitionKey } from "./graph.js";
import { checkRankedTagsInput, type RankedTagsInput, type RankedTagsOptions, type RankedTagsResult } from "./types.js";
import { byRankDesc, rankFiles, rankingEdgeArrays, rankingGraph, spreadRank } from "./rank.js";
import type { RankedEntry, Tag } from "./tag.js";

/** Aider's `get_ranked_tags`: the ranking plus every intermediate result, computed directly (and eagerly) from the input. */
export function getRankedTags(input: RankedTagsInput, options: RankedTagsOptions = {}): RankedTagsResult {
  const a = checkRankedTagsInput(input, options);
  const index = collectTags(a);
  const { edges, weightings, referencesBackfilled } = buildRankingEdges(index, a);
  const { nodes, arrays } = rankingEdgeArrays(edges);
  const { ranked, calls } = rankFiles(nodes, arrays, index.personalization);
  const base = { index, weightings, referencesBackfilled, pagerankCalls: calls, edgeCount: edges.length };
  if (ranked === null) {
    // Both pagerank calls raised ZeroDivisionError: Aider returns [] (practically unreachable).
    const undistributed = edges.map((e) => ({ ...e, rank: 0 }));
    return { ...base, ranked: [], tail: [], edges: undistributed, ranks: new Map(), definitionRanks: [], toGraph: () => rankingGraph(edges) };
  }
  const { ranks } = ranked;
  const { edgeRank, definitionRanks } = spreadRank({ edges, nodes, arrays }, ranks);
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
