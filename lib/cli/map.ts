/**
 * `workbench map <dir> …`: the repo map of a real folder as Aider would build it (`aider/repomap.py`), then a
 * summary. Scans with tree-sitter (cached on disk, see lib/repomap/scan/README.md), ranks, and picks the prefix with
 * Aider's ±15 % search (`--budget tolerance`) or the teaching strict rule with exact counts (`--budget strict`).
 */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { GrammarSet, packageResolverFrom } from "../repomap/scan/grammars.js";
import { aiderRepoMap, type RealMapResult } from "../repomap/repo-map.js";
import { defaultCacheDir } from "../repomap/scan/cache.js";
import { scanRepo, SCAN_DEFAULTS, type ScanResult } from "../repomap/scan/scan.js";
import { SkeletonCache } from "../repomap/render/skeletons.js";
import { isFileOnly, type RankedEntry } from "../repomap/ranking/tag.js";
import { loadTiktokenCounter, type TiktokenEncoding } from "../repomap/budget/token-count.js";
import { boundedInteger, outputFolder, parseCommandArgs, UsageError, userCwd, type CliIO, type Command } from "./command.js";
import { progressBar } from "./progress.js";

/**
 * Set by `lib/cli.ts` from its own location: where the grammar packages are found from, and the scan worker script
 * (scans then parse on every core). Unset (tests, notebooks): packages from the current folder, no threads.
 */
export const mapCommandConfig: { packageBase: string | undefined; workerScript: string | undefined } = {
  packageBase: undefined,
  workerScript: undefined,
};

/** The largest `--tokens` accepted (Aider's largest context windows are about 2M tokens; a map is a part of one). */
export const MAX_MAP_TOKENS = 1_000_000;

const entryJson = (e: RankedEntry): unknown => (isFileOnly(e) ? [e[0]] : { file: e.relFname, line: e.line, name: e.name, kind: e.kind });

function summaryText(scan: ScanResult, result: RealMapResult): string {
  const s = result.summary;
  const skipped = Object.entries(scan.summary.skipped).map(([k, n]) => `${k} ${n}`).join(", ");
  const verdict = s.overBudget ? "OVER budget" : "within budget";
  return [
    "── summary ──",
    `folder          ${scan.root} (${scan.source === "git" ? "git-tracked files" : "walked"})`,
    `files           ${s.files} listed, ${scan.summary.noGrammar} without a grammar (by name only), ${s.skipped} skipped${skipped ? ` (${skipped})` : ""}` +
      (scan.summary.withSyntaxErrors ? `, ${scan.summary.withSyntaxErrors} with syntax errors (tags kept)` : "") +
      (scan.outside.length ? `; ${scan.outside.length} left out: symlinks leaving the folder (${scan.outside.slice(0, 3).join(", ")}${scan.outside.length > 3 ? ", …" : ""})` : ""),
    `parsed          ${s.parsed} this run, ${s.fromCache} from the cache${scan.cachePath ? ` (${scan.cachePath})` : " (cache off)"}`,
    `tags            ${s.tags} (${scan.summary.defs} defs, ${scan.summary.refs} refs)`,
    `graph           ${s.nodes} nodes, ${s.edges} edges; PageRank ${s.iterations} iterations`,
    `ranked          ${s.ranked} entries, ${s.selected} in the map`,
    `tokens          ${s.tokensExact} exact, ${Number(s.tokensEstimated.toFixed(1))} by Aider's sampled estimate`,
    `budget          ${s.budget} (${s.budgetRule}): ${verdict}`,
    "",
  ].join("\n");
}

/** One line per thing the user should know about the scan: a damaged cache, files too complex to parse in time. */
export function scanWarnings(scan: ScanResult): string[] {
  const out: string[] = [];
  const n = scan.summary.cacheRejected;
  if (n > 0) out.push(`${n} scan cache entr${n === 1 ? "y was" : "ies were"} malformed and ignored; their files were parsed again (${scan.cachePath})`);
  const complex = scan.files.filter((f) => f.skipped === "too-complex").map((f) => f.rel);
  if (complex.length > 0) {
    const names = complex.slice(0, 3).join(", ") + (complex.length > 3 ? `, … (${complex.length} files)` : "");
    out.push(`${names}: over the parse time budget (too deeply nested or too complex); in the map by name only`);
  }
  return out;
}

export const mapCommand: Command = {
  name: "map",
  summary: "the repo map of a real folder (tree-sitter tags, PageRank, skeletons), as Aider builds it",
  usage: `Usage: workbench map <dir> [--tokens N] [--chat FILE]… [--mention WORD]… [--budget tolerance|strict]
                     [--encoding o200k_base|cl100k_base] [--json] [--cache-dir DIR | --no-cache] [--parse-budget MS]

Scans <dir> (git-tracked files in a git work tree, else a walk), tags every file with a tree-sitter grammar,
ranks definitions with Aider's PageRank and prints the map text as Aider would, then a summary.
  --tokens N        the map's token budget, 1 to 1000000 (default 1024, Aider's --map-tokens default; with no file in the chat
                    Aider passes 2 × that, capped by the context window — give the product here to reproduce it)
  --chat FILE       a file in the chat (path relative to <dir>): ranked ×50 from it, hidden from the map
  --mention WORD    a word of the conversation: a mentioned identifier (and file, if it names one)
  --budget RULE     tolerance (default): Aider's search, first prefix within ±15 % of the budget, sampled counts
                    strict: the teaching rule, longest prefix whose exact token count fits
  --encoding E      the exact counter (js-tiktoken): o200k_base (default) or cl100k_base
  --json            print one object { map, ranking, selected, summary } instead
  --cache-dir DIR   where the scan cache lives (default ${defaultCacheDir()}): a folder or a new name, not a
                    link or a special file; a cache file over 256 MiB, or not a regular file, is not read
  --no-cache        scan without reading or writing the cache
  --parse-budget MS the wall time one file's parse and tags queries may take (default ${SCAN_DEFAULTS.parseBudgetMs}); a file over it
                    (pathological nesting) is in the map by name only, with a warning, and is not cached
A second run on an unchanged folder parses no file.`,
  async run(args: string[], io: CliIO) {
    const { values, positionals } = parseCommandArgs("map", args, {
      tokens: { type: "string" },
      chat: { type: "string", multiple: true },
      mention: { type: "string", multiple: true },
      budget: { type: "string" },
      encoding: { type: "string" },
      json: { type: "boolean" },
      "cache-dir": { type: "string" },
      "no-cache": { type: "boolean" },
      "parse-budget": { type: "string" },
    });
    const [dir, ...extra] = positionals;
    if (!dir) throw new UsageError("map: give a folder to map (see: workbench map --help)");
    if (extra.length > 0) throw new UsageError(`map: unexpected argument "${extra[0]}"`);
    const tokens = values.tokens === undefined ? 1024 : boundedInteger("map", "--tokens", values.tokens, 1, MAX_MAP_TOKENS);
    const budget = values.budget ?? "tolerance";
    if (budget !== "tolerance" && budget !== "strict") throw new UsageError(`map: --budget must be tolerance or strict (got "${budget}")`);
    const encoding = (values.encoding ?? "o200k_base") as TiktokenEncoding;
    if (encoding !== "o200k_base" && encoding !== "cl100k_base") throw new UsageError(`map: --encoding must be o200k_base or cl100k_base (got "${encoding}")`);
    if (values["no-cache"] && values["cache-dir"] !== undefined) throw new UsageError("map: give --cache-dir or --no-cache, not both");
    if (values["cache-dir"] === "") throw new UsageError("map: --cache-dir must name a folder (got \"\"); --no-cache scans without a cache");
    // paths on the command line are the user's: under `npm run` the process runs in the checkout, not there
    const folder = resolve(userCwd(), dir);
    const cacheDir = values["no-cache"] ? null : values["cache-dir"] !== undefined ? outputFolder("map", "--cache-dir", values["cache-dir"]) : defaultCacheDir();

    const parseBudgetMs = values["parse-budget"] === undefined ? SCAN_DEFAULTS.parseBudgetMs : boundedInteger("map", "--parse-budget", values["parse-budget"], 1, 3_600_000);
    const grammars = new GrammarSet(mapCommandConfig.packageBase ? { resolvePackageDir: packageResolverFrom(mapCommandConfig.packageBase) } : {});
    const bar = progressBar(io, "scanning");
    let scan: ScanResult;
    try {
      scan = await scanRepo(folder, {
        grammars,
        cacheDir,
        parseBudgetMs,
        onProgress: (done, total) => bar.update(done, total),
        ...(mapCommandConfig.workerScript && mapCommandConfig.packageBase
          ? { parallel: { script: mapCommandConfig.workerScript, threads: availableParallelism(), packageBase: mapCommandConfig.packageBase } }
          : {}),
      });
    } catch (err) {
      if (err instanceof WorkbenchInputError && err.parameter === "dir") throw new UsageError(`map: ${dir}: ${err.rule}`);
      throw err;
    } finally {
      bar.finish();
    }
    for (const line of scanWarnings(scan)) io.stderr(`map: warning: ${line}\n`);
    const skeletons = new SkeletonCache(scan.root, grammars);
    const count = await loadTiktokenCounter(encoding);
    let result: RealMapResult;
    try {
      result = await aiderRepoMap({ scan, skeletons, count }, { chatFiles: values.chat ?? [], mentions: values.mention ?? [], tokens, budget });
    } catch (err) {
      if (err instanceof WorkbenchInputError && err.parameter.startsWith("request.chatFiles")) {
        throw new UsageError(`map: --chat ${JSON.stringify(String((values.chat ?? [])[Number(/\[(\d+)\]/.exec(err.parameter)?.[1])]))} is not a file of ${dir} (give a path relative to it)`);
      }
      throw err;
    }
    if (values.json) {
      io.stdout(
        JSON.stringify({
          map: result.map,
          ranking: result.ranking.map(entryJson),
          selected: result.selected.map(entryJson),
          summary: { ...result.summary, noGrammar: scan.summary.noGrammar, skippedByReason: scan.summary.skipped, outsideRoot: scan.outside, cachePath: scan.cachePath },
        }) + "\n",
      );
    } else {
      const none = result.ranking.length === 0 ? "(no map: no file outside the chat to map)\n" : "(no map: no prefix of the ranking qualifies for this budget)\n";
      io.stdout(result.map === "" ? none : result.map);
      io.stdout("\n" + summaryText(scan, result));
    }
    return 0;
  },
};
