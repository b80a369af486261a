/**
 * Scanning a folder for the repo map (reference §1.2–1.3, the part of `get_ranked_tags` that calls `get_tags` for
 * every file): list the files, then for each file with a grammar reuse its cached tags when its mtime and size are
 * unchanged, else read, parse and tag it. Files without a grammar are not read and appear by name only, as in
 * Aider. Nothing here is fatal for one file: unreadable, too large, binary, non-UTF-8 or unparsable files are
 * skipped and counted. The scan is cached on disk apart from the ranking (aider-scan-cache.ts).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { WorkbenchInputError } from "../core/errors.js";
import { rejectUnknownKeys, requireInteger, requireRecord } from "../core/validate.js";
import { listRepoFiles, readSourceSync, type SkipReason } from "./aider-files.js";
import { GrammarSet, type Grammar } from "./aider-grammars.js";
import { languageForPath } from "./aider-languages.js";
import {
  defaultCacheDir,
  entryIsFresh,
  loadScanCache,
  saveScanCache,
  scanCachePath,
  scanFingerprint,
  type CachedEntry,
} from "./aider-scan-cache.js";
import { getTagsRaw, tagsOptions, type RawTag, type TagsOptions } from "./aider-tags-raw.js";

export interface ScanOptions {
  /** Tag extraction options (aider-tags-raw.ts). */
  tags: Partial<TagsOptions>;
  /** Files larger than this are skipped ("too-large"); Aider has no limit. */
  maxFileBytes: number;
  /** Where the scan cache lives; null for no cache. Default: `defaultCacheDir()`. */
  cacheDir: string | null;
  /** The grammars to use (shared between scans so each loads once). */
  grammars: GrammarSet | undefined;
  /** Called as files are processed (done, total); for progress bars. */
  onProgress: ((done: number, total: number) => void) | undefined;
}

export const SCAN_DEFAULTS: Readonly<Omit<ScanOptions, "cacheDir">> = Object.freeze({
  tags: {},
  maxFileBytes: 1 << 20,
  grammars: undefined,
  onProgress: undefined,
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
}

export interface ScanResult {
  readonly root: string;
  readonly source: "git" | "walk";
  /** Sorted by path. */
  readonly files: readonly ScannedFile[];
  readonly summary: ScanSummary;
  readonly cachePath: string | null;
}

function scanOptions(options: Partial<ScanOptions>): ScanOptions {
  const where = "scanRepo";
  requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", options, ["tags", "maxFileBytes", "cacheDir", "grammars", "onProgress"]);
  const merged: ScanOptions = { ...SCAN_DEFAULTS, cacheDir: defaultCacheDir(), ...options };
  requireInteger(where, "options.maxFileBytes", merged.maxFileBytes, 1);
  if (merged.cacheDir !== null && typeof merged.cacheDir !== "string") {
    throw new WorkbenchInputError(where, "options.cacheDir", "must be a folder path or null", merged.cacheDir);
  }
  if (merged.grammars !== undefined && !(merged.grammars instanceof GrammarSet)) {
    throw new WorkbenchInputError(where, "options.grammars", "must be a GrammarSet", merged.grammars);
  }
  if (merged.onProgress !== undefined && typeof merged.onProgress !== "function") {
    throw new WorkbenchInputError(where, "options.onProgress", "must be a function", merged.onProgress);
  }
  return merged;
}

/** Scans a folder: lists its files and tags each one, from the cache when unchanged. */
export async function scanRepo(dir: string, options: Partial<ScanOptions> = {}): Promise<ScanResult> {
  const opts = scanOptions(options);
  const tagOpts = tagsOptions(opts.tags, "scanRepo");
  const grammars = opts.grammars ?? new GrammarSet();
  const { root, files: listed, source } = await listRepoFiles(dir);
  const fingerprint = scanFingerprint({ tags: tagOpts, maxFileBytes: opts.maxFileBytes, versions: grammars.versions() });
  const cachePath = opts.cacheDir === null ? null : scanCachePath(opts.cacheDir, root);
  const cache = cachePath ? loadScanCache(cachePath, fingerprint, root) : new Map<string, CachedEntry>();
  const next = new Map<string, CachedEntry>();
  const summary: ScanSummary = {
    files: listed.length, parsed: 0, fromCache: 0, noGrammar: 0, skipped: {}, skippedTotal: 0, withSyntaxErrors: 0,
    tags: 0, defs: 0, refs: 0, grammarFailures: {},
  };
  const out: ScannedFile[] = [];
  let changed = false;
  for (let i = 0; i < listed.length; i++) {
    const rel = listed[i]!;
    const spec = languageForPath(rel);
    let file: ScannedFile | undefined;
    if (spec) {
      const abs = join(root, rel);
      let stat: { mtimeMs: number; size: number } | undefined;
      try {
        stat = statSync(abs);
      } catch {
        stat = undefined;
      }
      const cached = stat && cache.get(rel);
      let grammar: Grammar | undefined;
      if (stat && entryIsFresh(cached, stat.mtimeMs, stat.size)) {
        summary.fromCache++;
        const { mtimeMs: _m, size: _s, ...body } = cached;
        file = { rel, ...body };
        next.set(rel, cached);
      } else if ((grammar = await grammars.get(spec))) {
        // the grammar is loaded only when a file needs parsing: a warm scan loads none
        const body = parseOne(spec.id, abs, grammar, tagOpts, opts.maxFileBytes);
        file = { rel, ...body };
        if (body.skipped === undefined) summary.parsed++;
        if (stat) next.set(rel, { mtimeMs: stat.mtimeMs, size: stat.size, ...body });
        changed = true;
      }
      if (file?.skipped !== undefined) {
        summary.skipped[file.skipped] = (summary.skipped[file.skipped] ?? 0) + 1;
        summary.skippedTotal++;
      }
      if (file?.hasError) summary.withSyntaxErrors++;
    }
    if (!file) {
      summary.noGrammar++;
      file = { rel, lang: null, tags: [] };
    }
    for (const t of file.tags) t[0] === "def" ? summary.defs++ : summary.refs++;
    out.push(file);
    opts.onProgress?.(i + 1, listed.length);
  }
  summary.tags = summary.defs + summary.refs;
  summary.grammarFailures = Object.fromEntries(grammars.failures);
  if (cachePath && (changed || next.size !== cache.size)) saveScanCache(cachePath, fingerprint, root, next);
  return { root, source, files: out, summary, cachePath };
}

type FileBody = Omit<CachedEntry, "mtimeMs" | "size">;

function parseOne(lang: string, abs: string, grammar: Grammar, tagOpts: TagsOptions, maxBytes: number): FileBody {
  const read = readSourceSync(abs, maxBytes);
  if ("skipped" in read) return { lang, tags: [], skipped: read.skipped };
  try {
    const { tags, hasError } = getTagsRaw(grammar, read.text, tagOpts);
    return hasError ? { lang, tags, hasError } : { lang, tags };
  } catch {
    return { lang, tags: [], skipped: "parse-error" };
  }
}
