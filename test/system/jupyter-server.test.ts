/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "puppeteer-core";
import { launchChromium } from "../../lib/diagrams/chromium.js";
import { startJupyterServer, type JupyterServer } from "../../lib/notebooks/jupyter-server.js";
import { projectPaths } from "../../lib/notebooks/project.js";
import { requireChromium, requireJupyter } from "./requirements.js";

const root = join(__dirname, "..", "..");

describe("npm start with Jupyter: the Notebook server and the tslab kernel", () => {
  let server: JupyterServer;
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    const jupyter = requireJupyter("serve");
    requireChromium(root);
    // The server is rooted at a scratch copy inside build/, so running cells never writes into committed notebooks.
    mkdirSync(join(root, "build"), { recursive: true });
    dir = mkdtempSync(join(root, "build", "jupyter-test-"));
    cpSync(join(root, "test", "fixtures", "notebooks", "passing.ipynb"), join(dir, "passing.ipynb"));
    const paths = { ...projectPaths(root), notebooks: dir };
    server = await startJupyterServer(paths, jupyter, { port: 18_888 + Math.floor(Math.random() * 1000) });
    browser = await launchChromium(root);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    server?.child.kill("SIGTERM");
    await server?.exited;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("listens on 127.0.0.1 and prints a URL with its token", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tree\?token=[0-9a-f]+$/);
  });

  it("lists the TypeScript (tslab) kernel", async () => {
    const { origin, searchParams } = new URL(server.url);
    const specs = (await (await fetch(`${origin}/api/kernelspecs?token=${searchParams.get("token")}`)).json()) as {
      kernelspecs: Record<string, { spec: { display_name: string; language: string } }>;
    };
    expect(specs.kernelspecs.tslab?.spec).toMatchObject({ display_name: "TypeScript", language: "typescript" });
  });

  it("executes a notebook that imports lib through the server, in the browser", async () => {
    const { origin, searchParams } = new URL(server.url);
    const page = await browser.newPage();
    await page.goto(`${origin}/notebooks/passing.ipynb?token=${searchParams.get("token")}`, { waitUntil: "networkidle2" });
    await page.waitForFunction(() => {
      const j = (window as unknown as { Jupyter?: { notebook?: { kernel?: { is_connected(): boolean } } } }).Jupyter;
      return j?.notebook?.kernel?.is_connected() === true;
    }, { timeout: 60_000 });
    const kernelName = await page.evaluate(() => (window as unknown as { Jupyter: { notebook: { kernel: { name: string } } } }).Jupyter.notebook.kernel.name);
    expect(kernelName).toBe("tslab");
    await page.evaluate(() => (window as unknown as { Jupyter: { notebook: { execute_all_cells(): void } } }).Jupyter.notebook.execute_all_cells());
    // The last cell displays HTML, awaits a timer, then writes to stderr: wait until all of it arrived.
    // (Only output areas count: the cells' source text, also on the page, contains the same words.)
    await page.waitForFunction(
      () => [...document.querySelectorAll(".output_area")].some((e) => e.textContent?.includes("to stderr")),
      { timeout: 90_000 },
    );
    const outputs = await page.$$eval(".output_area", (els) => els.map((e) => e.textContent ?? ""));
    expect(outputs.join("\n")).toContain("0.5406764324130573");
    expect(outputs.join("\n")).toContain("bold");
    await page.close();
  }, 150_000);

  it("shows a fold's summary with its triangle and a pointer (the project's page extension), in prose and outputs", async () => {
    const { origin, searchParams } = new URL(server.url);
    const page = await browser.newPage();
    await page.goto(`${origin}/notebooks/passing.ipynb?token=${searchParams.get("token")}`, { waitUntil: "networkidle2" });
    await page.waitForFunction(() => document.getElementById("aider-workbench-style") !== null, { timeout: 60_000 });
    const style = await page.evaluate(() => {
      const area = document.createElement("div");
      area.className = "text_cell_render rendered_html";
      area.innerHTML = "<details><summary>Try it first</summary>hidden</details>";
      document.querySelector("#notebook-container")!.appendChild(area);
      const s = getComputedStyle(area.querySelector("summary")!);
      return { display: s.display, cursor: s.cursor };
    });
    expect(style).toEqual({ display: "list-item", cursor: "pointer" });
    await page.close();
  }, 90_000);
});
