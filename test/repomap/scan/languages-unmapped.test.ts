/**
 * lib/repomap/scan/languages-unmapped.ts: the languages Aider tags (`aider/repomap.py` `get_tags_raw` step 1) that the workbench lists
 * by name only, and why — together with the mapped ones they are exactly Aider's list.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES, languageForPath } from "../../../lib/repomap/scan/languages.js";
import { UNMAPPED_LANGUAGES } from "../../../lib/repomap/scan/languages-unmapped.js";

/** The languages Aider at 5dc9490 ships tags queries for (its tree-sitter-language-pack query folder). */
const AIDER_LANGUAGES = [
  "python", "javascript", "typescript", "tsx", "go", "rust", "java", "c", "cpp", "ruby", "csharp", "php",
  "arduino", "bash", "chatito", "clojure", "commonlisp", "d", "dart", "elisp", "elixir", "elm", "gleam", "haskell",
  "hcl", "kotlin", "lua", "matlab", "ocaml", "ocaml_interface", "pony", "properties", "r", "racket", "scala",
  "solidity", "swift", "udev", "zig",
];

describe("languages Aider tags that stay by name only", () => {
  it("together with the mapped ones they are Aider's list, and each of their extensions has no grammar here", () => {
    const ids = [...LANGUAGES.map((l) => l.id), ...UNMAPPED_LANGUAGES.map((l) => l.id)];
    expect([...ids].sort()).toEqual([...AIDER_LANGUAGES].sort());
    expect(LANGUAGES.length - 12).toBeGreaterThanOrEqual(15);
    for (const l of UNMAPPED_LANGUAGES) {
      expect(l.reason.length, l.id).toBeGreaterThan(20);
      for (const ext of l.extensions) expect(languageForPath(`x.${ext}`), `${l.id} .${ext}`).toBeUndefined();
    }
  });

  it("each is listed once, with its extensions, and the list is frozen", () => {
    const ids = UNMAPPED_LANGUAGES.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => LANGUAGES.some((l) => l.id === id))).toEqual([]);
    for (const l of UNMAPPED_LANGUAGES) expect(l.extensions.length, l.id).toBeGreaterThan(0);
    expect(Object.isFrozen(UNMAPPED_LANGUAGES)).toBe(true);
    expect(UNMAPPED_LANGUAGES.every((l) => Object.isFrozen(l))).toBe(true);
  });
});
