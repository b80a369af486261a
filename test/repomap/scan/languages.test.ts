/**
 * lib/repomap/scan/languages.ts: which files the repo map parses and with what (`aider/repomap.py` `get_tags_raw` step 1, grep-ast's
 * `filename_to_lang`): the table against each grammar package's own tree-sitter.json, and the lookups.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { LANGUAGES, languageById, languageForPath } from "../../../lib/repomap/scan/languages.js";

describe("the language table", () => {
  it("the table agrees with each package's own tree-sitter.json where it has one (file types and tags query files)", () => {
    const checked: string[] = [];
    for (const spec of LANGUAGES) {
      const metaPath = join("node_modules", spec.pkg, "tree-sitter.json");
      if (!existsSync(metaPath)) continue; // prebuilt-grammar packages, tree-sitter-properties, tree-sitter-ocaml
      const meta = JSON.parse(readFileSync(metaPath, "utf8")) as {
        grammars: { name: string; "file-types"?: string[]; tags?: string | string[] }[];
      };
      const name = spec.id === "csharp" ? "c-sharp" : spec.id;
      const g = meta.grammars.find((x) => x.name === name)!;
      expect(g, spec.id).toBeDefined();
      const tags = ([] as string[]).concat(g.tags ?? []);
      expect(spec.tagsQueries.map((q) => ("own" in q ? `own:${q.own}` : q.pkg === spec.pkg ? q.path : `node_modules/${q.pkg}/${q.path}`))).toEqual(tags);
      // every file type the package declares is ours, except .h, which we give to C as grep-ast does, and .sbt,
      // which grep-ast does not map
      for (const ft of g["file-types"] ?? []) expect(languageForPath(`x.${ft}`)?.id, ft).toBe(ft === "h" ? "c" : ft === "sbt" ? undefined : spec.id);
      checked.push(spec.id);
    }
    expect(checked).toEqual(expect.arrayContaining(["python", "typescript", "php", "lua", "scala"]));
  });

  it("maps names by their last extension, case-insensitively; no extension or an unknown one has no language", () => {
    expect(languageForPath("src/a.PY")?.id).toBe("python");
    expect(languageForPath("a.d.ts")?.id).toBe("typescript");
    expect(languageForPath("Makefile")).toBeUndefined();
    expect(languageForPath("notes.txt")).toBeUndefined();
    expect(languageForPath(".py")).toBeUndefined(); // a dot file has no extension, as in Python's splitext
    expect(() => languageForPath(3 as unknown as string)).toThrow(WorkbenchInputError);
  });
});

describe("the table's own rules", () => {
  it("ids are unique, no extension belongs to two languages, and the table is frozen", () => {
    const ids = LANGUAGES.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    const exts = LANGUAGES.flatMap((l) => l.extensions);
    expect(new Set(exts).size).toBe(exts.length);
    for (const ext of exts) expect(ext).toMatch(/^[a-z0-9]+$/); // lower case, no dot
    expect(Object.isFrozen(LANGUAGES)).toBe(true);
    expect(LANGUAGES.every((l) => Object.isFrozen(l))).toBe(true);
  });

  it("TypeScript and TSX read their package's tags query, then JavaScript's; .h is C", () => {
    for (const id of ["typescript", "tsx"]) {
      expect(languageById(id)!.tagsQueries.map((q) => ("own" in q ? q.own : q.pkg))).toEqual(["tree-sitter-typescript", "tree-sitter-javascript"]);
    }
    expect(languageForPath("x.h")?.id).toBe("c");
    expect(languageForPath("x.hpp")?.id).toBe("cpp");
  });

  it("Windows separators in a path do not hide its extension; a dot in a folder name is not one", () => {
    expect(languageForPath("src\\pkg\\mod.rb")?.id).toBe("ruby");
    expect(languageForPath("v1.2/README")).toBeUndefined();
  });

  it("languageById finds a language by id, and nothing for an unknown one", () => {
    expect(languageById("ocaml_interface")?.extensions).toEqual(["mli"]);
    expect(languageById("Python")).toBeUndefined();
    expect(() => languageById(undefined as unknown as string)).toThrow(/^languageById: id must be a string/);
    expect(() => languageForPath(null as unknown as string)).toThrow(WorkbenchInputError);
  });
});
