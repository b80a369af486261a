/**
 * Tags query for bash (`aider/repomap.py` `get_tags_raw` step 2): captures `@name` with a `@definition.*` / `@reference.*` role, as
 * the grammar packages' own tags.scm files do. Written for this project (the grammar's npm package ships no
 * tags query), against @cursorless/tree-sitter-wasms 0.7.0, out/tree-sitter-bash.wasm;
 * `test/repomap/scan/languages-more.test.ts` runs it on a sample.
 */
export const BASH_TAGS = `; Bash: functions and the commands that call them.
(function_definition
  name: (word) @name) @definition.function

(command
  name: (command_name (word) @name)) @reference.call
`;
