/**
 * `npm run bench:map -- <dir> [--tokens N]`: how fast the real repo map is on a folder (issue 4 item 7). A report,
 * not a test: it prints numbers and checks no target.
 *
 *  1. cold scan: a fresh, empty cache folder (every file with a grammar is read, parsed and tagged), on one worker
 *     thread per core as `workbench map` does (`--threads 1`: in-process);
 *  2. warm scan: the same folder again with that cache (nothing is parsed); the cache file's size on disk;
 *  3. prepare: the half of the ranking the conversation cannot change (`preparedScanRanking`, once per scan);
 *     first map: ranking + Aider's ±15 % search + skeletons (loads the grammars the skeletons need and the counter);
 *  4. re-rank with new mentions: the map again for three different sets of mentioned identifiers (median of 3,
 *     after two untimed re-ranks with other mentions: a session re-ranks again and again, so V8 has optimised by
 *     then), and the ranking alone (`rankPreparedTags`) for the same three requests;
 *  5. peak memory (max resident set size of the process, worker threads included): after the cold scan, and in all.
 * Wall time and CPU time are both shown: on a busy machine wall time says more about the machine than the code.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { GrammarSet } from "../lib/repomap/scan/grammars.js";
import { aiderRepoMap, preparedScanRanking, rankingInput } from "../lib/repomap/repo-map.js";
import { rankPreparedTags } from "../lib/repomap/ranking/fast/prepared-tags.js";
import { scanRepo, SCAN_DEFAULTS } from "../lib/repomap/scan/scan.js";
import { SkeletonCache } from "../lib/repomap/render/skeletons.js";
import { loadTiktokenCounter } from "../lib/repomap/budget/token-count.js";
import type { Tag } from "../lib/repomap/ranking/tag.js";

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith("--"));
const flag = (name: string, dflt: number): number => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : dflt);
const tokens = flag("--tokens", 1024);
const threads = flag("--threads", availableParallelism());
if (!dir || !Number.isInteger(tokens) || tokens < 1 || !Number.isInteger(threads) || threads < 1) {
  console.error("usage: npm run bench:map -- <dir> [--tokens N] [--threads N (1 = in-process)]");
  process.exit(2);
}
const parallel =
  threads > 1 ? { script: fileURLToPath(new URL("../lib/repomap/scan/worker.ts", import.meta.url)), threads, packageBase: process.cwd() } : undefined;

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const ms = (x: number): string => `${x.toFixed(0)} ms`;
const cacheDir = mkdtempSync(join(tmpdir(), "wb-bench-cache-"));
try {
  const grammars = new GrammarSet();
  const loadBefore = loadavg().map((l) => l.toFixed(1)).join(" ");
  const cold = await timed(() => scanRepo(dir, { cacheDir, grammars, parallel }));
  const coldPeakMb = process.resourceUsage().maxRSS / 1024;
  const scan = cold.value;
  const s = scan.summary;
  const parsedMb = scan.files.filter((f) => f.lang !== null && f.skipped === undefined).reduce((sum, f) => sum + statSync(join(scan.root, f.rel)).size, 0) / 1e6;
  const cacheBytes = scan.cachePath ? statSync(scan.cachePath).size : 0;
  const warm = await timed(() => scanRepo(dir, { cacheDir, grammars }));
  const skeletons = new SkeletonCache(scan.root, grammars);
  const count = await loadTiktokenCounter("o200k_base");
  const prepare = await timed(async () => preparedScanRanking(warm.value));
  const first = await timed(() => aiderRepoMap({ scan: warm.value, skeletons, count }, { tokens }));

  // new mentions: identifiers defined in the middle of the ranking (not already on top)
  const defs = first.value.ranking.filter((e): e is Tag => !Array.isArray(e));
  const pick = (from: number): string[] => defs.slice(from, from + 3).map((t) => t.name);
  const mid = Math.floor(defs.length / 2);
  const rerank = (mentions: string[]) => timed(() => aiderRepoMap({ scan: warm.value, skeletons, count }, { tokens, mentions }));
  for (const from of [Math.floor(mid / 3), Math.floor(mid / 4)]) await rerank(pick(from)); // warm-up, untimed
  const mentionSets = [pick(mid), pick(Math.floor(mid / 2)), pick(mid + Math.floor(mid / 2))];
  const reranks: Awaited<ReturnType<typeof rerank>>[] = [];
  for (const mentions of mentionSets) reranks.push(await rerank(mentions));
  const median = [...reranks].sort((a, b) => a.wallMs - b.wallMs)[1]!;
  const rankOnly = [];
  for (const mentions of mentionSets) {
    const { chatFiles, otherFiles, mentionedFnames, mentionedIdents } = rankingInput(warm.value, [], mentions);
    rankOnly.push(await timed(async () => rankPreparedTags(preparedScanRanking(warm.value), { chatFiles, otherFiles, mentionedFnames, mentionedIdents })));
  }
  const rankMedian = [...rankOnly].sort((a, b) => a.wallMs - b.wallMs)[1]!;
  const peakMb = process.resourceUsage().maxRSS / 1024;

  console.log(`bench:map ${scan.root} (${scan.source}), budget ${tokens} tokens, ${threads} thread(s), load average ${loadBefore} before, ${loadavg().map((l) => l.toFixed(1)).join(" ")} after`);
  console.log(`files            ${s.files} listed, ${s.parsed} parsed, ${s.noGrammar} without a grammar, ${s.skippedTotal} skipped, ${s.withSyntaxErrors} with syntax errors`);
  console.log(`tags             ${s.tags} (${s.defs} defs, ${s.refs} refs); graph ${first.value.summary.nodes} nodes, ${first.value.summary.edges} edges`);
  console.log(`cold scan        ${ms(cold.wallMs)} wall, ${ms(cold.cpuMs)} CPU → ${((s.files / cold.wallMs) * 1000).toFixed(0)} files/s listed, ${((s.parsed / cold.wallMs) * 1000).toFixed(0)} files/s parsed, ${(parsedMb / (cold.wallMs / 1000)).toFixed(2)} MB/s (${((s.parsed / cold.cpuMs) * 1000).toFixed(0)} files, ${(parsedMb / (cold.cpuMs / 1000)).toFixed(2)} MB per CPU second, all threads; ${s.parsedInWorkers} parsed in workers)`);
  console.log(`scan cache       ${(cacheBytes / 1e6).toFixed(1)} MB on disk (JSON)`);
  console.log(`warm scan        ${ms(warm.wallMs)} wall, ${ms(warm.cpuMs)} CPU (parsed ${warm.value.summary.parsed}, from cache ${warm.value.summary.fromCache})`);
  console.log(`prepare ranking  ${ms(prepare.wallMs)} wall, ${ms(prepare.cpuMs)} CPU (once per scan: tag index, ${first.value.summary.edges} edges as typed arrays, matrix plan)`);
  console.log(`first map        ${ms(first.wallMs)} wall, ${ms(first.cpuMs)} CPU after preparing (${first.value.summary.selected} entries, ${first.value.summary.tokensExact} tokens, ${first.value.probes.length} probes, ${skeletons.parses} files parsed for skeletons, ${skeletons.fromScan} built from the scan's spans)`);
  console.log(`re-rank          ${ms(median.wallMs)} wall (median of ${reranks.map((r) => ms(r.wallMs)).join(", ")}), ${ms(median.cpuMs)} CPU (of ${reranks.map((r) => ms(r.cpuMs)).join(", ")}); mentions changed the map: ${reranks.map((r) => (r.value.map !== first.value.map ? "yes" : "no")).join("/")}`);
  console.log(`  ranking alone  ${ms(rankMedian.wallMs)} wall (median of ${rankOnly.map((r) => ms(r.wallMs)).join(", ")}), ${ms(rankMedian.cpuMs)} CPU (rankPreparedTags; the rest is the search's probes, skeletons, token counts)`);
  console.log(`peak memory      ${coldPeakMb.toFixed(0)} MB after the cold scan, ${peakMb.toFixed(0)} MB in all (max RSS of the process; workers included)`);
} finally {
  rmSync(cacheDir, { recursive: true, force: true });
}
