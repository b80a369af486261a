/**
 * Which files the repo map can parse, and with what (reference §1.2 step 1: Aider finds the language from the
 * file name with grep-ast's `filename_to_lang`; a file without a language, grammar or tags query has no tags and
 * appears in the map by name only).
 *
 * Every grammar here is an npm package that ships both its compiled `.wasm` and its own `queries/tags.scm`; the
 * table mirrors each package's `tree-sitter.json` (file types and the tags query list), which a test checks.
 * TypeScript and TSX use their package's tags.scm followed by JavaScript's, as that `tree-sitter.json` says.
 * We do not use Aider's own query files (see scan/README.md for how our tags differ from Aider's).
 */
import { posix } from "node:path";
import { requireString } from "../../core/validate.js";

/** One query file: the npm package it ships in and its path inside that package. */
export interface QueryFile {
  readonly pkg: string;
  readonly path: string;
}

/** A language the repo map parses. */
export interface LanguageSpec {
  /** Our identifier (grep-ast's language name where it has one). */
  readonly id: string;
  /** The npm package that ships the grammar's `.wasm`. */
  readonly pkg: string;
  /** The `.wasm` file inside `pkg`. */
  readonly wasm: string;
  /** Tags queries, concatenated in this order. */
  readonly tagsQueries: readonly QueryFile[];
  /** File extensions (lower case, without the dot). */
  readonly extensions: readonly string[];
  /**
   * Node types that our npm grammar shows but the grammar commit Aider uses hides (see scan/README.md): with
   * `aiderGrammar` on, the renderer walks through them and tags patterns that name them are disabled.
   */
  readonly aiderHidden?: readonly string[];
  /** Named leaf types that count as identifiers for the backfill, besides `identifier` and `*_identifier`. */
  readonly extraIdentifiers?: readonly string[];
}

const own = (pkg: string): QueryFile => ({ pkg, path: "queries/tags.scm" });
const JS_TAGS = own("tree-sitter-javascript");
const TS_TAGS = own("tree-sitter-typescript");

/** Every language, in a fixed order. `.h` is C (as grep-ast maps it), not C++. */
export const LANGUAGES: readonly LanguageSpec[] = Object.freeze([
  { id: "python", pkg: "tree-sitter-python", wasm: "tree-sitter-python.wasm", tagsQueries: [own("tree-sitter-python")], extensions: ["py", "pyi"], aiderHidden: ["expression_statement"] },
  { id: "javascript", pkg: "tree-sitter-javascript", wasm: "tree-sitter-javascript.wasm", tagsQueries: [JS_TAGS], extensions: ["js", "mjs", "cjs", "jsx"] },
  { id: "typescript", pkg: "tree-sitter-typescript", wasm: "tree-sitter-typescript.wasm", tagsQueries: [TS_TAGS, JS_TAGS], extensions: ["ts", "mts", "cts"] },
  { id: "tsx", pkg: "tree-sitter-typescript", wasm: "tree-sitter-tsx.wasm", tagsQueries: [TS_TAGS, JS_TAGS], extensions: ["tsx"] },
  { id: "go", pkg: "tree-sitter-go", wasm: "tree-sitter-go.wasm", tagsQueries: [own("tree-sitter-go")], extensions: ["go"] },
  { id: "rust", pkg: "tree-sitter-rust", wasm: "tree-sitter-rust.wasm", tagsQueries: [own("tree-sitter-rust")], extensions: ["rs"] },
  { id: "java", pkg: "tree-sitter-java", wasm: "tree-sitter-java.wasm", tagsQueries: [own("tree-sitter-java")], extensions: ["java"] },
  { id: "c", pkg: "tree-sitter-c", wasm: "tree-sitter-c.wasm", tagsQueries: [own("tree-sitter-c")], extensions: ["c", "h"] },
  { id: "cpp", pkg: "tree-sitter-cpp", wasm: "tree-sitter-cpp.wasm", tagsQueries: [own("tree-sitter-cpp")], extensions: ["cc", "cpp", "cxx", "hpp", "hxx", "hh"] },
  { id: "ruby", pkg: "tree-sitter-ruby", wasm: "tree-sitter-ruby.wasm", tagsQueries: [own("tree-sitter-ruby")], extensions: ["rb"], extraIdentifiers: ["constant"] },
  { id: "csharp", pkg: "tree-sitter-c-sharp", wasm: "tree-sitter-c_sharp.wasm", tagsQueries: [own("tree-sitter-c-sharp")], extensions: ["cs"] },
  { id: "php", pkg: "tree-sitter-php", wasm: "tree-sitter-php.wasm", tagsQueries: [own("tree-sitter-php")], extensions: ["php"], extraIdentifiers: ["name"] },
].map((spec) => Object.freeze(spec)));

const BY_EXTENSION: ReadonlyMap<string, LanguageSpec> = new Map(
  LANGUAGES.flatMap((spec) => spec.extensions.map((ext) => [ext, spec] as const)),
);

/** The language of a file from its name's last extension (case-insensitive), or `undefined` when there is none. */
export function languageForPath(path: string): LanguageSpec | undefined {
  requireString("languageForPath", "path", path);
  const ext = posix.extname(path.replaceAll("\\", "/")).slice(1).toLowerCase();
  return ext === "" ? undefined : BY_EXTENSION.get(ext);
}

/** The language with this id, or `undefined`. */
export function languageById(id: string): LanguageSpec | undefined {
  requireString("languageById", "id", id);
  return LANGUAGES.find((spec) => spec.id === id);
}
