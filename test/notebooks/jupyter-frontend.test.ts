/** The Notebook page's extension: written under the project's .jupyter, turned on without losing other settings. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installNotebookExtension, jupyterConfigDir, NOTEBOOK_CSS, NOTEBOOK_EXTENSION } from "../../lib/notebooks/jupyter-frontend.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { tempDirs } from "../support/temp-dirs.js";

const temp = tempDirs();

describe("installNotebookExtension", () => {
  it("writes an AMD module that adds the summary rule, and loads it for notebook pages, keeping other settings", () => {
    const paths = projectPaths(temp("nbext-"));
    const nbconfig = join(jupyterConfigDir(paths), "nbconfig", "notebook.json");
    installNotebookExtension(paths);
    const js = readFileSync(join(paths.jupyterData, "nbextensions", `${NOTEBOOK_EXTENSION}.js`), "utf8");
    expect(js).toMatch(/^\/\/ Written by aider-workbench/);
    expect(js).toContain("define(function ()");
    expect(js).toContain("load_ipython_extension");
    expect(js).toContain(JSON.stringify(NOTEBOOK_CSS));
    expect(NOTEBOOK_CSS).toMatch(/summary \{ display: list-item; cursor: pointer; \}/);
    expect(JSON.parse(readFileSync(nbconfig, "utf8"))).toEqual({ load_extensions: { [NOTEBOOK_EXTENSION]: true } });

    writeFileSync(nbconfig, JSON.stringify({ load_extensions: { "other/ext": true }, Cell: { cm_config: { lineNumbers: true } } }));
    installNotebookExtension(paths);
    installNotebookExtension(paths);
    expect(JSON.parse(readFileSync(nbconfig, "utf8"))).toEqual({ load_extensions: { "other/ext": true, [NOTEBOOK_EXTENSION]: true }, Cell: { cm_config: { lineNumbers: true } } });
  });
});
