/**
 * `get_tags_raw` (`aider/repomap.py` `get_tags_raw`): the def/ref tags of one file from its grammar's tags query.
 *
 * Our grammars' queries put `@name` on the identifier and `@definition.X` / `@reference.X` on the enclosing node
 * (Aider's own query files use one capture, `@name.definition.X`); we pair them within one match, so the role
 * `definition.X` plays the part of Aider's capture name `name.definition.X`. Then, as Aider:
 *  - each role's nodes form a set (a node captured twice by one role counts once); roles come in the order of
 *    their first node, nodes in document order (Aider's order is random; document order is the golden's patch);
 *  - with `duplicateLastCapture` (Aider's quirk, step 3) the last node of every role is emitted a second time;
 *  - `definition.*` gives kind "def", `reference.*` kind "ref", line = the name node's 0-based start row;
 *  - with `backfill`, a file with defs but no refs gets a ref (line -1) for every identifier node, our stand-in for
 *    Aider's pygments backfill (step 5): pygments' `Token.Name` tokens are, in practice, the identifiers.
 * A scan gives each file a `Deadline`: a pathological file (80k nested calls take tree-sitter's query cursor a
 * minute) is cancelled through the progress callbacks and skipped, instead of stalling the map.
 */
import type { Node, QueryMatch, Tree } from "web-tree-sitter";
import { rejectUnknownKeys, requireBoolean, requireRecord, requireString } from "../../core/validate.js";
import type { Grammar } from "./grammars.js";

export type TagKind = "def" | "ref";
/** One tag as Aider's `get_tags_raw` yields it, without the file names: `[kind, name, line]`. */
export type RawTag = readonly [kind: TagKind, name: string, line: number];

export interface TagsOptions {
  /** Emit the last node of each role a second time, as Aider at 5dc9490 does (`aider/repomap.py` `get_tags_raw` step 3). */
  duplicateLastCapture: boolean;
  /** For a file with defs but no refs, add a ref at line -1 for every identifier (step 5). */
  backfill: boolean;
  /** Emulate the grammar commit Aider uses: drop patterns naming node types it hides (scan/README.md). */
  aiderGrammar: boolean;
}

export const TAGS_DEFAULTS: Readonly<TagsOptions> = Object.freeze({ duplicateLastCapture: true, backfill: true, aiderGrammar: true });

/** One captured name node with its role, as the query found it. */
export interface CapturedName {
  /** `definition.function`, `reference.call`, … */
  readonly role: string;
  readonly name: string;
  readonly row: number;
  readonly startIndex: number;
  readonly endIndex: number;
  /** Identifies the node: two captures of one node by one role count once. */
  readonly nodeId: number;
}

/** Validates and completes a partial options object. */
export function tagsOptions(options: Partial<TagsOptions> = {}, where = "tagsOptions"): TagsOptions {
  requireRecord(where, "options", options);
  rejectUnknownKeys(where, "options", options, Object.keys(TAGS_DEFAULTS));
  const merged = { ...TAGS_DEFAULTS, ...options };
  for (const key of Object.keys(TAGS_DEFAULTS) as (keyof TagsOptions)[]) requireBoolean(where, `options.${key}`, merged[key]);
  return merged;
}

const kindOfRole = (role: string): TagKind | undefined =>
  role.startsWith("definition.") ? "def" : role.startsWith("reference.") ? "ref" : undefined;

/**
 * The tags from captured names (pure): group by role in order of each role's first node, dedupe nodes per role,
 * sort each group in document order, duplicate each group's last tag if asked, then the backfill if it applies.
 */
export function assembleTags(
  captured: readonly CapturedName[],
  identifiers: () => readonly string[],
  options: TagsOptions,
): RawTag[] {
  const groups = new Map<string, { kind: TagKind; nodes: CapturedName[]; ids: Set<number> }>();
  const byPosition = [...captured].sort((a, b) => a.startIndex - b.startIndex || a.endIndex - b.endIndex);
  for (const c of byPosition) {
    let group = groups.get(c.role);
    if (!group) {
      const kind = kindOfRole(c.role);
      if (kind === undefined) continue;
      groups.set(c.role, (group = { kind, nodes: [], ids: new Set() }));
    }
    if (group.ids.has(c.nodeId)) continue; // one node captured twice by one role counts once
    group.ids.add(c.nodeId);
    group.nodes.push(c);
  }
  const out: RawTag[] = [];
  let defs = false;
  let refs = false;
  for (const { kind, nodes } of groups.values()) {
    if (kind === "def") defs = true;
    else refs = true;
    for (const n of nodes) out.push([kind, n.name, n.row]);
    const last = nodes[nodes.length - 1];
    if (options.duplicateLastCapture && last) out.push([kind, last.name, last.row]);
  }
  if (options.backfill && defs && !refs) for (const name of identifiers()) out.push(["ref", name, -1]);
  return out;
}

/**
 * The role-carrying name captures of a parsed tree (skipping disabled patterns). Hot: one call per file, one
 * entry per captured name, so it reads each node's fields once (`endIndex` is `startIndex` + the text's length:
 * a node's text is exactly its UTF-16 span of the parsed string, and asking the tree would cost a wasm call).
 */
/** The checked tags options of one query run, and the deadline its matches must keep (none: no limit). */
export interface TagsQuery {
  options: TagsOptions;
  deadline?: Deadline;
}

export function capturedNames(grammar: Grammar, root: Node, query: TagsQuery): CapturedName[] {
  const { options, deadline } = query;
  return namesOfMatches(grammar, grammar.tagsQuery.matches(root, queryOptions(deadline)), options);
}

/**
 * A time budget for one file's parse and queries: `at` is a `performance.now()` time; past it,
 * tree-sitter's progress callback cancels the work and `BudgetExceededError` is thrown.
 */
export interface Deadline {
  readonly at: number;
  /** Set when the budget cancelled something. */
  exceeded: boolean;
}

/** A query or parse stopped by its `Deadline` (the scan skips the file as "too-complex"). */
export class BudgetExceededError extends Error {
  constructor(what: string) {
    super(`getTagsRaw: ${what} exceeded the file's time budget`);
    this.name = "BudgetExceededError";
  }
}

/** A progress callback that cancels once the deadline has passed (and remembers that it did). */
export function cancelAfter(deadline: Deadline): () => boolean {
  return () => (performance.now() > deadline.at ? (deadline.exceeded = true) : false);
}

/**
 * Both of tree-sitter's brakes: the progress callback, and `timeoutMicros` for the stretches where the cursor
 * never calls back (the identifier query on 80k nested subscripts runs 25 s without one call).
 */
function queryOptions(deadline: Deadline | undefined): { progressCallback?: () => boolean; timeoutMicros?: number } {
  if (!deadline) return {};
  return { progressCallback: cancelAfter(deadline), timeoutMicros: Math.max(1, Math.ceil((deadline.at - performance.now()) * 1000)) };
}

/** Throws when the budget ran out during the last step (a stopped query returns a partial result: never use it). */
function checkDeadline(deadline: Deadline | undefined, what: string): void {
  if (deadline && (deadline.exceeded || performance.now() > deadline.at)) {
    deadline.exceeded = true;
    throw new BudgetExceededError(what);
  }
}

/** `capturedNames` from the tags query's matches (apart so a benchmark can time the query and the pairing). */
export function namesOfMatches(grammar: Grammar, matches: readonly QueryMatch[], options: TagsOptions): CapturedName[] {
  const out: CapturedName[] = [];
  const disabled = options.aiderGrammar ? grammar.aiderDisabledPatterns : undefined;
  for (const match of matches) {
    if (disabled?.has(match.patternIndex)) continue;
    let roles: string[] | undefined;
    for (const c of match.captures) if (kindOfRole(c.name) !== undefined) (roles ??= []).push(c.name);
    if (roles === undefined) continue;
    for (const c of match.captures) {
      if (c.name !== "name") continue;
      const node = c.node;
      const name = node.text;
      const startIndex = node.startIndex;
      const row = node.startPosition.row;
      const nodeId = node.id;
      for (const role of roles) out.push({ role, name, row, startIndex, endIndex: startIndex + name.length, nodeId });
    }
  }
  return out;
}

/** Every identifier leaf's text, in document order (for the backfill; `qualified_identifier` and such are not leaves). */
export function identifierTexts(grammar: Grammar, root: Node, deadline?: Deadline): string[] {
  const out: string[] = [];
  const captures = grammar.identifierQuery().captures(root, queryOptions(deadline));
  checkDeadline(deadline, "the identifier query");
  for (const c of captures) {
    const node = c.node;
    if (node.childCount === 0 && !node.isMissing) out.push(node.text); // not the empty nodes error recovery inserts
  }
  return out;
}

/**
 * `get_tags_raw` for one file's text: parse, query, assemble. Empty code has no tags (as in Aider).
 * Returns the tags and whether the tree has syntax errors (tags are kept then, as Aider keeps them).
 */
export function getTagsRaw(grammar: Grammar, code: string, options: Partial<TagsOptions> = {}): { tags: RawTag[]; hasError: boolean } {
  requireString("getTagsRaw", "code", code);
  const opts = tagsOptions(options, "getTagsRaw");
  if (code === "") return { tags: [], hasError: false };
  const tree = grammar.parser.parse(code);
  if (!tree) throw new Error("tree-sitter returned no tree");
  try {
    return tagsOfTree(grammar, tree, { options: opts });
  } finally {
    tree.delete();
  }
}

/** `get_tags_raw`'s query and assembly on a tree the caller parsed (and deletes), with checked options. */
export function tagsOfTree(grammar: Grammar, tree: Tree, query: TagsQuery): { tags: RawTag[]; hasError: boolean } {
  const { options, deadline } = query;
  const root = tree.rootNode;
  const names = capturedNames(grammar, root, query);
  checkDeadline(deadline, "the tags query"); // a cancelled query returns what it found so far: never use that
  const tags = assembleTags(names, () => identifierTexts(grammar, root, deadline), options);
  return { tags, hasError: root.hasError };
}
