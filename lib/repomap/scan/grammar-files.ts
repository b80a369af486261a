/**
 * Which files of the grammar packages the scanner reads: each language's `.wasm` and its tags query files
 * (`loadGrammar` in grammars.ts), plus what npm and the tests read of a package (package.json, tree-sitter.json,
 * `queries/`, the licence) and npm's own nested `node_modules/`. Everything else — C sources, native prebuilds,
 * node bindings, the prebuilt packages' other grammars — is never loaded; `scripts/slim-grammars.ts` (run by
 * `npm ci` as `postinstall`) removes it, so an install holds the grammars as the `.wasm` files the map uses.
 */
import { WorkbenchInputError } from "../../core/errors.js";
import { requireArray, requireString } from "../../core/validate.js";
import { LANGUAGES, type LanguageSpec } from "./languages.js";

/** Top-level folders kept whole in every grammar package: the query files, and npm's nested packages. */
export const KEPT_FOLDERS: readonly string[] = Object.freeze(["queries", "node_modules"]);

/** Top-level files kept in every grammar package: npm's and tree-sitter's metadata and the licence. */
const KEPT_FILES = /^(package\.json|tree-sitter\.json|(LICEN[CS]E|COPYING|NOTICE)(\.\w+)?)$/i;

/** For each grammar package of `languages`, the package-relative paths the scanner loads (`.wasm` and query files). */
export function scannerFiles(languages: readonly LanguageSpec[] = LANGUAGES): Map<string, Set<string>> {
  requireArray("scannerFiles", "languages", languages);
  const out = new Map<string, Set<string>>();
  const add = (pkg: string, path: string): void => {
    let set = out.get(pkg);
    if (!set) out.set(pkg, (set = new Set()));
    set.add(path);
  };
  for (const spec of languages) {
    add(spec.pkg, spec.wasm);
    for (const q of spec.tagsQueries) if (!("own" in q)) add(q.pkg, q.path);
  }
  return out;
}

/**
 * Whether the file at `path` (package-relative, "/"-separated) of a grammar package stays installed: one the
 * scanner loads (`loaded`, from `scannerFiles`) or package metadata, queries, licence or npm's nested packages.
 */
export function keptInGrammarPackage(loaded: ReadonlySet<string>, path: string): boolean {
  if (!(loaded instanceof Set)) throw new WorkbenchInputError("keptInGrammarPackage", "loaded", "must be a Set of package-relative paths", loaded);
  requireString("keptInGrammarPackage", "path", path);
  if (path === "" || path.startsWith("/") || path.split("/").includes("..")) {
    throw new WorkbenchInputError("keptInGrammarPackage", "path", "must be a relative path inside the package", path);
  }
  return loaded.has(path) || KEPT_FILES.test(path) || KEPT_FOLDERS.includes(path.split("/")[0]!);
}
