import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cli } from "./run-cli.js";
import { startMode } from "../../lib/cli/start.js";

const fixture = (name: string) => join(__dirname, "..", "fixtures", "notebooks", `${name}.ipynb`);

describe("notebooks, diagrams and start: usage mistakes are one line, exit 2", () => {
  it.each([
    [["start", "--port", "eighty"], /^start: --port must be an integer from 0 to 65535 \(got "eighty"\)\n$/],
    [["start", "--embedded", "--jupyter"], /^start: give --embedded or --jupyter, not both\n$/],
    [["notebooks", "--check", "--normalise"], /^notebooks: give --check or --normalise, not both\n$/],
    [["notebooks", "--jobs", "0", fixture("passing")], /^notebooks: --jobs must be a positive integer \(got "0"\)\n$/],
    [["diagrams", "no-such-diagram"], /^diagrams: no diagram "no-such-diagram" \(known: .*aider-loop.*\)\n$/],
  ])("%j", async (args, message) => {
    const r = await cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message as RegExp);
  });
});

describe("notebooks --check / --normalise", () => {
  it("--check names every problem of an executed notebook and exits 1; --normalise fixes it in place", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wb-norm-"));
    const file = join(dir, "dirty.ipynb");
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
    const fix = await cli("notebooks", "--normalise", file);
    expect(fix.code).toBe(0);
    expect(fix.out).toMatch(/^normalised /);
    expect((await cli("notebooks", "--check", file)).code).toBe(0);
    expect((await cli("notebooks", "--normalise", file)).out).toMatch(/^unchanged /);
  });
});

describe("start: which mode", () => {
  const server = { python: "/usr/bin/python3", canExecute: true, canServe: true };
  it("serves Jupyter when its Notebook server is found, the live pages otherwise, saying why", () => {
    expect(startMode("auto", server)).toEqual({ mode: "jupyter" });
    const install = "For Jupyter Notebook instead: sudo apt-get install jupyter-notebook python3-nbclient, then npm start again.";
    expect(startMode("auto", null)).toEqual({ mode: "embedded", why: "Jupyter's Notebook server is not installed.", interactive: install, jupyterInstalled: false });
    expect(startMode("auto", { ...server, canServe: false })).toMatchObject({ mode: "embedded", interactive: install, jupyterInstalled: false });
    expect(startMode("embedded", null)).toEqual({ mode: "embedded", why: "--embedded was given.", interactive: install, jupyterInstalled: false });
  });

  it("--embedded with the Notebook server installed says to drop the flag, not to install what is there", () => {
    expect(startMode("embedded", server)).toEqual({
      mode: "embedded",
      why: "--embedded was given.",
      interactive: "For Jupyter Notebook instead: npm start without --embedded.",
      jupyterInstalled: true,
    });
  });

  it("--jupyter without the Notebook server is a usage error naming the Debian packages", () => {
    expect(() => startMode("jupyter", null)).toThrow(/--jupyter needs the Notebook server; on Debian: sudo apt-get install jupyter-notebook python3-nbclient/);
    expect(startMode("jupyter", server)).toEqual({ mode: "jupyter" });
  });
});
