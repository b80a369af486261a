import { describe, expect, it } from "vitest";
import { runSuite } from "../../lib/conformance/suite.js";
import { pagerankSuite } from "../../lib/conformance/suite-pagerank.js";
import { loadGolden, maxRelDiff, onlyFailure, renameIds, type VectorCase } from "../support/golden.js";

type Ranked = { ranks: Record<string, number>; nodelist: string[]; iterations: number };
type Raised = { error: { type: string; message: string } };
type PageRankCase = VectorCase & { id: string; params: Record<string, unknown>; edges: unknown[][]; expected: Ranked | Raised };
const load = () => loadGolden<{ cases: PageRankCase[] }>("pagerank");
const ranked = (cases: PageRankCase[]) => cases.find((c) => "ranks" in c.expected && Object.keys((c.expected as Ranked).ranks).length > 1)!;
const raised = (cases: PageRankCase[]) => cases.find((c) => "error" in c.expected)!;
/** A single-case file: the case `id` built from `edges` on nodes A, B (its expectation is whatever the test says). */
const tiny = (expected: unknown, params: Record<string, unknown> = {}, edges: unknown[] = [["A", "B", 1]]) => ({
  cases: [{ id: "tiny", nodes: ["A", "B"], edges, personalization: null, dangling: null, params, expected }],
});

describe("suite pagerank on Aider's golden vectors (pagerank.json, `aider/repomap.py` get_ranked_tags → networkx `pagerank`)", () => {
  it("every case passes; ranks agree bit for bit (max relative difference 0), errors by type and message", async () => {
    const file = load();
    const r = await runSuite(pagerankSuite, file);
    expect(r.outcomes.filter((o) => !o.passed)).toEqual([]);
    expect(r.passed).toBe(file.cases.length);
    expect(r.outcomes.filter((o) => o.detail === "raised")).toHaveLength(6);
    expect(maxRelDiff(r.outcomes)).toBe(0);
  });

  it("ids play no part in the result", async () => {
    const file = load();
    renameIds([file.cases]);
    expect((await runSuite(pagerankSuite, file)).failed).toBe(0);
  });

  it("ranks are compared within 1e-12 relative: a last-bits change passes, a real one fails saying by how much", async () => {
    const close = load();
    const c = ranked(close.cases);
    const ranks = (c.expected as Ranked).ranks;
    const node = Object.keys(ranks)[0]!;
    const real = ranks[node]!;
    ranks[node]! *= 1 + 1e-14;
    expect((await runSuite(pagerankSuite, close)).failed).toBe(0);
    const far = load();
    const d = ranked(far.cases);
    (d.expected as Ranked).ranks[node]! *= 1 + 1e-9;
    const o = onlyFailure(await runSuite(pagerankSuite, far), d.id);
    expect(o.detail).toMatch(/^max relative rank difference 1\.0\d*e-9$/);
    expect(o.metrics!.maxRelDiff).toBeGreaterThan(1e-12);
    expect(o.actual).toMatchObject({ ranks: { [node]: real } });
  });

  it("a wrong iteration count or node order fails that case alone, naming what differs", async () => {
    const file = load();
    const c = ranked(file.cases);
    const exp = c.expected as Ranked;
    const real = exp.iterations;
    exp.iterations = real + 1;
    exp.nodelist = [...exp.nodelist].reverse();
    const o = onlyFailure(await runSuite(pagerankSuite, file), c.id);
    expect(o.detail).toBe(`node order differs; iterations ${real} ≠ ${real + 1}`);
    expect(o.actual).toMatchObject({ iterations: real });
  });

  it("a wrong recorded error message fails that case, showing the error we raised", async () => {
    const file = load();
    const c = raised(file.cases);
    const real = structuredClone((c.expected as Raised).error);
    (c.expected as Raised).error.message = "corrupted";
    const o = onlyFailure(await runSuite(pagerankSuite, file), c.id);
    expect(o).toMatchObject({ detail: "raised", actual: { error: real }, expected: { error: { type: real.type, message: "corrupted" } } });
  });

  it("an expected error that we do not raise, or ranks where we raise, fail", async () => {
    const noError = await runSuite(pagerankSuite, tiny({ error: { type: "ZeroDivisionError", message: "" } }));
    expect(noError.outcomes[0]).toMatchObject({ passed: false, detail: "expected an error", actual: { nodelist: ["A", "B"] } });
    // alpha 1 with a dangling node never converges within max_iter 1: networkx raises, the vector says ranks
    const noRanks = await runSuite(pagerankSuite, tiny({ ranks: { A: 0.5, B: 0.5 }, nodelist: ["A", "B"], iterations: 1 }, { max_iter: 1, tol: 0 }));
    expect(noRanks.outcomes[0]).toMatchObject({ passed: false, detail: "raised", actual: { error: { type: "PowerIterationFailedConvergence" } } });
  });

  it("a malformed edge or parameter names the case and the field", async () => {
    const edge = load();
    edge.cases[0]!.edges[0]![2] = "heavy";
    await expect(runSuite(pagerankSuite, edge)).rejects.toThrow(`case ${edge.cases[0]!.id}: field "edges[0][2]" must be a number or null`);
    await expect(runSuite(pagerankSuite, tiny({}, {}, [["A", "B"]]))).rejects.toThrow('case tiny: field "edges[0]" must be [source, target, weight or null]');
    await expect(runSuite(pagerankSuite, tiny({}, {}, [["A", 2, null]]))).rejects.toThrow('case tiny: field "edges[0][1]" must be a string');
    await expect(runSuite(pagerankSuite, tiny({}, { beta: 0.5 }))).rejects.toThrow('case tiny: field "params.beta" is not a pagerank parameter this suite knows (alpha, max_iter, tol)');
    await expect(runSuite(pagerankSuite, tiny({}, { alpha: "0.85" }))).rejects.toThrow('case tiny: field "params.alpha" must be a number');
  });

  it("a parameter our pagerank refuses is reported as that case's invalid input, not a crash", async () => {
    await expect(runSuite(pagerankSuite, tiny({ ranks: {}, nodelist: [], iterations: 0 }, { alpha: 2 }))).rejects.toThrow(
      'case tiny: field "options.alpha" is not valid input: aiderPageRank: options.alpha must be a number between 0 and 1 (got 2)',
    );
  });
});
