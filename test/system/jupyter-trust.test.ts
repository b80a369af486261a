/**
 * The interactive `npm start` signs the study notebooks first (issue 16, "notebooks trusted in Jupyter"): after
 * `trustNotebooks`, nbformat's own notary — what the Notebook server asks — finds every notebook trusted. The
 * signatures go to a throw-away Jupyter data folder, never the user's.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { trustNotebooks } from "../../lib/notebooks/jupyter-server.js";
import { jupyterEnv } from "../../lib/notebooks/jupyter.js";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { requireJupyter } from "./requirements.js";

const paths = projectPaths(join(__dirname, "..", ".."));
const before = process.env.JUPYTER_DATA_DIR;
afterAll(() => {
  if (before === undefined) delete process.env.JUPYTER_DATA_DIR;
  else process.env.JUPYTER_DATA_DIR = before;
});

const CHECK = `
import sys, nbformat
from nbformat.sign import NotebookNotary
notary = NotebookNotary()
for f in sys.argv[1:]:
    print(f.rsplit("/", 1)[-1], notary.check_signature(nbformat.read(f, as_version=4)))
`;

describe("the notebooks are signed for Jupyter", () => {
  it("every study notebook is trusted by nbformat's notary after trustNotebooks, and none before", () => {
    const jupyter = requireJupyter("execute");
    process.env.JUPYTER_DATA_DIR = mkdtempSync(join(tmpdir(), "wb-jupyter-data-"));
    const files = listNotebooks(paths.notebooks);
    expect(files.length).toBeGreaterThan(5);
    const check = () => {
      const r = spawnSync(jupyter.python, ["-c", CHECK, ...files], { env: jupyterEnv(paths), encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim().split("\n");
    };
    expect(check().filter((l) => l.endsWith(" True"))).toEqual([]);
    const log: string[] = [];
    expect(trustNotebooks(paths, jupyter, (l) => log.push(l))).toBe(true);
    expect(log).toEqual([]);
    expect(check()).toEqual(files.map((f) => `${f.replace(/^.*\//, "")} True`));
  }, 120_000);
});
