/**
 * lib/cli/start.ts: which mode `workbench start` serves in (startMode) and its usage mistakes (one line, exit 2),
 * all decided before any server starts. Serving itself: test/notebooks/site.test.ts and test/system/.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/cli/command.js";
import { startCommand, startMode, urlInLang } from "../../lib/cli/start.js";
import { cli } from "./run-cli.js";

describe("start: usage mistakes are one line, exit 2", () => {
  it.each([
    [["start", "--port", "eighty"], /^start: --port must be an integer from 0 to 65535 \(got "eighty"\)\n$/],
    [["start", "--port", "65536"], /^start: --port must be an integer from 0 to 65535 \(got "65536"\)\n$/],
    [["start", "--port=-1"], /^start: --port must be an integer from 0 to 65535 \(got "-1"\)\n$/],
    [["start", "--port", "1e3"], /^start: --port must be an integer from 0 to 65535 \(got "1e3"\)\n$/],
    [["start", "--port", "80.5"], /^start: --port must be an integer from 0 to 65535 \(got "80.5"\)\n$/],
    [["start", "--embedded", "--jupyter"], /^start: give --embedded or --jupyter, not both\n$/],
    [["start", "notebooks/"], /^start: takes no arguments \(got "notebooks\/"; see: workbench start --help\)\n$/],
    [["start", "--prot", "80"], /^start: Unknown option '--prot'.* \(see: workbench start --help\)\n$/],
  ])("%j", async (args, message) => {
    const r = await cli(...(args as string[]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message as RegExp);
    expect(r.out).toBe("");
  });

  it("the command object itself throws the UsageError the dispatcher prints", async () => {
    const io = { stdout: () => {}, stderr: () => {}, isTTY: false };
    await expect(startCommand.run(["--port", "x"], io)).rejects.toThrow(new UsageError('start: --port must be an integer from 0 to 65535 (got "x")'));
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

describe("start --lang", () => {
  it("opens the first page in Chinese through the URL (the page then remembers it), English as it was", () => {
    expect(urlInLang("http://127.0.0.1:8888/?token=abc", "zh")).toBe("http://127.0.0.1:8888/?token=abc&lang=zh");
    expect(urlInLang("http://127.0.0.1:8888/?token=abc", "en")).toBe("http://127.0.0.1:8888/?token=abc");
  });
  it("is documented in the usage", () => {
    expect(startCommand.usage).toMatch(/--lang zh\|en +the language the notebooks open in/);
  });
});
