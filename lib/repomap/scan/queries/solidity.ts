/**
 * Tags query for solidity (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against tree-sitter-wasms 0.1.13, out/tree-sitter-solidity.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const SOLIDITY_TAGS = `; Solidity: contracts, interfaces, libraries, structs, enums, events, errors, modifiers, functions, state variables.
(contract_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name) @definition.enum
(event_definition name: (identifier) @name) @definition.event
(error_declaration name: (identifier) @name) @definition.error
(modifier_definition name: (identifier) @name) @definition.modifier
(function_definition name: (identifier) @name) @definition.function
(state_variable_declaration name: (identifier) @name) @definition.variable

; Calls (f(), a.f()), events emitted, modifiers applied, contracts inherited or named as types.
(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression property: (identifier) @name)) @reference.call
(emit_statement name: (identifier) @name) @reference.event
(modifier_invocation (identifier) @name) @reference.modifier
(inheritance_specifier ancestor: (user_defined_type (identifier) @name)) @reference.class
(type_name (user_defined_type (identifier) @name)) @reference.type
`;
