/**
 * Tags query for haskell (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-haskell.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const HASKELL_TAGS = `; Haskell: data/newtype/type synonyms and their constructors, classes, top-level functions and signatures.
(data_type name: (name) @name) @definition.type
(newtype name: (name) @name) @definition.type
(type_synomym name: (name) @name) @definition.type
(data_constructor constructor: (prefix name: (constructor) @name)) @definition.constructor
(data_constructor constructor: (record name: (constructor) @name)) @definition.constructor
(class name: (name) @name) @definition.class
(declarations (function name: (variable) @name) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)
(declarations (signature name: (variable) @name) @definition.function)
(class_declarations (signature name: (variable) @name) @definition.method)

; Uses: a function applied, a constructor, a type named, an instance's class.
(apply function: (variable) @name) @reference.call
(apply function: (qualified (variable) @name)) @reference.call
(apply function: (constructor) @name) @reference.constructor
(_ expression: (constructor) @name) @reference.constructor
(instance name: (name) @name) @reference.class
(_ constructor: (name) @name) @reference.type
(function result: (name) @name) @reference.type
`;
