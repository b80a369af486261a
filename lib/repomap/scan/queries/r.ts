/**
 * Tags query for r (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-r.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const R_TAGS = `; R: a function assigned to a name (<-, =, <<-, ->) is a definition; a call by name or pkg::name a reference.
(binary_operator
  lhs: (identifier) @name
  operator: ["<-" "=" "<<-"]
  rhs: (function_definition)) @definition.function
(binary_operator
  lhs: (function_definition)
  operator: ["->" "->>"]
  rhs: (identifier) @name) @definition.function

(call function: (identifier) @name) @reference.call
(call function: (namespace_operator rhs: (identifier) @name)) @reference.call
`;
