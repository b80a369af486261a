/**
 * PageRank: the seed page's fixed-iteration model against networkx's stopping rule (lib/explore/laws-pagerank.ts).
 * Single-model laws stay beside each model: test/repomap/teaching/repo-map.test.ts (sum to 1, contraction, the
 * teaching leak) and test/repomap/pagerank/pagerank.test.ts (networkx's own laws).
 */
import { describe, expect } from "vitest";
import { aiderPageRank, teachingPageRank, teachingPageRankLeaky, WorkbenchInputError } from "../../lib/index.js";
import { catalogueCovered, lawHolds, lawRefuted } from "./laws.js";
import { ENOUGH_ITERATIONS, networkxGraph, teachingGraph, pagerankAPosteriori, pagerankEnoughIterations, pagerankForeignPersonalization, pagerankLeak, pagerankLeakSumsToOne, pagerankPageIterations, pagerankSameOrder, pagerankSamePersonalizations, rankOrder } from "../../lib/explore/laws-pagerank.js";

const ALPHA = 0.85;
const TOL = 1e-6;
const sum = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe("PageRank: teaching model and networkx", () => {
  lawHolds(pagerankAPosteriori);
  lawHolds(pagerankEnoughIterations);

  lawRefuted(pagerankPageIterations, [
    {
      name: "A → B with B dangling: a two-step cycle through the dangling vector",
      seed: 1,
      path: "8:6:2:2:2",
      counterexample: { nodes: ["e.py", "f.py"], edges: [["e.py", "f.py", 0.01]], personalization: { "e.py": 1 } },
      shows(c) {
        // fixed point by hand: x_f = α·x_e, and f's rank returns to e (dangling → p): x_e = (1−α) + α·x_f
        const exactE = (1 - ALPHA) / (1 - ALPHA * ALPHA);
        const teaching = teachingPageRank(teachingGraph(c), ALPHA, 50).rank;
        const nx = aiderPageRank(networkxGraph(c), { personalization: c.personalization }).ranks;
        const error = (r: ReadonlyMap<string, number>) => Math.abs(r.get("e.py")! - exactE) + Math.abs(r.get("f.py")! - ALPHA * exactE);
        expect(error(nx)).toBeLessThan((ALPHA / (1 - ALPHA)) * 2 * TOL);
        expect(error(teaching)).toBeGreaterThan(1e-4); // ≈ 2·α^51: the error halves only every ~4 steps
      },
    },
  ]);

  lawRefuted(pagerankSameOrder, [
    {
      name: "a self-referencing file nobody reaches keeps a trace of networkx's uniform start",
      seed: 12,
      path: "82:6:4:4:3:3",
      counterexample: { nodes: ["a.py", "c.py", "d.py"], edges: [["d.py", "d.py", 1]], personalization: { "a.py": 1 } },
      shows(c) {
        const teaching = teachingPageRank(teachingGraph(c), ALPHA, ENOUGH_ITERATIONS).rank;
        const nx = aiderPageRank(networkxGraph(c), { personalization: c.personalization });
        // the teaching model starts at the prior: c and d never get any rank, and tie at 0 (name order: c, d)
        expect([teaching.get("c.py"), teaching.get("d.py")]).toEqual([0, 0]);
        // networkx starts at 1/3 everywhere: d's self-loop keeps α^k/3 of it after k iterations, c loses all at once
        expect(nx.ranks.get("c.py")).toBe(0);
        expect(nx.ranks.get("d.py")! / (Math.pow(ALPHA, nx.iterations) / 3)).toBeCloseTo(1, 9);
        expect(rankOrder(teaching)).toEqual(["a.py", "c.py", "d.py"]);
        expect(rankOrder(nx.ranks)).toEqual(["a.py", "d.py", "c.py"]);
      },
    },
  ]);

  lawHolds(pagerankLeak);
  lawRefuted(pagerankLeakSumsToOne, [
    {
      name: "one file that references nothing: one step keeps only the teleport share 1 − α",
      seed: 1,
      path: "2:0:0:0:0:0",
      counterexample: { nodes: ["a.py"], edges: [], personalization: { "a.py": 1 }, iterations: 1 },
      shows(c) {
        const leaky = teachingPageRankLeaky(teachingGraph(c), ALPHA, c.iterations).rank;
        expect(sum(leaky)).toBeCloseTo(1 - ALPHA, 15);
        expect(sum(teachingPageRank(teachingGraph(c), ALPHA, c.iterations).rank)).toBe(1);
        expect(sum(aiderPageRank(networkxGraph(c), { personalization: c.personalization }).ranks)).toBe(1);
      },
    },
  ]);

  lawHolds(pagerankForeignPersonalization);
  lawRefuted(pagerankSamePersonalizations, [
    {
      name: "a personalization naming a file outside the graph",
      seed: 1,
      path: "0:1:0:2:2:1:0:0",
      counterexample: { nodes: ["a.py", "d.py"], edges: [], personalization: { "a.py": 0.01, "docs/guide.md": 0.01 } },
      shows(c) {
        expect(() => teachingGraph(c)).toThrow(WorkbenchInputError);
        expect(() => teachingGraph(c)).toThrow(/personalization\["docs\/guide.md"\] must be a file of the graph/);
        // networkx drops the key, normalises what is left (a.py: 1) and both files are dangling: x = p at once
        const nx = aiderPageRank(networkxGraph(c), { personalization: c.personalization });
        expect(Object.fromEntries(nx.ranks)).toEqual({ "a.py": 1, "d.py": 0 });
      },
    },
  ]);

  catalogueCovered("pagerank");
});
