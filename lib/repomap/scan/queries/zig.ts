/**
 * Tags query for zig (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-zig.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const ZIG_TAGS = `; Zig: functions; a const/var bound to a struct, enum, union or opaque is a type; other top-level consts too.
(function_declaration name: (identifier) @name) @definition.function
(variable_declaration
  (identifier) @name
  [(struct_declaration) (enum_declaration) (union_declaration) (opaque_declaration)]) @definition.class
(source_file
  (variable_declaration
    (identifier) @name
    .
    [(builtin_function) (integer) (float) (string) (identifier) (field_expression) (call_expression)]) @definition.constant)

; Calls (f(), a.f()) and types named as parameters, results or field types.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression member: (identifier) @name)) @reference.call
(parameter type: (identifier) @name) @reference.type
(function_declaration type: (identifier) @name) @reference.type
(container_field type: (identifier) @name) @reference.type
`;
