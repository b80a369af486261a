import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildTeachingGraph, teachingRepoMap, spreadRankToSymbols, strictBudgetPrefix, teachingPageRank, teachingPageRankLeaky, teachingPageRankStep, TEACHING_STEP_DEFAULTS, WorkbenchInputError, type RepoMapInput } from "../../../lib/index.js";
import { repoMapInput } from "../../../lib/grader/judge/arbitraries.js";
import { REPO_MAP_BAD_PATCHES, REPO_MAP_BASE } from "../../reference/seed-cases.js";
import { readSeedFixture } from "../../reference/seed-fixtures.js";

const sum = (xs: Iterable<number>): number => [...xs].reduce((a, b) => a + b, 0);

describe("teachingRepoMap — the seed page's worked examples", () => {
  it("A→B, all personalization on A, B dangling: ≈ {A: 0.5405, B: 0.4595}, summing to 1, residual small but not 0", () => {
    const r = teachingRepoMap({
      files: ["A", "B"],
      edges: [["A", "B", "helper", 1]],
      personalization: { A: 1 },
      symbolCosts: { B: { helper: 1 } },
      budget: 5,
    });
    // the page's stable equations r_A = 0.15 + 0.85 r_B, r_B = 0.85 r_A give 0.15/0.2775 = 0.54054…
    expect(r.fileRank.A).toBeCloseTo(0.5405, 3);
    expect(r.fileRank.B).toBeCloseTo(0.4595, 3);
    expect(r.fileRank.A! + r.fileRank.B!).toBeCloseTo(1, 12);
    expect(r.residualL1).toBeGreaterThan(0);
    expect(r.residualL1).toBeLessThan(1e-2);
    // 50 iterations are a finite approximation: not the exact fixed point
    expect(Math.abs(r.fileRank.A! - 0.15 / 0.2775)).toBeGreaterThan(1e-6);
  });

  it("three symbols with different costs: the prefix stops at the first that does not fit, and the budget left", () => {
    const input: RepoMapInput = {
      files: ["app.py", "util.py", "db.py"],
      edges: [
        ["app.py", "util.py", "helper", 3],
        ["app.py", "db.py", "connect", 2],
        ["app.py", "util.py", "fmt", 1],
      ],
      personalization: { "app.py": 1 },
      symbolCosts: { "util.py": { helper: 4, fmt: 1 }, "db.py": { connect: 5 } },
      budget: 8,
    };
    const r = teachingRepoMap(input);
    expect(r.symbolRank.map(([k]) => k)).toEqual([
      ["util.py", "helper"],
      ["db.py", "connect"],
      ["util.py", "fmt"],
    ]);
    // helper (4) fits, connect (5) does not fit in the 4 left: stop there, although fmt (1) would have fitted
    expect(r.selected).toEqual([["util.py", "helper"]]);
    expect(r.remainingTokens).toBe(4);
    expect(teachingRepoMap({ ...input, budget: 9 }).selected).toHaveLength(2);
    expect(teachingRepoMap({ ...input, budget: 10 })).toMatchObject({ selected: expect.any(Array), remainingTokens: 0 });
  });

  it("ties in importance are broken by (file, symbol) ascending, by code point as Python compares", () => {
    const r = teachingRepoMap({
      files: ["src", "\u{1F600}", "\uFF5E"],
      edges: [
        ["src", "\u{1F600}", "s", 1],
        ["src", "\uFF5E", "s", 1],
      ],
      personalization: { src: 1 },
      symbolCosts: { "\u{1F600}": { s: 1 }, "\uFF5E": { s: 1 } },
      budget: 0,
    });
    // U+FF5E < U+1F600 by code point, although its UTF-16 unit 0xFF5E > the surrogate 0xD83D
    expect(r.symbolRank.map(([k]) => k[0])).toEqual(["\uFF5E", "\u{1F600}"]);
    expect(Object.keys(r.fileRank)).toEqual(["src", "\uFF5E", "\u{1F600}"]);
  });
});

describe("teachingRepoMap — agrees exactly with the seed page's own Python (recorded in test/fixtures/seed-000/)", () => {
  it("on random valid graphs (ranks, residual, ranking, selection bit for bit)", () => {
    const fixture = readSeedFixture<RepoMapInput>("repo_map.json");
    expect(fixture.cases.length).toBeGreaterThanOrEqual(200);
    let selectedSome = 0;
    for (const { input, expected } of fixture.cases) {
      if (!("ok" in expected)) throw new Error(`the seed raised ${JSON.stringify(expected)} on a valid input`);
      const ours = teachingRepoMap(input);
      expect(ours.fileRank).toEqual(expected.ok.file_rank);
      expect(ours.symbolRank).toEqual(expected.ok.symbol_rank);
      expect(ours.selected).toEqual(expected.ok.selected);
      expect(ours.remainingTokens).toBe(expected.ok.remaining_tokens);
      expect(ours.residualL1).toBe(expected.ok.residual_l1);
      selectedSome += ours.selected.length > 0 && ours.selected.length < ours.symbolRank.length ? 1 : 0;
    }
    // the budget cut falls inside the ranking often enough for the prefix rule to be compared, not only its ends
    expect(selectedSome).toBeGreaterThan(20);
  });
});

describe("teachingRepoMap — laws", () => {
  it("ranks are non-negative and sum to 1 (±1e-9) on any valid graph, dangling nodes included", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const r = teachingRepoMap(input);
        const ranks = Object.values(r.fileRank);
        expect(ranks.every((x) => x >= 0)).toBe(true);
        expect(Math.abs(sum(ranks) - 1)).toBeLessThan(1e-9);
      }),
    );
  });

  it("without the dangling redistribution the total falls below 1 whenever a dangling node holds mass", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const graph = buildTeachingGraph(input.files, input.edges, input.personalization);
        const danglingWithMass = graph.nodes.some((n) => graph.outgoing.get(n) === 0 && graph.prior.get(n)! > 0);
        const leaky = teachingPageRankLeaky(graph, input.damping, input.iterations);
        const total = sum(leaky.rank.values());
        if (danglingWithMass) expect(total).toBeLessThan(1 - 1e-12);
        else expect(total).toBeLessThanOrEqual(1 + 1e-9);
      }),
    );
  });

  it("the L1 change contracts by at least the damping factor each iteration", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const graph = buildTeachingGraph(input.files, input.edges, input.personalization);
        const { residuals } = teachingPageRank(graph, input.damping, input.iterations);
        for (let t = 1; t < residuals.length; t++) {
          expect(residuals[t]!).toBeLessThanOrEqual(input.damping! * residuals[t - 1]! + 1e-15);
        }
      }),
    );
  });

  it("the strict selection is a prefix of the ranking, never exceeds the budget, remaining = budget − Σ costs", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const r = teachingRepoMap(input);
        const keys = r.symbolRank.map(([k]) => k);
        expect(r.selected).toEqual(keys.slice(0, r.selected.length));
        const spent = sum(r.selected.map(([f, s]) => input.symbolCosts[f]![s]!));
        expect(spent).toBeLessThanOrEqual(input.budget);
        expect(r.remainingTokens).toBe(input.budget - spent);
        const next = keys[r.selected.length];
        if (next) expect(input.symbolCosts[next[0]]![next[1]]!).toBeGreaterThan(r.remainingTokens);
      }),
    );
  });

  it("the pieces compose to teachingRepoMap", () => {
    fc.assert(
      fc.property(repoMapInput, (input) => {
        const graph = buildTeachingGraph(input.files, input.edges, input.personalization);
        const { rank } = teachingPageRank(graph, input.damping, input.iterations);
        const ranked = spreadRankToSymbols(graph, rank);
        expect(strictBudgetPrefix(ranked, input.symbolCosts, input.budget).selected).toEqual(teachingRepoMap(input).selected);
      }),
    );
  });
});

describe("teachingRepoMap — bad input names the parameter and the rule", () => {
  const base = REPO_MAP_BASE;
  const cases: [string, Partial<RepoMapInput> | Record<string, unknown>, RegExp][] = [
    ["empty graph", { files: [], edges: [], personalization: {} }, /files .*at least one file/],
    ["budget negative", { budget: -1 }, /budget must be a non-negative integer/],
    ["budget fractional", { budget: 2.5 }, /budget must be a non-negative integer/],
    ["budget as a string", { budget: "5" }, /budget must be a non-negative integer/],
    ["iterations zero", { iterations: 0 }, /iterations must be a positive integer/],
    ["iterations fractional", { iterations: 1.5 }, /iterations must be a positive integer/],
    ["damping 0", { damping: 0 }, /damping must be a number strictly between 0 and 1/],
    ["damping 1", { damping: 1 }, /damping must be a number strictly between 0 and 1/],
    ["damping NaN", { damping: NaN }, /damping must be/],
    ["personalization key outside the graph", { personalization: { zz: 1 } }, /personalization\["zz"\] must be a file of the graph/],
    ["personalization negative", { personalization: { a: -1 } }, /personalization\["a"\] must be a finite, non-negative number/],
    ["personalization infinite", { personalization: { a: Infinity } }, /personalization\["a"\] must be a finite/],
    ["personalization zero sum", { personalization: { a: 0 } }, /personalization must have a positive sum/],
    ["edge to an unknown node", { edges: [["a", "q", "f", 1]] }, /edges\[0\]\[1\] must be a file of the graph/],
    ["edge from an unknown node", { edges: [["q", "a", "f", 1]] }, /edges\[0\]\[0\] must be a file of the graph/],
    ["edge weight zero", { edges: [["a", "b", "f", 0]] }, /edges\[0\]\[3\] must be a finite, positive weight/],
    ["edge weight NaN", { edges: [["a", "b", "f", NaN]] }, /edges\[0\]\[3\] must be a finite, positive weight/],
    ["cost zero", { symbolCosts: { b: { f: 0 } } }, /symbolCosts\["b"\]\["f"\] must be a positive integer/],
    ["cost fractional", { symbolCosts: { b: { f: 1.5 } } }, /symbolCosts\["b"\]\["f"\] must be a positive integer/],
    ["cost missing", { symbolCosts: {} }, /symbolCosts\["b"\]\["f"\] must give a cost/],
    ["files not strings", { files: ["a", 3] }, /files\[1\] must be a string/],
    ["an unknown key (a typo of damping)", { dampng: 0.5 }, /input\.dampng is not a known option/],
  ];
  it.each(cases)("%s", (_name, patch, message) => {
    const call = () => teachingRepoMap({ ...base, ...patch } as RepoMapInput);
    expect(call).toThrow(WorkbenchInputError);
    expect(call).toThrow(message);
    expect(call).toThrow(/^teachingRepoMap: /);
  });

  it("rejects exactly the inputs the seed's Python rejects (recorded in test/fixtures/seed-000/)", () => {
    const fixture = readSeedFixture<Record<string, unknown>>("repo_map_rejects.json");
    // the recorded inputs are these cases, no more and no fewer (regenerate with scripts/reference/seed-fixtures.ts)
    expect(fixture.cases.map((c) => c.name)).toEqual(cases.map(([name]) => name));
    expect(fixture.cases.map((c) => c.name)).toEqual(REPO_MAP_BAD_PATCHES.map(([name]) => name));
    fixture.cases.forEach((c, i) => {
      expect(c.input).toEqual({ ...base, ...cases[i]![1] });
      // Python raises ValueError (or TypeError for "5", KeyError for a missing cost): all are rejections
      expect(c.expected, c.name).toHaveProperty("error");
      expect(() => teachingRepoMap(c.input as unknown as RepoMapInput)).toThrow(WorkbenchInputError);
    });
  });
});

describe("teachingPageRankStep — one pass of the seed's loop, its options over TEACHING_STEP_DEFAULTS", () => {
  const g = buildTeachingGraph(["A", "B", "C"], [["A", "B", "f", 1], ["C", "A", "g", 2]], { A: 1, C: 1 });

  it("iterated from the prior, gives teachingPageRank (with the dangling term) and teachingPageRankLeaky (without)", () => {
    let kept: ReadonlyMap<string, number> = g.prior;
    let leaked: ReadonlyMap<string, number> = g.prior;
    for (let i = 0; i < 7; i++) {
      kept = teachingPageRankStep(g, kept, { damping: 0.6 });
      leaked = teachingPageRankStep(g, leaked, { damping: 0.6, redistributeDangling: false });
    }
    expect([...kept]).toEqual([...teachingPageRank(g, 0.6, 7).rank]);
    expect([...leaked]).toEqual([...teachingPageRankLeaky(g, 0.6, 7).rank]);
    expect([...teachingPageRankStep(g, g.prior)]).toEqual([...teachingPageRankStep(g, g.prior, { damping: TEACHING_STEP_DEFAULTS.damping })]);
    expect(Object.isFrozen(TEACHING_STEP_DEFAULTS)).toBe(true);
  });

  it("rejects bad options naming the option and the rule", () => {
    expect(() => teachingPageRankStep(g, g.prior, { damping: 1 })).toThrow("teachingPageRankStep: options.damping must be a number strictly between 0 and 1");
    expect(() => teachingPageRankStep(g, g.prior, { redistributeDangling: "no" as never })).toThrow("options.redistributeDangling must be a boolean");
    expect(() => teachingPageRankStep(g, g.prior, { alpha: 0.5 } as never)).toThrow("options.alpha is not a known option");
    expect(() => teachingPageRankStep(g, g.prior, 0.85 as never)).toThrow("teachingPageRankStep: options must be an object");
  });
});
