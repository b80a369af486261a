/**
 * Which files the repo map can parse, and with what (`aider/repomap.py` `get_tags_raw` step 1: Aider finds the language from the
 * file name with grep-ast's `filename_to_lang`; a file without a language, grammar or tags query has no tags and
 * appears in the map by name only). Extensions are grep-ast 0.9's for the languages Aider tags at 5dc9490.
 *
 * The first twelve grammars are npm packages that ship both their compiled `.wasm` and their own
 * `queries/tags.scm`; for them the table mirrors each package's `tree-sitter.json` (file types and the tags query
 * list), which a test checks. TypeScript and TSX use their package's tags.scm followed by JavaScript's, as that
 * `tree-sitter.json` says. The others come from a grammar package with its own tags.scm where npm has one (Lua,
 * properties, Scala, OCaml), else from a package of prebuilt grammars with a query written for this project
 * (`queries/*.ts`). scan/README.md lists the sources, the languages left by name only and how to add one.
 * We do not use Aider's own query files (see scan/README.md for how our tags differ from Aider's).
 */
import { posix } from "node:path";
import { requireString } from "../../core/validate.js";
import { BASH_TAGS } from "./queries/bash.js";
import { CLOJURE_TAGS } from "./queries/clojure.js";
import { DART_TAGS } from "./queries/dart.js";
import { ELISP_TAGS } from "./queries/elisp.js";
import { ELIXIR_TAGS } from "./queries/elixir.js";
import { ELM_TAGS } from "./queries/elm.js";
import { GLEAM_TAGS } from "./queries/gleam.js";
import { HASKELL_TAGS } from "./queries/haskell.js";
import { HCL_TAGS } from "./queries/hcl.js";
import { KOTLIN_TAGS } from "./queries/kotlin.js";
import { OCAML_INTERFACE_TAGS } from "./queries/ocaml_interface.js";
import { R_TAGS } from "./queries/r.js";
import { SOLIDITY_TAGS } from "./queries/solidity.js";
import { SWIFT_TAGS } from "./queries/swift.js";
import { ZIG_TAGS } from "./queries/zig.js";

/** One query file: the npm package it ships in and its path inside that package. */
export interface QueryFile {
  readonly pkg: string;
  readonly path: string;
}

/** A tags query written for this project (`queries/<id>.ts`), for a grammar whose package ships none. */
export interface OwnQuery {
  /** The module under `queries/` it comes from. */
  readonly own: string;
  readonly source: string;
}

/** Where a tags query comes from. */
export type TagsQuery = QueryFile | OwnQuery;

/** A language the repo map parses. */
export interface LanguageSpec {
  /** Our identifier (grep-ast's language name where it has one). */
  readonly id: string;
  /** The npm package that ships the grammar's `.wasm` (its own, or a package of prebuilt grammars). */
  readonly pkg: string;
  /** The `.wasm` file inside `pkg`. */
  readonly wasm: string;
  /** Tags queries, concatenated in this order. */
  readonly tagsQueries: readonly TagsQuery[];
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
const mine = (id: string, source: string): OwnQuery => ({ own: id, source });
const JS_TAGS = own("tree-sitter-javascript");
const TS_TAGS = own("tree-sitter-typescript");

/** The two packages of prebuilt grammars we use (`out/tree-sitter-<id>.wasm`, no queries). */
const CURSORLESS = "@cursorless/tree-sitter-wasms";
const PREBUILT = "tree-sitter-wasms";
/** A language from a package of prebuilt grammars, with a tags query of ours. */
const prebuilt = (pkg: string, id: string, source: string, extensions: string[]): LanguageSpec =>
  ({ id, pkg, wasm: `out/tree-sitter-${id}.wasm`, tagsQueries: [mine(id, source)], extensions });

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
  // grammar packages with their own tags.scm
  { id: "lua", pkg: "@tree-sitter-grammars/tree-sitter-lua", wasm: "tree-sitter-lua.wasm", tagsQueries: [own("@tree-sitter-grammars/tree-sitter-lua")], extensions: ["lua"] },
  { id: "properties", pkg: "tree-sitter-properties", wasm: "tree-sitter-properties.wasm", tagsQueries: [own("tree-sitter-properties")], extensions: ["properties"], extraIdentifiers: ["key"] },
  { id: "scala", pkg: "tree-sitter-scala", wasm: "tree-sitter-scala.wasm", tagsQueries: [own("tree-sitter-scala")], extensions: ["scala", "sc"] },
  { id: "ocaml", pkg: "tree-sitter-ocaml", wasm: "tree-sitter-ocaml.wasm", tagsQueries: [own("tree-sitter-ocaml")], extensions: ["ml"], extraIdentifiers: ["value_name", "module_name", "type_constructor", "constructor_name"] },
  { id: "ocaml_interface", pkg: "tree-sitter-ocaml", wasm: "tree-sitter-ocaml_interface.wasm", tagsQueries: [own("tree-sitter-ocaml"), mine("ocaml_interface", OCAML_INTERFACE_TAGS)], extensions: ["mli"], extraIdentifiers: ["value_name", "module_name", "type_constructor", "constructor_name"] },
  // prebuilt grammars, queries of ours
  prebuilt(CURSORLESS, "bash", BASH_TAGS, ["sh", "bash", "zsh"]),
  { ...prebuilt(CURSORLESS, "clojure", CLOJURE_TAGS, ["clj", "cljs", "cljc", "edn"]), extraIdentifiers: ["sym_name"] },
  prebuilt(CURSORLESS, "dart", DART_TAGS, ["dart"]),
  { ...prebuilt(PREBUILT, "elisp", ELISP_TAGS, ["el"]), extraIdentifiers: ["symbol"] },
  prebuilt(CURSORLESS, "elixir", ELIXIR_TAGS, ["ex", "exs"]),
  prebuilt(CURSORLESS, "elm", ELM_TAGS, ["elm"]),
  prebuilt(CURSORLESS, "gleam", GLEAM_TAGS, ["gleam"]),
  { ...prebuilt(CURSORLESS, "haskell", HASKELL_TAGS, ["hs"]), extraIdentifiers: ["variable", "name", "constructor"] },
  prebuilt(CURSORLESS, "hcl", HCL_TAGS, ["hcl", "tf", "tfvars"]),
  prebuilt(CURSORLESS, "kotlin", KOTLIN_TAGS, ["kt", "kts"]),
  prebuilt(CURSORLESS, "r", R_TAGS, ["r"]),
  prebuilt(PREBUILT, "solidity", SOLIDITY_TAGS, ["sol"]),
  prebuilt(CURSORLESS, "swift", SWIFT_TAGS, ["swift"]),
  prebuilt(CURSORLESS, "zig", ZIG_TAGS, ["zig"]),
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
