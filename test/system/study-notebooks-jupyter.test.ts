import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { runNotebooks } from "../../lib/notebooks/runner.js";
import { formatRun } from "../../lib/notebooks/run-result.js";
import { requireJupyter } from "./requirements.js";

const paths = projectPaths(join(__dirname, "..", ".."));
const outDir = mkdtempSync(join(tmpdir(), "wb-study-"));

describe("every study notebook runs through the real tslab kernel (Jupyter's nbclient)", () => {
  it.each(listNotebooks(paths.notebooks).map((f) => [f.slice(paths.notebooks.length + 1), f]))(
    "%s",
    async (_, file) => {
      const jupyter = requireJupyter("execute");
      const [run] = await runNotebooks(paths, [file], { mode: "jupyter", jupyter, outDir });
      expect(run!.ok, formatRun(run!)).toBe(true);
    },
    240_000,
  );
});
