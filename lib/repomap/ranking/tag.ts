/**
 * The entries Aider's repo map passes around (`aider/repomap.py` `get_tags_raw`, `get_ranked_tags`, `to_tree/render_tree`): a `Tag` is Aider's named tuple
 * `(rel_fname, fname, line, name, kind)`, and the ranking also emits filename-only 1-tuples `(rel_fname,)`.
 * `compareRankedEntries` orders a mix of both as Python orders tuples, which is how `to_tree` sorts them.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { compareCodePoints } from "../../core/pystr.js";
import { requireArray, requireInteger, requireRecord, requireString } from "../../core/validate.js";

/** One definition or reference of an identifier (Aider's `Tag`); `line` is 0-based, −1 for pygments refs. */
export interface Tag {
  /** Path relative to the repository root. */
  readonly relFname: string;
  /** Absolute path (what `render_tree` reads). */
  readonly fname: string;
  readonly line: number;
  readonly name: string;
  readonly kind: "def" | "ref";
}

/** A filename-only entry, Aider's 1-tuple `(rel_fname,)`. */
export type FileOnly = readonly [relFname: string];

/** A set of names given as an array or a Set. */
export type NameSet = readonly string[] | ReadonlySet<string>;

/** What `get_ranked_tags` returns and `to_tree` consumes: Tags and filename-only entries, mixed. */
export type RankedEntry = Tag | FileOnly;

/** True for a filename-only entry. */
export function isFileOnly(entry: RankedEntry): entry is FileOnly {
  return Array.isArray(entry);
}

/** The entry's repo-relative file (`entry[0]` in Aider). */
export function entryFile(entry: RankedEntry): string {
  return isFileOnly(entry) ? entry[0] : (entry as Tag).relFname;
}

/** Python tuple order: `(f,)` < `Tag(f, …)`; Tags by (rel_fname, fname, line, name, kind), strings by code point. */
export function compareRankedEntries(a: RankedEntry, b: RankedEntry): number {
  const byFile = compareCodePoints(entryFile(a), entryFile(b));
  if (byFile !== 0) return byFile;
  if (isFileOnly(a) || isFileOnly(b)) return (isFileOnly(a) ? 0 : 1) - (isFileOnly(b) ? 0 : 1);
  const x = a as Tag;
  const y = b as Tag;
  return (
    compareCodePoints(x.fname, y.fname) ||
    (x.line !== y.line ? (x.line < y.line ? -1 : 1) : 0) ||
    compareCodePoints(x.name, y.name) ||
    compareCodePoints(x.kind, y.kind)
  );
}

/** True when two Tags are equal as Python tuples (so a Python set keeps one of them). */
export function sameTag(a: Tag, b: Tag): boolean {
  return a.relFname === b.relFname && a.fname === b.fname && a.line === b.line && a.name === b.name && a.kind === b.kind;
}

/** True for a well-formed Tag (the cheap test; `checkTag` says what is wrong). */
export function isTag(value: unknown): value is Tag {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.relFname === "string" &&
    typeof t.fname === "string" &&
    Number.isInteger(t.line) &&
    (t.line as number) >= -1 &&
    typeof t.name === "string" &&
    (t.kind === "def" || t.kind === "ref")
  );
}

/** True for a well-formed ranked entry: a Tag or a 1-element array holding a string. */
export function isRankedEntry(value: unknown): value is RankedEntry {
  return Array.isArray(value) ? value.length === 1 && typeof value[0] === "string" : isTag(value);
}

/** Checks one Tag (all five fields, kind "def" or "ref"); `param` names it in errors. */
export function checkTag(where: string, param: string, value: unknown): Tag {
  const t = requireRecord(where, param, value);
  requireString(where, `${param}.relFname`, t.relFname);
  requireString(where, `${param}.fname`, t.fname);
  requireInteger(where, `${param}.line`, t.line, -1);
  requireString(where, `${param}.name`, t.name);
  if (t.kind !== "def" && t.kind !== "ref") throw new WorkbenchInputError(where, `${param}.kind`, 'must be "def" or "ref"', t.kind);
  return t as unknown as Tag;
}

/** Checks one ranked entry: a Tag or a 1-element array holding a string. */
export function checkRankedEntry(where: string, param: string, value: unknown): RankedEntry {
  if (Array.isArray(value)) {
    const arr = requireArray(where, param, value);
    if (arr.length !== 1) throw new WorkbenchInputError(where, param, "must be a Tag or a 1-element [relFname] array", value);
    requireString(where, `${param}[0]`, arr[0]);
    return arr as unknown as FileOnly;
  }
  return checkTag(where, param, value);
}

/**
 * Tags from the compact form the golden vectors use, `{ relFname: [[kind, name, line], …] }`; `fname` is
 * `root + "/" + relFname` (just `relFname` when root is "").
 */
export function tagsFromTriples(
  files: Readonly<Record<string, readonly (readonly [string, string, number])[]>>,
  root = "",
): Map<string, Tag[]> {
  const where = "tagsFromTriples";
  requireString(where, "root", root);
  const out = new Map<string, Tag[]>();
  for (const [rel, triples] of Object.entries(requireRecord(where, "files", files))) {
    const list = requireArray(where, `files[${JSON.stringify(rel)}]`, triples).map((t, i) => {
      const param = `files[${JSON.stringify(rel)}][${i}]`;
      const tr = requireArray(where, param, t);
      if (tr.length !== 3) throw new WorkbenchInputError(where, param, "must be [kind, name, line]", t);
      return checkTag(where, param, { relFname: rel, fname: root ? `${root}/${rel}` : rel, kind: tr[0], name: tr[1], line: tr[2] });
    });
    out.set(rel, list);
  }
  return out;
}
