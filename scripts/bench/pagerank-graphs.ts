/**
 * Seeded random multigraphs shaped like Aider's ranking graph, for the PageRank benchmark: file-path node names;
 * one node in ten never has an out-edge (dangling); popular targets (skewed choice, like much-used definitions);
 * runs of parallel edges between one pair (one edge per shared identifier in Aider); weights from Aider's rules
 * (0.1, 1, 10, 50, times √n); a personalization on 1 % of the nodes. Written to disk so the networkx side reads
 * the very same graph.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface BenchGraph {
  /** e.g. "10k / 100k". */
  readonly label: string;
  readonly nodes: readonly string[];
  readonly src: Int32Array;
  readonly dst: Int32Array;
  readonly w: Float64Array;
  /** Personalization, also passed as the dangling vector (as Aider does). */
  readonly personalization: Readonly<Record<string, number>>;
}

/** mulberry32: a small, well-mixed 32-bit PRNG (uniform in [0, 1)). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const BASE_WEIGHTS = [0.1, 1, 1, 10, 50];

const short = (k: number): string => (k >= 1000 && k % 1000 === 0 ? `${k / 1000}k` : String(k));

/** A random multigraph with `n` nodes and `m` edges, the same for the same seed. */
export function randomMultigraph(n: number, m: number, seed: number): BenchGraph {
  const rnd = mulberry32(seed);
  const nodes = Array.from({ length: n }, (_, i) => `src/pkg${i % 97}/mod_${i}.py`);
  const sources = Int32Array.from({ length: n - Math.floor(n / 10) }, (_, k) => k + Math.floor(k / 9)); // skips i % 10 == 9
  const src = new Int32Array(m);
  const dst = new Int32Array(m);
  const w = new Float64Array(m);
  for (let e = 0; e < m; e++) {
    if (e > 0 && rnd() < 0.35) {
      src[e] = src[e - 1]!; // another identifier shared by the same two files
      dst[e] = dst[e - 1]!;
    } else {
      src[e] = sources[Math.floor(rnd() * sources.length)]!;
      dst[e] = Math.floor(n * rnd() ** 2);
    }
    const base = BASE_WEIGHTS[Math.floor(rnd() * BASE_WEIGHTS.length)]!;
    w[e] = rnd() < 0.3 ? base * Math.sqrt(1 + Math.floor(rnd() * 5)) : base;
  }
  const personalization: Record<string, number> = {};
  for (let k = 0; k < Math.max(1, Math.floor(n / 100)); k++) personalization[nodes[Math.floor(rnd() * n)]!] = 1 + Math.floor(rnd() * 3);
  return { label: `${short(n)} / ${short(m)}`, nodes, src, dst, w, personalization };
}

/** Writes the graph for `networkx_pagerank.py`: names.txt, src.i32, dst.i32, w.f64 (little-endian), personalization.json. */
export function writeGraph(dir: string, g: BenchGraph): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "names.txt"), g.nodes.join("\n"));
  writeFileSync(join(dir, "src.i32"), Buffer.from(g.src.buffer, g.src.byteOffset, g.src.byteLength));
  writeFileSync(join(dir, "dst.i32"), Buffer.from(g.dst.buffer, g.dst.byteOffset, g.dst.byteLength));
  writeFileSync(join(dir, "w.f64"), Buffer.from(g.w.buffer, g.w.byteOffset, g.w.byteLength));
  writeFileSync(join(dir, "personalization.json"), JSON.stringify(g.personalization));
}
