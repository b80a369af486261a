/**
 * One folder's repo-map measurements, in a process of its own so that its peak memory is that folder's alone
 * (run by repo-map.ts: `tsx scripts/bench/repo-map-child.ts <dir> <runs>`; prints one JSON object). The steps are
 * those of `npm run bench:map` (scripts/bench-map.ts), each repeated for a median:
 *   cold scan  - an empty cache folder and a fresh GrammarSet, parsing on one worker thread per core as
 *                `workbench map` does (from 300 files to parse; fewer are parsed in-process);
 *   warm scan  - the same folder again with that cache (nothing parsed);
 *   prepare    - the half of the ranking the conversation cannot change, once per scan (`preparedScanRanking`);
 *   first map  - ranking + Aider's ±15 % search + skeletons, 1,024 tokens (loads what the skeletons need), prepared;
 *   re-rank    - the map again with new mentioned identifiers (defined just below the first map's cut, so they
 *                usually enter the map), a different set each run, after two untimed re-ranks (warm JIT);
 *   ranking    - the ranking alone (`rankPreparedTags`) for the same requests as the re-ranks;
 *   peak RSS   - the process's maximum resident set size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { RealMapResult, ScanResult, Tag } from "../../lib/index.js";
import { grammarSet as grammarsUnder, lib, scanParallel } from "./lib.js";
import { series, load1, timeOnce, type Sample, type Series } from "./measure.js";

const [dir, runsText] = process.argv.slice(2);
const runs = Number(runsText);
if (dir === undefined || !Number.isInteger(runs) || runs < 1) {
  process.stderr.write("usage: tsx scripts/bench/repo-map-child.ts <dir> <runs>\n");
  process.exit(2);
}
const root = resolve(import.meta.dirname, "../..");
const parallel = scanParallel(root);
const grammarSet = () => grammarsUnder(root);

async function timedSeries<T>(n: number, fn: (i: number) => Promise<T>): Promise<{ series: Series; values: T[] }> {
  const before = load1();
  const samples: Sample[] = [];
  const values: T[] = [];
  for (let i = 0; i < n; i++) {
    const r = await timeOnce(() => fn(i));
    samples.push(r.sample);
    values.push(r.value);
  }
  return { series: series(samples, [before, load1()]), values };
}

const WARMUP_RERANKS = 2;
const caches: string[] = [];
try {
  const cold = await timedSeries(runs, () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "wb-bench-scan-"));
    caches.push(cacheDir);
    return lib.scanRepo(dir, { cacheDir, grammars: grammarSet(), parallel });
  });
  const cacheDir = caches[caches.length - 1]!;
  const warm = await timedSeries(runs, () => lib.scanRepo(dir, { cacheDir, grammars: grammarSet() }));
  const scan: ScanResult = warm.values[warm.values.length - 1]!;
  const grammars = grammarSet();
  const skeletons = new lib.SkeletonCache(scan.root, grammars);
  const count = await lib.loadTiktokenCounter("o200k_base");
  const prepare = await timedSeries(1, async () => lib.preparedScanRanking(scan));
  const first = await timedSeries(1, () => lib.aiderRepoMap({ scan, skeletons, count }, { tokens: 1024 }));
  const firstMap: RealMapResult = first.values[0]!;
  // new mentions: three identifiers defined just below the map's cut, a different three each run
  const below = firstMap.ranking.slice(firstMap.summary.selected).filter((e): e is Tag => !Array.isArray(e));
  const mentionsFor = (i: number): string[] => below.slice(3 * i, 3 * i + 3).map((t) => t.name);
  // warm: a session re-ranks again and again, so two untimed re-ranks (other mentions) let V8 optimise first
  for (let i = runs; i < runs + WARMUP_RERANKS; i++) await lib.aiderRepoMap({ scan, skeletons, count }, { tokens: 1024, mentions: mentionsFor(i) });
  const rerank = await timedSeries(runs, (i) => lib.aiderRepoMap({ scan, skeletons, count }, { tokens: 1024, mentions: mentionsFor(i) }));
  const ranking = await timedSeries(runs, async (i) => {
    const { chatFiles, otherFiles, mentionedFnames, mentionedIdents } = lib.rankingInput(scan, [], mentionsFor(i));
    return lib.rankPreparedTags(lib.preparedScanRanking(scan), { chatFiles, otherFiles, mentionedFnames, mentionedIdents }).ranked.length;
  });
  const coldScan = cold.values[0]!.summary;
  process.stdout.write(
    JSON.stringify({
      root: scan.root,
      source: scan.source,
      threads: parallel.threads,
      scan: coldScan,
      parsedInWorkers: coldScan.parsedInWorkers,
      warmParsed: scan.summary.parsed,
      cold: cold.series,
      warm: warm.series,
      prepare: prepare.series,
      firstMap: first.series,
      rerank: rerank.series,
      ranking: ranking.series,
      map: firstMap.summary,
      rerankChangedMap: rerank.values.filter((r) => r.map !== firstMap.map).length,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
} finally {
  for (const c of caches) rmSync(c, { recursive: true, force: true });
}
