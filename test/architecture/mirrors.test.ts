/**
 * Tests mirror the source (CONTRIBUTING.md, "Layout and naming"): each file of lib with logic has its test at
 * test/<same path>/<name>.test.ts. The files that have none are listed below, each with its reason — most are
 * tested through another file's test, which the reason names (and which must exist). A new file of lib without a
 * mirror fails here until it gets one or an entry; an entry whose file got a mirror must leave the list.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
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

/** lib file → why it has no test/<same path>.test.ts. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  "lib/index.ts": "a barrel (re-exports only): the public API, imported by nearly every test",
  "lib/cli/git-scenario.ts": "no logic (types, constants or a process entry point)",
  "lib/cli/registry.ts": "no logic (types, constants or a process entry point)",
  "lib/conformance/index.ts": "a barrel (re-exports only)",
  "lib/conformance/suites.ts": "no logic (types, constants or a process entry point)",
  "lib/editformats/editblock-coder.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/index.ts": "a barrel (re-exports only)",
  "lib/editformats/patch/apply.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/patch/coder.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/patch/context.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/patch/index.ts": "a barrel (re-exports only)",
  "lib/editformats/patch/parse.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/apply.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/coder.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/hunk.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/index.ts": "a barrel (re-exports only)",
  "lib/editformats/udiff/parse.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/relative-indent.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/udiff/search-replace.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/wholefile/coder.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/wholefile/index.ts": "a barrel (re-exports only)",
  "lib/editformats/wholefile/live-diff.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/editformats/wholefile/parse.ts": "an edit format's parse/apply (Aider's port): test/editformats/editformats.test.ts and the golden vectors in test/conformance/editformat-suites.test.ts",
  "lib/explore/index.ts": "a barrel (re-exports only)",
  "lib/grader/index.ts": "a barrel (re-exports only)",
  "lib/loop/index.ts": "a barrel (re-exports only)",
  "lib/misconceptions/index.ts": "a barrel (re-exports only)",
  "lib/notebooks/live/kernel-protocol.ts": "no logic (types, constants or a process entry point)",
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
  "lib/show/budget.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/diff.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/index.ts": "a barrel (re-exports only)",
  "lib/show/svg.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/timeline.ts": "a picture or table: structurally in test/show/pictures.test.ts",
  "lib/show/venn.ts": "a picture or table: structurally in test/show/pictures.test.ts",
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

  it("each reason that names a test names one that exists", () => {
    const named = Object.values(EXCEPTIONS).flatMap((r) => r.match(/test\/[\w./-]+\.(?:test\.)?ts/g) ?? []);
    expect(named.length).toBeGreaterThan(0); // the pattern finds the tests the reasons name
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
});
