/**
 * The PageRank laws (lib/explore/laws-pagerank.ts) on hand-built graphs: where the teaching model and networkx agree
 * every law holds; on graphs built from the rules the laws cite (an L1 contraction by α, networkx's uniform start and
 * N·tol stop, the teaching model's start at the prior, dangling rank sent back to it) the refuted laws report the
 * parting. The fast-check runs are test/properties/pagerank.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  ENOUGH_ITERATIONS,
  networkxGraph,
  PAGE_ITERATIONS,
  PAGERANK_LAWS,
  pagerankAPosteriori,
  pagerankEnoughIterations,
  pagerankForeignPersonalization,
  pagerankLeak,
  pagerankLeakSumsToOne,
  pagerankPageIterations,
  pagerankSameOrder,
  pagerankSamePersonalizations,
  rankOrder,
  teachingGraph,
  type PageRankCase,
} from "../../lib/explore/laws-pagerank.js";
import { expectCatalogued } from "./catalogued.js";

const ALPHA = 0.85;
const TOL = 1e-6;

/** a ⇄ b, personalized evenly: the prior is already the fixed point (½, ½), which is also networkx's uniform start. */
const SYMMETRIC: PageRankCase = { nodes: ["a.py", "b.py"], edges: [["a.py", "b.py", 1], ["b.py", "a.py", 1]], personalization: { "a.py": 1, "b.py": 1 } };
/** a → b → c → a, personalized on a: a cycle, where the iteration error shrinks by only α a step. */
const CYCLE: PageRankCase = { nodes: ["a.py", "b.py", "c.py"], edges: [["a.py", "b.py", 1], ["b.py", "c.py", 1], ["c.py", "a.py", 1]], personalization: { "a.py": 1 } };

describe("the iteration counts", () => {
  it("ENOUGH_ITERATIONS is the smallest K with α^K ≤ tol / (2(1 − α)); the page iterates 50 times", () => {
    const target = TOL / (2 * (1 - ALPHA));
    expect(ALPHA ** ENOUGH_ITERATIONS).toBeLessThanOrEqual(target);
    expect(ALPHA ** (ENOUGH_ITERATIONS - 1)).toBeGreaterThan(target);
    expect(PAGE_ITERATIONS).toBeLessThan(ENOUGH_ITERATIONS);
  });
});

describe("the graphs each side sees", () => {
  it("networkx gets a multigraph with every reference as its own weighted edge; the teaching model names each s<i>", () => {
    const c: PageRankCase = { nodes: ["b.py", "a.py"], edges: [["a.py", "b.py", 2], ["a.py", "b.py", 3], ["b.py", "b.py", 1]], personalization: { "a.py": 1 } };
    const g = networkxGraph(c);
    expect(g.nodes()).toEqual(["b.py", "a.py"]);
    expect(g.edges().map((e) => [g.source(e), g.target(e), g.getEdgeAttribute(e, "weight")])).toEqual([["a.py", "b.py", 2], ["a.py", "b.py", 3], ["b.py", "b.py", 1]]);
    const t = teachingGraph(c);
    expect(t.edges).toEqual([["a.py", "b.py", "s0", 2], ["a.py", "b.py", "s1", 3], ["b.py", "b.py", "s2", 1]]);
    expect(Object.fromEntries(t.outgoing)).toEqual({ "a.py": 5, "b.py": 1 });
  });

  it("rankOrder sorts by rank, highest first, then by name", () => {
    expect(rankOrder(new Map([["c", 0.2], ["b", 0.5], ["a", 0.2]]))).toEqual(["b", "a", "c"]);
  });
});

describe("the PageRank laws on hand-built graphs", () => {
  it("all laws about accepted personalizations hold where the prior is the fixed point", () => {
    for (const law of [pagerankEnoughIterations, pagerankPageIterations, pagerankSameOrder, pagerankSamePersonalizations]) {
      expect(law.check(SYMMETRIC), law.id).toBeNull();
    }
    for (const law of [pagerankAPosteriori, pagerankLeak, pagerankLeakSumsToOne]) expect(law.check({ ...SYMMETRIC, iterations: 3 }), law.id).toBeNull();
  });

  it("on a cycle 50 steps leave the teaching ranks outside networkx's bound; 78 steps and the a-posteriori bound hold", () => {
    const why = pagerankPageIterations.check(CYCLE);
    const bound = (ALPHA / (1 - ALPHA)) * 3 * TOL;
    expect(why).toMatch(new RegExp(`^L1 difference \\S+ > networkx's bound ${bound}$`));
    // the gap is about the teaching model's own error, ≈ α^50 times what it was at the prior
    expect(Number(why!.split(" ")[2])).toBeGreaterThan(ALPHA ** PAGE_ITERATIONS * 0.1);
    expect(pagerankEnoughIterations.check(CYCLE)).toBeNull();
    expect(pagerankAPosteriori.check({ ...CYCLE, iterations: PAGE_ITERATIONS })).toBeNull();
    expect(pagerankSameOrder.check(CYCLE)).toBeNull();
  });

  it("a self-referencing file nobody reaches: 0 for the teaching model (tie, name order), α^k/3 left by networkx's uniform start", () => {
    const c: PageRankCase = { nodes: ["a.py", "b.py", "e.py"], edges: [["e.py", "e.py", 1]], personalization: { "a.py": 1 } };
    expect(pagerankSameOrder.check(c)).toBe("teaching: a.py > b.py > e.py; networkx: a.py > e.py > b.py");
    expect(pagerankEnoughIterations.check(c)).toBeNull();
  });

  it("a rank on a dangling file leaks α of itself a step without redistribution: the leak law holds, the sum-to-one law fails", () => {
    // a → b from the prior (1, 0): step 1 moves α to b (nothing lost: b held 0); step 2 loses α·0.85 of b's rank
    const c = { nodes: ["a.py", "b.py"], edges: [["a.py", "b.py", 1] as const], personalization: { "a.py": 1 } };
    expect(pagerankLeakSumsToOne.check({ ...c, iterations: 1 })).toBeNull();
    const lost = ALPHA * ALPHA;
    expect(pagerankLeakSumsToOne.check({ ...c, iterations: 2 })).toBe(`the ranks sum to ${1 - ALPHA + ALPHA * (1 - ALPHA)}`);
    expect(1 - (1 - ALPHA + ALPHA * (1 - ALPHA))).toBeCloseTo(lost, 15);
    for (const iterations of [1, 2, 5]) expect(pagerankLeak.check({ ...c, iterations }), `${iterations}`).toBeNull();
  });

  it("a personalization with no file of the graph: teaching rejects, networkx raises, Aider's retry is uniform", () => {
    const foreign: PageRankCase = { nodes: ["a.py", "b.py"], edges: [["a.py", "b.py", 1]], personalization: { "README.md": 1 } };
    expect(pagerankForeignPersonalization.check(foreign)).toBeNull();
    expect(pagerankSamePersonalizations.check(foreign)).toBeNull();
    // a key of the graph is no case of the foreign law: the teaching model accepts it
    expect(pagerankForeignPersonalization.check(SYMMETRIC)).toBe("teaching: accepted");
  });

  it("a personalization with one foreign key: teaching rejects it, networkx drops the key and ranks", () => {
    const c: PageRankCase = { nodes: ["a.py"], edges: [], personalization: { "a.py": 1, "notes.txt": 1 } };
    expect(pagerankSamePersonalizations.check(c)).toMatch(/^teaching: rejected: personalization\["notes.txt"\] .*; Aider's first call: ok$/);
  });
});

describe("the PageRank laws' rows", () => {
  it("list the files by name with their personalization and each side's rank", () => {
    const rows = pagerankSameOrder.rows({ ...SYMMETRIC, nodes: ["b.py", "a.py"] });
    expect(rows.map((r) => [r.file, r.personalization])).toEqual([["a.py", 1], ["b.py", 1]]);
    for (const r of rows) {
      expect(r[`teaching (${ENOUGH_ITERATIONS} it.)`]).toBeCloseTo(0.5, 12);
      expect(r.networkx).toBeCloseTo(0.5, 12);
    }
  });

  it("the leak's rows mark dangling files and end with the totals", () => {
    const rows = pagerankLeak.rows({ nodes: ["a.py", "b.py"], edges: [["a.py", "b.py", 1]], personalization: { "a.py": 1 }, iterations: 2 });
    expect(rows.map((r) => [r.file, r.dangling])).toEqual([["a.py", ""], ["b.py", "yes"], ["total", ""]]);
    expect(rows[2]!["teaching, no redistribution (2 it.)"]).toBeCloseTo(1 - ALPHA * ALPHA, 15);
    expect(rows[2]!.networkx).toBeCloseTo(1, 12);
  });

  it("the personalization rows list foreign keys too, with what each side did", () => {
    const rows = pagerankForeignPersonalization.rows({ nodes: ["a.py"], edges: [], personalization: { "README.md": 2 } });
    expect(rows.map((r) => [r.file, r["in graph"], r.personalization, r["networkx call"], r["Aider's calls"]])).toEqual([
      ["README.md", "no", 2, "ZeroDivisionError", "ZeroDivisionError, ok"],
      ["a.py", "yes", 0, "ZeroDivisionError", "ZeroDivisionError, ok"],
    ]);
    expect(rows[1]!["Aider's rank"]).toBe(1);
    expect(String(rows[0]!.teaching)).toMatch(/^rejected: /);
  });
});

describe("the PageRank laws' metadata", () => {
  it("are the catalogue's PageRank laws; the refuted ones are those the cases above part", () => {
    expectCatalogued(PAGERANK_LAWS, "pagerank");
    expect(PAGERANK_LAWS.filter((l) => l.verdict === "fails").map((l) => l.id)).toEqual(
      [pagerankPageIterations, pagerankSameOrder, pagerankLeakSumsToOne, pagerankSamePersonalizations].map((l) => l.id),
    );
    expect(pagerankEnoughIterations.statement).toContain(`with ${ENOUGH_ITERATIONS} teaching iterations`);
    expect(pagerankPageIterations.statement).toContain(`page's ${PAGE_ITERATIONS} iterations`);
  });
});
