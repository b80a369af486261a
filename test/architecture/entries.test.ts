/**
 * lib's public surface (CONTRIBUTING.md, "Layout and naming"): one entry point per mechanism, each naming its
 * exports (no `export *`, which would publish every helper of the files behind it), each a d3-module-sized surface;
 * the root entry lists the names of the four mechanism entries it unites, the same names, plus one namespace each for
 * the others. Names are counted on the syntax: with no `export *` anywhere, every exported name is spelled out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { LIB_ENTRIES } from "../../lib/grader/target.js";

const ROOT = join(__dirname, "..", "..");

/** At most this many names in one mechanism entry (a namespace counts as one; its own entry is counted too). */
const MAX_ENTRY_NAMES = 40;
/** The root entry: the four mechanism entries it unites, the error family and six namespaces. */
const MAX_ROOT_NAMES = 140;
/** The mechanisms whose names the root lists one by one; the other entries are namespaces of the root. */
const ROOT_UNITES = ["repomap", "editblock", "git", "loop"];

/** Every entry: the root, the package's entries, the misconceptions namespace and the edit formats' namespaces. */
const ENTRIES = [
  "lib/index.ts",
  ...LIB_ENTRIES.map((e) => `lib/${e}/index.ts`),
  "lib/misconceptions/index.ts",
  "lib/editformats/udiff/index.ts",
  "lib/editformats/patch/index.ts",
  "lib/editformats/wholefile/index.ts",
];

const parse = (source: string) => ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, true);

/** The names a module exports, in source order: named re-exports, local `export { … }`, exported declarations. */
export function exportedNames(source: string): string[] {
  const names: string[] = [];
  for (const st of parse(source).statements) {
    if (ts.isExportDeclaration(st)) {
      if (st.exportClause === undefined) names.push("*");
      else if (ts.isNamespaceExport(st.exportClause)) names.push(st.exportClause.name.text);
      else for (const el of st.exportClause.elements) names.push(el.name.text);
      continue;
    }
    const mods = ts.canHaveModifiers(st) ? ts.getModifiers(st) : undefined;
    if (!mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) names.push(d.name.getText());
    else if ("name" in st && st.name !== undefined) names.push((st.name as ts.Identifier).text);
  }
  return names;
}

/** The `export *` statements of a module (plain or `as` a namespace), as written. */
export function starExports(source: string): string[] {
  return parse(source)
    .statements.filter((st) => ts.isExportDeclaration(st) && (st.exportClause === undefined || ts.isNamespaceExport(st.exportClause)))
    .map((st) => st.getText());
}

/** The `.ts` files of lib (no dist, no node_modules, no `.d.ts`), relative to the checkout, `/`-separated. */
function libFiles(dir = join(ROOT, "lib")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : libFiles(abs);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [relative(ROOT, abs).split(sep).join("/")] : [];
  });
}

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("lib's entry points", () => {
  it("no file of lib has an `export *`: each entry names what it publishes", () => {
    const found = libFiles().flatMap((f) => starExports(read(f)).map((s) => `${f}: ${s}`));
    expect(found).toEqual([]);
  });

  it(`each mechanism entry has at most ${MAX_ENTRY_NAMES} names, the root at most ${MAX_ROOT_NAMES}, none twice`, () => {
    const sizes = Object.fromEntries(ENTRIES.map((f) => [f, exportedNames(read(f))]));
    for (const [file, names] of Object.entries(sizes)) {
      expect(new Set(names).size, `${file} names one export twice`).toBe(names.length);
      expect(names.length, `${file}: ${names.length} names`).toBeLessThanOrEqual(file === "lib/index.ts" ? MAX_ROOT_NAMES : MAX_ENTRY_NAMES);
      expect(names.length, `${file} exports nothing`).toBeGreaterThan(0);
    }
  });

  it("the root lists exactly the names of the mechanism entries it unites, and the others as namespaces", () => {
    const root = exportedNames(read("lib/index.ts"));
    for (const m of ROOT_UNITES) {
      const missing = exportedNames(read(`lib/${m}/index.ts`)).filter((n) => !root.includes(n));
      expect(missing, `lib/index.ts lacks names of lib/${m}/index.ts`).toEqual([]);
    }
    expect(root).toEqual(expect.arrayContaining(["editformats", "show", "explore", "misconceptions", "pystr", "difflib"]));
    const united = new Set(ROOT_UNITES.flatMap((m) => exportedNames(read(`lib/${m}/index.ts`))));
    const core = ["GradingError", "InputError", "SandboxError", "WorkbenchError", "WorkbenchInputError", "PythonError"];
    const namespaces = ["difflib", "editformats", "explore", "misconceptions", "pystr", "show"];
    expect(root.filter((n) => !united.has(n) && !core.includes(n) && !namespaces.includes(n))).toEqual([]);
  });

  it("counts what a module exports and finds every kind of `export *`", () => {
    const source = [
      'export { a, b as c, type D } from "./x.js";',
      'export * from "./y.js";',
      'export * as ns from "./z.js";',
      "import * as w from \"./w.js\";",
      "export { w };",
      "export const e = 1, f = 2;",
      "export function g() {}",
      "export interface H {}",
      "const hidden = 3;",
    ].join("\n");
    expect(exportedNames(source)).toEqual(["a", "c", "D", "*", "ns", "w", "e", "f", "g", "H"]);
    expect(starExports(source)).toEqual(['export * from "./y.js";', 'export * as ns from "./z.js";']);
  });
});
