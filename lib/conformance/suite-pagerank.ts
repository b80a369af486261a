/**
 * Conformance suite `pagerank` (vector file format of `test/fixtures/golden/pagerank.json`, `aider/repomap.py` get_ranked_tags → networkx `pagerank`; test/fixtures/golden/README.md): each
 * case builds a MultiDiGraph (nodes in order, then edges in order; a null weight means no weight attribute), calls
 * `aiderPageRank` with the case's personalization, dangling and params, and requires the same node order, the same
 * iteration count and every rank within 1e-12 relative — or the same Python error type and `str()` message.
 */
import Graph from "graphology";
import { PythonError } from "../core/pyerror.js";
import { aiderPageRank, type AiderPageRankOptions, type AiderPageRankResult } from "../repomap/pagerank/pagerank.js";
import { readCases, VectorFormatError, type CaseReader } from "./format.js";
import { guardCase, RANK_REL_TOLERANCE, readNumberRecord, readStringList, relativeDifference, requireTuple, sameJson } from "./read.js";
import type { CaseOutcome, ConformanceSuite } from "./suite.js";

interface PageRankCase {
  graph: Graph;
  options: AiderPageRankOptions;
  expected: { ranks: Record<string, number>; nodelist: string[]; iterations: number } | { error: { type: string; message: string } };
}

function readParams(c: CaseReader): Partial<AiderPageRankOptions> {
  const params = c.get<Record<string, unknown>>("params", "object");
  const out: Partial<AiderPageRankOptions> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "number") throw new VectorFormatError(c.id, `params.${key}`, "must be a number");
    if (key === "alpha") out.alpha = value;
    else if (key === "max_iter") out.maxIter = value;
    else if (key === "tol") out.tol = value;
    else throw new VectorFormatError(c.id, `params.${key}`, "is not a pagerank parameter this suite knows (alpha, max_iter, tol)");
  }
  return out;
}

function readCase(c: CaseReader): PageRankCase {
  const graph = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (const n of readStringList(c, "nodes")) graph.mergeNode(n);
  c.get<unknown[]>("edges", "array").forEach((e, i) => {
    const [u, v, w] = requireTuple(c, `edges[${i}]`, e, 3, "[source, target, weight or null]");
    if (typeof u !== "string") throw new VectorFormatError(c.id, `edges[${i}][0]`, "must be a string");
    if (typeof v !== "string") throw new VectorFormatError(c.id, `edges[${i}][1]`, "must be a string");
    if (w !== null && typeof w !== "number") throw new VectorFormatError(c.id, `edges[${i}][2]`, "must be a number or null");
    graph.mergeNode(u);
    graph.mergeNode(v);
    graph.addDirectedEdge(u, v, w === null ? {} : { weight: w });
  });
  const options: AiderPageRankOptions = {
    ...readParams(c),
    personalization: readNumberRecord(c, "personalization", true),
    dangling: readNumberRecord(c, "dangling", true),
  };
  if (c.has("expected.error")) {
    return { graph, options, expected: { error: { type: c.get("expected.error.type", "string"), message: c.get("expected.error.message", "string") } } };
  }
  const ranks = readNumberRecord(c, "expected.ranks", false)!;
  return { graph, options, expected: { ranks, nodelist: readStringList(c, "expected.nodelist"), iterations: c.get("expected.iterations", "number") } };
}

/** Runs one case and compares; `metrics.maxRelDiff` is the largest relative rank difference seen. */
function runCase(c: CaseReader): CaseOutcome {
  const k = readCase(c);
  let result: AiderPageRankResult;
  try {
    result = guardCase(c, () => aiderPageRank(k.graph, k.options));
  } catch (err) {
    if (!(err instanceof PythonError)) throw err;
    const actual = { error: { type: err.pythonType, message: err.pythonMessage } };
    return { id: c.id, passed: sameJson(actual, k.expected), expected: k.expected, actual, detail: "raised" };
  }
  const actual = { ranks: Object.fromEntries(result.ranks), nodelist: result.nodes, iterations: result.iterations };
  if ("error" in k.expected) return { id: c.id, passed: false, expected: k.expected, actual, detail: "expected an error" };
  const exp = k.expected;
  let maxRelDiff = 0;
  const keysMatch = sameJson(Object.keys(exp.ranks).sort(), [...result.ranks.keys()].sort());
  for (const [node, r] of Object.entries(exp.ranks)) maxRelDiff = Math.max(maxRelDiff, relativeDifference(result.ranks.get(node) ?? NaN, r));
  const problems = [
    !keysMatch && "different nodes ranked",
    !sameJson(exp.nodelist, result.nodes) && "node order differs",
    exp.iterations !== result.iterations && `iterations ${result.iterations} ≠ ${exp.iterations}`,
    !(maxRelDiff <= RANK_REL_TOLERANCE) && `max relative rank difference ${maxRelDiff}`,
  ].filter(Boolean);
  return { id: c.id, passed: problems.length === 0, expected: exp, actual, detail: problems.join("; ") || undefined, metrics: { maxRelDiff } };
}

export const pagerankSuite: ConformanceSuite = {
  name: "pagerank",
  description: "networkx pagerank as Aider calls it: ranks within 1e-12 relative, same iterations, or the same error",
  run(file) {
    return readCases(file, "cases").map(runCase);
  },
};
