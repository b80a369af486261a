/**
 * lib/cli/notebooks.ts: `workbench notebooks` driven in-process — its usage mistakes (one line, exit 2), a file
 * that is no notebook, --check / --normalise on a temporary copy, and how a run's results are reported. The
 * runner is replaced here by one that reports given results (running notebooks is test/notebooks/runner.test.ts's).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatRun, type NotebookRun } from "../../lib/notebooks/run-result.js";
import { RUN_DEFAULTS, runNotebooks } from "../../lib/notebooks/runner.js";
import { tempDirs } from "../support/temp-dirs.js";
import { cli } from "./run-cli.js";

vi.mock(import("../../lib/notebooks/runner.js"), async (original) => ({ ...(await original()), runNotebooks: vi.fn() }));
vi.mock(import("../../lib/notebooks/project.js"), async (original) => ({ ...(await original()), ensureLibBuilt: vi.fn() }));

const tempDir = tempDirs();
const fixture = (name: string) => join(__dirname, "..", "fixtures", "notebooks", `${name}.ipynb`);
const run = vi.mocked(runNotebooks);
beforeEach(() => {
  run.mockReset(); // not returned: beforeEach would take the returned mock for a clean-up hook and call it
});

describe("notebooks: usage mistakes are one line, exit 2, before anything runs", () => {
  it.each([
    [["notebooks", "--check", "--normalise", fixture("passing")], /^notebooks: give --check or --normalise, not both\n$/],
    [["notebooks", "--jobs", "0", fixture("passing")], /^notebooks: --jobs must be a positive integer \(got "0"\)\n$/],
    [["notebooks", "--jobs", "1e2", fixture("passing")], /^notebooks: --jobs must be a positive integer \(got "1e2"\)\n$/],
    [["notebooks", "--timeout", "1234567", fixture("passing")], /^notebooks: --timeout must be a positive integer \(got "1234567"\)\n$/],
    [["notebooks", "no-such-notebook"], /^notebooks: NAME names no notebook \(known: .*01-.*\) \(got "no-such-notebook"\)\n$/],
    [["notebooks", "--bogus"], /^notebooks: Unknown option '--bogus'.* \(see: workbench notebooks --help\)\n$/],
  ])("%j", async (args, message) => {
    const r = await cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message as RegExp);
    expect(run).not.toHaveBeenCalled();
  });

  it("a .ipynb that is not a notebook is refused in one line naming it", async () => {
    const file = join(tempDir("wb-nb-"), "junk.ipynb");
    writeFileSync(file, "{\n  \"cells\": 3\n}");
    const r = await cli("notebooks", file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^notebooks: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is not a notebook this workbench can run: [^\\n]+\\n$`));
  });
});

describe("notebooks --check / --normalise", () => {
  it("--check names every problem of an executed notebook and exits 1; --normalise fixes it in place", async () => {
    const file = join(tempDir("wb-norm-"), "dirty.ipynb");
    const nb = JSON.parse(readFileSync(fixture("passing"), "utf8")) as { cells: Record<string, unknown>[] };
    nb.cells[1]!.outputs = [{ output_type: "stream", name: "stdout", text: "x\n" }];
    nb.cells[1]!.execution_count = 4;
    delete nb.cells[2]!.id;
    writeFileSync(file, JSON.stringify(nb));
    const check = await cli("notebooks", "--check", file);
    expect(check.code).toBe(1);
    expect(check.out).toContain("cell 2 has outputs");
    expect(check.out).toContain("cell 2 has an execution count");
    expect(check.out).toContain("cell 3 has no id");
    expect(check.out).toMatch(/\nrun: npm run -s workbench -- notebooks --normalise\n$/);
    const fix = await cli("notebooks", "--normalise", file);
    expect(fix.code).toBe(0);
    expect(fix.out).toMatch(/^normalised /);
    const clean = await cli("notebooks", "--check", file);
    expect([clean.code, clean.out.startsWith("ok ")]).toEqual([0, true]);
    expect((await cli("notebooks", "--normalise", file)).out).toMatch(/^unchanged /);
    expect(run).not.toHaveBeenCalled();
  });
});

describe("notebooks: a run", () => {
  const result = (notebook: string, ok: boolean): NotebookRun => ({
    notebook,
    mode: "inprocess",
    ok,
    failure: ok ? null : { cell: 3, codeCell: 2, cellId: "c3", message: "boom" },
    executed: null,
    seconds: 1.25,
  });

  it("passes --jobs and --timeout on, prints each result as it comes and the totals; exit 1 when one failed", async () => {
    run.mockImplementation(async (_paths, files, options) => {
      const runs = files.map((f, i) => result(f, i === 0));
      runs.forEach((r) => options.onResult?.(r));
      return runs;
    });
    const r = await cli("notebooks", fixture("passing"), fixture("broken"), "--jobs", "2", "--timeout", "30");
    expect(r.code).toBe(1);
    expect(run).toHaveBeenCalledOnce();
    const [, files, options] = run.mock.calls[0]!;
    expect(files).toEqual([fixture("passing"), fixture("broken")]);
    expect(options).toMatchObject({ mode: "inprocess", jupyter: null, jobs: 2, timeoutSeconds: 30 });
    expect(r.out).toBe(`${formatRun(result(fixture("passing"), true))}\n${formatRun(result(fixture("broken"), false))}\n1 passed, 1 failed\n`);
  });

  it("the defaults when no option is given; exit 0 when every notebook passed", async () => {
    run.mockImplementation(async (_paths, files) => files.map((f) => result(f, true)));
    const r = await cli("notebooks", fixture("passing"));
    expect(r.code).toBe(0);
    expect(run.mock.calls[0]![2]).toMatchObject({ jobs: RUN_DEFAULTS.jobs, timeoutSeconds: RUN_DEFAULTS.timeoutSeconds });
    expect(r.out).toBe("1 passed, 0 failed\n");
  });
});
