import { GrammarSet } from "./lib/repomap/aider-grammars.js";
import { buildRepoMap } from "./lib/repomap/aider-repo-map.js";
import { scanRepo, SCAN_DEFAULTS } from "./lib/repomap/aider-scan.js";
import { SkeletonCache } from "./lib/repomap/aider-skeletons.js";
import { loadTiktokenCounter } from "./lib/repomap/aider-token-count.js";
import { getRankedTags } from "./lib/repomap/aider-ranking.js";
import { rankingInput } from "./lib/repomap/aider-repo-map.js";
const grammars = new GrammarSet();
const scan = await scanRepo(process.argv[2]!, { cacheDir: "/tmp/rm/cache-std", grammars });
const skeletons = new SkeletonCache(scan.root, grammars, SCAN_DEFAULTS.maxFileBytes);
const count = await loadTiktokenCounter("o200k_base");
await buildRepoMap(scan, { tokens: 1024 }, skeletons, count);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const mentions of [["Thread"], ["urlopen", "Request"]]) {
  let c = cpu(); let t = performance.now();
  const input = rankingInput(scan, [], mentions);
  const r = getRankedTags(input);
  const rankCpu = cpu() - c, rankWall = performance.now() - t;
  c = cpu(); t = performance.now();
  const m = await buildRepoMap(scan, { tokens: 1024, mentions }, skeletons, count);
  console.log(JSON.stringify({ mentions, rankCpu, rankWall, mapCpu: cpu() - c, mapWall: performance.now() - t, probes: m.probes.map(p => p.k) }));
}
