/**
 * A live notebook session. First its state machine, against a stand-in kernel process (a few lines of plain
 * JavaScript speaking kernel-protocol.ts, forked from a temp project's lib/dist): order, counts, streaming, warm-up,
 * interrupt, restart, death and close. Then the real thing, tslab in its own process from lib's build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import { createKernelSession, type KernelSession } from "../../../lib/notebooks/live/kernel-session.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const root = join(__dirname, "..", "..", "..");
const text = (outputs: readonly Output[]) =>
  outputs.map((o) => (o.output_type === "stream" ? (o.text as string) : o.output_type === "error" ? o.evalue : JSON.stringify(o.data))).join("");

const tempDir = tempDirs();

/**
 * The stand-in kernel: each cell's code is JSON — `out` (stdout chunks, each sent as the outputs so far), `ok`,
 * `stderr` then `exit` (the process ends), `hang` (never ends after its output), `pid`, `argv`; every code received is logged
 * to code.log in the notebook folder. It first sends outputs under a stale id, which the session must ignore.
 */
const FAKE_CHILD = `const fs = require("fs"), path = require("path");
const [root, dir] = process.argv.slice(2);
process.send({ type: "ready" });
process.on("message", async (msg) => {
  if (msg.type !== "run") return;
  fs.appendFileSync(path.join(dir, "code.log"), JSON.stringify(msg.code) + "\\n");
  const cell = msg.code === "" ? {} : JSON.parse(msg.code);
  if (cell.exit !== undefined) { process.stderr.write(cell.stderr ?? ""); process.exit(cell.exit); }
  const say = (text) => [{ output_type: "stream", name: "stdout", text }];
  process.send({ type: "outputs", id: msg.id - 1, outputs: say("stale") });
  let text = "";
  for (const chunk of cell.out ?? []) {
    text += chunk;
    process.send({ type: "outputs", id: msg.id, outputs: say(text) });
    await new Promise((d) => setTimeout(d, 5));
  }
  if (cell.hang) return;
  if (cell.pid) text += String(process.pid);
  if (cell.argv) text += JSON.stringify([root, dir]);
  process.send({ type: "done", id: msg.id, ok: cell.ok ?? true, outputs: text ? say(text) : [] });
});
process.on("disconnect", () => process.exit(0));
`;

/** A session whose process is the stand-in; `log()` is the codes it received. */
function fakeSession(): { session: KernelSession; root: string; dir: string; log: () => string[] } {
  const fakeRoot = tempDir("kernel-fake-");
  writeTree(fakeRoot, { "lib/dist/notebooks/live/kernel-child.js": FAKE_CHILD, "notebooks/.keep": "" });
  const dir = join(fakeRoot, "notebooks");
  const session = createKernelSession(fakeRoot, dir);
  opened.push(session);
  const log = () => {
    try {
      return readFileSync(join(dir, "code.log"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as string);
    } catch {
      return [];
    }
  };
  return { session, root: fakeRoot, dir, log };
}
const opened: KernelSession[] = [];

/** Resolves once `ready()` holds (polled), failing after 10 s. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((d) => setTimeout(d, 50));
  expect(ready()).toBe(true);
}
const cell = (c: Record<string, unknown>) => JSON.stringify(c);

describe("a live session's state machine (a stand-in kernel process)", () => {
  afterEach(() => opened.splice(0).forEach((s) => s.close()));

  it("starts the process with the project and the notebook's folder, on the first run, not before", async () => {
    const { session, root: fakeRoot, dir, log } = fakeSession();
    await new Promise((d) => setTimeout(d, 100));
    expect(log()).toEqual([]);
    const r = await session.run(cell({ argv: true }));
    expect(text(r.outputs)).toBe(JSON.stringify([fakeRoot, dir]));
  });

  it("runs cells one at a time in the order asked, counting them, busy until the last is done", async () => {
    const { session, log } = fakeSession();
    const runs = [session.run(cell({ out: ["a"] })), session.run(cell({ out: ["b"], ok: false })), session.run(cell({ out: ["c"] }))];
    expect(session.busy).toBe(true);
    const results = await Promise.all(runs);
    expect(results.map((r) => [r.ok, r.count, text(r.outputs)])).toEqual([[true, 1, "a"], [false, 2, "b"], [true, 3, "c"]]);
    expect(session.busy).toBe(false);
    expect(log()).toHaveLength(3);
  });

  it("streams each cell's outputs as they grow, and ignores outputs under another cell's id", async () => {
    const { session } = fakeSession();
    const seen: string[] = [];
    const r = await session.run(cell({ out: ["1", "2", "3"] }), (o) => seen.push(text(o)));
    expect(seen).toEqual(["1", "12", "123"]);
    expect(text(r.outputs)).toBe("123");
  });

  it("warm starts the process with an empty cell that is not counted, and only when idle and cold", async () => {
    const { session, log } = fakeSession();
    session.warm();
    session.warm(); // already started: nothing more
    const r = await session.run(cell({}));
    expect(r.count).toBe(1);
    session.warm(); // the process is up: nothing
    await session.run(cell({}));
    expect(log()).toEqual(["", cell({}), cell({})]);
  });

  it("interrupt fails the running cell with a note (its outputs kept), cancels the queued ones, and starts afresh", async () => {
    const { session } = fakeSession();
    const first = await session.run(cell({ pid: true }));
    session.interrupt(); // idle: nothing happens, the process stays
    const same = await session.run(cell({ pid: true }));
    expect([same.count, text(same.outputs)]).toEqual([2, text(first.outputs)]);
    const partial: string[] = [];
    const running = session.run(cell({ out: ["so far"], hang: true }), (o) => partial.push(text(o)));
    const queued = session.run(cell({ out: ["never"] }));
    await until(() => partial.length > 0);
    session.interrupt();
    const [r, q] = await Promise.all([running, queued]);
    expect(r).toMatchObject({ ok: false, count: 3, stopped: "interrupted" });
    expect(text(r.outputs)).toMatch(/^so farInterrupted: the session was stopped and starts afresh/);
    expect(q).toMatchObject({ ok: false, count: null, stopped: "interrupted" });
    expect(text(q.outputs)).toBe("Not run: the session was interrupted before this cell's turn.\n");
    const fresh = await session.run(cell({ pid: true }));
    expect(fresh.count).toBe(1);
    expect(text(fresh.outputs)).not.toBe(text(first.outputs)); // another process
  });

  it("a process that dies fails its cell with the exit and its last stderr line, cancels the rest, and restarts on the next run", async () => {
    const { session } = fakeSession();
    await session.run(cell({}));
    const dying = session.run(cell({ stderr: "warming up\nFATAL: out of memory\n", exit: 5 }));
    const queued = session.run(cell({}));
    const [d, q] = await Promise.all([dying, queued]);
    expect(d).toMatchObject({ ok: false, count: 2, stopped: "died" });
    expect(text(d.outputs)).toBe("The session's process ended (exit 5): FATAL: out of memory; run the cells again.\n");
    expect(text(q.outputs)).toBe("Not run: the session was lost (its process ended) before this cell's turn.\n");
    expect(await session.run(cell({}))).toMatchObject({ ok: true, count: 1 });
  });

  it("restart forgets the count (a new process), even when idle", async () => {
    const { session } = fakeSession();
    const before = await session.run(cell({ pid: true }));
    session.restart();
    const after = await session.run(cell({ pid: true }));
    expect(after.count).toBe(1);
    expect(text(after.outputs)).not.toBe(text(before.outputs));
  });

  it("close ends the running cell and refuses every later run without starting a process", async () => {
    const { session, log } = fakeSession();
    const running = session.run(cell({ hang: true }));
    await until(() => log().length === 1);
    session.close();
    const r = await running;
    expect(r).toMatchObject({ ok: false, stopped: "restarted" });
    expect(text(r.outputs)).toContain("The session was closed.");
    const later = await session.run(cell({}));
    expect(later).toEqual({ ok: false, outputs: [{ output_type: "stream", name: "stderr", text: "The session is closed.\n" }], count: null });
    session.warm();
    await new Promise((d) => setTimeout(d, 100));
    expect(log()).toHaveLength(1);
  });
});

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
