/**
 * lib/repomap/ranking/fast/prepare.ts: the half of `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) the conversation cannot change.
 * A small repository worked by hand (edge order, √count factors, tie orders), then checked against the readable
 * path's graph-building step.
 */
import { describe, expect, it } from "vitest";
import { prepareRanking } from "../../../../lib/repomap/ranking/fast/prepare.js";
import { buildRankingEdges, collectTagIndex } from "../../../../lib/repomap/ranking/graph.js";
import type { Tag } from "../../../../lib/repomap/ranking/tag.js";

const t = (relFname: string, kind: "def" | "ref", name: string, line: number): Tag => ({ relFname, fname: relFname, line, name, kind });

// a.py defines f and _g; b.py references f four times and defines h; c.py references f once and defines f too
const FILES = ["c.py", "a.py", "b.py"];
const TAGS = new Map<string, Tag[]>([
  ["a.py", [t("a.py", "def", "f", 0), t("a.py", "def", "_g", 3)]],
  ["b.py", [1, 2, 3, 4].map((l) => t("b.py", "ref", "f", l)).concat([t("b.py", "def", "h", 6)])],
  ["c.py", [t("c.py", "ref", "f", 0), t("c.py", "def", "f", 2)]],
]);
const prepare = (compoundSqrt = true, tags: ReadonlyMap<string, readonly Tag[]> = TAGS) =>
  prepareRanking({ files: FILES, tags, missing: new Set(), root: "", definerOrder: new Map(), compoundSqrt });

describe("prepareRanking on a repository worked by hand", () => {
  const p = prepare();
  const edges = (): string[] => Array.from(p.edgeSrc, (s, e) => `${p.nodes[s]}→${p.nodes[p.edgeDst[e]!]}:${p.idents[p.edgeIdent[e]!]}`);

  it("files by code point, identifiers in definition order with their definers", () => {
    expect(p.fnames).toEqual(["a.py", "b.py", "c.py"]);
    expect(p.idents).toEqual(["f", "_g", "h"]);
    expect(p.identDefiners).toEqual([["a.py", "c.py"], ["a.py"], ["b.py"]]);
    expect(p.referencesBackfilled).toBe(false);
  });

  it("edges: the 0.1 self-edges of unreferenced definitions first, then each referencer × each definer", () => {
    expect(edges()).toEqual(["a.py→a.py:_g", "b.py→b.py:h", "b.py→a.py:f", "b.py→c.py:f", "c.py→a.py:f", "c.py→c.py:f"]);
    expect(p.nodes).toEqual(["a.py", "b.py", "c.py"]);
  });

  it("√count is re-rooted for every further definer (4 refs: 2, then √2); 0 marks a self-edge", () => {
    expect([...p.outOrder]).toEqual([0, 1, 2, 3, 4, 5]); // each row's targets are already in first-seen order here
    expect([...p.outFactor]).toEqual([0, 0, 2, Math.SQRT2, 1, 1]);
    expect([...prepare(false).outFactor]).toEqual([0, 0, 2, 2, 1, 1]);
  });

  it("multipliers for the referenced identifier only, mentioned and not", () => {
    expect([...p.weighted].map((id) => p.idents[id])).toEqual(["f"]);
    expect(p.plainMul[0]).toBe(1);
    expect(p.mentionedMul[0]).toBe(10);
  });

  it("definition tie order is (file, identifier) in code points: '_' (U+005F) before 'f'", () => {
    const defs = Array.from(p.defsByTie, (d) => `${p.fnames[p.defFile[d]!]}:${p.idents[p.defIdent[d]!]}`);
    expect(defs).toEqual(["a.py:_g", "a.py:f", "b.py:h", "c.py:f"]);
    expect(p.defTags.map((tag) => `${tag.relFname}:${tag.name}:${tag.line}`)).toEqual(["a.py:f:0", "c.py:f:2", "a.py:_g:3", "b.py:h:6"]);
  });

  it("scratch buffers are sized for one weight per edge and one value per matrix entry", () => {
    expect(p.scratch.w.length).toBe(6);
    expect(p.scratch.vals.length).toBe(p.plan.cols.length);
    expect(p.plan.cols.length).toBe(6); // no two edges share (source, target)
  });
});

describe("prepareRanking agrees with the readable graph-building step", () => {
  it("the same edges in the same insertion order, with or without references", () => {
    const onlyDefs = new Map([...TAGS].map(([f, tags]) => [f, tags.filter((x) => x.kind === "def")]));
    for (const tags of [TAGS, onlyDefs]) {
      const p = prepare(true, tags);
      const index = collectTagIndex({ files: FILES, tags, missing: new Set(), root: "" });
      const readable = buildRankingEdges({ ...index, chatRelFnames: new Set(), personalization: new Map() }, { mentionedIdents: new Set(), definerOrder: new Map(), compoundSqrt: true });
      expect(p.referencesBackfilled).toBe(readable.referencesBackfilled);
      const prepared = Array.from(p.edgeSrc, (s, e) => ({ src: p.nodes[s], dst: p.nodes[p.edgeDst[e]!], ident: p.idents[p.edgeIdent[e]!] }));
      expect(prepared).toEqual(readable.edges.map(({ src, dst, ident }) => ({ src, dst, ident })));
      // no chat file, nothing mentioned: the readable weight is multiplier × factor (0.1 for a self-edge; _g's ×0.1)
      const weight = (k: number): number => (p.outFactor[k] === 0 ? 0.1 : p.plainMul[p.outIdent[k]!]! * p.outFactor[k]!);
      expect(Array.from(p.outPos, weight)).toEqual(readable.edges.map((e) => e.weight));
    }
    expect(prepare(true, onlyDefs).referencesBackfilled).toBe(true);
  });

  it("a recorded definer order that does not match the definers is refused", () => {
    expect(() =>
      prepareRanking({ files: FILES, tags: TAGS, missing: new Set(), root: "", definerOrder: new Map([["f", ["a.py"]]]), compoundSqrt: true }),
    ).toThrow(/options\.definerOrder\["f"\] must list exactly the definers of "f"/);
  });
});
