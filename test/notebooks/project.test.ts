/**
 * Where the notebooks tooling finds things, on temp folders: the project's paths, the study notebooks in order,
 * what a typed name resolves to (and the one-line refusal listing what exists), and when lib's build is missing
 * or stale — with a stand-in compiler, so no real build runs.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { ensureLibBuilt, libBuildProblem, listNotebooks, projectPaths, resolveNotebooks } from "../../lib/notebooks/project.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const tempDir = tempDirs();

/** A notebooks folder with the given files. */
function notebooks(files: string[]): string {
  const dir = join(tempDir("nbs-"), "notebooks");
  writeTree(dir, Object.fromEntries(files.map((f) => [f, "{}"])));
  return dir;
}

describe("projectPaths", () => {
  it("puts everything under the root: notebooks, diagrams, the executed copies, the project-local Jupyter data", () => {
    expect(projectPaths("/r")).toEqual({
      root: "/r",
      notebooks: join("/r", "notebooks"),
      diagrams: join("/r", "diagrams"),
      build: join("/r", "build", "notebooks"),
      jupyterData: join("/r", ".jupyter", "share", "jupyter"),
    });
  });

  it("finds this project's root from inside it by default", () => {
    expect(projectPaths().root).toBe(join(__dirname, "..", ".."));
  });
});

describe("listNotebooks", () => {
  it("lists only NN-name.ipynb files, in learning order, as paths", () => {
    const dir = notebooks(["10-ten.ipynb", "02-two.ipynb", "1-short.ipynb", "notes.ipynb", "03-three.txt", "01-one.ipynb"]);
    expect(listNotebooks(dir)).toEqual(["01-one.ipynb", "02-two.ipynb", "10-ten.ipynb"].map((f) => join(dir, f)));
  });

  it("is empty for a folder that does not exist", () => {
    expect(listNotebooks(join(tempDir("nbs-"), "missing"))).toEqual([]);
  });
});

describe("resolveNotebooks", () => {
  const dir = notebooks(["01-pagerank.ipynb", "02-budget.ipynb", "02-budget-more.ipynb", "03-edit.ipynb"]);

  it("takes every study notebook when no name is given", () => {
    expect(resolveNotebooks([], dir)).toEqual(listNotebooks(dir));
  });

  it("takes a number, a stem or a file name, in the order given", () => {
    expect(resolveNotebooks(["03", "01-pagerank", "02-budget.ipynb"], dir)).toEqual([join(dir, "03-edit.ipynb"), join(dir, "01-pagerank.ipynb"), join(dir, "02-budget.ipynb")]);
  });

  it("takes a path to a notebook file, relative to the folder it is typed in", () => {
    const other = tempDir("other-");
    writeFileSync(join(other, "mine.ipynb"), "{}");
    expect(resolveNotebooks(["mine.ipynb"], dir, other)).toEqual([join(other, "mine.ipynb")]);
    expect(resolveNotebooks([join(other, "mine.ipynb")], dir)).toEqual([join(other, "mine.ipynb")]);
  });

  it("refuses an ambiguous name and an unknown one in one line, the latter listing the notebooks there are", () => {
    expect(() => resolveNotebooks(["02"], dir)).toThrow(/^notebooks: NAME is ambiguous \(matches 2 notebooks\)/);
    expect(() => resolveNotebooks(["09"], dir)).toThrow(WorkbenchInputError);
    expect(() => resolveNotebooks(["09"], dir)).toThrow(/^notebooks: NAME names no notebook \(known: 01-pagerank, 02-budget-more, 02-budget, 03-edit\) \(got "09"\)$/);
    expect(() => resolveNotebooks(["x"], join(dir, "none"))).toThrow(/known: none/);
    // a folder that happens to end in .ipynb is not a notebook file
    mkdirSync(join(dir, "..", "dir.ipynb"));
    expect(() => resolveNotebooks(["dir.ipynb"], dir, join(dir, ".."))).toThrow(/names no notebook/);
  });
});

describe("libBuildProblem and ensureLibBuilt", () => {
  const T0 = new Date("2026-01-01T00:00:00Z");
  const later = (s: number) => new Date(T0.getTime() + s * 1000);

  /** A project with lib sources and (optionally) a build, all stamped at T0. */
  function project(opts: { built: boolean; compiler?: string }): string {
    const root = tempDir("libbuild-");
    const files: Record<string, string> = { "lib/index.ts": "", "lib/a/b.ts": "", "lib/package.json": "{}", "lib/README.md": "" };
    if (opts.built) files["lib/dist/index.js"] = "";
    if (opts.compiler) files["node_modules/typescript/bin/tsc"] = opts.compiler;
    writeTree(root, files);
    for (const f of Object.keys(files)) utimesSync(join(root, f), T0, T0);
    return root;
  }

  it("says when lib has not been built, and is null when the build is as new as every source", () => {
    expect(libBuildProblem(project({ built: false }))).toBe("lib/dist/index.js does not exist (lib has not been built)");
    expect(libBuildProblem(project({ built: true }))).toBeNull();
  });

  it("calls the build stale when a .ts source or lib/package.json is newer, not for other files, dist or node_modules", () => {
    const stale = (touch: string) => {
      const root = project({ built: true });
      writeTree(root, { [touch]: "" });
      utimesSync(join(root, touch), later(5), later(5));
      return libBuildProblem(root);
    };
    expect(stale("lib/a/b.ts")).toBe("lib/dist is older than lib's sources");
    expect(stale("lib/package.json")).toBe("lib/dist is older than lib's sources");
    expect(stale("lib/README.md")).toBeNull();
    expect(stale("lib/dist/extra.ts")).toBeNull();
    expect(stale("lib/node_modules/x/y.ts")).toBeNull();
  });

  it("does nothing when the build is current", () => {
    const said: string[] = [];
    ensureLibBuilt(project({ built: true }), (l) => said.push(l));
    expect(said).toEqual([]);
  });

  it("rebuilds with the project's compiler when it is missing, saying why", () => {
    const compiler = `const fs = require("fs"), path = require("path");
const p = process.argv[process.argv.indexOf("-p") + 1];
const dist = path.join(path.dirname(p), "dist");
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(path.join(dist, "index.js"), "// built from " + path.basename(p));`;
    const root = project({ built: false, compiler });
    const said: string[] = [];
    ensureLibBuilt(root, (l) => said.push(l));
    expect(said).toEqual(["lib/dist/index.js does not exist (lib has not been built): rebuilding it (npm run build)…"]);
    expect(libBuildProblem(root)).toBeNull();
  });

  it("throws with the compiler's output when the build fails", () => {
    const root = project({ built: false, compiler: `console.log("lib/a/b.ts(1,1): error TS1005: ';' expected."); process.exit(2);` });
    expect(() => ensureLibBuilt(root, () => {})).toThrow(/^npm run build failed; notebooks need lib's build:\nlib\/a\/b\.ts\(1,1\): error TS1005/);
  });
});
