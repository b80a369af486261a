/**
 * How Aider turns the current turn's text and the repository's paths into the "mentioned" sets the ranking
 * personalises on (`aider/repomap.py` `get_repo_map`, `get_ranked_tags`): identifiers = the pieces of the text split on Python's Unicode-aware
 * `\W+`; the path pieces a file is matched by (`Path.parts` ∪ basename ∪ basename without its last extension);
 * and `get_ident_filename_matches` (idents of ≥ 5 code points, lower-cased, against lower-cased file stems).
 */
import { cpLength } from "../../core/pystr.js";
import { requireString, requireStringArray } from "../../core/validate.js";

/** Python's `\W+` for str patterns: anything that is not a letter, a number or "_" (marks are not word characters). */
const NON_WORD_RUN = /[^\p{L}\p{N}_]+/u;

/**
 * `set(re.split(r"\W+", text))` in first-appearance order. Like Python it can contain "" (text that starts or
 * ends with a non-word character).
 */
export function mentionedIdentsFromText(text: string): Set<string> {
  requireString("mentionedIdentsFromText", "text", text);
  return new Set(text.split(NON_WORD_RUN));
}

/** The current-turn text Aider splits: every message's content followed by "\n". */
export function currentMessageText(contents: readonly string[]): string {
  return requireStringArray("currentMessageText", "contents", contents)
    .map((c) => c + "\n")
    .join("");
}

/** `PurePosixPath(path).parts`: a leading "/" (or exactly "//") is a part; empty and "." pieces are dropped. */
export function posixPathParts(path: string): string[] {
  let root = "";
  if (path.startsWith("/")) root = path.startsWith("//") && !path.startsWith("///") ? "//" : "/";
  const rest = path.split("/").filter((p) => p !== "" && p !== ".");
  return root ? [root, ...rest] : rest;
}

/** `os.path.splitext(name)[0]`: drops the last ".ext" unless every character before that dot is a dot. */
export function splitextRoot(name: string): string {
  const dot = name.lastIndexOf(".");
  const slash = name.lastIndexOf("/");
  if (dot > slash) {
    for (let i = slash + 1; i < dot; i++) if (name[i] !== ".") return name.slice(0, dot);
  }
  return name;
}

/** The components `get_ranked_tags` intersects with the mentioned idents: parts ∪ {basename, basename minus extension}. */
export function pathComponents(relFname: string): Set<string> {
  requireString("pathComponents", "relFname", relFname);
  const parts = posixPathParts(relFname);
  const last = parts[parts.length - 1];
  const name = last === undefined || last === "/" || last === "//" ? "" : last;
  return new Set([...parts, name, splitextRoot(name)]);
}

/** pathlib's `Path(p).stem`: the name without its last suffix (a leading-dot name like ".env" has none). */
export function pathStem(relFname: string): string {
  const parts = posixPathParts(relFname);
  const last = parts[parts.length - 1];
  const name = last === undefined || last.startsWith("/") ? "" : last;
  const i = name.lastIndexOf(".");
  return i > 0 && i < name.length - 1 ? name.slice(0, i) : name;
}

/**
 * `get_ident_filename_matches`: every repo file whose lower-cased stem (≥ 5 code points) equals a mentioned ident
 * (≥ 5 code points) lower-cased. Returned in the order of `allRelFiles`.
 */
export function identFilenameMatches(idents: Iterable<string>, allRelFiles: readonly string[]): string[] {
  const where = "identFilenameMatches";
  requireStringArray(where, "allRelFiles", allRelFiles);
  const wanted = new Set<string>();
  for (const ident of idents) {
    requireString(where, "idents[]", ident);
    if (cpLength(ident) >= 5) wanted.add(ident.toLowerCase());
  }
  return allRelFiles.filter((f) => {
    if (f === "" || f === ".") return false;
    const stem = pathStem(f).toLowerCase();
    return cpLength(stem) >= 5 && wanted.has(stem);
  });
}
