/**
 * The browser runtime's worker, run in Node: `self` is a stand-in that records what the worker posts and lets the
 * test send it cells. Checks the runtime's own logic — names kept across cells, tslab.display, console formatted as
 * Node formats it, syntax errors with line:column, exceptions on stderr, the last value printed. The real worker
 * in Chromium is test/system/static-site.test.ts.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Output } from "../../../../lib/notebooks/ipynb.js";
import type { WorkerReply } from "../../../../lib/notebooks/static/browser/protocol.js";

const posted: WorkerReply[] = [];
let listener: ((e: { data: unknown }) => void) | undefined;
let next = 1;

function run(code: string): Promise<{ ok: boolean; outputs: Output[] }> {
  const id = next++;
  listener!({ data: { type: "run", id, code } });
  return vi.waitFor(
    () => {
      const done = posted.find((m) => m.type === "done" && m.id === id);
      if (!done || done.type !== "done") throw new Error("not yet");
      return done;
    },
    { timeout: 90_000, interval: 50 },
  );
}
const text = (outputs: Output[]) => outputs.map((o) => (o.output_type === "stream" ? `${o.name}:${o.text as string}` : JSON.stringify("data" in o ? o.data : o))).join("");

beforeAll(async () => {
  vi.stubGlobal("self", {
    postMessage: (m: WorkerReply) => posted.push(m),
    addEventListener: (type: string, fn: (e: { data: unknown }) => void) => {
      if (type === "message") listener = fn;
    },
    location: { href: "http://site.test/assets/site/worker.js" },
  });
  await import("../../../../lib/notebooks/static/browser/worker.js");
});

describe("the browser runtime's worker", { timeout: 120_000 }, () => {
  it("says it is ready", () => {
    expect(posted[0]).toEqual({ type: "ready" });
  });

  it("keeps names across cells and prints console output as Node does", async () => {
    expect((await run("const m = new Map([['a', 1]]);\nconst o = { x: [1, 2], y: 'z' };")).ok).toBe(true);
    const r = await run("console.log('m:', m, o);\nconsole.error(1.5);");
    expect(r.ok).toBe(true);
    expect(text(r.outputs)).toBe("stdout:m: Map(1) { 'a' => 1 } { x: [ 1, 2 ], y: 'z' }\nstderr:1.5\n");
  });

  it("shows tslab.display outputs as display data, and the last expression's value", async () => {
    const r = await run('import * as tslab from "tslab";\ntslab.display.html("<b>hi</b>");\ntslab.display.svg("<svg/>");\n6 * 7');
    expect(r.outputs.slice(0, 2)).toEqual([
      { output_type: "display_data", data: { "text/html": "<b>hi</b>" }, metadata: {} },
      { output_type: "display_data", data: { "image/svg+xml": "<svg/>" }, metadata: {} },
    ]);
    expect(text(r.outputs.slice(2))).toBe("stdout:42\n");
  });

  it("reports a syntax error with line and column, and an exception on stderr", async () => {
    const bad = await run("const a = 1;\nconst b = ;");
    expect(bad.ok).toBe(false);
    expect(text(bad.outputs)).toBe("stderr:2:11 - Unexpected token\n");
    const thrown = await run("throw new RangeError('nope')");
    expect(thrown.ok).toBe(false);
    expect(text(thrown.outputs)).toMatch(/^stderr:RangeError: nope\n/);
  });

  it("names the modules it has when a cell imports another", async () => {
    const r = await run('import x from "left-pad";');
    expect(r.ok).toBe(false);
    expect(text(r.outputs)).toMatch(/Cannot find module 'left-pad'.*tslab, @aider-workbench\/lib/);
  });
});
