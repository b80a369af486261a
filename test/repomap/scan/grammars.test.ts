/**
 * lib/repomap/scan/grammars.ts: loading tree-sitter grammars and their tags queries (`aider/repomap.py` `get_tags_raw`'s I/O edge) —
 * what a loaded grammar carries, what a failure leaves behind, package resolution, and the cache digest.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../../lib/core/errors.js";
import { GrammarSet, identifierTypes, languageTableDigest, loadGrammar, packageResolverFrom, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { LANGUAGES, languageById, type LanguageSpec } from "../../../lib/repomap/scan/languages.js";
import { tempDirs } from "../../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..", "..");
const temp = tempDirs();
const resolveDir = packageResolverFrom(ROOT);
const grammars = new GrammarSet({ resolvePackageDir: resolveDir });
let python: Grammar;

beforeAll(async () => {
  python = (await grammars.get(languageById("python")!))!;
});

describe("loadGrammar", () => {
  it("gives a parser, the compiled tags query and Aider's hidden node types for the language", () => {
    expect(python.spec.id).toBe("python");
    const tree = python.parser.parse("def f():\n    return g()\n")!;
    expect(tree.rootNode.type).toBe("module");
    const captures = python.tagsQuery.captures(tree.rootNode).map((c) => c.name);
    expect(captures).toEqual(expect.arrayContaining(["definition.function", "reference.call", "name"]));
    tree.delete();
    // python's spec hides expression_statement: its type id is known, and the tags patterns naming it are disabled
    expect(python.aiderHiddenTypeIds.size).toBeGreaterThan(0);
    for (const id of python.aiderHiddenTypeIds) expect(python.language.nodeTypeForId(id)).toBe("expression_statement");
    expect(python.aiderDisabledPatterns.size).toBeGreaterThan(0);
  });

  it("compiles the identifier query on first use, once", () => {
    const q = python.identifierQuery();
    expect(python.identifierQuery()).toBe(q);
    expect(q.captureNames).toEqual(["identifier"]);
  });

  it("says which query file does not compile", async () => {
    const broken: LanguageSpec = { ...languageById("bash")!, id: "bash-broken", tagsQueries: [{ own: "bash-broken", source: "(no_such_node) @name" }] };
    await expect(loadGrammar(broken, resolveDir)).rejects.toThrow(/^loadGrammar: the tags query of bash-broken \(queries\/bash-broken\.ts\) does not compile/);
  });
});

describe("identifierTypes", () => {
  it("takes identifier and *_identifier node types, plus the spec's extras", () => {
    const types = identifierTypes(python.language, python.spec);
    expect(types).toContain("identifier");
    expect(types.every((t) => /(^|_)identifier$/.test(t))).toBe(true);
    expect(types).toEqual([...types].sort());
    const withExtra = identifierTypes(python.language, { ...python.spec, extraIdentifiers: ["string"] });
    expect(withExtra).toEqual([...types, "string"].sort());
  });
});

describe("GrammarSet", () => {
  it("remembers a language it cannot load, with the reason, and asks the disk once", async () => {
    const calls: string[] = [];
    const set = new GrammarSet({ resolvePackageDir: (pkg) => (calls.push(pkg), join(ROOT, "no-such-folder")) });
    const spec = languageById("go")!;
    expect(await set.get(spec)).toBeUndefined();
    expect(await set.get(spec)).toBeUndefined();
    expect(calls).toEqual(["tree-sitter-go"]);
    expect(set.failures.get("go")).toMatch(/ENOENT/);
  });

  it("keeps each grammar it loaded: the same object for the same language", async () => {
    expect(await grammars.get(languageById("python")!)).toBe(python);
  });

  it("refuses a resolver that is not a function", () => {
    expect(() => new GrammarSet({ resolvePackageDir: "node_modules" as never })).toThrow(WorkbenchInputError);
    expect(() => new GrammarSet({ resolvePackageDir: "node_modules" as never })).toThrow(/^GrammarSet: options\.resolvePackageDir must be a function/);
  });

  it("versions() says '?' for a package it cannot read", () => {
    const v = new GrammarSet({ resolvePackageDir: () => join(ROOT, "no-such-folder") }).versions();
    expect(v["web-tree-sitter"]).toBe("?");
    expect(v.languages).toBe(languageTableDigest());
  });
});

describe("packageResolverFrom", () => {
  it("finds an installed package's folder from a base directory, and throws for one that is not installed", () => {
    const dir = resolveDir("web-tree-sitter");
    expect(dir.endsWith(join("node_modules", "web-tree-sitter"))).toBe(true);
    expect(() => resolveDir("no-such-package-xyz")).toThrow();
  });

  it("for a package whose exports hide package.json, walks up from its entry point to the folder named like it", () => {
    const base = temp("wb-resolve-");
    const pkg = join(base, "node_modules", "hidden-pkg");
    mkdirSync(join(pkg, "dist"), { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "hidden-pkg", exports: { ".": "./dist/index.js" } }));
    writeFileSync(join(pkg, "dist", "index.js"), "module.exports = 1;\n");
    expect(packageResolverFrom(base)("hidden-pkg")).toBe(pkg);
  });
});

describe("the scan cache's fingerprint follows the grammars", () => {
  const grammars = new GrammarSet({ resolvePackageDir: resolveDir });
  const changed = (f: (l: LanguageSpec[]) => LanguageSpec[]): string => languageTableDigest(f(LANGUAGES.map((l) => ({ ...l }))));

  it("the digest changes with a query's text, a .wasm, a package or an extension, and is stable otherwise", () => {
    const base = languageTableDigest();
    expect(languageTableDigest(LANGUAGES)).toBe(base);
    expect(changed((l) => l)).toBe(base);
    const bash = (l: LanguageSpec[]): number => l.findIndex((x) => x.id === "bash");
    const edits: ((l: LanguageSpec[]) => LanguageSpec[])[] = [
      (l) => { const i = bash(l); l[i] = { ...l[i]!, tagsQueries: l[i]!.tagsQueries.map((q) => ("own" in q ? { ...q, source: q.source + "\n; edited" } : q)) }; return l; },
      (l) => { const i = bash(l); l[i] = { ...l[i]!, wasm: "out/tree-sitter-bash-2.wasm" }; return l; },
      (l) => { const i = bash(l); l[i] = { ...l[i]!, pkg: "tree-sitter-bash" }; return l; },
      (l) => { const i = bash(l); l[i] = { ...l[i]!, extensions: [...l[i]!.extensions, "ksh"] }; return l; },
      (l) => l.filter((x) => x.id !== "zig"),
    ];
    const digests = edits.map(changed);
    for (const d of digests) expect(d).not.toBe(base);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it("versions() carries the digest and every grammar package's installed version, the new ones included", () => {
    const v = grammars.versions();
    expect(v.languages).toBe(languageTableDigest());
    for (const pkg of ["@cursorless/tree-sitter-wasms", "tree-sitter-wasms", "@tree-sitter-grammars/tree-sitter-lua", "tree-sitter-ocaml", "tree-sitter-scala", "tree-sitter-properties"]) {
      expect(v[pkg], pkg).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });

});
