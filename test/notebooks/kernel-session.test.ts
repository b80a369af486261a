import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Output } from "../../lib/notebooks/ipynb.js";
import { createKernelSession } from "../../lib/notebooks/live/kernel-session.js";

const root = join(__dirname, "..", "..");
const text = (outputs: readonly Output[]) =>
  outputs.map((o) => (o.output_type === "stream" ? (o.text as string) : o.output_type === "error" ? o.evalue : JSON.stringify(o.data))).join("");

describe("a live notebook session (tslab in its own process)", () => {
  const session = createKernelSession(root, join(root, "notebooks"));
  afterAll(() => session.close());

  it("keeps state between cells, counts executions, and runs a cell that calls lib", async () => {
    const a = await session.run("const x: number = 20 + 1;\nconsole.log('x is', x);");
    expect(a).toMatchObject({ ok: true, count: 1 });
    expect(text(a.outputs)).toBe("x is 21\n");
    const b = await session.run(
      'import { teachingCommitPlan } from "@aider-workbench/lib";\nconsole.log(x * 2, teachingCommitPlan({ dirtyFiles: ["a"], editedFiles: ["a", "b"] }).beforeEdit);',
    );
    expect(b).toMatchObject({ ok: true, count: 2 });
    expect(text(b.outputs)).toBe("42 [ 'a' ]\n");
  }, 60_000);

  it("streams outputs while a cell runs, before it ends", async () => {
    const seen: string[] = [];
    const r = await session.run(
      "for (let i = 0; i < 3; i++) { console.log('tick', i); await new Promise((d) => setTimeout(d, 150)); }",
      (outputs) => seen.push(text(outputs)),
    );
    expect(r.ok).toBe(true);
    expect(text(r.outputs)).toBe("tick 0\ntick 1\ntick 2\n");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toMatch(/^tick 0\n/);
    expect(seen[0]!.length).toBeLessThan(text(r.outputs).length);
  }, 60_000);

  it("reports a type error and a throw as failures with the message on stderr", async () => {
    const typeError = await session.run("const s: string = 5;");
    expect(typeError.ok).toBe(false);
    expect(text(typeError.outputs)).toMatch(/not assignable to type 'string'/);
    const thrown = await session.run("throw new Error('boom in a cell');");
    expect(thrown.ok).toBe(false);
    expect(text(thrown.outputs)).toMatch(/boom in a cell/);
  }, 60_000);

  it("interrupts a runaway cell, cancels the queued one, and starts afresh", async () => {
    await session.run("let kept = 'before';");
    const runaway = session.run("console.log('looping'); while (true) {}");
    const queued = session.run("console.log('never');");
    await new Promise((d) => setTimeout(d, 1500));
    expect(session.busy).toBe(true);
    session.interrupt();
    const [r, q] = await Promise.all([runaway, queued]);
    expect(r).toMatchObject({ ok: false, stopped: "interrupted" });
    expect(text(r.outputs)).toMatch(/Interrupted/);
    expect(q).toMatchObject({ ok: false, count: null, stopped: "interrupted" });
    expect(session.busy).toBe(false);
    // tslab type-checks against the session's earlier cells: a fresh session no longer knows `kept`
    const after = await session.run("console.log(kept);");
    expect(after).toMatchObject({ ok: false, count: 1 });
    expect(text(after.outputs)).toMatch(/Cannot find name 'kept'/);
  }, 60_000);

  it("a cell that ends its process fails with a note; the next run starts afresh", async () => {
    const r = await session.run("console.log('bye'); process.exit(3);");
    expect(r).toMatchObject({ ok: false, stopped: "died" });
    expect(text(r.outputs)).toMatch(/The session's process ended \(exit 3\)/);
    const next = await session.run("console.log('again');");
    expect(next).toMatchObject({ ok: true, count: 1 });
  }, 60_000);

  it("restart forgets every variable", async () => {
    await session.run("var remembered = 1;");
    session.restart();
    const r = await session.run("console.log(remembered);");
    expect(r).toMatchObject({ ok: false, count: 1 });
    expect(text(r.outputs)).toMatch(/Cannot find name 'remembered'/);
  }, 60_000);
});
