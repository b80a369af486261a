/**
 * Scanning a folder for the repo map (`aider/repomap.py` `get_tags_raw`–1.3, the part of `get_ranked_tags` that calls `get_tags` for
 * every file): list the files, then for each file with a grammar reuse its cached tags when its mtime and size are
 * unchanged, else read, parse and tag it. Files without a grammar are not read and appear by name only, as in
 * Aider. Nothing here is fatal for one file: unreadable, too large, binary, non-UTF-8 or unparsable files are
 * skipped and counted. The scan is cached on disk apart from the ranking (scan/cache.ts), with each file's
 * skeleton spans, so the map's skeletons need no parse after a scan (render/skeletons.ts).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireInteger, requireRecord, requireString } from "../../core/validate.js";
import { listRepoFiles, type SkipReason } from "./files.js";
import { GrammarSet } from "./grammars.js";
import { languageById, languageForPath } from "./languages.js";
import { parseFileBody, PARSE_BUDGET_MS, type FileBody } from "./parse.js";
import { parseInWorkers, type ParallelOptions, type ParseJob } from "./pool.js";
import {
  defaultCacheDir,
  entryIsFresh,
  loadScanCache,
  saveScanCache,
  scanCachePath,
  scanFingerprint,
  type CachedEntry,
} from "./cache.js";
import { tagsOptions, type RawTag, type TagsOptions } from "./tags-raw.js";

export interface ScanOptions {
  /** Tag extraction options (scan/tags-raw.ts). */
  tags: Partial<TagsOptions>;
  /** Files larger than this are skipped ("too-large"); Aider has no limit. */
  maxFileBytes: number;
  /** Time for one file's parse and tags queries (ms); a file over it is skipped ("too-complex"). Aider has no limit. */
  parseBudgetMs: number;
  /** Where the scan cache lives; null for no cache. Default: `defaultCacheDir()`. */
  cacheDir: string | null;
  /** The grammars to use (shared between scans so each loads once). */
  grammars: GrammarSet | undefined;
  /** Called as files are processed (done, total); for progress bars. */
  onProgress: ((done: number, total: number) => void) | undefined;
  /**
   * Parse on worker threads (when at least PARALLEL_MIN_FILES files need parsing): the worker script, the thread
   * count, and the folder the workers resolve grammar packages from. Default: in-process.
   */
  parallel: (ParallelOptions & { packageBase: string }) | undefined;
}

export const SCAN_DEFAULTS: Readonly<Omit<ScanOptions, "cacheDir">> = Object.freeze({
  tags: {},
  maxFileBytes: 1 << 20,
  parseBudgetMs: PARSE_BUDGET_MS,
  grammars: undefined,
  onProgress: undefined,
  parallel: undefined,
});

/** One file of the scan. */
export interface ScannedFile {
  /** Path relative to the scanned folder, with `/`. */
  readonly rel: string;
  readonly lang: string | null;
  readonly tags: readonly RawTag[];
  readonly skipped?: SkipReason;
  readonly hasError?: boolean;
}

export interface ScanSummary {
  /** Every listed file. */
  files: number;
  /** Files parsed in this run (0 when everything came from the cache). */
  parsed: number;
  /** Files whose tags came from the cache. */
  fromCache: number;
  /** Of the parsed files, how many worker threads parsed (0 when the scan ran in-process). */
  parsedInWorkers: number;
  /** Files without a grammar (not read; in the map by name only). */
  noGrammar: number;
  /** Files with a grammar that were not parsed, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  skippedTotal: number;
  /** Parsed files whose tree has syntax errors (their tags are kept). */
  withSyntaxErrors: number;
  tags: number;
  defs: number;
  refs: number;
  /** Languages whose grammar could not be loaded, with the reason. */
  grammarFailures: Record<string, string>;
  /** Listed paths left out of the map because their real path leaves the folder (symlinks; aider-files.ts). */
  outsideRoot: number;
  /** Cache entries of the wrong shape that were dropped (their files parsed again). */
  cacheRejected: number;
}

/** The scan's skeleton spans (scan/skeleton-spans.ts) with the mtime and size each file had when parsed. */
export interface ScanSkeletonSpans {
  /** Computed with Aider's hidden node types (the tag option `aiderGrammar`), as `render_tree` must use them. */
  readonly aiderGrammar: boolean;
  readonly files: ReadonlyMap<string, { readonly mtimeMs: number; readonly size: number; readonly spans: string }>;
}

export interface ScanResult {
  readonly root: string;
  readonly source: "git" | "walk";
  /** Sorted by path. */
  readonly files: readonly ScannedFile[];
  readonly summary: ScanSummary;
  readonly cachePath: string | null;
  /** The paths left out because their real path leaves the folder, sorted. */
  readonly outside: readonly string[];
  /** For `SkeletonCache`: a file whose skeleton spans are here and fresh is rendered without parsing it again. */
  readonly skeletonSpans?: ScanSkeletonSpans;
}

function scanOptions(options: Partial<ScanOptions>): ScanOptions {
  const where = "scanRepo";
  requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", options, ["tags", "maxFileBytes", "parseBudgetMs", "cacheDir", "grammars", "onProgress", "parallel"]);
  const merged: ScanOptions = { ...SCAN_DEFAULTS, cacheDir: defaultCacheDir(), ...options };
  requireInteger(where, "options.maxFileBytes", merged.maxFileBytes, 1);
  requireInteger(where, "options.parseBudgetMs", merged.parseBudgetMs, 1);
  if (merged.cacheDir !== null && typeof merged.cacheDir !== "string") {
    throw new WorkbenchInputError(where, "options.cacheDir", "must be a folder path or null", merged.cacheDir);
  }
  if (merged.grammars !== undefined && !(merged.grammars instanceof GrammarSet)) {
    throw new WorkbenchInputError(where, "options.grammars", "must be a GrammarSet", merged.grammars);
  }
  if (merged.parallel !== undefined) {
    const p = requireRecord(where, "options.parallel", merged.parallel);
    requireString(where, "options.parallel.script", p.script);
    requireString(where, "options.parallel.packageBase", p.packageBase);
    requireInteger(where, "options.parallel.threads", p.threads, 1);
  }
  if (merged.onProgress !== undefined && typeof merged.onProgress !== "function") {
    throw new WorkbenchInputError(where, "options.onProgress", "must be a function", merged.onProgress);
  }
  return merged;
}

/** Below this many files to parse, threads cost more than they save: each compiles the tags queries it needs (0.1–0.4 s a language). */
export const PARALLEL_MIN_FILES = 300;

/** Scans a folder: lists its files and tags each one, from the cache when unchanged. */
export async function scanRepo(dir: string, options: Partial<ScanOptions> = {}): Promise<ScanResult> {
  const opts = scanOptions(options);
  const tagOpts = tagsOptions(opts.tags, "scanRepo");
  const grammars = opts.grammars ?? new GrammarSet();
  const { root, files: listed, source, outside } = await listRepoFiles(dir);
  const fingerprint = scanFingerprint({ tags: tagOpts, maxFileBytes: opts.maxFileBytes, parseBudgetMs: opts.parseBudgetMs, versions: grammars.versions() });
  const cachePath = opts.cacheDir === null ? null : scanCachePath(opts.cacheDir, root);
  let cacheRejected = 0;
  const cache = cachePath ? loadScanCache(cachePath, { fingerprint, root }, (n) => (cacheRejected = n)) : new Map<string, CachedEntry>();
  const next = new Map<string, CachedEntry>();
  const bodies: (FileBody | null)[] = new Array(listed.length).fill(null);
  const stats: ({ mtimeMs: number; size: number } | undefined)[] = new Array(listed.length);
  const jobs: (ParseJob & { index: number })[] = [];
  let done = 0;
  const progress = (): void => opts.onProgress?.(++done, listed.length);

  // 1. plan: files without a grammar and unchanged files need no parsing
  for (let i = 0; i < listed.length; i++) {
    const rel = listed[i]!;
    const spec = languageForPath(rel);
    if (!spec) {
      progress();
      continue;
    }
    const abs = join(root, rel);
    try {
      stats[i] = statSync(abs);
    } catch {
      stats[i] = undefined;
    }
    const cached = cache.get(rel);
    if (stats[i] && entryIsFresh(cached, stats[i]!.mtimeMs, stats[i]!.size)) {
      const { mtimeMs: _m, size: _s, ...body } = cached;
      bodies[i] = body;
      next.set(rel, cached);
      progress();
    } else {
      jobs.push({ index: i, abs, lang: spec.id });
    }
  }

  // 2. parse what changed: on worker threads when asked and worth it, the rest (or all) in-process
  const parsedHere = new Set<number>();
  const record = (job: (typeof jobs)[number], body: FileBody): void => {
    bodies[job.index] = body;
    parsedHere.add(job.index);
    const stat = stats[job.index];
    // the budget is wall time, so a busy machine can push an ordinary file over it: never cache that verdict
    if (stat && body.skipped !== "too-complex") next.set(listed[job.index]!, { mtimeMs: stat.mtimeMs, size: stat.size, ...body });
    progress();
  };
  let remaining = jobs;
  let inWorkers = 0;
  if (opts.parallel && jobs.length >= PARALLEL_MIN_FILES) {
    // largest first, so the threads finish together instead of one parsing a big file while the other idles
    jobs.sort((a, b) => (stats[b.index]?.size ?? 0) - (stats[a.index]?.size ?? 0) || a.index - b.index);
    const data = { packageBase: opts.parallel.packageBase, tagOpts, maxBytes: opts.maxFileBytes, budgetMs: opts.parseBudgetMs };
    await parseInWorkers(jobs, { parallel: opts.parallel, data }, (k, body) => {
      if (!body) return;
      record(jobs[k]!, body);
      if (body.skipped === undefined) inWorkers++;
    });
    remaining = jobs.filter((job) => !parsedHere.has(job.index)); // what no worker answered
  }
  // the grammars are loaded only when a file needs parsing (a warm scan loads none), all at once: their wasm
  // compiles on V8's background threads, so they overlap one another
  await Promise.all([...new Set(remaining.map((job) => job.lang))].map((lang) => grammars.get(languageById(lang)!)));
  for (const job of remaining) {
    const grammar = await grammars.get(languageById(job.lang)!);
    if (grammar) record(job, parseFileBody(job, grammar, { tagOpts, maxBytes: opts.maxFileBytes, budgetMs: opts.parseBudgetMs }));
    else progress();
  }

  // 3. assemble, count, save
  const summary: ScanSummary = {
    files: listed.length, parsed: 0, fromCache: 0, parsedInWorkers: inWorkers, noGrammar: 0, skipped: {}, skippedTotal: 0, withSyntaxErrors: 0,
    tags: 0, defs: 0, refs: 0, grammarFailures: Object.fromEntries(grammars.failures),
    outsideRoot: outside.length,
    cacheRejected,
  };
  const out: ScannedFile[] = listed.map((rel, i) => {
    const body = bodies[i];
    if (!body) {
      summary.noGrammar++;
      return { rel, lang: null, tags: [] };
    }
    if (parsedHere.has(i) && body.skipped === undefined) summary.parsed++;
    if (!parsedHere.has(i)) summary.fromCache++;
    if (body.skipped !== undefined) {
      summary.skipped[body.skipped] = (summary.skipped[body.skipped] ?? 0) + 1;
      summary.skippedTotal++;
    }
    if (body.hasError) summary.withSyntaxErrors++;
    for (const t of body.tags) t[0] === "def" ? summary.defs++ : summary.refs++;
    const { spans: _spans, ...file } = body;
    return { rel, ...file };
  });
  const spanFiles = new Map<string, { mtimeMs: number; size: number; spans: string }>();
  for (const [rel, { mtimeMs, size, spans }] of next) if (spans !== undefined) spanFiles.set(rel, { mtimeMs, size, spans });
  summary.tags = summary.defs + summary.refs;
  if (cachePath && (parsedHere.size > 0 || next.size !== cache.size || cacheRejected > 0)) saveScanCache(cachePath, { fingerprint, root }, next);
  return { root, source, files: out, summary, cachePath, outside, skeletonSpans: { aiderGrammar: tagOpts.aiderGrammar, files: spanFiles } };
}
