import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseNotebook } from "../../../lib/notebooks/ipynb.js";
import { RECORDED_CELLS, siteFileList, siteFiles } from "../../../lib/notebooks/static/build.js";

const root = join(__dirname, "..", "..", "..");

describe("the static site's build", () => {
  it("ships the files the notebooks read: the sample repository, lib's sources, the diagrams, the root package.json", async () => {
    const files = await siteFiles(root);
    const names = Object.keys(files);
    expect(names).toContain("package.json");
    expect(names).toContain("lib/index.ts");
    expect(names.some((n) => n.startsWith("notebooks/sample-repo/"))).toBe(true);
    expect(names.some((n) => n.startsWith("diagrams/") && n.endsWith(".svg"))).toBe(true);
    expect(names.filter((n) => n.startsWith("lib/dist/") || n.includes("node_modules") || n.startsWith("solutions/"))).toEqual([]);
    expect(files["lib/index.ts"]).toBe(readFileSync(join(root, "lib", "index.ts"), "utf8"));
  });
  it("records only cells that exist, by id", () => {
    for (const [stem, ids] of Object.entries(RECORDED_CELLS)) {
      const nb = parseNotebook(readFileSync(join(root, "notebooks", `${stem}.ipynb`), "utf8"), stem);
      const known = nb.cells.filter((c) => c.cell_type === "code").map((c) => c.id);
      expect(ids.filter((id) => !known.includes(id))).toEqual([]);
    }
  });
  it("records every cell that starts a real git repository (a browser has no git), in every notebook", () => {
    const GIT = /\b(withSandbox|withGitWorkspace|runScenario|runGit)\(/;
    for (const file of readdirSync(join(root, "notebooks")).filter((f) => f.endsWith(".ipynb"))) {
      const stem = file.replace(/\.ipynb$/, "");
      const nb = parseNotebook(readFileSync(join(root, "notebooks", file), "utf8"), stem);
      const needGit = nb.cells.filter((c) => c.cell_type === "code" && GIT.test(Array.isArray(c.source) ? c.source.join("") : c.source)).map((c) => c.id);
      expect(needGit.filter((id) => !(RECORDED_CELLS[stem] ?? []).includes(id!)), stem).toEqual([]);
    }
  });
  it("lists what the service worker keeps: every file of the site but the grammars and itself", () => {
    const site = mkdtempSync(join(tmpdir(), "wb-site-list-"));
    try {
      for (const f of ["index.html", "01-x.html", "sw.js", "assets/site/worker.js", "assets/site/chunks/a.js", "assets/site/node_modules/tree-sitter-go/go.wasm"]) {
        mkdirSync(join(site, f, ".."), { recursive: true });
        writeFileSync(join(site, f), "x");
      }
      expect(siteFileList(site)).toEqual(["01-x.html", "assets/site/chunks/a.js", "assets/site/worker.js", "index.html"]);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
