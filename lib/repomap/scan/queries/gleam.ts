/**
 * Tags query for gleam (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-gleam.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const GLEAM_TAGS = `; Gleam: custom types and their constructors, type aliases, constants, functions.
(type_definition (type_name name: (type_identifier) @name)) @definition.type
(type_alias (type_name name: (type_identifier) @name)) @definition.type
(data_constructor name: (constructor_name) @name) @definition.constructor
(constant name: (identifier) @name) @definition.constant
(function name: (identifier) @name) @definition.function
(external_function name: (identifier) @name) @definition.function

; Calls (local or module.fun), constructors used in expressions and patterns, types named.
(function_call function: (identifier) @name) @reference.call
(function_call function: (field_access field: (label) @name)) @reference.call
(record name: (constructor_name) @name) @reference.constructor
(record_pattern name: (constructor_name) @name) @reference.constructor
(type name: (type_identifier) @name) @reference.type
`;
