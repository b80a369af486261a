/**
 * What `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`) takes and gives, and the checks of its arguments, in one module that both
 * the readable path (`ranking.ts`) and the prepared fast path (`fast/`) import, so neither imports the other.
 */
import type Graph from "graphology";
import { WorkbenchInputError } from "../../core/errors.js";
import { rejectUnknownKeys, requireArray, requireBoolean, requireRecord, requireString, requireStringArray } from "../../core/validate.js";
import type { IdentWeighting, RankingEdge, TagIndex } from "./graph.js";
import type { DefinitionRank, PageRankCall } from "./rank.js";
import { checkTag, isTag, type NameSet, type RankedEntry, type Tag } from "./tag.js";

export interface RankedTagsInput {
  /** Repo-relative paths of the files in the chat. */
  chatFiles: readonly string[];
  /** Repo-relative paths of every other file the map may show. */
  otherFiles: readonly string[];
  /** Each file's tags as `get_tags` returns them (`tagsFromTriples` builds this from the vectors' compact form). */
  tags: ReadonlyMap<string, readonly Tag[]>;
  /** Repo-relative paths mentioned in the conversation. */
  mentionedFnames?: NameSet;
  /** Identifiers mentioned in the conversation (`mentionedIdentsFromText`). */
  mentionedIdents?: NameSet;
  /** Files listed in git but missing on disk: warned about and skipped (they still end up in the tail). */
  missingFiles?: readonly string[];
}

export interface RankedTagsOptions {
  /** Per identifier, the order to iterate its definers in (Aider's hash-seeded set order, as the vectors record it). */
  definerOrder?: ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>;
  /** true: √count is re-applied for every further definer, as Aider does; false: every definer gets √count. */
  compoundSqrt?: boolean;
  /** Prefix for paths in the missing-file warning (Aider prints absolute paths). */
  root?: string;
}

export const RANKED_TAGS_DEFAULTS = Object.freeze({ compoundSqrt: true, root: "" });

/** One graph edge with the rank it carried: `rank[src] · weight / Σ out-weights of src`. */
export interface DistributedEdge extends RankingEdge {
  readonly rank: number;
}

export interface RankedTagsResult {
  /** The ranking `get_ranked_tags` returns: Tags and filename-only 1-tuples. */
  readonly ranked: readonly RankedEntry[];
  /** Other files that are not graph nodes, appended last (Aider: set order; here sorted). */
  readonly tail: readonly string[];
  readonly index: TagIndex;
  /** Each weighted identifier's multiplier and the rules that fired (built on first read). */
  readonly weightings: readonly IdentWeighting[];
  /** True when no file had references, so every definer was made to reference itself. */
  readonly referencesBackfilled: boolean;
  /** Every edge in insertion order, with its distributed rank (built on first read: 750,000 objects on a big repository). */
  readonly edges: readonly DistributedEdge[];
  /** `edges.length`, without building the edges. */
  readonly edgeCount: number;
  readonly pagerankCalls: readonly PageRankCall[];
  /** The ranks used (node order = graph insertion order); empty for an empty graph. */
  readonly ranks: ReadonlyMap<string, number>;
  /** (file, ident, rank) sorted as Aider sorts them, descending; chat files included (built on first read). */
  readonly definitionRanks: readonly DefinitionRank[];
  /** Builds the MultiDirectedGraph that was ranked (edge attributes: weight, ident, rank), for drawing or inspection. */
  toGraph(): Graph;
}

const WHERE = "getRankedTags";

export function nameSet(where: string, param: string, value: NameSet | undefined): Set<string> {
  if (value === undefined) return new Set();
  const arr = value instanceof Set ? [...value] : requireArray(where, param, value);
  return new Set(requireStringArray(where, param, arr));
}

/** Checks every file's tags: a Map from file to Tag[], each Tag listed under its own file. */
export function checkTags(where: string, tags: unknown): ReadonlyMap<string, readonly Tag[]> {
  if (!(tags instanceof Map)) throw new WorkbenchInputError(where, "input.tags", "must be a Map from file to Tag[]", tags);
  for (const [file, list] of tags) {
    requireString(where, "input.tags key", file);
    requireArray(where, `input.tags[${JSON.stringify(file)}]`, list).forEach((t, i) => {
      if (isTag(t) && t.relFname === file) return;
      const tag = checkTag(where, `input.tags[${JSON.stringify(file)}][${i}]`, t);
      throw new WorkbenchInputError(where, `input.tags[${JSON.stringify(file)}][${i}].relFname`, "must be the file it is listed under", tag.relFname);
    });
  }
  return tags as ReadonlyMap<string, readonly Tag[]>;
}

export function checkOptions(where: string, options: RankedTagsOptions) {
  requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", options as Record<string, unknown>, ["definerOrder", "compoundSqrt", "root"]);
  const compoundSqrt = requireBoolean(where, "options.compoundSqrt", options.compoundSqrt ?? RANKED_TAGS_DEFAULTS.compoundSqrt);
  const root = requireString(where, "options.root", options.root ?? RANKED_TAGS_DEFAULTS.root);
  const raw = options.definerOrder ?? new Map<string, readonly string[]>();
  const entries = raw instanceof Map ? [...raw.entries()] : Object.entries(requireRecord(where, "options.definerOrder", raw));
  const definerOrder = new Map(entries.map(([k, v]) => [k, requireStringArray(where, `options.definerOrder[${JSON.stringify(k)}]`, v)]));
  return { compoundSqrt, root, definerOrder };
}

/** `getRankedTags`'s arguments checked, with defaults filled in (`getRankedTags`; the fast path checks its own halves). */
export function checkRankedTagsInput(input: RankedTagsInput, options: RankedTagsOptions) {
  requireRecord(WHERE, "input", input);
  rejectUnknownKeys(WHERE, "input", input as unknown as Record<string, unknown>, ["chatFiles", "otherFiles", "tags", "mentionedFnames", "mentionedIdents", "missingFiles"]);
  const chatFiles = requireStringArray(WHERE, "input.chatFiles", input.chatFiles);
  const otherFiles = requireStringArray(WHERE, "input.otherFiles", input.otherFiles);
  const tags = checkTags(WHERE, input.tags);
  return {
    chatFiles,
    otherFiles,
    tags,
    mentionedFnames: nameSet(WHERE, "input.mentionedFnames", input.mentionedFnames),
    mentionedIdents: nameSet(WHERE, "input.mentionedIdents", input.mentionedIdents),
    missing: new Set(requireStringArray(WHERE, "input.missingFiles", input.missingFiles ?? [])),
    ...checkOptions(WHERE, options),
  };
}
