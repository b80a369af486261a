/**
 * Tags query for hcl (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-hcl.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const HCL_TAGS = `; HCL / Terraform: a block's last label names it (resource "type" "NAME", variable "NAME", module "NAME", …);
; locals define their attributes.
(block
  (identifier) @_kind
  (string_lit (template_literal) @name)
  .
  (block_start)
  (#match? @_kind "^(resource|data)$")) @definition.resource
(block
  (identifier) @_kind
  (string_lit (template_literal) @name)
  .
  (block_start)
  (#match? @_kind "^(variable|output)$")) @definition.variable
(block
  (identifier) @_kind
  (string_lit (template_literal) @name)
  .
  (block_start)
  (#eq? @_kind "module")) @definition.module
(block
  (identifier) @_kind
  (body (attribute (identifier) @name))
  (#eq? @_kind "locals")) @definition.variable

; var.X, local.X, module.X, and TYPE.NAME of a resource.
(expression
  (variable_expr (identifier) @_root)
  .
  (get_attr (identifier) @name)
  (#match? @_root "^(var|local)$")) @reference.variable
(expression
  (variable_expr (identifier) @_root)
  .
  (get_attr (identifier) @name)
  (#eq? @_root "module")) @reference.module
(expression
  (variable_expr (identifier) @_root)
  .
  (get_attr (identifier) @name)
  (#not-match? @_root "^(var|local|module|data|each|count|path|terraform|self)$")) @reference.resource
(function_call (identifier) @name) @reference.call
`;
