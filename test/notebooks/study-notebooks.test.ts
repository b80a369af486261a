import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listNotebooks, projectPaths } from "../../lib/notebooks/project.js";
import { runNotebooks } from "../../lib/notebooks/runner.js";
import { formatRun } from "../../lib/notebooks/run-result.js";

const paths = projectPaths(join(__dirname, "..", ".."));
const outDir = mkdtempSync(join(tmpdir(), "wb-study-"));

describe("every study notebook runs in-process (tslab's executor, no Python)", () => {
  it.each(listNotebooks(paths.notebooks).map((f) => [f.slice(paths.notebooks.length + 1), f]))(
    "%s",
    async (_, file) => {
      const [run] = await runNotebooks(paths, [file], { mode: "inprocess", outDir });
      expect(run!.ok, formatRun(run!)).toBe(true);
    },
    180_000,
  );
});
