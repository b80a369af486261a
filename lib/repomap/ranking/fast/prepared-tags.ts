/**
 * The prepared fast path of Aider's `get_ranked_tags` (`aider/repomap.py` `get_ranked_tags`): what the files and tags decide, prepared once
 * (`prepareRankedTags`, `prepare.ts`), and what the conversation decides (`rankPreparedTags`, `request.ts`), so a
 * re-rank with other chat files or mentions skips the first. Typed arrays, lazy getters, reused scratch buffers and
 * an integer sort make a re-rank of a big repository cheap; the result is the readable `getRankedTags`
 * (`../ranking.ts`) bit for bit — the tests check that. Read `../ranking.ts` first.
 */
import { WorkbenchInputError } from "../../../core/errors.js";
import { rejectUnknownKeys, requireRecord, requireStringArray } from "../../../core/validate.js";
import type { Tag } from "../tag.js";
import { checkOptions, checkTags, nameSet, type RankedTagsInput, type RankedTagsOptions, type RankedTagsResult } from "../types.js";
import { prepareRanking, type PreparedRanking } from "./prepare.js";
import { rankPrepared } from "./request.js";

/** The files and tags a ranking is prepared for (every chat or other file of the requests to come). */
export interface PreparedRankedTagsInput {
  files: readonly string[];
  tags: ReadonlyMap<string, readonly Tag[]>;
  missingFiles?: readonly string[];
}

const preparedRankings = new WeakSet<PreparedRanking>();

/**
 * The half of `get_ranked_tags` the conversation cannot change, for these files and tags (see the header): prepare
 * once, then `rankPreparedTags` for each request. Same options as `getRankedTags`.
 */
export function prepareRankedTags(input: PreparedRankedTagsInput, options: RankedTagsOptions = {}): PreparedRanking {
  const where = "prepareRankedTags";
  requireRecord(where, "input", input);
  rejectUnknownKeys(where, "input", input as unknown as Record<string, unknown>, ["files", "tags", "missingFiles"]);
  const files = requireStringArray(where, "input.files", input.files);
  const tags = checkTags(where, input.tags);
  const missing = new Set(requireStringArray(where, "input.missingFiles", input.missingFiles ?? []));
  const o = checkOptions(where, options);
  const prepared = prepareRanking({ files, tags, missing, root: o.root, definerOrder: o.definerOrder, compoundSqrt: o.compoundSqrt });
  preparedRankings.add(prepared);
  return prepared;
}

/** One request on a prepared ranking: chat and other files must together be exactly the prepared files. */
export type PreparedRankedTagsRequest = Omit<RankedTagsInput, "tags" | "missingFiles">;

/** `getRankedTags` with the prepared files and tags and this request's files and mentions: the same result. */
export function rankPreparedTags(prepared: PreparedRanking, request: PreparedRankedTagsRequest): RankedTagsResult {
  const where = "rankPreparedTags";
  if (!preparedRankings.has(prepared)) throw new WorkbenchInputError(where, "prepared", "must come from prepareRankedTags", prepared);
  requireRecord(where, "request", request);
  rejectUnknownKeys(where, "request", request as unknown as Record<string, unknown>, ["chatFiles", "otherFiles", "mentionedFnames", "mentionedIdents"]);
  const chatFiles = requireStringArray(where, "request.chatFiles", request.chatFiles);
  const otherFiles = requireStringArray(where, "request.otherFiles", request.otherFiles);
  const seen = new Set<string>();
  for (const [param, list] of [["chatFiles", chatFiles], ["otherFiles", otherFiles]] as const) {
    list.forEach((f, i) => {
      if (!prepared.fileIds.has(f)) throw new WorkbenchInputError(where, `request.${param}[${i}]`, "must be one of the prepared files", f);
      seen.add(f);
    });
  }
  if (seen.size !== prepared.fnames.length) {
    const absent = prepared.fnames.find((f) => !seen.has(f));
    throw new WorkbenchInputError(where, "request", `must list every prepared file as a chat or other file (${JSON.stringify(absent)} is in neither)`);
  }
  return rankPrepared(prepared, {
    chat: new Set(chatFiles),
    otherFiles,
    mentionedFnames: nameSet(where, "request.mentionedFnames", request.mentionedFnames),
    mentionedIdents: nameSet(where, "request.mentionedIdents", request.mentionedIdents),
  });
}
