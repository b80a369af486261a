/**
 * What the classic Notebook page (Jupyter Notebook 6, what `npm start` serves) needs beyond the kernel: its
 * stylesheet shows a `<summary>` as a plain block, so a "Try it first — then open" fold has no disclosure triangle
 * and does not look clickable. A project-local nbextension restores the triangle and the pointer. Markdown cells
 * cannot carry the fix themselves: the Notebook sanitizes their `style` attributes away.
 *
 * Written under `<root>/.jupyter` like the kernelspec (never into the user's own Jupyter folders): the extension
 * under `share/jupyter/nbextensions/aider-workbench/` (on `JUPYTER_PATH`), and the setting that loads it under
 * `config/nbconfig/notebook.json` (on `JUPYTER_CONFIG_PATH`, which adds to the user's config, never replaces it).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProjectPaths } from "./project.js";

/** The extension's name as the Notebook loads it (`<folder>/<module>` under nbextensions/). */
export const NOTEBOOK_EXTENSION = "aider-workbench/main";

/** The rule the extension adds to the page: a fold's summary shows its triangle and a pointer, in prose and outputs. */
export const NOTEBOOK_CSS = ".rendered_html summary { display: list-item; cursor: pointer; }";

/** The project's Jupyter config folder, added to Jupyter's through `JUPYTER_CONFIG_PATH`. */
export function jupyterConfigDir(paths: ProjectPaths): string {
  return join(paths.root, ".jupyter", "config");
}

/** The extension's source: an AMD module whose `load_ipython_extension` adds `NOTEBOOK_CSS` to the page once. */
function extensionSource(): string {
  return `// Written by aider-workbench (lib/notebooks/jupyter-frontend.ts): show a fold's summary as clickable.
define(function () {
  "use strict";
  return {
    load_ipython_extension: function () {
      if (document.getElementById("aider-workbench-style")) return;
      var style = document.createElement("style");
      style.id = "aider-workbench-style";
      style.textContent = ${JSON.stringify(NOTEBOOK_CSS)};
      document.head.appendChild(style);
    },
  };
});
`;
}

/** Writes the extension and turns it on for notebook pages, keeping any other setting of that nbconfig file. Idempotent. */
export function installNotebookExtension(paths: ProjectPaths): void {
  const [folder, module] = NOTEBOOK_EXTENSION.split("/") as [string, string];
  const extDir = join(paths.jupyterData, "nbextensions", folder);
  mkdirSync(extDir, { recursive: true });
  writeFileSync(join(extDir, `${module}.js`), extensionSource());
  const nbconfig = join(jupyterConfigDir(paths), "nbconfig");
  mkdirSync(nbconfig, { recursive: true });
  const file = join(nbconfig, "notebook.json");
  let config: { load_extensions?: Record<string, boolean> } = {};
  try {
    config = JSON.parse(readFileSync(file, "utf8")) as typeof config;
  } catch {
    // absent or unreadable: written afresh (the folder is the project's, generated, never committed)
  }
  config.load_extensions = { ...config.load_extensions, [NOTEBOOK_EXTENSION]: true };
  writeFileSync(file, JSON.stringify(config, null, 2) + "\n");
}
