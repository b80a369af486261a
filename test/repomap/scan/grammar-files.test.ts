/**
 * Which files of the grammar packages stay installed (lib/repomap/scan/grammar-files.ts): every `.wasm` and query
 * file the language table loads, the packages' metadata, queries and licences, nothing else.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { keptInGrammarPackage, scannerFiles } from "../../../lib/repomap/scan/grammar-files.js";
import { packageResolverFrom } from "../../../lib/repomap/scan/grammars.js";
import { LANGUAGES, type LanguageSpec } from "../../../lib/repomap/scan/languages.js";

describe("scannerFiles", () => {
  it("names, per package, each language's .wasm and its package query files, never our own queries", () => {
    const files = scannerFiles();
    expect(files.get("tree-sitter-typescript")).toEqual(new Set(["tree-sitter-typescript.wasm", "queries/tags.scm", "tree-sitter-tsx.wasm"]));
    expect(files.get("tree-sitter-javascript")).toEqual(new Set(["tree-sitter-javascript.wasm", "queries/tags.scm"]));
    expect(files.get("tree-sitter-ocaml")).toEqual(new Set(["tree-sitter-ocaml.wasm", "queries/tags.scm", "tree-sitter-ocaml_interface.wasm"]));
    expect(files.get("tree-sitter-wasms")).toEqual(new Set(["out/tree-sitter-elisp.wasm", "out/tree-sitter-solidity.wasm"]));
    expect(files.get("@cursorless/tree-sitter-wasms")?.size).toBe(12);
    const total = [...files.values()].reduce((n, s) => n + [...s].filter((f) => f.endsWith(".wasm")).length, 0);
    expect(total).toBe(LANGUAGES.length);
  });

  it("follows the table it is given, and refuses anything but an array", () => {
    const one: LanguageSpec = { id: "x", pkg: "p", wasm: "x.wasm", tagsQueries: [{ pkg: "q", path: "queries/x.scm" }, { own: "x", source: "(a) @name" }], extensions: ["x"] };
    expect(scannerFiles([one])).toEqual(new Map([["p", new Set(["x.wasm"])], ["q", new Set(["queries/x.scm"])]]));
    expect(() => scannerFiles("x" as unknown as LanguageSpec[])).toThrow("scannerFiles: languages must be an array");
  });

  it("every file it names is installed (so an install slimmed by scripts/slim-grammars.ts still loads every language)", () => {
    const dir = packageResolverFrom(process.cwd());
    for (const [pkg, files] of scannerFiles()) for (const f of files) expect(existsSync(join(dir(pkg), f)), `${pkg}/${f}`).toBe(true);
  });
});

describe("keptInGrammarPackage", () => {
  const loaded = new Set(["tree-sitter-ocaml.wasm", "queries/tags.scm"]);

  it("keeps the loaded files, metadata, licences, queries and npm's nested packages", () => {
    for (const p of ["tree-sitter-ocaml.wasm", "package.json", "tree-sitter.json", "LICENSE", "LICENSE.md", "licence", "COPYING.txt", "queries/highlights.scm", "node_modules/node-addon-api/package.json"]) {
      expect(keptInGrammarPackage(loaded, p), p).toBe(true);
    }
  });

  it("drops sources, prebuilds, bindings and other grammars' .wasm, also when named like a kept file deeper down", () => {
    for (const p of ["tree-sitter-ocaml_type.wasm", "grammars/ocaml/src/parser.c", "prebuilds/linux-x64/tree-sitter-ocaml.node", "bindings/node/index.js", "src/LICENSE", "grammars/ocaml/package.json", "binding.gyp", "README.md", "out/tree-sitter-yaml.wasm"]) {
      expect(keptInGrammarPackage(loaded, p), p).toBe(false);
    }
  });

  it("refuses a path that is not relative inside the package, and loaded that is not a Set", () => {
    for (const bad of ["", "/etc/passwd", "../x", "queries/../../x"]) expect(() => keptInGrammarPackage(loaded, bad)).toThrow("keptInGrammarPackage: path must be a relative path inside the package");
    expect(() => keptInGrammarPackage(["a"] as unknown as Set<string>, "a")).toThrow("keptInGrammarPackage: loaded must be a Set");
  });

  it("on this install, no grammar package holds a file it would drop (npm ci ran scripts/slim-grammars.ts)", () => {
    const dir = packageResolverFrom(process.cwd());
    const walk = (root: string, rel = ""): string[] =>
      readdirSync(join(root, rel), { withFileTypes: true }).flatMap((e) => {
        const p = rel === "" ? e.name : `${rel}/${e.name}`;
        return e.isDirectory() ? (rel === "" && (e.name === "queries" || e.name === "node_modules") ? [] : walk(root, p)) : [p];
      });
    for (const [pkg, files] of scannerFiles()) expect(walk(dir(pkg)).filter((p) => !keptInGrammarPackage(files, p)), pkg).toEqual([]);
  });
});
