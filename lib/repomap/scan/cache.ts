/**
 * The scan cache on disk (`aider/repomap.py` `get_tags_raw`: Aider caches tags per file keyed by its mtime): one JSON file per
 * scanned folder, holding each file's tags (or skip reason) and skeleton spans with the mtime and size it was read
 * at. An entry is reused only while both are unchanged and the cache's fingerprint (format, tag options, grammar
 * versions, size limit) matches, so an unchanged file is never parsed again. Ranking is not cached: new chat files or mentions
 * re-rank from the cached tags without touching the files.
 *
 * Where it lives: `<cacheDir>/scan/<sha256 of the folder's absolute path, 16 hex>.json`, with `cacheDir` =
 * `$XDG_CACHE_HOME/aider-workbench` or `~/.cache/aider-workbench` by default — outside the scanned tree, so
 * mapping someone's repository writes nothing into it. A missing, unreadable or corrupt cache is ignored.
 */
import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { writeOutputFile } from "../../core/safe-write.js";
import { readUserFile } from "../../core/user-file.js";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";
import { requireString } from "../../core/validate.js";
import type { SkipReason } from "./files.js";
import type { RawTag } from "./tags-raw.js";

/** Bump when the entry layout or the meaning of a field changes (2: entries carry the skeleton spans). */
export const SCAN_CACHE_FORMAT = 2;

/** The largest cache file read (about 80 KiB per 100 files of this lib); a larger one, a FIFO or a device is not read. */
export const MAX_SCAN_CACHE_BYTES = 256 << 20;

/** One file as the scan saw it. */
export interface CachedEntry {
  readonly mtimeMs: number;
  readonly size: number;
  /** Language id, or null for a file without a grammar. */
  readonly lang: string | null;
  readonly tags: readonly RawTag[];
  readonly skipped?: SkipReason;
  /** The tree had syntax errors (tags were still taken, as Aider takes them). */
  readonly hasError?: boolean;
  /** What the skeleton renderer needs of the tree (scan/skeleton-spans.ts); only for text ending with "\n". */
  readonly spans?: string;
}

interface CacheFile {
  format: number;
  fingerprint: string;
  root: string;
  entries: Record<string, CachedEntry>;
}

/** The default cache folder: `$XDG_CACHE_HOME/aider-workbench`, else `~/.cache/aider-workbench`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? join(xdg, "aider-workbench") : join(home, ".cache", "aider-workbench");
}

/** The cache file of one scanned folder (given as an absolute path). */
export function scanCachePath(cacheDir: string, root: string): string {
  requireString("scanCachePath", "cacheDir", cacheDir);
  requireString("scanCachePath", "root", root);
  const key = createHash("sha256").update(root).digest("hex").slice(0, 16);
  return join(cacheDir, "scan", `${key}.json`);
}

/** A short hash of everything that changes what a scan produces. */
export function scanFingerprint(parts: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify({ format: SCAN_CACHE_FORMAT, ...parts })).digest("hex").slice(0, 16);
}

const SKIP_REASONS: ReadonlySet<string> = new Set<SkipReason>(["missing", "unreadable", "too-large", "binary", "not-utf8", "parse-error", "too-complex"]);

const isTag = (t: unknown): boolean =>
  Array.isArray(t) && t.length === 3 && (t[0] === "def" || t[0] === "ref") && typeof t[1] === "string" && Number.isInteger(t[2]) && (t[2] as number) >= -1;

/**
 * True when `e` has a cached entry's shape (the cache is data, not trust — a file edited by hand
 * or by another program must not crash a later scan). A bad entry is dropped and its file parsed again.
 */
export function isCachedEntry(e: unknown): e is CachedEntry {
  if (typeof e !== "object" || e === null || Array.isArray(e)) return false;
  const r = e as Record<string, unknown>;
  if (typeof r.mtimeMs !== "number" || !Number.isFinite(r.mtimeMs) || !Number.isSafeInteger(r.size) || (r.size as number) < 0) return false;
  if (r.lang !== null && typeof r.lang !== "string") return false;
  if (!Array.isArray(r.tags) || !r.tags.every(isTag)) return false;
  if (r.skipped !== undefined && !(typeof r.skipped === "string" && SKIP_REASONS.has(r.skipped))) return false;
  if (r.hasError !== undefined && typeof r.hasError !== "boolean") return false;
  return r.spans === undefined || typeof r.spans === "string";
}

/**
 * The entries of a cache file, or an empty map when it is missing, corrupt, for another folder or stale. Entries
 * of the wrong shape are left out and counted in `onRejected` (called once, only when some were).
 */
/** Which scan a cache file belongs to: the scan options' fingerprint and the scanned root. */
export interface ScanCacheKey {
  fingerprint: string;
  root: string;
}

export function loadScanCache(path: string, key: ScanCacheKey, onRejected?: (count: number) => void): Map<string, CachedEntry> {
  const { fingerprint, root } = key;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readUserFile(path, { maxBytes: MAX_SCAN_CACHE_BYTES, param: "scan cache" }).toString("utf8"));
  } catch {
    return new Map();
  }
  if (typeof parsed !== "object" || parsed === null) return new Map();
  const file = parsed as Partial<CacheFile>;
  if (file.format !== SCAN_CACHE_FORMAT || file.fingerprint !== fingerprint || file.root !== root) return new Map();
  if (typeof file.entries !== "object" || file.entries === null || Array.isArray(file.entries)) {
    onRejected?.(1);
    return new Map();
  }
  const out = new Map<string, CachedEntry>();
  let rejected = 0;
  for (const [rel, entry] of Object.entries(file.entries as Record<string, unknown>)) {
    if (isCachedEntry(entry)) out.set(rel, entry);
    else rejected++;
  }
  if (rejected > 0) onRejected?.(rejected);
  return out;
}

/** Writes the cache atomically (a temporary file renamed over the old one). Returns false if it could not. */
export function saveScanCache(path: string, key: ScanCacheKey, entries: ReadonlyMap<string, CachedEntry>): boolean {
  const { fingerprint, root } = key;
  const file: CacheFile = { format: SCAN_CACHE_FORMAT, fingerprint, root, entries: Object.fromEntries(entries) };
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeOutputFile(path, JSON.stringify(file), "scan cache"); // a regular file only: a planted link or FIFO is left alone
    return true;
  } catch {
    return false;
  }
}

/** True when a cached entry still describes the file (same mtime and size). */
export function entryIsFresh(entry: CachedEntry | undefined, mtimeMs: number, size: number): entry is CachedEntry {
  return entry !== undefined && entry.mtimeMs === mtimeMs && entry.size === size;
}
