/**
 * Benchmark: aiderPageRank and getRankedTags on random graphs of growing size; prints the best of three wall times
 * (the first run includes JIT warm-up). Run: npx tsx scripts/bench/aider-pagerank.ts
 * (For comparison, reference/TOOLCHAIN: networkx + scipy take ≈ 0.3 s for 10k nodes / 100k edges, ≈ 4 s for 100k / 1M.)
 */
import Graph from "graphology";
import { aiderPageRank, getRankedTags, type Tag } from "../../lib/index.js";

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function time<T>(label: string, f: () => T): T {
  let best = Infinity;
  let r: T | undefined;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    r = f();
    best = Math.min(best, performance.now() - t0);
  }
  console.log(`${label.padEnd(52)} ${(best / 1000).toFixed(3)} s`);
  return r!;
}

for (const [nodes, edges] of [[10_000, 100_000], [100_000, 1_000_000]] as const) {
  const rnd = lcg(nodes);
  const g = new Graph({ type: "directed", multi: true, allowSelfLoops: true });
  for (let i = 0; i < nodes; i++) g.addNode(`n${i}`);
  for (let e = 0; e < edges; e++) g.addDirectedEdge(`n${Math.floor(rnd() * nodes)}`, `n${Math.floor(rnd() * nodes)}`, { weight: 0.1 + rnd() * 10 });
  const personalization = { n0: 1, n1: 2 };
  const r = time(`aiderPageRank ${nodes} nodes / ${edges} edges, personalized`, () => aiderPageRank(g, { personalization, dangling: personalization }));
  console.log(`  ${r.iterations} iterations`);
}

for (const files of [1_000, 5_000]) {
  const rnd = lcg(files);
  const tags = new Map<string, Tag[]>();
  const names = Array.from({ length: files * 4 }, (_, i) => `sym_${i}`);
  for (let f = 0; f < files; f++) {
    const rel = `src/f${f}.py`;
    const list: Tag[] = [];
    for (let k = 0; k < 20; k++) {
      const kind = k < 4 ? "def" : "ref";
      list.push({ relFname: rel, fname: `/repo/${rel}`, line: k, name: names[Math.floor(rnd() * names.length)]!, kind });
    }
    tags.set(rel, list);
  }
  const r = time(`getRankedTags ${files} files × 20 tags`, () => getRankedTags({ chatFiles: ["src/f0.py"], otherFiles: [...tags.keys()].slice(1), tags }));
  console.log(`  ${r.edges.length} edges, ${r.ranks.size} nodes, ${r.ranked.length} entries`);
}
