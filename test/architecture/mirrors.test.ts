/**
 * Tests mirror the source (CONTRIBUTING.md, "Layout and naming"): each file of lib with logic has its test at
 * test/<same path>/<name>.test.ts. The files that have none are listed below, and each is one of three kinds, which
 * this test checks on the file's syntax: a barrel (re-exports only), no logic (no branch, loop or conditional
 * anywhere), or data (the same, a tags query as text). "Tested through another file" is not a reason. A new file of
 * lib without a mirror fails here until it gets one or an entry; an entry whose file got a mirror must leave the list.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..");
const tempDir = tempDirs();

/** The `.ts` files under `root/lib` (no `dist`, no `node_modules`, no `.d.ts`), `/`-separated, relative to root. */
function libFiles(root: string, dir = join(root, "lib")): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = join(dir, e.name);
    if (e.isDirectory()) return e.name === "dist" || e.name === "node_modules" ? [] : libFiles(root, abs);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [relative(root, abs).split(sep).join("/")] : [];
  });
}

/** lib/a/b.ts → test/a/b.test.ts */
export function mirrorOf(file: string): string {
  return file.replace(/^lib\//, "test/").replace(/\.ts$/, ".test.ts");
}

/** The files of lib whose mirror test does not exist, sorted. */
function unmirrored(root: string): string[] {
  return libFiles(root)
    .filter((f) => !existsSync(join(root, mirrorOf(f))))
    .sort();
}

/** What a file's syntax says it is: only re-exports, no branch anywhere, or logic. */
export function kindOf(source: string): "barrel" | "no logic" | "logic" {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, true);
  const branches = new Set([
    ts.SyntaxKind.IfStatement, ts.SyntaxKind.ForStatement, ts.SyntaxKind.ForInStatement, ts.SyntaxKind.ForOfStatement,
    ts.SyntaxKind.WhileStatement, ts.SyntaxKind.DoStatement, ts.SyntaxKind.SwitchStatement, ts.SyntaxKind.ConditionalExpression,
    ts.SyntaxKind.TryStatement, ts.SyntaxKind.CallExpression,
  ]);
  const logical = new Set([ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken]);
  let logic = false;
  const visit = (node: ts.Node): void => {
    if (branches.has(node.kind) || (ts.isBinaryExpression(node) && logical.has(node.operatorToken.kind))) logic = true;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  // a re-export, or a module imported whole and re-exported as a namespace (`import * as ns …; export { ns };`)
  const namespaces = new Set(
    file.statements.flatMap((st) =>
      ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamespaceImport(st.importClause.namedBindings) && !st.importClause.name
        ? [st.importClause.namedBindings.name.text]
        : [],
    ),
  );
  const reexportsOnly = file.statements.every(
    (st) =>
      (ts.isImportDeclaration(st) && st.importClause?.namedBindings && ts.isNamespaceImport(st.importClause.namedBindings) && !st.importClause.name) ||
      (ts.isExportDeclaration(st) &&
        (st.moduleSpecifier !== undefined ||
          (st.exportClause !== undefined && ts.isNamedExports(st.exportClause) && st.exportClause.elements.every((e) => namespaces.has((e.propertyName ?? e.name).text))))),
  );
  return reexportsOnly && file.statements.length > 0 ? "barrel" : logic ? "logic" : "no logic";
}

/** lib file → why it has no test/<same path>.test.ts: "a barrel …", "no logic …" or "data: …". */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "lib/index.ts": "a barrel (re-exports only): the public API, imported by nearly every test",
  "lib/cli/registry.ts": "no logic (types, constants or a process entry point)",
  "lib/editblock/index.ts": "a barrel (re-exports only)",
  "lib/editformats/index.ts": "a barrel (re-exports only)",
  "lib/editformats/patch/index.ts": "a barrel (re-exports only)",
  "lib/editformats/udiff/index.ts": "a barrel (re-exports only)",
  "lib/editformats/wholefile/index.ts": "a barrel (re-exports only)",
  "lib/explore/index.ts": "a barrel (re-exports only)",
  "lib/git/index.ts": "a barrel (re-exports only)",
  "lib/grader/index.ts": "a barrel (re-exports only)",
  "lib/loop/index.ts": "a barrel (re-exports only)",
  "lib/misconceptions/index.ts": "a barrel (re-exports only)",
  "lib/repomap/index.ts": "a barrel (re-exports only)",
  "lib/notebooks/live/kernel-protocol.ts": "no logic (types, constants or a process entry point)",
  "lib/notebooks/static/browser/protocol.ts": "no logic (types, constants or a process entry point)",
  "lib/notebooks/static/browser/os-shim.ts": "no logic (types, constants or a process entry point)",
  "lib/repomap/scan/queries/bash.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/clojure.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/dart.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elisp.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elixir.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/elm.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/gleam.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/haskell.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/hcl.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/kotlin.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/ocaml_interface.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/r.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/solidity.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/swift.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/repomap/scan/queries/zig.ts": "data: a tree-sitter tags query as text; every query runs on its grammar in test/repomap/scan/languages-more.test.ts",
  "lib/show/index.ts": "a barrel (re-exports only)",
};

describe("every file of lib has its mirror test, or a listed reason", () => {
  const missing = unmirrored(ROOT);

  it("a file without a mirror is a listed exception", () => {
    expect(missing.length).toBeGreaterThan(0); // the walker found lib
    expect(missing.filter((f) => !(f in EXCEPTIONS))).toEqual([]);
  });

  it("an exception whose file now has a mirror (or is gone) leaves the list", () => {
    expect(Object.keys(EXCEPTIONS).filter((f) => !missing.includes(f))).toEqual([]);
  });

  it("each exception is what its reason says: a barrel re-exports only; no logic and data have no branch or call", () => {
    const wrong = Object.entries(EXCEPTIONS).flatMap(([file, reason]) => {
      const claimed = reason.startsWith("a barrel") ? "barrel" : reason.startsWith("no logic") || reason.startsWith("data:") ? "no logic" : "?";
      const kind = kindOf(readFileSync(join(ROOT, file), "utf8"));
      return kind === claimed ? [] : [`${file}: the reason says ${claimed}, the file is ${kind}`];
    });
    expect(wrong).toEqual([]);
  });

  it("each reason that names a test names one that exists", () => {
    const named = Object.values(EXCEPTIONS).flatMap((r) => r.match(/test\/[\w./-]+\.(?:test\.)?ts/g) ?? []);
    expect([...new Set(named)].filter((t) => !existsSync(join(ROOT, t)))).toEqual([]);
  });
});

describe("the mirror walker can fail", () => {
  it("finds a lib file without its test, and not one with it", () => {
    const root = tempDir("mirrors-");
    for (const f of ["lib/a/x.ts", "lib/a/y.ts", "test/a/x.test.ts", "lib/dist/z.ts", "lib/a/t.d.ts"]) {
      mkdirSync(join(root, dirname(f)), { recursive: true });
      writeFileSync(join(root, f), "export const v = 1;\n");
    }
    expect(unmirrored(root)).toEqual(["lib/a/y.ts"]);
    expect(mirrorOf("lib/repomap/scan/scan.ts")).toBe("test/repomap/scan/scan.test.ts");
  });

  it("tells a barrel, a file without logic and a file with logic apart", () => {
    expect(kindOf('export { a } from "./a.js";\nexport * from "./b.js";\n')).toBe("barrel");
    expect(kindOf('export const Q = `(function_definition) @def`;\nexport interface T { a: string }\n')).toBe("no logic");
    expect(kindOf("export const COMMANDS = [a, b];\n")).toBe("no logic");
    for (const logic of ["export function f(x) { if (x) return 1; return 2; }", "export const f = (x) => x ?? 1;", "export const v = g();", "export const f = (x) => (x ? 1 : 2);"]) {
      expect(kindOf(logic), logic).toBe("logic");
    }
    expect(kindOf('export { a } from "./a.js";\nexport const b = 1;\n')).toBe("no logic");
    expect(kindOf('import * as ns from "./ns.js";\nexport { a } from "./a.js";\nexport { ns };\n')).toBe("barrel");
    expect(kindOf('import * as ns from "./ns.js";\nconst b = 1;\nexport { ns, b };\n')).toBe("no logic");
    expect(kindOf('import { x } from "./x.js";\nexport { x };\n')).toBe("no logic");
  });
});
