/**
 * Stress vectors beyond Aider's golden files: networkx-made multigraphs (test/fixtures/networkx/) through the
 * pagerank suite. Each repo-map suite on its golden vectors: test/conformance/suite-{pagerank,map-search,repomap-ranking}.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { pagerankSuite } from "../../lib/conformance/suite-pagerank.js";
import { maxRelDiff } from "../support/golden.js";

const fixture = (path: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), "utf8"));

describe("networkx's own pagerank on multigraphs, through the same runSuite the command uses", () => {
  it("pagerank: networkx-made multigraph stress cases agree bit for bit too (scipy's row sort and numpy's sums)", async () => {
    const r = await runSuite(pagerankSuite, fixture("networkx/pagerank-multigraph.json"));
    expect(r.failed).toBe(0);
    expect(r.passed).toBe(80);
    expect(maxRelDiff(r.outcomes)).toBe(0);
  });
});
