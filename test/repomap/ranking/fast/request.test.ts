/**
 * lib/repomap/ranking/fast/request.ts: the half of `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) a conversation changes, run on a
 * prepared ranking — equal to the readable `getRankedTags` for each request, with the reused buffers never leaking
 * from one request's result into the next.
 */
import { describe, expect, it } from "vitest";
import { prepareRanking } from "../../../../lib/repomap/ranking/fast/prepare.js";
import { rankPrepared, type PreparedRequest } from "../../../../lib/repomap/ranking/fast/request.js";
import { getRankedTags } from "../../../../lib/repomap/ranking/ranking.js";
import type { Tag } from "../../../../lib/repomap/ranking/tag.js";
import type { RankedTagsResult } from "../../../../lib/repomap/ranking/types.js";

const t = (relFname: string, kind: "def" | "ref", name: string, line: number): Tag => ({ relFname, fname: relFname, line, name, kind });

const FILES = ["a.py", "b.py", "c.py", "d.md"];
const TAGS = new Map<string, Tag[]>([
  ["a.py", [t("a.py", "def", "compute_total", 0), t("a.py", "def", "_g", 3), t("a.py", "ref", "h", 4)]],
  ["b.py", [1, 2, 3, 4].map((l) => t("b.py", "ref", "compute_total", l)).concat([t("b.py", "def", "h", 6)])],
  ["c.py", [t("c.py", "ref", "compute_total", 0), t("c.py", "def", "compute_total", 2), t("c.py", "ref", "_g", 3)]],
]);
const prepared = () => prepareRanking({ files: FILES, tags: TAGS, missing: new Set(), root: "", definerOrder: new Map(), compoundSqrt: true });

const request = (chat: string[], mentionedIdents: string[] = [], mentionedFnames: string[] = []): PreparedRequest => ({
  chat: new Set(chat),
  otherFiles: FILES.filter((f) => !chat.includes(f)),
  mentionedFnames: new Set(mentionedFnames),
  mentionedIdents: new Set(mentionedIdents),
});

const readable = (r: PreparedRequest): RankedTagsResult =>
  getRankedTags({ chatFiles: [...r.chat], otherFiles: r.otherFiles, tags: TAGS, mentionedFnames: r.mentionedFnames, mentionedIdents: r.mentionedIdents });

/** What a result says, as plain data (the lazy getters read). */
const view = (r: RankedTagsResult) => ({
  ranked: r.ranked,
  tail: r.tail,
  ranks: [...r.ranks],
  definitionRanks: r.definitionRanks,
  edges: r.edges,
  weightings: r.weightings,
  calls: r.pagerankCalls,
  edgeCount: r.edgeCount,
  backfilled: r.referencesBackfilled,
});

describe("rankPrepared", () => {
  const requests = [request([]), request(["a.py"]), request(["b.py"], ["h"]), request([], [], ["c.py"]), request(["c.py", "d.md"], ["compute_total"])];

  it("gives the readable getRankedTags' result for each request, bit for bit", () => {
    const p = prepared();
    for (const r of requests) expect(view(rankPrepared(p, r)), JSON.stringify([...r.chat])).toEqual(view(readable(r)));
  });

  it("a chat file's edges weigh ×50 and a mentioned identifier's ×10, as the readable path weighs them", () => {
    const p = prepared();
    const plain = rankPrepared(p, request([]));
    const chat = rankPrepared(p, request(["b.py"]));
    const fromB = (r: RankedTagsResult) => r.edges.filter((e) => e.src === "b.py").map((e) => e.weight);
    expect(fromB(chat)).toEqual(fromB(plain).map((w) => w * 50));
    const mentioned = rankPrepared(p, request([], ["h"]));
    const toH = (r: RankedTagsResult) => r.edges.filter((e) => e.ident === "h").map((e) => e.weight);
    expect(toH(mentioned)).toEqual(toH(plain).map((w) => w * 10));
  });

  it("one prepared ranking serves request after request: an earlier result does not change when the buffers are reused", () => {
    const p = prepared();
    const first = rankPrepared(p, request(["a.py"]));
    const before = JSON.stringify(view(first));
    rankPrepared(p, request(["b.py"], ["h", "compute_total"]));
    expect(JSON.stringify(view(first))).toBe(before);
    // the lazy parts of a result are built from its own request even when first read after another request
    const second = rankPrepared(p, request([], ["h"]));
    rankPrepared(p, request(["c.py"]));
    expect(view(second)).toEqual(view(readable(request([], ["h"]))));
  });

  it("toGraph() builds the ranked multigraph with each edge's weight, identifier and rank", () => {
    const r = rankPrepared(prepared(), request(["a.py"]));
    const g = r.toGraph();
    expect(g.size).toBe(r.edgeCount);
    expect(g.mapEdges((_, a) => [a.weight, a.ident, a.rank])).toEqual(r.edges.map((e) => [e.weight, e.ident, e.rank]));
  });
});
