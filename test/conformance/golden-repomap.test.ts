import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runSuite, SUITES, type ConformanceSuite } from "../../lib/index.js";

const fixture = (path: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8"));
const suite = (name: string): ConformanceSuite => SUITES.find((s) => s.name === name)!;
const maxMetric = (outcomes: { metrics?: Record<string, number> }[]) => Math.max(0, ...outcomes.map((o) => o.metrics?.maxRelDiff ?? 0));

describe("golden vectors from Aider at 5dc9490, through the same runSuite the command uses", () => {
  it("pagerank: every case passes; ranks agree bit for bit (max relative difference 0)", async () => {
    const file = fixture("golden/pagerank.json") as { cases: unknown[] };
    const r = await runSuite(suite("pagerank"), file);
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(file.cases.length);
    expect(r.outcomes.filter((o) => o.detail === "raised")).toHaveLength(6);
    expect(maxMetric(r.outcomes)).toBe(0);
  });

  it("pagerank: networkx-made multigraph stress cases agree bit for bit too (scipy's row sort and numpy's sums)", async () => {
    const r = await runSuite(suite("pagerank"), fixture("networkx/pagerank-multigraph.json"));
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(80);
    expect(maxMetric(r.outcomes)).toBe(0);
  });

  it("map_search: every search, budget and token_count case passes exactly", async () => {
    const file = fixture("golden/map_search.json") as { search_cases: unknown[]; repo_map_budget: unknown[]; token_count: { cases: unknown[] } };
    const r = await runSuite(suite("map_search"), file);
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(file.search_cases.length + file.repo_map_budget.length + file.token_count.cases.length);
  });

  it("repomap_ranking: hash-independent cases exactly with the default order, the others with the recorded one", async () => {
    const file = fixture("golden/repomap_ranking.json") as { get_ranked_tags_cases: unknown[]; to_tree_cases: unknown[] };
    const r = await runSuite(suite("repomap_ranking"), file);
    expect(r.outcomes.filter((o) => !o.passed).map((o) => `${o.id}: ${o.detail}`)).toEqual([]);
    expect(r.passed).toBe(file.get_ranked_tags_cases.length + file.to_tree_cases.length);
    expect(maxMetric(r.outcomes)).toBeLessThan(1e-12);
  });
});
