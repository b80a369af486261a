/**
 * Conformance suite `repomap_ranking` (format of `test/fixtures/golden/repomap_ranking.json`, `aider/repomap.py` `get_ranked_tags`, `to_tree/render_tree`):
 * - `get_ranked_tags_cases[]`: a `hash_independent` case must match exactly with our default (insertion) definer
 *   order; any other case is run with its recorded `definer_iteration_order`, and then the Tags of one (file, ident)
 *   may come in any order (Aider keeps them in a hash-ordered set). The `unordered_tail` may come in any order in
 *   every case. Also checked: graph edges (weights exactly, distributed rank within 1e-12), pagerank calls, the
 *   ranks used (within 1e-12 relative) and the messages about missing files.
 * - `to_tree_cases[]`: `aiderToTree` with `render_tree` replaced by the case's stub; output and render calls exact.
 */
import { compareCodePoints } from "../core/pystr.js";
import { getRankedTags } from "../repomap/ranking/ranking.js";
import type { RankedTagsResult } from "../repomap/ranking/types.js";
import { aiderToTree } from "../repomap/render/to-tree.js";
import { isFileOnly, tagsFromTriples, type RankedEntry, type Tag } from "../repomap/ranking/tag.js";
import { readCases, VectorFormatError, type CaseReader } from "./format.js";
import { guardCase, RANK_REL_TOLERANCE, readNumberRecord, readStringList, relativeDifference, requireTuple, sameJson } from "./read.js";
import { parseRenderStub, type StubRenderer } from "./render-stub.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

/** A ranked entry as the vectors write it: a Tag object without the absolute path, or a 1-element array. */
type VectorEntry = { rel_fname: string; line: number; name: string; kind: string } | [string];

const toVector = (e: RankedEntry): VectorEntry =>
  isFileOnly(e) ? [e[0]] : { rel_fname: (e as Tag).relFname, line: (e as Tag).line, name: (e as Tag).name, kind: (e as Tag).kind };

function readVectorEntry(c: CaseReader, path: string, v: unknown): VectorEntry {
  if (Array.isArray(v)) {
    if (v.length !== 1 || typeof v[0] !== "string") throw new VectorFormatError(c.id, path, "must be a [rel_fname] array or a tag object");
    return [v[0]];
  }
  if (typeof v !== "object" || v === null) throw new VectorFormatError(c.id, path, "must be a [rel_fname] array or a tag object");
  const t = v as Record<string, unknown>;
  for (const [k, kind] of [["rel_fname", "string"], ["line", "number"], ["name", "string"], ["kind", "string"]] as const) {
    if (typeof t[k] !== kind) throw new VectorFormatError(c.id, `${path}.${k}`, `must be a ${kind}`);
  }
  return { rel_fname: t.rel_fname as string, line: t.line as number, name: t.name as string, kind: t.kind as string };
}

/** Puts the order-free parts in a canonical order: the tail (last n entries) sorted, and optionally each run of Tags of one (file, ident). */
function canonical(entries: readonly VectorEntry[], tailLength: number, groupsUnordered: boolean): VectorEntry[] {
  const head = entries.slice(0, Math.max(0, entries.length - tailLength));
  const tail = entries.slice(head.length).sort((a, b) => compareCodePoints(JSON.stringify(a), JSON.stringify(b)));
  if (groupsUnordered) {
    const key = (e: VectorEntry) => (Array.isArray(e) ? null : JSON.stringify([e.rel_fname, e.name]));
    for (let s = 0; s < head.length; ) {
      let t = s + 1;
      while (t < head.length && key(head[t]!) !== null && key(head[t]!) === key(head[s]!)) t++;
      const run = head.slice(s, t).sort((a, b) => compareCodePoints(JSON.stringify(a), JSON.stringify(b)));
      head.splice(s, t - s, ...run);
      s = t;
    }
  }
  return [...head, ...tail];
}

function readDefinerOrder(c: CaseReader): Record<string, string[]> {
  const raw = c.get<Record<string, unknown>>("expected.definer_iteration_order", "object");
  for (const [k, v] of Object.entries(raw)) {
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
      throw new VectorFormatError(c.id, `expected.definer_iteration_order[${JSON.stringify(k)}]`, "must be an array of strings");
    }
  }
  return raw as Record<string, string[]>;
}

/** Compares edges keyed by (src, dst, ident): weights exactly, distributed rank within tolerance. */
function compareEdges(c: CaseReader, r: RankedTagsResult): { ok: boolean; maxRel: number } {
  const expected = new Map<string, { weight: number; rank: number }>();
  c.get<unknown[]>("expected.graph_edges", "array").forEach((e, i) => {
    const [src, dst, weight, ident, rank] = requireTuple(c, `expected.graph_edges[${i}]`, e, 5, "[src, dst, weight, ident, rank]");
    if (typeof weight !== "number" || typeof rank !== "number") throw new VectorFormatError(c.id, `expected.graph_edges[${i}]`, "must hold numeric weight and rank");
    expected.set(JSON.stringify([src, dst, ident]), { weight, rank });
  });
  let ok = expected.size === r.edges.length;
  let maxRel = 0;
  for (const e of r.edges) {
    const x = expected.get(JSON.stringify([e.src, e.dst, e.ident]));
    if (x === undefined || x.weight !== e.weight) ok = false;
    else maxRel = Math.max(maxRel, relativeDifference(e.rank, x.rank));
  }
  return { ok: ok && maxRel <= RANK_REL_TOLERANCE, maxRel };
}

const sortedEntries = (m: ReadonlyMap<string, number> | Record<string, number> | null) =>
  m === null ? null : (m instanceof Map ? [...m.entries()] : Object.entries(m)).sort((a, b) => compareCodePoints(a[0], b[0]));

function rankingCase(c: CaseReader): CaseOutcome {
  const files = c.get<Record<string, unknown>>("files", "object");
  const hashIndependent = c.get<boolean>("expected.hash_independent", "boolean");
  const tailLength = readStringList(c, "expected.unordered_tail").length;
  const expectedRanked = c.get<unknown[]>("expected.ranked_tags", "array").map((v, i) => readVectorEntry(c, `expected.ranked_tags[${i}]`, v));
  const definerOrder = hashIndependent ? undefined : readDefinerOrder(c);
  const r = guardCase(c, () =>
    getRankedTags(
      {
        chatFiles: readStringList(c, "chat_files"),
        otherFiles: readStringList(c, "other_files"),
        tags: tagsFromTriples(files as Record<string, [string, string, number][]>, "<root>"),
        mentionedFnames: readStringList(c, "mentioned_fnames"),
        mentionedIdents: readStringList(c, "mentioned_idents"),
        missingFiles: readStringList(c, "missing_on_disk"),
      },
      { root: "<root>", definerOrder },
    ),
  );
  const problems: string[] = [];
  const ours = r.ranked.map(toVector);
  if (!sameJson(canonical(ours, tailLength, !hashIndependent), canonical(expectedRanked, tailLength, !hashIndependent))) problems.push("ranked_tags differ");
  const edges = compareEdges(c, r);
  if (!edges.ok) problems.push(`graph_edges differ (max rank difference ${edges.maxRel})`);
  const calls = c.get<unknown[]>("expected.pagerank_calls", "array").map((_, i) => ({
    personalization: sortedEntries(readNumberRecord(c, `expected.pagerank_calls.${i}.personalization`, true)),
    dangling: sortedEntries(readNumberRecord(c, `expected.pagerank_calls.${i}.dangling`, true)),
    result: c.get<string>(`expected.pagerank_calls.${i}.result`, "string"),
  }));
  const ourCalls = r.pagerankCalls.map((p) => ({ personalization: sortedEntries(p.personalization), dangling: sortedEntries(p.dangling), result: p.result }));
  if (!sameJson(calls, ourCalls)) problems.push("pagerank_calls differ");
  const ranks = readNumberRecord(c, "expected.pagerank", false)!;
  let maxRelDiff = 0;
  for (const [node, v] of Object.entries(ranks)) maxRelDiff = Math.max(maxRelDiff, relativeDifference(r.ranks.get(node) ?? NaN, v));
  if (Object.keys(ranks).length !== r.ranks.size || !(maxRelDiff <= RANK_REL_TOLERANCE)) problems.push(`pagerank differs (max relative difference ${maxRelDiff})`);
  const io = c.get<unknown[]>("expected.io", "array");
  if (!sameJson(io, r.index.messages.map((m) => [m.level, m.text]))) problems.push("io messages differ");
  return {
    id: c.id,
    passed: problems.length === 0,
    expected: { ranked_tags: expectedRanked },
    actual: { ranked_tags: ours },
    detail: problems.join("; ") || undefined,
    metrics: { maxRelDiff: Math.max(maxRelDiff, edges.maxRel) },
  };
}

function readTreeEntry(c: CaseReader, path: string, v: unknown): RankedEntry {
  if (!Array.isArray(v) || (v.length !== 1 && v.length !== 5)) throw new VectorFormatError(c.id, path, "must be [rel_fname] or [rel_fname, fname, line, name, kind]");
  if (v.length === 1) return [v[0] as string];
  const [relFname, fname, line, name, kind] = v;
  return { relFname, fname, line, name, kind } as Tag;
}

function toTreeCase(c: CaseReader): CaseOutcome {
  const entries = c.get<unknown[]>("tags", "array").map((v, i) => readTreeEntry(c, `tags[${i}]`, v));
  const chat = readStringList(c, "chat_rel_fnames");
  let stub: StubRenderer;
  try {
    stub = parseRenderStub(c.get<string>("render_tree_stub", "string"));
  } catch (err) {
    throw new VectorFormatError(c.id, "render_tree_stub", (err as Error).message);
  }
  const calls: [string, string, number[]][] = [];
  const output = guardCase(c, () => aiderToTree(entries, chat, (abs, rel, lois) => (calls.push([abs, rel, [...lois]]), stub(abs, rel, lois))));
  const expected = { output: c.get<string>("expected.output", "string"), render_tree_calls: c.get<unknown[]>("expected.render_tree_calls", "array") };
  const actual = { output, render_tree_calls: calls };
  return { id: c.id, passed: sameJson(actual, expected), expected, actual };
}

export const repomapRankingSuite: ConformanceSuite = {
  name: "repomap_ranking",
  description: "get_ranked_tags (graph weights, pagerank calls, ordering) and to_tree with render_tree stubbed",
  run(file) {
    const outcomes = readCases(file, "get_ranked_tags_cases").map(rankingCase);
    if ((file as Record<string, unknown>).to_tree_cases !== undefined) outcomes.push(...readCases(file, "to_tree_cases").map(toTreeCase));
    return outcomes;
  },
};
