/**
 * The half of Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) that the conversation changes, run on a prepared ranking
 * (`ranking/fast/prepare.ts`): personalization, each identifier's multiplier (mentioned or not) and each edge's
 * weight `(multiplier [×50 for a chat referencer]) × √count factor`, the transition matrix filled from the prepared
 * plan, PageRank with Aider's fallback, each node's rank spread over its out-edges in networkx's order and summed per
 * definition, and the ordering, by integer tie orders instead of string comparisons. Every float is computed with the
 * same operations in the same order as the readable `getRankedTags` (`../ranking.ts`), so the results are identical bit for bit.
 *
 * Edges are handled in networkx's out-edge order (the order the spread needs), so each pass reads its arrays front to
 * back. The intermediates only a learner reads (`edges` with their rank, `weightings`, `definitionRanks`,
 * `toGraph()`) are built on first read: a re-rank of a big repository makes no 750,000 edge objects.
 */
import { fillTransitionMatrix } from "../../pagerank/matrix.js";
import { orderByRankDesc } from "./rank-sort.js";
import type { DistributedEdge, RankedTagsResult } from "../types.js";
import { identMultiplier, personalize, type IdentWeighting, type RankingEdge } from "../graph.js";
import type { PreparedRanking } from "./prepare.js";
import { rankingGraph, rankMatrix, type DefinitionRank } from "../rank.js";
import type { RankedEntry } from "../tag.js";

/** One request: chat files and the other files (together: the prepared files), mentioned files and identifiers. */
export interface PreparedRequest {
  readonly chat: ReadonlySet<string>;
  readonly otherFiles: readonly string[];
  readonly mentionedFnames: ReadonlySet<string>;
  readonly mentionedIdents: ReadonlySet<string>;
}

/** A value computed on first use, then kept. */
function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) (value = make()), (made = true);
    return value;
  };
}

/** Defines each of `getters` on `target` as an enumerable property computed on first read, then kept. */
function withLazy<T extends object>(target: T, getters: Record<string, () => unknown>): T {
  for (const [key, make] of Object.entries(getters)) Object.defineProperty(target, key, { get: lazy(make), enumerable: true });
  return target;
}

/** Each edge's weight (out-edge order) into `w`: 0.1 for a self-edge, else (multiplier [×50 from a chat file]) × factor. */
function edgeWeights(p: PreparedRanking, chatNode: Uint8Array, mentionedIdents: ReadonlySet<string>, w: Float64Array): Float64Array {
  const mul = p.plainMul.slice();
  for (const word of mentionedIdents) {
    const id = p.identIds.get(word);
    if (id !== undefined) mul[id] = p.mentionedMul[id]!;
  }
  const { outRowPtr, outIdent, outFactor } = p;
  for (let i = 0; i < p.nodes.length; i++) {
    const fromChat = chatNode[i] === 1; // node i is the referencer of all its out-edges
    for (let k = outRowPtr[i]!; k < outRowPtr[i + 1]!; k++) {
      const factor = outFactor[k]!;
      if (factor === 0) w[k] = 0.1;
      else {
        const u = mul[outIdent[k]!]!;
        w[k] = (fromChat ? u * 50 : u) * factor;
      }
    }
  }
  return w;
}

/**
 * Spreads each node's rank over its out-edges — share = rank · weight / Σ out-weights, in networkx's order — and
 * sums the shares per definition; `edgeRank`, when given, receives each share (out-edge order).
 */
function spread(p: PreparedRanking, w: Float64Array, rank: Float64Array, edgeRank: Float64Array | null): Float64Array {
  const { outRowPtr, outDef } = p;
  const defRank = new Float64Array(p.defFile.length);
  for (let i = 0; i < p.nodes.length; i++) {
    const lo = outRowPtr[i]!;
    const hi = outRowPtr[i + 1]!;
    let total = 0;
    for (let k = lo; k < hi; k++) total += w[k]!;
    const r = rank[i]!;
    for (let k = lo; k < hi; k++) {
      const share = (r * w[k]!) / total;
      if (edgeRank !== null) edgeRank[k] = share;
      defRank[outDef[k]!]! += share;
    }
  }
  return defRank;
}

/** Each edge's share of its source's rank (out-edge order): the spread again, computed only when a learner asks. */
function edgeShares(p: PreparedRanking, w: Float64Array, rank: Float64Array): Float64Array {
  const edgeRank = new Float64Array(w.length);
  spread(p, w, rank, edgeRank);
  return edgeRank;
}

/** The prepared edges as objects in insertion order, with this request's weights and, if given, distributed ranks. */
function edgeObjects(p: PreparedRanking, w: Float64Array, edgeRank: Float64Array | null): DistributedEdge[] {
  return Array.from(p.outPos, (k, e) => ({
    src: p.nodes[p.edgeSrc[e]!]!,
    dst: p.nodes[p.edgeDst[e]!]!,
    weight: w[k]!,
    ident: p.idents[p.edgeIdent[e]!]!,
    rank: edgeRank ? edgeRank[k]! : 0,
  }));
}

/** The ranking's order: definitions by (rank, file, ident) descending without chat files, ranked files, the tail. */
function order(p: PreparedRanking, otherFiles: readonly string[], chatFile: Uint8Array, rank: Float64Array, defRank: Float64Array) {
  const defOrder = orderByRankDesc(defRank, p.defsByTie);
  const { defFile, defTagStart, defTags } = p;
  let size = 0;
  for (let d = 0; d < defFile.length; d++) if (chatFile[defFile[d]!] === 0) size += defTagStart[d + 1]! - defTagStart[d]!;
  const ranked: RankedEntry[] = new Array(size); // filled in order, then grown by the file-only entries
  const listed = new Uint8Array(p.fnames.length);
  let at = 0;
  for (let i = 0; i < defOrder.length; i++) {
    const def = defOrder[i]!;
    const file = defFile[def]!;
    if (chatFile[file] === 1) continue;
    for (let t = defTagStart[def]!; t < defTagStart[def + 1]!; t++) ranked[at++] = defTags[t]!;
    listed[file] = 1;
  }
  const isNode = new Uint8Array(p.fnames.length);
  for (const node of orderByRankDesc(rank, p.nodesByTie)) {
    const file = p.nodeFile[node]!;
    isNode[file] = 1;
    if (listed[file] === 0) ranked.push([p.fnames[file]!]);
  }
  const inTail = new Uint8Array(p.fnames.length);
  for (const f of otherFiles) {
    const file = p.fileIds.get(f)!;
    if (isNode[file] === 0) inTail[file] = 1;
  }
  const tail = p.fnames.filter((_, file) => inTail[file] === 1); // fnames are in code-point order
  for (const f of tail) ranked.push([f]);
  return { defOrder, ranked, tail };
}

/** `get_ranked_tags` for one request on a prepared ranking (inputs already validated). */
export function rankPrepared(p: PreparedRanking, request: PreparedRequest): RankedTagsResult {
  const { chat, otherFiles, mentionedFnames, mentionedIdents } = request;
  const { chatRelFnames, personalization } = personalize({ fnames: p.fnames, missing: p.missing, chat, mentionedFnames, mentionedIdents });
  const chatFile = new Uint8Array(p.fnames.length);
  for (const f of chatRelFnames) chatFile[p.fileIds.get(f)!] = 1;
  const chatNode = Uint8Array.from(p.nodeFile, (file) => chatFile[file]!);
  const w = edgeWeights(p, chatNode, mentionedIdents, p.scratch.w);
  const { ranked, calls } = rankMatrix(fillTransitionMatrix(p.nodes, p.plan, w, p.scratch.vals), personalization);
  // what learners read later is recomputed from the request, not kept from the reused buffer
  const weights = lazy(() => edgeWeights(p, chatNode, mentionedIdents, new Float64Array(w.length)));
  const weightings = (): IdentWeighting[] =>
    Array.from(p.weighted, (id) => {
      const ident = p.idents[id]!;
      const definers = p.identDefiners[id]!;
      const { multiplier, factors } = identMultiplier(ident, mentionedIdents.has(ident), definers.length);
      return { ident, definers, multiplier, factors };
    });
  const base = { index: { ...p.index, chatRelFnames, personalization }, referencesBackfilled: p.referencesBackfilled, pagerankCalls: calls, edgeCount: w.length };
  if (ranked === null) {
    // Both pagerank calls raised ZeroDivisionError: Aider returns [] (practically unreachable).
    const plain = (): RankingEdge[] => edgeObjects(p, weights(), null).map(({ src, dst, weight, ident }) => ({ src, dst, weight, ident }));
    const result = { ...base, ranked: [], tail: [], ranks: new Map(), definitionRanks: [], toGraph: () => rankingGraph(plain()) };
    return withLazy(result, { weightings, edges: () => edgeObjects(p, weights(), null) }) as unknown as RankedTagsResult;
  }
  const rank = Float64Array.from(p.nodes, (f) => ranked.ranks.get(f)!);
  const defRank = spread(p, w, rank, null);
  const { defOrder, ranked: entries, tail } = order(p, otherFiles, chatFile, rank, defRank);
  const edgeRank = lazy(() => edgeShares(p, weights(), rank));
  const edges = lazy(() => edgeObjects(p, weights(), edgeRank()));
  const result = { ...base, ranked: entries, tail, ranks: ranked.ranks, toGraph: () => rankingGraph(edges(), Array.from(p.outPos, (k) => edgeRank()[k]!)) };
  return withLazy(result, {
    weightings,
    edges,
    definitionRanks: (): DefinitionRank[] => Array.from(defOrder, (def) => [p.fnames[p.defFile[def]!]!, p.idents[p.defIdent[def]!]!, defRank[def]!] as const),
  }) as unknown as RankedTagsResult;
}
