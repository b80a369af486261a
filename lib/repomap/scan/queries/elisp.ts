/**
 * Tags query for elisp (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against tree-sitter-wasms 0.1.13, out/tree-sitter-elisp.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const ELISP_TAGS = `; Emacs Lisp: defun, defmacro, defvar/defconst/defcustom; a list's head symbol is a call.
(function_definition name: (symbol) @name) @definition.function
(macro_definition name: (symbol) @name) @definition.macro
(special_form
  .
  _ @_head
  .
  (symbol) @name
  (#match? @_head "^(defvar|defconst|defcustom|defvar-local)$")) @definition.variable

(list
  .
  (symbol) @name
  (#not-match? @name "^&")) @reference.call
`;
