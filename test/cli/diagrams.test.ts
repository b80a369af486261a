/**
 * lib/cli/diagrams.ts: `workbench diagrams` driven in-process — choosing diagrams by name, the missing-Chromium
 * error, and how results and stale SVGs are reported (--check). Rendering is replaced here by one that reports
 * given results; real rendering with Chromium is test/system/diagrams.test.ts's.
 */
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listDiagrams, renderDiagrams, staleDiagrams, type RenderResult } from "../../lib/diagrams/render.js";
import { cli } from "./run-cli.js";

vi.mock(import("../../lib/diagrams/render.js"), async (original) => ({ ...(await original()), renderDiagrams: vi.fn(), staleDiagrams: vi.fn() }));

const ROOT = resolve(__dirname, "..", "..");
const ALL = listDiagrams(join(ROOT, "diagrams")).map((d) => d.name);
const render = vi.mocked(renderDiagrams);
const stale = vi.mocked(staleDiagrams);
const saved = process.env.CHROMIUM_PATH;

beforeEach(() => {
  render.mockReset();
  stale.mockReset();
  stale.mockReturnValue([]);
  process.env.CHROMIUM_PATH = process.execPath; // an executable that exists: chromiumProblem finds nothing wrong
  render.mockImplementation(async (_root, chosen, options) => {
    const results: RenderResult[] = chosen.map((d) => (d.name === "aider-loop" ? { name: d.name, ok: false, error: "Parse error on line 3:\n...--> x", seconds: 0.5 } : { name: d.name, ok: true, error: null, seconds: 1.25 }));
    results.forEach((r) => options?.onResult?.(r));
    return results;
  });
});
afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe("diagrams: which ones", () => {
  it("an unknown name is one line listing the known ones, exit 2, nothing rendered", async () => {
    const r = await cli("diagrams", "no-such-diagram");
    expect(r.code).toBe(2);
    expect(r.err).toBe(`diagrams: no diagram "no-such-diagram" (known: ${ALL.join(", ")})\n`);
    expect(render).not.toHaveBeenCalled();
  });

  it("all of them by default; by name or file name otherwise, in the order given, beside their sources", async () => {
    await cli("diagrams");
    expect(render.mock.calls[0]![1].map((d) => d.name)).toEqual(ALL);
    expect(render.mock.calls[0]![2]).not.toHaveProperty("outDir");
    await cli("diagrams", "search-replace-flow.mmd", "checkpoint-flow");
    expect(render.mock.calls[1]![1].map((d) => d.name)).toEqual(["search-replace-flow", "checkpoint-flow"]);
  });

  it("without Chromium: one line with the install hint, exit 2, nothing rendered", async () => {
    process.env.CHROMIUM_PATH = join(ROOT, "no-such-chromium");
    const r = await cli("diagrams", "checkpoint-flow");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^diagrams: no Chromium at .*no-such-chromium: sudo apt-get install chromium .*, or set CHROMIUM_PATH\n$/);
    expect(render).not.toHaveBeenCalled();
  });
});

describe("diagrams: the report", () => {
  it("PASS with the time, FAIL with mermaid's message indented; the totals; exit 1 when any failed", async () => {
    const r = await cli("diagrams", "checkpoint-flow", "aider-loop");
    expect(r.code).toBe(1);
    expect(r.out).toBe("PASS checkpoint-flow (1.3 s)\nFAIL aider-loop: Parse error on line 3:\n    ...--> x\n1 rendered, 1 failed\n");
    expect((await cli("diagrams", "checkpoint-flow")).code).toBe(0);
  });

  it("--check renders into build/diagrams/ and fails on the chosen diagrams' stale SVGs only", async () => {
    stale.mockReturnValue(["checkpoint-flow.svg is missing", "reflection-states.svg was rendered from an older reflection-states.mmd"]);
    const r = await cli("diagrams", "--check", "checkpoint-flow", "search-replace-flow");
    expect(render.mock.calls[0]![2]).toMatchObject({ outDir: join(ROOT, "build", "diagrams") });
    expect(stale).toHaveBeenCalledWith(join(ROOT, "diagrams"));
    expect(r.out).toBe(
      "PASS checkpoint-flow (1.3 s)\nPASS search-replace-flow (1.3 s)\nFAIL checkpoint-flow.svg is missing (run: npm run diagrams, then commit the SVG)\n2 rendered, 1 failed\n",
    );
    expect(r.code).toBe(1);
    expect((await cli("diagrams", "--check", "search-replace-flow")).code).toBe(0);
    expect(stale).toHaveBeenCalledTimes(2);
    await cli("diagrams", "search-replace-flow");
    expect(stale).toHaveBeenCalledTimes(2); // without --check the committed SVGs are not looked at
  });
});
