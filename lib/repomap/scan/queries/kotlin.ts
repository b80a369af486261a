/**
 * Tags query for kotlin (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-kotlin.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const KOTLIN_TAGS = `; Kotlin: classes and interfaces, objects, type aliases, functions, properties, enum entries.
(class_declaration (type_identifier) @name) @definition.class
(object_declaration (type_identifier) @name) @definition.object
(type_alias (type_identifier) @name) @definition.type
(function_declaration (simple_identifier) @name) @definition.function
(property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
(enum_entry (simple_identifier) @name) @definition.constant

; Calls by name or through a navigation (a.b()), types named, a navigated member (Discounts.RATE).
(call_expression (simple_identifier) @name) @reference.call
(call_expression (navigation_expression (navigation_suffix (simple_identifier) @name))) @reference.call
(user_type (type_identifier) @name) @reference.type
(navigation_expression (simple_identifier) @name) @reference.variable
`;
