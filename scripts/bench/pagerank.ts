/**
 * Benchmark 1: personalized PageRank with networkx semantics, ours against networkx + scipy in the same run, on
 * the same seeded multigraphs (pagerank-graphs.ts). Timed on our side, each on the built lib:
 *   - `aiderPageRank(graph, …)` on a prebuilt graphology graph (reads the graph, builds the CSR matrix, iterates),
 *     the counterpart of `nx.pagerank(G, …)` on a prebuilt networkx graph (which converts G to scipy CSR itself);
 *   - `aiderPageRankFromEdges(nodes, arrays, …)` from typed edge arrays (validation and CSR build included);
 *   - the building of each side's graph object, reported apart from the PageRank calls;
 *   - the parts of our call (graph → matrix, arrays → matrix, power iteration) to show where the time goes;
 *   - the teaching model (`teachingPageRank`) for the same number of iterations.
 * The ranks are compared with networkx's node by node (max relative difference, count of identical bits).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import Graph from "graphology";
import { lib } from "./lib.js";
import { duration, load1, repeat, series, spread, type Sample, type Series } from "./measure.js";
import { randomMultigraph, writeGraph, type BenchGraph } from "./pagerank-graphs.js";
import { table, type Section } from "./report.js";

export interface PageRankBenchOptions {
  readonly sizes: readonly (readonly [nodes: number, edges: number])[];
  readonly runs: number;
  readonly buildRuns: number;
  readonly teachingRuns: number;
  /** A Python with networkx and scipy, or why there is none. */
  readonly python: { path: string; versions: string } | { missing: string };
  readonly workDir: string;
  readonly log: (line: string) => void;
}

interface NetworkxRun {
  build: Series;
  pagerank: Series;
  ranks: Float64Array;
  versions: Record<string, string>;
}

interface SizeResult {
  label: string;
  nodes: number;
  edges: number;
  iterations: number;
  graphologyBuild: Series;
  graphPageRank: Series;
  edgesPageRank: Series;
  graphToMatrix: Series;
  edgesToMatrix: Series;
  iterate: Series;
  teachingBuild: Series;
  teaching: Series;
  graphVsEdgesIdentical: boolean;
  networkx: NetworkxRun | null;
  maxRelDiff: number | null;
  identicalRanks: number | null;
  load: [number, number];
}

const PYTHON_CANDIDATES = ["/usr/bin/python3", "python3"]; // Debian's python3-networkx installs for the first

/** Finds a Python that imports networkx and scipy: `explicit`, else $BENCH_PYTHON, else the candidates above. */
export function findNetworkxPython(explicit: string | undefined): PageRankBenchOptions["python"] {
  const tried: string[] = [];
  for (const py of explicit ? [explicit] : process.env.BENCH_PYTHON ? [process.env.BENCH_PYTHON] : PYTHON_CANDIDATES) {
    try {
      const out = execFileSync(py, ["-c", "import networkx, scipy, numpy, sys; print(sys.version.split()[0], networkx.__version__, scipy.__version__, numpy.__version__)"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim();
      const [python, nx, sp, np] = out.split(" ");
      return { path: py, versions: `Python ${python}, networkx ${nx}, scipy ${sp}, numpy ${np}` };
    } catch {
      tried.push(py);
    }
  }
  return {
    missing: `no Python with networkx and scipy (tried ${tried.join(", ")}); install them with \`apt-get install python3-networkx python3-scipy\` (Debian) or name one with --python`,
  };
}

function graphologyOf(g: BenchGraph): Graph {
  const graph = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (const n of g.nodes) graph.addNode(n);
  for (let e = 0; e < g.src.length; e++) graph.addDirectedEdge(g.nodes[g.src[e]!]!, g.nodes[g.dst[e]!]!, { weight: g.w[e]! });
  return graph;
}

function runNetworkx(python: string, dir: string, runs: number, buildRuns: number, n: number): NetworkxRun {
  const script = join(import.meta.dirname, "networkx_pagerank.py");
  const before = load1();
  const out = execFileSync(python, [script, dir, String(runs), String(buildRuns)], { encoding: "utf8", maxBuffer: 1 << 24 });
  const after = load1();
  const r = JSON.parse(out) as { build: Sample[]; pagerank: Sample[]; versions: Record<string, string> };
  const ranks = new Float64Array(readFileSync(join(dir, "ranks-networkx.f64")).buffer.slice(0));
  if (ranks.length !== n) throw new Error(`networkx wrote ${ranks.length} ranks for ${n} nodes`);
  return { build: series(r.build, [before, after]), pagerank: series(r.pagerank, [before, after]), ranks, versions: r.versions };
}

/** max |a−b| / max(|a|, |b|) over the nodes (0 where both are 0), and how many agree to the bit. */
function compareRanks(ours: ReadonlyMap<string, number>, nodes: readonly string[], theirs: Float64Array): { maxRelDiff: number; identical: number } {
  let maxRelDiff = 0;
  let identical = 0;
  nodes.forEach((node, i) => {
    const a = ours.get(node)!;
    const b = theirs[i]!;
    if (Object.is(a, b)) identical++;
    else maxRelDiff = Math.max(maxRelDiff, Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)));
  });
  return { maxRelDiff, identical };
}

async function benchSize(nodes: number, edges: number, o: PageRankBenchOptions): Promise<SizeResult> {
  const loadBefore = load1();
  const g = randomMultigraph(nodes, edges, nodes ^ edges);
  const opts = { personalization: g.personalization, dangling: g.personalization };
  o.log(`pagerank ${g.label}: graphology build ×${o.buildRuns}`);
  let graph: Graph | null = null;
  const graphologyBuild = (await repeat(o.buildRuns, "auto", () => (graph = null, (graph = graphologyOf(g))))).series;
  o.log(`pagerank ${g.label}: aiderPageRank(graph) ×${o.runs}`);
  const byGraph = await repeat(o.runs, "auto", () => lib.aiderPageRank(graph!, opts));
  const graphToMatrix = (await repeat(o.runs, "auto", () => lib.buildTransitionMatrix(graph!, "weight"))).series;
  graph = null;
  const arrays = { src: g.src, dst: g.dst, w: g.w };
  o.log(`pagerank ${g.label}: aiderPageRankFromEdges ×${o.runs}`);
  const byEdges = await repeat(o.runs, "auto", () => lib.aiderPageRankFromEdges(g.nodes, arrays, opts));
  const matrix = await repeat(o.runs, "auto", () => lib.buildTransitionMatrixFromEdges(g.nodes, arrays));
  const pers = new Map(Object.entries(g.personalization));
  const iterate = (await repeat(o.runs, "auto", () => lib.iteratePageRank(matrix.value, { personalization: pers, dangling: pers }))).series;
  const iterations = byEdges.value.iterations;

  o.log(`pagerank ${g.label}: teaching model, ${iterations} iterations ×${o.teachingRuns}`);
  const tuples = Array.from(g.src, (s, e) => [g.nodes[s]!, g.nodes[g.dst[e]!]!, "", g.w[e]!] as const);
  const teachingGraph = await repeat(o.teachingRuns, "auto", () => lib.buildTeachingGraph(g.nodes, tuples, g.personalization));
  const teaching = (await repeat(o.teachingRuns, "auto", () => lib.teachingPageRank(teachingGraph.value, 0.85, iterations))).series;

  let networkx: NetworkxRun | null = null;
  let cmp: { maxRelDiff: number; identical: number } | null = null;
  if ("path" in o.python) {
    o.log(`pagerank ${g.label}: networkx (${o.python.path}) ×${o.runs}`);
    const dir = join(o.workDir, `graph-${nodes}-${edges}`);
    writeGraph(dir, g);
    networkx = runNetworkx(o.python.path, dir, o.runs, o.buildRuns, nodes);
    cmp = compareRanks(byEdges.value.ranks, g.nodes, networkx.ranks);
    rmSync(dir, { recursive: true, force: true });
  }
  const sameAsGraph = [...byGraph.value.ranks].every(([k, v]) => Object.is(byEdges.value.ranks.get(k), v));
  return {
    label: g.label,
    nodes,
    edges,
    iterations,
    graphologyBuild,
    graphPageRank: byGraph.series,
    edgesPageRank: byEdges.series,
    graphToMatrix,
    edgesToMatrix: matrix.series,
    iterate,
    teachingBuild: teachingGraph.series,
    teaching,
    graphVsEdgesIdentical: sameAsGraph && byGraph.value.iterations === iterations,
    networkx,
    maxRelDiff: cmp?.maxRelDiff ?? null,
    identicalRanks: cmp?.identical ?? null,
    load: [loadBefore, load1()],
  };
}

const ratio = (ours: Series, theirs: Series | undefined): string => (theirs ? (ours.median / theirs.median).toFixed(2) : "—");
const cpu = (s: Series | undefined): string => (s ? duration(s.cpuMedian) : "—");

function render(results: readonly SizeResult[], o: PageRankBenchOptions): string[] {
  const nx = o.python;
  const largest = results[results.length - 1];
  const blocks: string[] = [];
  blocks.push(
    "Seeded random multigraphs shaped like Aider's ranking graph (file-path names, 10 % dangling nodes, skewed " +
      "targets, runs of parallel edges, Aider's weights), personalization on 1 % of the nodes, also used as the " +
      "dangling vector (as Aider calls it). Wall time, median of the runs [min–max]; `load` is the 1-minute load " +
      `average before→after the row. ${o.runs} runs of each PageRank call, ${o.buildRuns} graph builds, ${o.teachingRuns} ` +
      "teaching runs, each series after untimed warm-up calls (at least one, up to 0.5 s; networkx: one). " +
      `networkx: ${"path" in nx ? `${nx.versions} (${nx.path})` : `skipped — ${nx.missing}`}.`,
  );
  blocks.push(
    "**PageRank call, graph object in → ranks out** (each side converts its graph to a CSR matrix inside the call; ratio = ours / networkx, medians):\n\n" +
      table(
        ["nodes / edges", "iterations", "networkx `nx.pagerank(G)`", "ours `aiderPageRank(graph)`", "ratio", "ours `aiderPageRankFromEdges`", "ratio", "teaching model, same iterations", "load"],
        results.map((r) => [
          r.label,
          String(r.iterations),
          r.networkx ? spread(r.networkx.pagerank) : "—",
          spread(r.graphPageRank),
          ratio(r.graphPageRank, r.networkx?.pagerank),
          spread(r.edgesPageRank),
          ratio(r.edgesPageRank, r.networkx?.pagerank),
          spread(r.teaching),
          `${r.load[0].toFixed(1)}→${r.load[1].toFixed(1)}`,
        ]),
      ),
  );
  if (largest?.networkx) {
    const [a, b] = [largest.graphPageRank.median / largest.networkx.pagerank.median, largest.edgesPageRank.median / largest.networkx.pagerank.median];
    const verdict = (x: number): string => `${x.toFixed(2)} (${x <= 0.2 ? "met" : "missed"})`;
    blocks.push(`Target ratio ≤ 0.2 on the largest graph (${largest.label}): graphology input ${verdict(a)}, edge arrays ${verdict(b)}.`);
  }
  blocks.push(
    "**Same ranks?** networkx's ranks against ours, node by node:\n\n" +
      table(
        ["nodes / edges", "max relative difference", "nodes with identical bits", "graphology path = edge-array path (bits, iterations)"],
        results.map((r) => [
          r.label,
          r.maxRelDiff === null ? "—" : r.maxRelDiff === 0 ? "0" : r.maxRelDiff.toExponential(2),
          r.identicalRanks === null ? "—" : `${r.identicalRanks} of ${r.nodes}`,
          r.graphVsEdgesIdentical ? "yes" : "NO",
        ]),
      ),
  );
  blocks.push(
    "**Building the graph objects** (not part of the calls above) and end to end from arrays:\n\n" +
      table(
        ["nodes / edges", "networkx MultiDiGraph from lists", "graphology MultiDirectedGraph from arrays", "networkx build + pagerank", "ours from arrays", "ratio"],
        results.map((r) => {
          const nxTotal = r.networkx ? r.networkx.build.median + r.networkx.pagerank.median : NaN;
          return [
            r.label,
            r.networkx ? spread(r.networkx.build) : "—",
            spread(r.graphologyBuild),
            duration(nxTotal),
            duration(r.edgesPageRank.median),
            Number.isNaN(nxTotal) ? "—" : (r.edgesPageRank.median / nxTotal).toFixed(2),
          ];
        }),
      ),
  );
  blocks.push(
    "**Where our time goes** (medians; the calls above are roughly matrix + iteration):\n\n" +
      table(
        ["nodes / edges", "graphology graph → CSR", "edge arrays → CSR", "power iteration", "per iteration", "teaching: graph build", "teaching: per iteration"],
        results.map((r) => [
          r.label,
          duration(r.graphToMatrix.median),
          duration(r.edgesToMatrix.median),
          duration(r.iterate.median),
          duration(r.iterate.median / r.iterations),
          duration(r.teachingBuild.median),
          duration(r.teaching.median / r.iterations),
        ]),
      ),
  );
  blocks.push(
    "CPU time, medians (process CPU, all threads; on a loaded machine wall time also counts time waiting for a core):\n\n" +
      table(
        ["nodes / edges", "networkx pagerank", "ours graphology", "ours arrays", "teaching", "networkx build", "graphology build"],
        results.map((r) => [r.label, cpu(r.networkx?.pagerank), cpu(r.graphPageRank), cpu(r.edgesPageRank), cpu(r.teaching), cpu(r.networkx?.build), cpu(r.graphologyBuild)]),
      ),
  );
  return blocks;
}

/** Runs the PageRank benchmark over the sizes (smallest first, which also warms the JIT). */
export async function pagerankSection(o: PageRankBenchOptions): Promise<Section> {
  const results: SizeResult[] = [];
  for (const [n, m] of o.sizes) results.push(await benchSize(n, m, o));
  return { title: "1. PageRank: ours against networkx", blocks: render(results, o), data: results.map(({ networkx, ...r }) => ({ ...r, networkx: networkx && { ...networkx, ranks: undefined } })) };
}
