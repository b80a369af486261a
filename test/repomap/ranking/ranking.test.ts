import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getRankedTags, WorkbenchInputError, type Tag } from "../../../lib/index.js";
import { entryFile, isFileOnly, tagsFromTriples } from "../../../lib/repomap/ranking/tag.js";
import { type RankedTagsInput } from "../../../lib/repomap/ranking/types.js";

type Triple = readonly [string, string, number];

/** Ranking input from the compact triple form; every file is an "other" file unless listed as chat. */
function input(files: Record<string, readonly Triple[]>, extra: Partial<RankedTagsInput> = {}): RankedTagsInput {
  const chat = extra.chatFiles ?? [];
  return {
    chatFiles: chat,
    otherFiles: Object.keys(files).filter((f) => !chat.includes(f)),
    tags: tagsFromTriples(files),
    ...extra,
  };
}

const weightsOf = (r: ReturnType<typeof getRankedTags>) => r.edges.map((e) => [e.src, e.dst, e.ident, e.weight]);
const show = (r: ReturnType<typeof getRankedTags>) => r.ranked.map((e) => (isFileOnly(e) ? e[0] : `${(e as Tag).relFname}:${(e as Tag).name}`));

describe("getRankedTags — the graph", () => {
  it("√count compounds per definer in definer order: 16 refs → 4, 2, √2; a given order reorders; plain √ on request", () => {
    const files = { "a.py": [["def", "f", 1]], "b.py": [["def", "f", 2]], "c.py": [["def", "f", 3]], "z.py": Array(16).fill(["ref", "f", 9]) } as Record<string, Triple[]>;
    expect(weightsOf(getRankedTags(input(files)))).toEqual([
      ["z.py", "a.py", "f", 4],
      ["z.py", "b.py", "f", 2],
      ["z.py", "c.py", "f", Math.SQRT2],
    ]);
    const reordered = getRankedTags(input(files), { definerOrder: { f: ["c.py", "a.py", "b.py"] } });
    expect(weightsOf(reordered)).toEqual([
      ["z.py", "c.py", "f", 4],
      ["z.py", "a.py", "f", 2],
      ["z.py", "b.py", "f", Math.SQRT2],
    ]);
    expect(weightsOf(getRankedTags(input(files), { compoundSqrt: false })).map((e) => e[3])).toEqual([4, 4, 4]);
  });

  it("a recorded definer order must list exactly the definers of a defined identifier", () => {
    const files = { "a.py": [["def", "f", 1]], "b.py": [["def", "f", 2], ["ref", "f", 3]] } as Record<string, Triple[]>;
    expect(() => getRankedTags(input(files), { definerOrder: { f: ["a.py"] } })).toThrow(/definerOrder\["f"\] must list exactly the definers/);
    expect(() => getRankedTags(input(files), { definerOrder: { g: ["a.py"] } })).toThrow(/names an identifier nobody defines/);
  });

  it("unreferenced definitions get a 0.1 self-edge; self-references count; the chat referencer gets ×50", () => {
    const r = getRankedTags(
      input(
        { "a.py": [["def", "used", 1], ["def", "unused", 5], ["ref", "used", 8]], "b.py": [["ref", "used", 2], ["ref", "used", 3]] },
        { chatFiles: ["b.py"] },
      ),
    );
    expect(weightsOf(r)).toEqual([
      ["a.py", "a.py", "unused", 0.1],
      ["a.py", "a.py", "used", 1],
      ["b.py", "a.py", "used", 50 * Math.SQRT2],
    ]);
  });

  it("with no references at all, every definer references its own identifiers", () => {
    const r = getRankedTags(input({ "a.py": [["def", "f", 1]], "b.py": [["def", "f", 2], ["def", "g", 4]] }));
    expect(r.referencesBackfilled).toBe(true);
    expect(weightsOf(r)).toEqual([
      ["a.py", "a.py", "f", 1],
      ["a.py", "b.py", "f", 1],
      ["b.py", "a.py", "f", 1],
      ["b.py", "b.py", "f", 1],
      ["b.py", "b.py", "g", 1],
    ]);
  });

  it("toGraph gives the ranked MultiDirectedGraph: same nodes in networkx order, every edge with weight, ident, rank", () => {
    const r = getRankedTags(input({ "b.py": [["ref", "f", 1], ["ref", "g", 2]], "a.py": [["def", "f", 1], ["def", "g", 2]] }));
    const g = r.toGraph();
    expect(g.multi && g.type === "directed").toBe(true);
    expect(g.nodes()).toEqual([...r.ranks.keys()]);
    const attrs: unknown[] = [];
    g.forEachEdge((_e, a, s, t) => attrs.push([s, t, a.ident, a.weight, a.rank]));
    expect(attrs).toEqual(r.edges.map((e) => [e.src, e.dst, e.ident, e.weight, e.rank]));
    expect(g.size).toBe(2); // two parallel edges b.py → a.py
  });

  it("duplicate def Tags collapse (a Python set), duplicate refs count (a list)", () => {
    const r = getRankedTags(input({ "a.py": [["def", "f", 1], ["def", "f", 1]], "b.py": [["ref", "f", 2], ["ref", "f", 2], ["ref", "f", 2], ["ref", "f", 2]] }));
    expect(r.ranked.filter((e) => !Array.isArray(e))).toHaveLength(1);
    expect(weightsOf(r)).toEqual([["b.py", "a.py", "f", 2]]);
  });
});

describe("getRankedTags — personalization and the pagerank call", () => {
  const files = { "src/utils.py": [["def", "helper", 1]], "app.py": [["ref", "helper", 3]], "lib/x.py": [["ref", "helper", 1]] } as Record<string, Triple[]>;

  it("units of 100/len(files): chat 1, mentioned 1 (max with chat), a path piece among the idents +1", () => {
    const unit = 100 / 3;
    const p = (extra: Partial<RankedTagsInput>) => Object.fromEntries(getRankedTags(input(files, extra)).index.personalization);
    expect(p({ chatFiles: ["app.py"] })).toEqual({ "app.py": unit });
    expect(p({ chatFiles: ["app.py"], mentionedFnames: ["app.py"] })).toEqual({ "app.py": unit });
    expect(p({ mentionedIdents: ["utils"] })).toEqual({ "src/utils.py": unit }); // basename without extension
    expect(p({ mentionedIdents: ["src", "utils.py"] })).toEqual({ "src/utils.py": unit }); // once, however many match
    expect(p({ chatFiles: ["app.py"], mentionedIdents: ["app"] })).toEqual({ "app.py": 2 * unit });
    expect(p({})).toEqual({});
  });

  it("personalization = dangling = P when P is non-empty; none at all otherwise", () => {
    const calls = getRankedTags(input(files, { mentionedFnames: ["app.py"] })).pagerankCalls;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.result).toBe("ok");
    expect(calls[0]!.personalization).toBe(calls[0]!.dangling);
    expect(getRankedTags(input(files)).pagerankCalls[0]).toMatchObject({ personalization: null, dangling: null, result: "ok" });
  });

  it("only non-node files personalized → ZeroDivisionError → retried uniform (Aider issue #1536)", () => {
    const r = getRankedTags(input({ ...files, "README.md": [] }, { chatFiles: ["README.md"] }));
    expect(r.pagerankCalls.map((c) => c.result)).toEqual(["ZeroDivisionError", "ok"]);
    expect(r.pagerankCalls[1]!.personalization).toBeNull();
    expect(r.ranks.size).toBe(3);
  });

  it("missing files: warned (once each, with the root), skipped, not counted as chat, and still in the tail", () => {
    const r = getRankedTags(input(files, { otherFiles: [...Object.keys(files), "gone.py"], missingFiles: ["gone.py"] }), { root: "/repo" });
    expect(r.index.messages).toEqual([
      { level: "warning", text: "Repo-map can't include /repo/gone.py" },
      { level: "output", text: "Has it been deleted from the file system but not from git?" },
    ]);
    expect(r.tail).toEqual(["gone.py"]);
    expect(r.ranked.at(-1)).toEqual(["gone.py"]);
    expect(r.index.fnames).toContain("gone.py"); // it still counts in 100/len(fnames)
  });
});

describe("getRankedTags — ordering", () => {
  it("equal ranks: larger file path first, then larger identifier (code points); chat defs removed; nodes as 1-tuples", () => {
    const files: Record<string, Triple[]> = {
      "m0.py": [["def", "run", 1]],
      "m1.py": [["def", "run", 1]],
      "z.py": [["ref", "run", 2], ["def", "go", 0], ["def", "gz", 1]],
      "chat.py": [["ref", "go", 1], ["ref", "gz", 1], ["def", "mine", 1], ["ref", "mine", 2]],
    };
    const r = getRankedTags(input(files, { chatFiles: ["chat.py"] }));
    const shown = show(r);
    // m0/m1 tie exactly: m1 first; go/gz in z.py tie: gz first; chat.py:mine is removed but chat.py stays as a node
    expect(shown.indexOf("m1.py:run")).toBe(shown.indexOf("m0.py:run") - 1);
    expect(shown.indexOf("z.py:gz")).toBe(shown.indexOf("z.py:go") - 1);
    expect(shown).not.toContain("chat.py:mine");
    expect(shown).toContain("chat.py");
    const defs = r.definitionRanks.map(([f, i, rank]) => [f, i, rank] as const);
    for (let i = 1; i < defs.length; i++) expect(defs[i - 1]![2] >= defs[i]![2]).toBe(true);
  });

  it("other files that are not graph nodes come last, sorted; chat files never do", () => {
    const r = getRankedTags(input({ "a.py": [["def", "f", 1]], "b.py": [["ref", "f", 2]], "z.md": [], "c.md": [], "chat.md": [] }, { chatFiles: ["chat.md"] }));
    expect(r.tail).toEqual(["c.md", "z.md"]);
    expect(show(r)).toEqual(["a.py:f", "b.py", "c.md", "z.md"]);
  });

  it("an empty graph: pagerank on no nodes is fine, every other file is in the tail", () => {
    const r = getRankedTags(input({ "a.md": [], "b.py": [["ref", "nobody", 1]] }, { mentionedFnames: ["a.md"] }));
    expect(r.pagerankCalls).toEqual([expect.objectContaining({ result: "ok", iterations: 0 })]);
    expect(show(r)).toEqual(["a.md", "b.py"]);
  });

  it("each node's rank is spread over its out-edges exactly (Σ distributed = rank of the node, for nodes with out-edges)", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("a.py", "b.py", "c/d.py", "e.js", "_f.py"),
          fc.array(fc.tuple(fc.constantFrom("def", "ref"), fc.constantFrom("f", "g", "compute_total", "_x", "Run"), fc.nat(9)), { maxLength: 8 }),
          { minKeys: 1 },
        ),
        (files) => {
          const r = getRankedTags(input(files as Record<string, Triple[]>));
          const out = new Map<string, number>();
          for (const e of r.edges) out.set(e.src, (out.get(e.src) ?? 0) + e.rank);
          for (const [src, total] of out) expect(total).toBeCloseTo(r.ranks.get(src)!, 12);
          // every other file appears exactly once as a 1-tuple or through its Tags
          const files1 = new Set(r.ranked.map(entryFile));
          for (const f of Object.keys(files)) expect(files1.has(f)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("getRankedTags — argument checks", () => {
  it("names the parameter and the rule", () => {
    const ok = input({ "a.py": [["def", "f", 1]] });
    const cases: [unknown, RegExp][] = [
      [{ ...ok, chatFiles: "a.py" }, /input.chatFiles must be an array/],
      [{ ...ok, tags: {} }, /input.tags must be a Map/],
      [{ ...ok, tags: new Map([["a.py", [{ relFname: "b.py", fname: "b.py", line: 1, name: "f", kind: "def" }]]]) }, /relFname must be the file it is listed under/],
      [{ ...ok, tags: new Map([["a.py", [{ relFname: "a.py", fname: "a.py", line: 1, name: "f", kind: "call" }]]]) }, /kind must be "def" or "ref"/],
      [{ ...ok, mentionedIdents: [1] }, /input.mentionedIdents\[0\] must be a string/],
      [{ ...ok, extra: 1 }, /input.extra is not a known option/],
      [{ chatFiles: [], otherFiles: [], tags: new Map() }, /must name at least one chat or other file/],
    ];
    for (const [bad, message] of cases) {
      expect(() => getRankedTags(bad as RankedTagsInput)).toThrow(WorkbenchInputError);
      expect(() => getRankedTags(bad as RankedTagsInput)).toThrow(message);
    }
    expect(() => getRankedTags(ok, { compoundSqrt: 1 } as never)).toThrow(/options.compoundSqrt must be a boolean/);
  });
});
