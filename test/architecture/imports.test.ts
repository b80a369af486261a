/**
 * lib's layering (CONTRIBUTING.md, "Rules"): no import cycle anywhere in lib, and no import from a higher layer —
 * core < mechanisms (repomap, editblock, editformats, git) < loop, explore, conformance, misconceptions < grader, notebooks, show, diagrams <
 * the public barrel lib/index.ts < cli (lib/cli/, lib/cli.ts). Type-only imports count too.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, upwardImports } from "../support/import-graph.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const ROOT = join(__dirname, "..", "..");
const tempDir = tempDirs();

const FOLDER_LAYERS: Readonly<Record<string, number>> = {
  core: 0,
  repomap: 1,
  editblock: 1,
  git: 1,
  editformats: 1,
  loop: 2,
  explore: 2,
  conformance: 2,
  misconceptions: 2,
  grader: 3,
  notebooks: 3,
  show: 3,
  diagrams: 3,
  cli: 5,
};
const TOP_FILES: Readonly<Record<string, number>> = { "index.ts": 4, "cli.ts": 5 };

/** The layer of a file of lib (`lib/<folder>/…` or a file at lib's top); null for one the table does not place. */
function layerOf(file: string): number | null {
  const parts = file.split("/");
  if (parts[0] !== "lib") return null;
  return (parts.length === 2 ? TOP_FILES[parts[1]!] : FOLDER_LAYERS[parts[1]!]) ?? null;
}

describe("lib's import graph", () => {
  const graph = importGraph(ROOT, "lib");

  it("covers every source file of lib, each placed in a layer", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.has("lib/repomap/ranking/ranking.ts")).toBe(true);
    expect(upwardImports(graph, layerOf).unplaced).toEqual([]);
  });

  it("has no import cycle", () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("has no import from a higher layer", () => {
    expect(upwardImports(graph, layerOf).upward.map((u) => `${u.from} -> ${u.to}`)).toEqual([]);
  });
});

describe("the walker can fail", () => {
  /** A throwaway lib: each entry a file and its source. */
  function fakeLib(files: Record<string, string>): string {
    const root = tempDir("import-graph-");
    writeTree(root, files);
    return root;
  }

  it("finds a two-file cycle through a type-only import and a re-export, but not an import in a comment or string", () => {
    const root = fakeLib({
      "lib/repomap/a.ts": 'import type { B } from "./b.js";\nexport type A = B;\n',
      "lib/repomap/b.ts": 'export * from "./a.js";\nexport type B = 1;\n',
      "lib/repomap/c.ts": '// import { x } from "./d.js";\nconst s = "import \'./d.js\'";\nexport const c = s;\n',
      "lib/repomap/d.ts": 'import { c } from "./c.js";\nexport const d = c;\n',
    });
    const graph = importGraph(root, "lib");
    expect(graph.get("lib/repomap/c.ts")).toEqual([]);
    expect(importCycles(graph)).toEqual([["lib/repomap/a.ts", "lib/repomap/b.ts"]]);
  });

  it("finds a self-import, a longer cycle, a folder import and a dynamic import()", () => {
    const root = fakeLib({
      "lib/core/self.ts": 'import "./self.js";\n',
      "lib/loop/index.ts": 'export { x } from "./x.js";\n',
      "lib/loop/x.ts": 'export const x = () => import("./y.js");\n',
      "lib/loop/y.ts": 'import { x } from "./index.js";\nexport const y = x;\n',
      "lib/loop/z.ts": 'import "../loop";\n',
    });
    const graph = importGraph(root, "lib");
    expect(graph.get("lib/loop/z.ts")).toEqual(["lib/loop/index.ts"]);
    expect(importCycles(graph)).toEqual([["lib/core/self.ts"], ["lib/loop/index.ts", "lib/loop/x.ts", "lib/loop/y.ts"]]);
  });

  it("finds an import up the layers and a file it cannot place", () => {
    const root = fakeLib({
      "lib/show/diagram.ts": 'import { f } from "../notebooks/project.js";\nexport const g = f;\n',
      "lib/notebooks/project.ts": "export const f = 1;\n",
      "lib/repomap/scan.ts": 'import { d } from "../cli/map.js";\nexport const s = d;\n',
      "lib/cli/map.ts": "export const d = 1;\n",
      "lib/newfolder/x.ts": 'import "../core/y.js";\n',
      "lib/core/y.ts": "",
    });
    const { upward, unplaced } = upwardImports(importGraph(root, "lib"), layerOf);
    expect(upward).toEqual([{ from: "lib/repomap/scan.ts", to: "lib/cli/map.ts", fromLayer: 1, toLayer: 5 }]);
    expect(unplaced).toEqual(["lib/newfolder/x.ts"]);
  });

  it("refuses a relative import that names no file", () => {
    const root = fakeLib({ "lib/core/a.ts": 'import "./gone.js";\n' });
    expect(() => importGraph(root, "lib")).toThrow(/lib\/core\/a.ts imports "\.\/gone.js", which names no file/);
  });
});
