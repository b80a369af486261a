/**
 * Tags query for swift (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-swift.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const SWIFT_TAGS = `; Swift: classes, structs, enums and actors (one node type), protocols and their requirements, functions,
; properties, type aliases.
(class_declaration name: (type_identifier) @name) @definition.class
(protocol_declaration name: (type_identifier) @name) @definition.interface
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(function_declaration name: (simple_identifier) @name) @definition.function
(property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @definition.property
(typealias_declaration name: (type_identifier) @name) @definition.type

; Calls by name or through a member (a.b()), types named (in annotations, inheritance, generics).
(call_expression . (simple_identifier) @name) @reference.call
(call_expression . (navigation_expression suffix: (navigation_suffix suffix: (simple_identifier) @name))) @reference.call
(user_type (type_identifier) @name) @reference.type
`;
