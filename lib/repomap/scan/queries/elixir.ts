/**
 * Tags query for elixir (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-elixir.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const ELIXIR_TAGS = `; Elixir: modules and protocols; named functions, macros and guards (with or without arguments or a guard).
(call
  target: (identifier) @_kw
  (arguments . (alias) @name)
  (#match? @_kw "^(defmodule|defprotocol)$")) @definition.module

(call
  target: (identifier) @_kw
  (arguments
    .
    [
      (identifier) @name
      (call target: (identifier) @name)
      (binary_operator left: (call target: (identifier) @name) operator: "when")
    ])
  (#match? @_kw "^(def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate)$")) @definition.function

; Calls by name (local or Module.fun), but not the defining keywords and special forms.
(call
  target: (identifier) @name
  (#not-match? @name "^(def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate|defmodule|defprotocol|defimpl|defstruct|defexception|alias|import|require|use|if|unless|case|cond|with|for|try|receive|quote|unquote|raise|reraise|throw|super)$")) @reference.call
(call target: (dot right: (identifier) @name)) @reference.call
(binary_operator operator: "|>" right: (identifier) @name) @reference.call
(alias) @name @reference.module
`;
