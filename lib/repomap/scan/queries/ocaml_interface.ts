/**
 * Tags query for ocaml_interface (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project and appended to tree-sitter-ocaml
 * 0.24.2's own tags.scm for `.mli` files, whose `val` specifications that query does not tag; run on a sample by
 * `test/repomap/scan/languages-more.test.ts`.
 */
export const OCAML_INTERFACE_TAGS = `; OCaml interfaces (.mli), added after tree-sitter-ocaml's own tags.scm: a \`val\` specification declares a value
; the implementation defines; the package's query only tags \`external\` ones.
(value_specification (value_name) @name) @definition.function
`;
