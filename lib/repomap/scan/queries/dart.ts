/**
 * Tags query for dart (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-dart.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const DART_TAGS = `; Dart: classes, mixins, extensions, enums, type aliases, functions and methods.
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.class
(extension_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(type_alias (type_identifier) @name) @definition.type
(function_signature name: (identifier) @name) @definition.function
(getter_signature name: (identifier) @name) @definition.function
(setter_signature name: (identifier) @name) @definition.function

; A name followed by an argument list is a call; so is a selected member followed by one.
(_
  (identifier) @name
  .
  (selector (argument_part))) @reference.call
(_
  (selector (unconditional_assignable_selector (identifier) @name))
  .
  (selector (argument_part))) @reference.call

(superclass (type_identifier) @name) @reference.class
(interfaces (type_identifier) @name) @reference.implementation
(type_arguments (type_identifier) @name) @reference.type
`;
