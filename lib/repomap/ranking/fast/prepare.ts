/**
 * The half of Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) that the conversation cannot change, built once per set of
 * files and tags so that a re-rank (other chat files, other mentions) redoes only the rest (`ranking/fast/request.ts`):
 * the tag index; identifier ids with the two multipliers each can have (mentioned or not, both computed by
 * `identMultiplier`, so in Aider's operation order); the MultiDiGraph's edges in insertion order as typed arrays
 * (referencer node, definer node, identifier); the node order; networkx's out-edge order, and in that order each
 * edge's identifier, definition and √count factor (so a re-rank reads them front to back); scipy's matrix plan in
 * terms of that order; and the code-point tie orders of definitions and nodes.
 *
 * What makes this sound: which edges exist, in what order, with which √count factor, depends only on the files,
 * their tags, the missing files and the options — also the "no references anywhere → every definer references
 * itself" backfill, which looks at all references, not at the chat. Chat files change only weights (×50 for a chat
 * referencer) and personalization; mentions change only weights (×10) and personalization.
 */
import { compareCodePoints } from "../../../core/pystr.js";
import { networkxEdgeOrder } from "../../pagerank/coo.js";
import { planTransitionMatrix, type MatrixPlan } from "../../pagerank/matrix.js";
import { checkDefinerOrder, collectTagIndex, definitionKey, identMultiplier, orderedDefiners, type TagIndex } from "../graph.js";
import type { Tag } from "../tag.js";

/** What a re-rank reuses. Arrays indexed by edge id are in the graph's edge insertion order. */
export interface PreparedRanking {
  /** Every file (chat or other), sorted by code points; a file's id is its position here. */
  readonly fnames: readonly string[];
  readonly fileIds: ReadonlyMap<string, number>;
  readonly missing: ReadonlySet<string>;
  readonly index: Omit<TagIndex, "chatRelFnames" | "personalization">;
  readonly referencesBackfilled: boolean;
  /** Identifiers in definition order (`index.defines` keys), their definers in the order the √count used. */
  readonly idents: readonly string[];
  readonly identIds: ReadonlyMap<string, number>;
  readonly identDefiners: readonly (readonly string[])[];
  /** Per identifier: the multiplier when not mentioned, and when mentioned. */
  readonly plainMul: Float64Array;
  readonly mentionedMul: Float64Array;
  /** Identifiers with references (they get weighted edges), in code-point order. */
  readonly weighted: Int32Array;
  /** Per (definer, identifier) pair: file id, identifier id; its distinct def Tags are defTags[defTagStart[d] … defTagStart[d+1]-1]. */
  readonly defFile: Int32Array;
  readonly defIdent: Int32Array;
  readonly defTagStart: Int32Array;
  readonly defTags: readonly Tag[];
  /** Definition ids in code-point order of (file, identifier): the tie order of the ranking's sort. */
  readonly defsByTie: Int32Array;
  /** Each edge in insertion order: source and target node, identifier. */
  readonly edgeSrc: Int32Array;
  readonly edgeDst: Int32Array;
  readonly edgeIdent: Int32Array;
  /** Graph nodes in networkx order (as edges first mention them); node i is file `nodeFile[i]`. */
  readonly nodes: readonly string[];
  readonly nodeFile: Int32Array;
  /** Node ids in code-point order of their file names. */
  readonly nodesByTie: Int32Array;
  /**
   * networkx's out-edge order: node i's out-edges are positions outRowPtr[i] … outRowPtr[i+1]-1, position k being
   * edge `outOrder[k]` (and edge e at position `outPos[e]`). Per position: identifier, definition, and the √count
   * factor — 0 marks one of the 0.1 self-edges of a definition nobody references (a real factor is ≥ 1).
   */
  readonly outRowPtr: Int32Array;
  readonly outOrder: Int32Array;
  readonly outPos: Int32Array;
  readonly outIdent: Int32Array;
  readonly outDef: Int32Array;
  readonly outFactor: Float64Array;
  /** scipy's matrix plan, its `perm` giving out-edge positions (not edge ids). */
  readonly plan: MatrixPlan;
  /**
   * Buffers one request overwrites (edge weights, matrix values): a re-rank then allocates no 10 MB of typed arrays
   * for the garbage collector to reclaim. Nothing a result keeps points into them.
   */
  readonly scratch: { readonly w: Float64Array; readonly vals: Float64Array };
}

/** Per weighted identifier: referencer file ids and their reference counts, in first-seen order. */
function referenceCounts(refs: readonly string[], fileIds: ReadonlyMap<string, number>): { files: number[]; counts: number[] } {
  const slot = new Map<number, number>();
  const files: number[] = [];
  const counts: number[] = [];
  for (const r of refs) {
    const f = fileIds.get(r)!;
    const at = slot.get(f);
    if (at === undefined) {
      slot.set(f, files.length);
      files.push(f);
      counts.push(1);
    } else counts[at]!++;
  }
  return { files, counts };
}

/** Builds the prepared half over already validated inputs (`getRankedTags` checks them). */
export function prepareRanking(input: {
  readonly files: readonly string[];
  readonly tags: ReadonlyMap<string, readonly Tag[]>;
  readonly missing: ReadonlySet<string>;
  readonly root: string;
  readonly definerOrder: ReadonlyMap<string, readonly string[]>;
  readonly compoundSqrt: boolean;
}): PreparedRanking {
  const { files, tags, missing, root, definerOrder, compoundSqrt } = input;
  const index = collectTagIndex({ files, tags, missing, root });
  checkDefinerOrder(index.defines, definerOrder);
  const { fnames } = index;
  const fileIds = new Map(fnames.map((f, i) => [f, i]));
  const idents = [...index.defines.keys()];
  const identIds = new Map(idents.map((ident, i) => [ident, i]));
  const identDefiners = idents.map((ident) => orderedDefiners(ident, index.defines.get(ident)!, definerOrder));
  const referencesBackfilled = index.references.size === 0;
  const referencesOf = (id: number): readonly string[] | undefined => (referencesBackfilled ? identDefiners[id] : index.references.get(idents[id]!));

  const byName = Int32Array.from(idents.keys()).sort((a, b) => compareCodePoints(idents[a]!, idents[b]!));
  const identTie = new Int32Array(idents.length);
  byName.forEach((id, rank) => (identTie[id] = rank));
  const weighted = byName.filter((id) => referencesOf(id) !== undefined);

  // definitions: one id per (identifier, definer)
  const defStart = new Int32Array(idents.length + 1);
  identDefiners.forEach((d, id) => (defStart[id + 1] = defStart[id]! + d.length));
  const numDefs = defStart[idents.length]!;
  const defFile = new Int32Array(numDefs);
  const defIdent = new Int32Array(numDefs);
  const tagsOfDef: (readonly Tag[])[] = new Array(numDefs);
  identDefiners.forEach((definers, id) =>
    definers.forEach((d, j) => {
      const def = defStart[id]! + j;
      defFile[def] = fileIds.get(d)!;
      defIdent[def] = id;
      tagsOfDef[def] = index.definitions.get(definitionKey(d, idents[id]!))!;
    }),
  );

  const defTagStart = new Int32Array(numDefs + 1);
  tagsOfDef.forEach((tags, def) => (defTagStart[def + 1] = defTagStart[def]! + tags.length));

  const plainMul = new Float64Array(idents.length);
  const mentionedMul = new Float64Array(idents.length);
  const counted = new Map<number, { files: number[]; counts: number[] }>();
  let selfEdges = 0; // edges 0 … selfEdges-1: the 0.1 self-edges
  idents.forEach((_, id) => referencesOf(id) === undefined && (selfEdges += identDefiners[id]!.length));
  let m = selfEdges;
  for (const id of weighted) {
    const definers = identDefiners[id]!;
    plainMul[id] = identMultiplier(idents[id]!, false, definers.length).multiplier;
    mentionedMul[id] = identMultiplier(idents[id]!, true, definers.length).multiplier;
    const c = referenceCounts(referencesOf(id)!, fileIds);
    counted.set(id, c);
    m += c.files.length * definers.length;
  }

  const edgeSrc = new Int32Array(m);
  const edgeDst = new Int32Array(m);
  const edgeIdent = new Int32Array(m);
  const edgeDef = new Int32Array(m);
  const edgeFactor = new Float64Array(m);
  const fileNode = new Int32Array(fnames.length).fill(-1);
  const nodeFile: number[] = [];
  const node = (f: number): number => (fileNode[f] === -1 ? ((fileNode[f] = nodeFile.length), nodeFile.push(f) - 1) : fileNode[f]!);
  let e = 0;
  const add = (src: number, def: number, factor: number): void => {
    edgeSrc[e] = node(src);
    edgeDst[e] = node(defFile[def]!);
    edgeIdent[e] = defIdent[def]!;
    edgeDef[e] = def;
    edgeFactor[e++] = factor;
  };
  idents.forEach((_, id) => {
    if (referencesOf(id) !== undefined) return;
    for (let def = defStart[id]!; def < defStart[id + 1]!; def++) add(defFile[def]!, def, 0);
  });
  for (const id of weighted) {
    const { files: referencers, counts } = counted.get(id)!;
    referencers.forEach((referencer, k) => {
      const count = counts[k]!;
      let n = count;
      for (let def = defStart[id]!; def < defStart[id + 1]!; def++) {
        n = compoundSqrt ? Math.sqrt(n) : Math.sqrt(count); // Aider re-roots n for every definer
        add(referencer, def, n);
      }
    });
  }
  const nodes = nodeFile.map((f) => fnames[f]!);
  const { rowPtr: outRowPtr, order: outOrder } = networkxEdgeOrder(nodes.length, edgeSrc, edgeDst);
  const outPos = new Int32Array(m);
  outOrder.forEach((edge, k) => (outPos[edge] = k));
  const plan = planTransitionMatrix(nodes.length, edgeSrc, edgeDst);
  return {
    fnames,
    fileIds,
    missing,
    index,
    referencesBackfilled,
    idents,
    identIds,
    identDefiners,
    plainMul,
    mentionedMul,
    weighted,
    defFile,
    defIdent,
    defTagStart,
    defTags: tagsOfDef.flat(),
    // fnames are in code-point order, so (file id, identifier's code-point rank) is the (file, ident) order
    defsByTie: Int32Array.from(defFile.keys()).sort((a, b) => defFile[a]! - defFile[b]! || identTie[defIdent[a]!]! - identTie[defIdent[b]!]!),
    edgeSrc,
    edgeDst,
    edgeIdent,
    nodes,
    nodeFile: Int32Array.from(nodeFile),
    nodesByTie: Int32Array.from(nodeFile.keys()).sort((a, b) => nodeFile[a]! - nodeFile[b]!),
    outRowPtr,
    outOrder,
    outPos,
    outIdent: outOrder.map((e) => edgeIdent[e]!),
    outDef: outOrder.map((e) => edgeDef[e]!),
    outFactor: Float64Array.from(outOrder, (e) => edgeFactor[e]!),
    plan: { ...plan, perm: plan.perm.map((e) => outPos[e]!) },
    scratch: { w: new Float64Array(m), vals: new Float64Array(plan.cols.length) },
  };
}
