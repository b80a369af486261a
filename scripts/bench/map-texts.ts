/**
 * Real repo maps of about 1k, 10k and 100k tokens for the token-counting benchmark: issue 4's `aiderRepoMap` on a
 * folder with those budgets (Aider's ±15 % search picks each map's size). The scan is cached in build/bench so a
 * second benchmark run does not parse the folder again.
 */
import { join } from "node:path";
import type { TokenCounter } from "../../lib/index.js";
import { grammarSet, lib, scanParallel } from "./lib.js";
import type { MapText } from "./token-count.js";

const label = (tokens: number): string => `~${tokens >= 1000 ? `${Math.round(tokens / 1000)}k` : tokens} tokens`;

/** The maps of `dir` for each budget (in tokens), with no chat files and no mentions. */
export async function realMapTexts(root: string, dir: string, budgets: readonly number[], count: TokenCounter): Promise<MapText[]> {
  const grammars = grammarSet(root);
  const scan = await lib.scanRepo(dir, { cacheDir: join(root, "build", "bench", "scan-cache"), grammars, parallel: scanParallel(root) });
  const skeletons = new lib.SkeletonCache(scan.root, grammars);
  const out: MapText[] = [];
  for (const tokens of budgets) {
    const map = await lib.aiderRepoMap({ scan, skeletons, count }, { tokens });
    out.push({ label: `${label(tokens)} (budget ${tokens})`, text: map.map });
  }
  return out;
}
