/**
 * Reading, parsing and tagging one file for the scan (reference §1.2): the unit of work a scan does in-process or
 * hands to a worker thread (aider-scan-pool.ts). Never throws: what cannot be read or parsed becomes a skip reason.
 */
import { readSourceSync } from "./aider-files.js";
import type { Grammar } from "./aider-grammars.js";
import type { CachedEntry } from "./aider-scan-cache.js";
import { getTagsRaw, type TagsOptions } from "./aider-tags-raw.js";

/** What a scan records for one file with a grammar (the cache adds mtime and size). */
export type FileBody = Omit<CachedEntry, "mtimeMs" | "size">;

/** Reads, parses and tags one file. */
export function parseFileBody(lang: string, abs: string, grammar: Grammar, tagOpts: TagsOptions, maxBytes: number): FileBody {
  const read = readSourceSync(abs, maxBytes);
  if ("skipped" in read) return { lang, tags: [], skipped: read.skipped };
  try {
    const { tags, hasError } = getTagsRaw(grammar, read.text, tagOpts);
    return hasError ? { lang, tags, hasError } : { lang, tags };
  } catch {
    return { lang, tags: [], skipped: "parse-error" };
  }
}
