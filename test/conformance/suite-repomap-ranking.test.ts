import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { repomapRankingSuite } from "../../lib/conformance/suite-repomap-ranking.js";
import { loadGolden, maxRelDiff, onlyFailure, renameIds, type VectorCase } from "../support/golden.js";

type Expected = {
  ranked_tags: unknown[];
  graph_edges: unknown[][];
  definer_iteration_order: Record<string, unknown>;
  unordered_tail: string[];
  hash_independent: boolean;
  pagerank_calls: { result: string }[];
  pagerank: Record<string, number>;
  io: unknown[];
};
type RankingCase = VectorCase & { id: string; expected: Expected };
type TreeCase = VectorCase & { id: string; tags: unknown[]; expected: { output: string; render_tree_calls: unknown[] } };
const load = () => loadGolden<{ get_ranked_tags_cases: RankingCase[]; to_tree_cases: TreeCase[] }>("repomap_ranking");
const byId = (cases: RankingCase[], id: string) => cases.find((c) => c.id === id)!;

describe("suite repomap_ranking on Aider's golden vectors (repomap_ranking.json, `aider/repomap.py` `get_ranked_tags`, `to_tree/render_tree`)", () => {
  it("hash-independent cases exactly with the default order, the others with the recorded one; to_tree exactly", async () => {
    const file = load();
    const r = await runSuite(repomapRankingSuite, file);
    expect(r.outcomes.filter((o) => !o.passed).map((o) => `${o.id}: ${o.detail}`)).toEqual([]);
    expect(r.passed).toBe(file.get_ranked_tags_cases.length + file.to_tree_cases.length);
    expect([file.get_ranked_tags_cases.length, file.to_tree_cases.length]).toEqual([43, 10]);
    expect(maxRelDiff(r.outcomes)).toBeLessThan(1e-12);
  });

  it("ids play no part in the result", async () => {
    const file = load();
    renameIds([file.get_ranked_tags_cases, file.to_tree_cases]);
    expect((await runSuite(repomapRankingSuite, file)).failed).toBe(0);
  });

  it("the unordered tail may come in any order, and so may a hash-ordered run of one (file, ident)'s tags", async () => {
    const file = load();
    const tailed = file.get_ranked_tags_cases.filter((c) => c.expected.unordered_tail.length > 1);
    expect(tailed.length).toBeGreaterThan(0);
    for (const c of tailed) {
      const n = c.expected.unordered_tail.length;
      c.expected.ranked_tags.splice(-n, n, ...c.expected.ranked_tags.slice(-n).reverse());
    }
    const grouped = byId(file.get_ranked_tags_cases, "hand-019"); // its first two entries: two tags of one (file, ident)
    expect(grouped.expected.hash_independent).toBe(false);
    grouped.expected.ranked_tags.splice(0, 2, grouped.expected.ranked_tags[1], grouped.expected.ranked_tags[0]);
    expect((await runSuite(repomapRankingSuite, file)).failed).toBe(0);
  });

  it("a reordered ranking fails that case alone, naming what differs", async () => {
    const file = load();
    const c = file.get_ranked_tags_cases.find((x) => x.expected.hash_independent && x.expected.ranked_tags.length - x.expected.unordered_tail.length > 2)!;
    const real = structuredClone(c.expected.ranked_tags);
    c.expected.ranked_tags.reverse();
    const o = onlyFailure(await runSuite(repomapRankingSuite, file), c.id);
    expect(o).toMatchObject({ detail: "ranked_tags differ", expected: { ranked_tags: c.expected.ranked_tags }, actual: { ranked_tags: real } });
  });

  it("a wrong edge weight, pagerank call, rank or io message is each named in the detail", async () => {
    const file = load();
    const c = byId(file.get_ranked_tags_cases, "hand-018");
    c.expected.graph_edges[0]![2] = 2;
    c.expected.pagerank_calls[0]!.result = "error";
    const node = Object.keys(c.expected.pagerank)[0]!;
    c.expected.pagerank[node]! *= 1 + 1e-9;
    c.expected.io = [];
    const o = onlyFailure(await runSuite(repomapRankingSuite, file), "hand-018");
    expect(o.detail).toMatch(/^graph_edges differ \(max rank difference 0\); pagerank_calls differ; pagerank differs \(max relative difference 1\.0\d*e-9\); io messages differ$/);
  });

  it("a distributed edge rank is compared within 1e-12 relative", async () => {
    const close = load();
    const near = byId(close.get_ranked_tags_cases, "hand-000").expected.graph_edges[0]!;
    near[4] = (near[4] as number) * (1 + 1e-14);
    expect((await runSuite(repomapRankingSuite, close)).failed).toBe(0);
    const far = load();
    const edge = byId(far.get_ranked_tags_cases, "hand-000").expected.graph_edges[0]!;
    edge[4] = (edge[4] as number) * (1 + 1e-6);
    expect(onlyFailure(await runSuite(repomapRankingSuite, far), "hand-000").detail).toMatch(/^graph_edges differ \(max rank difference 9\.99\d*e-7\)$/);
  });

  it("a wrong to_tree output fails that case, showing the text and the render calls we made", async () => {
    const file = load();
    const c = file.to_tree_cases[1]!;
    const real = structuredClone(c.expected);
    c.expected.output += "│extra\n";
    const o = onlyFailure(await runSuite(repomapRankingSuite, file), c.id);
    expect(o.actual).toEqual(real);
  });

  it("the to_tree section is optional", async () => {
    const file = load();
    expect((await runSuite(repomapRankingSuite, { get_ranked_tags_cases: file.get_ranked_tags_cases })).passed).toBe(file.get_ranked_tags_cases.length);
  });

  it("malformed ranking entries, edges and definer orders name the case and the field", async () => {
    const cases: [(f: ReturnType<typeof load>) => void, string][] = [
      [(f) => (byId(f.get_ranked_tags_cases, "hand-000").expected.ranked_tags[1] = ["b.py", "extra"]), 'case hand-000: field "expected.ranked_tags[1]" must be a [rel_fname] array or a tag object'],
      [(f) => ((byId(f.get_ranked_tags_cases, "hand-000").expected.ranked_tags[0] as Record<string, unknown>).line = "1"), 'case hand-000: field "expected.ranked_tags[0].line" must be a number'],
      [(f) => byId(f.get_ranked_tags_cases, "hand-000").expected.graph_edges[0]!.pop(), 'case hand-000: field "expected.graph_edges[0]" must be [src, dst, weight, ident, rank]'],
      [(f) => (byId(f.get_ranked_tags_cases, "hand-000").expected.graph_edges[0]![2] = "1"), 'case hand-000: field "expected.graph_edges[0]" must hold numeric weight and rank'],
      [(f) => (byId(f.get_ranked_tags_cases, "hand-019").expected.definer_iteration_order = { foo: "a.py" }), 'case hand-019: field "expected.definer_iteration_order["foo"]" must be an array of strings'],
      [(f) => ((byId(f.get_ranked_tags_cases, "hand-000").expected.pagerank as Record<string, unknown>)["a.py"] = null), 'case hand-000: field "expected.pagerank.a.py" must be a number'],
      [(f) => (f.to_tree_cases[0]!.render_tree_stub = "os.system('x')"), `case to_tree-000: field "render_tree_stub" cannot evaluate at offset 0: the name os`],
      [(f) => (f.to_tree_cases[1]!.tags = [["a.py", "/r/a.py"]]), 'case to_tree-001: field "tags[0]" must be [rel_fname] or [rel_fname, fname, line, name, kind]'],
    ];
    for (const [corrupt, message] of cases) {
      const file = load();
      corrupt(file);
      await expect(runSuite(repomapRankingSuite, file), message).rejects.toThrow(message);
    }
  });
});
