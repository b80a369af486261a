/**
 * Tags query for elm (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-elm.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const ELM_TAGS = `; Elm: the module, type aliases, custom types and their variants, top-level functions and ports.
(module_declaration name: (upper_case_qid) @name) @definition.module
(type_alias_declaration name: (upper_case_identifier) @name) @definition.type
(type_declaration name: (upper_case_identifier) @name) @definition.type
(union_variant name: (upper_case_identifier) @name) @definition.union
(value_declaration (function_declaration_left . (lower_case_identifier) @name)) @definition.function
(port_annotation name: (lower_case_identifier) @name) @definition.function

; Uses: a value's last name (model, String.fromInt), a type's, a constructor's.
(value_expr (value_qid (lower_case_identifier) @name .)) @reference.call
(value_expr (upper_case_qid (upper_case_identifier) @name .)) @reference.union
(type_ref (upper_case_qid (upper_case_identifier) @name .)) @reference.type
(union_pattern constructor: (upper_case_qid (upper_case_identifier) @name .)) @reference.union
`;
