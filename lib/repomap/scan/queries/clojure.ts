/**
 * Tags query for clojure (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-clojure.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const CLOJURE_TAGS = `; Clojure: a top-level form whose head is a def* symbol defines its second symbol.
(source
  (list_lit
    .
    (sym_lit name: (sym_name) @_head)
    .
    (sym_lit name: (sym_name) @name)
    (#match? @_head "^(defn-?|defmacro|defmulti|definline)$")) @definition.function)

(source
  (list_lit
    .
    (sym_lit name: (sym_name) @_head)
    .
    (sym_lit name: (sym_name) @name)
    (#match? @_head "^(def|defonce)$")) @definition.constant)

(source
  (list_lit
    .
    (sym_lit name: (sym_name) @_head)
    .
    (sym_lit name: (sym_name) @name)
    (#match? @_head "^(defprotocol|defrecord|deftype|definterface|defstruct)$")) @definition.class)

; A list's head symbol is a call, unless it is one of the defining forms above.
(list_lit
  .
  (sym_lit name: (sym_name) @name)
  (#not-match? @name "^(ns|def|defonce|defn-?|defmacro|defmulti|defmethod|definline|defprotocol|defrecord|deftype|definterface|defstruct)$")) @reference.call
`;
