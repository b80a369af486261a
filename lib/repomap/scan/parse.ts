/**
 * Reading, parsing and tagging one file for the scan (`aider/repomap.py` `get_tags_raw`): the unit of work a scan does in-process or
 * hands to a worker thread (scan/pool.ts). Never throws: what cannot be read or parsed becomes a skip reason.
 * From the same tree it keeps what the skeleton renderer needs (scan/skeleton-spans.ts, `aider/repomap.py` `to_tree/render_tree`), so a skeleton
 * never needs a parse after a scan.
 */
import { readSourceSync } from "./files.js";
import type { Grammar } from "./grammars.js";
import type { CachedEntry } from "./cache.js";
import { encodeSpans, skeletonSpans } from "./skeleton-spans.js";
import { BudgetExceededError, cancelAfter, tagsOfTree, type Deadline, type TagsOptions } from "./tags-raw.js";

/** What a scan records for one file with a grammar (the cache adds mtime and size). */
export type FileBody = Omit<CachedEntry, "mtimeMs" | "size">;

/**
 * The default time for one file's parse and tags queries (ms); a file over it is skipped as "too-complex" (by
 * name in the map). The slowest ordinary files (1 MiB, the scan's size limit) take well under a second here.
 */
export const PARSE_BUDGET_MS = 3000;

const NOTHING_HIDDEN: ReadonlySet<number> = new Set();

/**
 * Reads, parses and tags one file. The skeleton spans are kept only when the file ends with "\n": `render_tree`
 * parses the text with a final newline added, so for any other file the renderer's tree is not this one.
 */
/** What bounds one file's parse: the tags options, the largest file read, the parse and query budget (ms). */
export interface ParseLimits {
  tagOpts: TagsOptions;
  maxBytes: number;
  budgetMs?: number;
}

export function parseFileBody(job: { readonly lang: string; readonly abs: string }, grammar: Grammar, limits: ParseLimits): FileBody {
  const { lang, abs } = job;
  const { tagOpts, maxBytes, budgetMs = PARSE_BUDGET_MS } = limits;
  const read = readSourceSync(abs, maxBytes);
  if ("skipped" in read) return { lang, tags: [], skipped: read.skipped };
  if (read.text === "") return { lang, tags: [] }; // get_tags_raw: empty code has no tags (and is not parsed)
  const deadline: Deadline = { at: performance.now() + budgetMs, exceeded: false };
  try {
    const tree = grammar.parser.parse(read.text, null, { progressCallback: cancelAfter(deadline) });
    if (!tree) throw deadline.exceeded ? new BudgetExceededError("the parse") : new Error("tree-sitter returned no tree");
    try {
      const { tags, hasError } = tagsOfTree(grammar, tree, { options: tagOpts, deadline });
      const body: { lang: string; tags: typeof tags; hasError?: boolean; spans?: string } = { lang, tags };
      if (hasError) body.hasError = true;
      if (read.text.endsWith("\n")) body.spans = encodeSpans(skeletonSpans(tree, tagOpts.aiderGrammar ? grammar.aiderHiddenTypeIds : NOTHING_HIDDEN));
      return body;
    } finally {
      tree.delete();
    }
  } catch (err) {
    // a cancelled parse is resumed by the parser's next call unless it is reset: the next file would get this one's tree
    grammar.parser.reset();
    return { lang, tags: [], skipped: err instanceof BudgetExceededError ? "too-complex" : "parse-error" };
  }
}
