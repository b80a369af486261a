/**
 * The languages Aider at 5dc9490 tags (its tree-sitter-language-pack queries, `aider/repomap.py` `get_tags_raw` step 1) that the
 * workbench cannot: no grammar `.wasm` loadable by web-tree-sitter 0.25 was found on npm for them (searched on
 * 2026-12-01). Their files
 * appear in the map by name only, as any file without a grammar does. scan/README.md says how each was looked for.
 */

/** A language left by name only, with grep-ast's extensions for it and why. */
export interface UnmappedLanguage {
  readonly id: string;
  readonly extensions: readonly string[];
  readonly reason: string;
}

const NONE =
  "no compiled grammar found on npm: none in the prebuilt-grammar packages (tree-sitter-wasms, @cursorless/tree-sitter-wasms, " +
  "@repomix/tree-sitter-wasms, @vscode/tree-sitter-wasm, @kerebron/wasm), and no grammar package for it in the npm index searched";

/** By name only, in Aider's language order. */
export const UNMAPPED_LANGUAGES: readonly UnmappedLanguage[] = Object.freeze([
  { id: "arduino", extensions: ["ino"], reason: NONE },
  { id: "chatito", extensions: ["chatito"], reason: NONE },
  { id: "commonlisp", extensions: ["lisp", "cl"], reason: "tree-sitter-commonlisp 0.4.1 on npm ships C sources and a tags.scm but no .wasm, and no prebuilt-grammar package has it (building a .wasm needs emscripten or docker)" },
  { id: "d", extensions: ["d"], reason: NONE },
  { id: "matlab", extensions: ["m", "mat"], reason: NONE },
  { id: "pony", extensions: ["pony"], reason: NONE },
  { id: "racket", extensions: ["rkt"], reason: NONE },
  { id: "udev", extensions: ["rules"], reason: NONE },
].map((l) => Object.freeze(l)));
