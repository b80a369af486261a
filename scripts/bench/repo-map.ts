/**
 * Benchmark 2: the real repo map (issue 4's scan, ranking and map) on this machine's Python standard library and
 * on this project — cold scan, warm scan, first map, re-rank with new mentions, peak memory — each folder measured
 * in its own child process (repo-map-child.ts). Targets from issue 4: cold scan ≥ 1,000 files/s, re-rank < 200 ms.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { RealMapSummary, ScanSummary } from "../../lib/index.js";
import { duration, loadText, spread, type Series } from "./measure.js";
import { table, type Section } from "./report.js";

interface ChildResult {
  root: string;
  source: string;
  threads: number;
  scan: ScanSummary;
  parsedInWorkers: number;
  warmParsed: number;
  cold: Series;
  warm: Series;
  prepare: Series;
  firstMap: Series;
  rerank: Series;
  ranking: Series;
  map: RealMapSummary;
  rerankChangedMap: number;
  peakRssMb: number;
}

export interface RepoMapTarget {
  readonly label: string;
  readonly dir: string;
}

function measureFolder(root: string, dir: string, runs: number): ChildResult {
  const tsx = join(root, "node_modules", ".bin", "tsx");
  const out = execFileSync(tsx, [join(root, "scripts", "bench", "repo-map-child.ts"), dir, String(runs)], { cwd: root, encoding: "utf8", maxBuffer: 1 << 26 });
  return JSON.parse(out) as ChildResult;
}

const perSecond = (n: number, ms: number): string => `${Math.round((n / ms) * 1000)}`;
const withCpu = (s: Series): string => `${spread(s)}; CPU ${duration(s.cpuMedian)}`;

/** Measures each folder (`runs` cold scans, warm scans and re-ranks each) and renders the table. */
export function repoMapSection(root: string, targets: readonly RepoMapTarget[], runs: number, log: (l: string) => void): Section {
  const results = targets.map((t) => {
    log(`repo map: ${t.label} (${runs} cold scans, ${runs} warm, ${runs} re-ranks)`);
    return { target: t, r: measureFolder(root, t.dir, runs) };
  });
  const col = (f: (r: ChildResult) => string): string[] => results.map(({ r }) => f(r));
  const rows: string[][] = [
    ["folder", ...col((r) => `${r.source === "git" ? "git-tracked files" : "walked"}`)],
    ["files listed / parsed (cold) / skipped / no grammar", ...col((r) => `${r.scan.files} / ${r.scan.parsed} / ${r.scan.skippedTotal} / ${r.scan.noGrammar}`)],
    ["tags (defs, refs); graph nodes, edges", ...col((r) => `${r.scan.tags} (${r.scan.defs}, ${r.scan.refs}); ${r.map.nodes}, ${r.map.edges}`)],
    ["cold scan", ...col((r) => `${withCpu(r.cold)} (${r.parsedInWorkers} parsed on ${r.threads} worker threads)`)],
    ["cold scan rate: files parsed / listed per second", ...col((r) => `${perSecond(r.scan.parsed, r.cold.median)} / ${perSecond(r.scan.files, r.cold.median)}`)],
    ["warm scan (cache, nothing parsed)", ...col((r) => `${withCpu(r.warm)} (parsed ${r.warmParsed})`)],
    ["prepare the ranking (once per scan)", ...col((r) => withCpu(r.prepare))],
    ["first map (1,024 tokens), prepared", ...col((r) => `${withCpu(r.firstMap)}; ${r.map.iterations} PageRank iterations, ${r.map.selected} entries, ${r.map.tokensExact} tokens`)],
    ["warm re-rank with new mentions", ...col((r) => `${withCpu(r.rerank)}; ${r.rerankChangedMap} of ${r.rerank.samples.length} changed the map`)],
    ["… of which the ranking alone", ...col((r) => withCpu(r.ranking))],
    ["peak memory (max RSS)", ...col((r) => `${r.peakRssMb.toFixed(0)} MB`)],
    ["load (cold scans; re-ranks)", ...col((r) => `${loadText(r.cold)}; ${loadText(r.rerank)}`)],
  ];
  const verdicts = results.map(({ target, r }) => {
    const rate = (r.scan.parsed / r.cold.median) * 1000;
    return (
      `${target.label}: cold scan ${Math.round(rate)} parsed files/s (target ≥ 1,000: ${rate >= 1000 ? "met" : "missed"}), ` +
      `re-rank ${duration(r.rerank.median)} wall, ${duration(r.rerank.cpuMedian)} CPU (target < 200 ms: ${r.rerank.median < 200 ? "met" : r.rerank.cpuMedian < 200 ? "missed in wall time, met in CPU time" : "missed"})`
    );
  });
  const blocks = [
    `Issue 4's code (\`scanRepo\`, \`aiderRepoMap\`) on the built lib, each folder in a child process of its own; ` +
      `wall time, median of ${runs} runs [min–max], with the CPU median (all threads). Folders: ` +
      targets.map((t) => `${t.label} = \`${t.dir === root ? "." : t.dir}\``).join(", ") +
      ". The rate counts the files actually parsed (files without a grammar are listed by name only, never read).",
    table(["", ...targets.map((t) => t.label)], rows),
    verdicts.map((v) => `- ${v}`).join("\n"),
  ];
  return { title: "2. The repo map on real code", blocks, data: results.map(({ target, r }) => ({ ...target, ...r })) };
}
