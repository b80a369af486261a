/**
 * tslab's converter and executor run in this process, one small session for the file: what a cell writes becomes
 * nbformat outputs (stream chunks merged per stream, `tslab.display` as display_data, a display updated in place
 * by its id), state is kept between cells, failures report false, and close puts stdout/stderr back.
 * Cells write with process.stdout/stderr.write: the test runner replaces `console`, the process streams it does not.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../lib/notebooks/ipynb.js";
import { createTslabSession, type TslabSession } from "../../lib/notebooks/tslab-session.js";

const root = join(__dirname, "..", "..");

describe("a tslab session in this process", () => {
  let session: TslabSession;
  const changes: number[] = [];
  const writeBefore = process.stdout.write;
  beforeAll(() => {
    session = createTslabSession(root, join(root, "notebooks"), (outputs) => changes.push(outputs.length));
  });
  afterAll(() => session?.close());

  it("captures stdout and stderr as streams, consecutive writes to one stream merged, and keeps state", async () => {
    const a = await session.run('const n: number = 1 + 1;\nprocess.stdout.write(`n=${n}`);\nprocess.stdout.write("!\\n");\nprocess.stderr.write("warn\\n");\nprocess.stdout.write("x\\n");');
    expect(a).toEqual({
      ok: true,
      outputs: [
        { output_type: "stream", name: "stdout", text: "n=2!\n" },
        { output_type: "stream", name: "stderr", text: "warn\n" },
        { output_type: "stream", name: "stdout", text: "x\n" },
      ],
    });
    const b = await session.run("process.stdout.write(String(n * 21));");
    expect(b.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "42" }]);
  }, 60_000);

  it("tells onChange each time the running cell's outputs grow", async () => {
    changes.length = 0;
    await session.run('process.stdout.write("a"); process.stderr.write("b"); process.stdout.write(Buffer.from("c"));');
    expect(changes).toEqual([1, 2, 3]);
  }, 60_000);

  it("turns tslab.display into display_data, a display with an id updated in place", async () => {
    const r = await session.run('import * as tslab from "tslab";\ntslab.display.html("<b>one</b>");\nconst d = tslab.newDisplay();\nd.text("first");\nd.text("second");');
    expect(r.ok).toBe(true);
    expect(r.outputs).toEqual([
      { output_type: "display_data", data: { "text/html": "<b>one</b>" }, metadata: {} },
      { output_type: "display_data", data: { "text/plain": "second" }, metadata: {} },
    ]);
  }, 60_000);

  it("reports a type error and a throw as failures", async () => {
    expect((await session.run("const s: string = 5;")).ok).toBe(false);
    expect((await session.run("throw new Error('boom');")).ok).toBe(false);
    expect((await session.run("process.stdout.write('still here');")).ok).toBe(true);
  }, 60_000);

  it("refuses a browser-mode module, naming it", async () => {
    await expect(session.run("/**\n * @module inpage\n * @browser\n */\nexport const x = 1;")).rejects.toThrow(/^browser-mode modules .* are not supported by the workbench runner$/);
  }, 60_000);

  it("close puts the process's own stdout back", () => {
    expect(process.stdout.write).not.toBe(writeBefore);
    session.close();
    expect(process.stdout.write).toBe(writeBefore);
  });
});
