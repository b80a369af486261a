/**
 * A live notebook session. First its state machine, against a stand-in kernel process (a few lines of plain
 * JavaScript speaking kernel-protocol.ts, forked from a temp project's lib/dist): order, counts, streaming, warm-up,
 * interrupt, restart, death and close. Then the real thing, tslab in its own process from lib's build.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import { createKernelSession, type CellOutcome, type KernelSession } from "../../../lib/notebooks/live/kernel-session.js";
import { collectOutputs } from "../../../lib/notebooks/live/output-delta.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const root = join(__dirname, "..", "..", "..");
const text = (outputs: readonly Output[]) =>
  outputs.map((o) => (o.output_type === "stream" ? (o.text as string) : o.output_type === "error" ? o.evalue : JSON.stringify(o.data))).join("");

const tempDir = tempDirs();

/** Runs `code` in `session` keeping every output (`seen` hears the text so far at each increment). */
async function go(session: KernelSession, code: string, seen?: (text: string) => void): Promise<CellOutcome & { outputs: Output[] }> {
  const kept = collectOutputs();
  const outcome = await session.run(code, (deltas) => {
    kept.listen(deltas);
    seen?.(text(kept.outputs));
    return true;
  });
  return { ...outcome, outputs: kept.outputs };
}

/**
 * The stand-in kernel: each cell's code is JSON — `out` (stdout chunks, each sent as an increment, the next only
 * after the session's ack; a drop stops them), `ok`, `stderr` then `exit` (the process ends), `hang` (never ends
 * after its output), `pid`, `argv`; every code received is logged to code.log in the notebook folder, every ack or
 * drop to acks.log. It first sends an increment under a stale id, which the session must ignore.
 */
const FAKE_CHILD = `const fs = require("fs"), path = require("path");
const [root, dir] = process.argv.slice(2);
const waiting = new Map();
process.send({ type: "ready" });
const say = (id, index, text) => new Promise((answered) => {
  waiting.set(id, answered);
  process.send({ type: "outputs", id, deltas: [{ kind: "text", index, name: "stdout", text }] });
});
process.on("message", async (msg) => {
  if (msg.type === "ack" || msg.type === "drop") {
    fs.appendFileSync(path.join(dir, "acks.log"), msg.type + " " + msg.id + "\\n");
    const answered = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (answered) answered(msg.type);
    return;
  }
  if (msg.type !== "run") return;
  fs.appendFileSync(path.join(dir, "code.log"), JSON.stringify(msg.code) + "\\n");
  const cell = msg.code === "" ? {} : JSON.parse(msg.code);
  if (cell.exit !== undefined) { process.stderr.write(cell.stderr ?? ""); process.exit(cell.exit); }
  process.send({ type: "outputs", id: msg.id - 1, deltas: [{ kind: "text", index: 0, name: "stdout", text: "stale" }] });
  for (const chunk of cell.out ?? []) {
    if ((await say(msg.id, 0, chunk)) === "drop") break;
  }
  if (cell.hang) return;
  if (cell.pid) await say(msg.id, 0, String(process.pid));
  if (cell.argv) await say(msg.id, 0, JSON.stringify([root, dir]));
  process.send({ type: "done", id: msg.id, ok: cell.ok ?? true });
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
const acks = (dir: string): string[] => {
  try {
    return readFileSync(join(dir, "acks.log"), "utf8").trim().split("\n");
  } catch {
    return [];
  }
};

describe("a live session's state machine (a stand-in kernel process)", () => {
  afterEach(() => opened.splice(0).forEach((s) => s.close()));

  it("starts the process with the project and the notebook's folder, on the first run, not before", async () => {
    const { session, root: fakeRoot, dir, log } = fakeSession();
    await new Promise((d) => setTimeout(d, 100));
    expect(log()).toEqual([]);
    const r = await go(session, cell({ argv: true }));
    expect(text(r.outputs)).toBe(JSON.stringify([fakeRoot, dir]));
  });

  it("runs cells one at a time in the order asked, counting them, busy until the last is done", async () => {
    const { session, log } = fakeSession();
    const runs = [go(session, cell({ out: ["a"] })), go(session, cell({ out: ["b"], ok: false })), go(session, cell({ out: ["c"] }))];
    expect(session.busy).toBe(true);
    const results = await Promise.all(runs);
    expect(results.map((r) => [r.ok, r.count, text(r.outputs)])).toEqual([[true, 1, "a"], [false, 2, "b"], [true, 3, "c"]]);
    expect(session.busy).toBe(false);
    expect(log()).toHaveLength(3);
  });

  it("streams each cell's outputs as they grow, and ignores outputs under another cell's id", async () => {
    const { session } = fakeSession();
    const seen: string[] = [];
    const r = await go(session, cell({ out: ["1", "2", "3"] }), (t) => seen.push(t));
    expect(seen).toEqual(["1", "12", "123"]);
    expect(text(r.outputs)).toBe("123");
  });

  it("asks for the next increment only once the listener has taken the last: the output waits in the process", async () => {
    const { session, dir } = fakeSession();
    const heard: string[] = [];
    let take: (more: boolean) => void = () => {};
    const running = session.run(cell({ out: ["a", "b", "c"] }), (deltas) => {
      heard.push(deltas.map((d) => (d.kind === "text" ? d.text : "")).join(""));
      return new Promise<boolean>((resolve) => (take = resolve));
    });
    await until(() => heard.length === 1);
    await new Promise((d) => setTimeout(d, 200));
    expect([heard, acks(dir)]).toEqual([["a"], []]); // nothing more until "a" is taken
    take(true);
    await until(() => heard.length === 2);
    expect(acks(dir)).toEqual(["ack 1"]);
    take(true);
    await until(() => heard.length === 3);
    take(true);
    expect(await running).toMatchObject({ ok: true, count: 1 });
    expect(heard).toEqual(["a", "b", "c"]);
  });

  it("a listener that answers false drops the rest of that cell's output; the cell still ends and the next runs", async () => {
    const { session, dir } = fakeSession();
    const heard: string[] = [];
    const r = await session.run(cell({ out: ["a", "b", "c"] }), (deltas) => (heard.push((deltas[0] as { text: string }).text), false));
    expect([r.ok, heard, acks(dir)]).toEqual([true, ["a"], ["drop 1"]]);
    expect((await go(session, cell({ out: ["next"] }))).outputs).toEqual([{ output_type: "stream", name: "stdout", text: "next" }]);
    const none = await session.run(cell({ out: ["x", "y"] })); // no listener: nobody reads, dropped at once
    expect(none.ok).toBe(true);
    expect(acks(dir).at(-1)).toBe("drop 3");
  });

  it("counts the times it lost its state: interrupt and restart (not an idle interrupt), death, close", async () => {
    const { session } = fakeSession();
    expect(session.generation).toBe(0);
    await go(session, cell({}));
    session.interrupt(); // idle: the state stays
    expect(session.generation).toBe(0);
    session.restart();
    expect(session.generation).toBe(1);
    const dying = go(session, cell({ exit: 1 }));
    await dying;
    expect(session.generation).toBe(2);
    const hanging = go(session, cell({ hang: true }));
    await new Promise((d) => setTimeout(d, 300));
    session.interrupt();
    await hanging;
    expect(session.generation).toBe(3);
  });

  it("warm starts the process with an empty cell that is not counted, and only when idle and cold", async () => {
    const { session, log } = fakeSession();
    session.warm();
    session.warm(); // already started: nothing more
    const r = await go(session, cell({}));
    expect(r.count).toBe(1);
    session.warm(); // the process is up: nothing
    await go(session, cell({}));
    expect(log()).toEqual(["", cell({}), cell({})]);
  });

  it("interrupt fails the running cell with a note (its outputs kept), cancels the queued ones, and starts afresh", async () => {
    const { session } = fakeSession();
    const first = await go(session, cell({ pid: true }));
    session.interrupt(); // idle: nothing happens, the process stays
    const same = await go(session, cell({ pid: true }));
    expect([same.count, text(same.outputs)]).toEqual([2, text(first.outputs)]);
    const partial: string[] = [];
    const running = go(session, cell({ out: ["so far"], hang: true }), (t) => partial.push(t));
    const queued = go(session, cell({ out: ["never"] }));
    await until(() => partial.length > 0);
    session.interrupt();
    const [r, q] = await Promise.all([running, queued]);
    expect(r).toMatchObject({ ok: false, count: 3, stopped: "interrupted" });
    expect(text(r.outputs)).toMatch(/^so farInterrupted: the session was stopped and starts afresh/);
    expect(q).toMatchObject({ ok: false, count: null, stopped: "interrupted" });
    expect(text(q.outputs)).toBe("Not run: the session was interrupted before this cell's turn.\n");
    const fresh = await go(session, cell({ pid: true }));
    expect(fresh.count).toBe(1);
    expect(text(fresh.outputs)).not.toBe(text(first.outputs)); // another process
  });

  it("a process that dies fails its cell with the exit and its last stderr line, cancels the rest, and restarts on the next run", async () => {
    const { session } = fakeSession();
    await go(session, cell({}));
    const dying = go(session, cell({ stderr: "warming up\nFATAL: out of memory\n", exit: 5 }));
    const queued = go(session, cell({}));
    const [d, q] = await Promise.all([dying, queued]);
    expect(d).toMatchObject({ ok: false, count: 2, stopped: "died" });
    expect(text(d.outputs)).toBe("The session's process ended (exit 5): FATAL: out of memory; run the cells again.\n");
    expect(text(q.outputs)).toBe("Not run: the session was lost (its process ended) before this cell's turn.\n");
    expect(await go(session, cell({}))).toMatchObject({ ok: true, count: 1 });
  });

  it("restart forgets the count (a new process), even when idle", async () => {
    const { session } = fakeSession();
    const before = await go(session, cell({ pid: true }));
    session.restart();
    const after = await go(session, cell({ pid: true }));
    expect(after.count).toBe(1);
    expect(text(after.outputs)).not.toBe(text(before.outputs));
  });

  it("close ends the running cell and refuses every later run without starting a process", async () => {
    const { session, log } = fakeSession();
    const running = go(session, cell({ hang: true }));
    await until(() => log().length === 1);
    session.close();
    const r = await running;
    expect(r).toMatchObject({ ok: false, stopped: "restarted" });
    expect(text(r.outputs)).toContain("The session was closed.");
    const later = await go(session, cell({}));
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
    const a = await go(session, "const x: number = 20 + 1;\nconsole.log('x is', x);");
    expect(a).toMatchObject({ ok: true, count: 1 });
    expect(text(a.outputs)).toBe("x is 21\n");
    const b = await go(session, 
      'import { teachingCommitPlan } from "@aider-workbench/lib";\nconsole.log(x * 2, teachingCommitPlan({ dirtyFiles: ["a"], editedFiles: ["a", "b"] }).beforeEdit);',
    );
    expect(b).toMatchObject({ ok: true, count: 2 });
    expect(text(b.outputs)).toBe("42 [ 'a' ]\n");
  }, 60_000);

  it("streams outputs while a cell runs, before it ends", async () => {
    const seen: string[] = [];
    const r = await go(session, 
      "for (let i = 0; i < 3; i++) { console.log('tick', i); await new Promise((d) => setTimeout(d, 150)); }",
      (t) => seen.push(t),
    );
    expect(r.ok).toBe(true);
    expect(text(r.outputs)).toBe("tick 0\ntick 1\ntick 2\n");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen[0]).toMatch(/^tick 0\n/);
    expect(seen[0]!.length).toBeLessThan(text(r.outputs).length);
  }, 60_000);

  it("reports a type error and a throw as failures with the message on stderr", async () => {
    const typeError = await go(session, "const s: string = 5;");
    expect(typeError.ok).toBe(false);
    expect(text(typeError.outputs)).toMatch(/not assignable to type 'string'/);
    const thrown = await go(session, "throw new Error('boom in a cell');");
    expect(thrown.ok).toBe(false);
    expect(text(thrown.outputs)).toMatch(/boom in a cell/);
  }, 60_000);

  it("interrupts a runaway cell, cancels the queued one, and starts afresh", async () => {
    await go(session, "let kept = 'before';");
    const runaway = go(session, "console.log('looping'); while (true) {}");
    const queued = go(session, "console.log('never');");
    await new Promise((d) => setTimeout(d, 1500));
    expect(session.busy).toBe(true);
    session.interrupt();
    const [r, q] = await Promise.all([runaway, queued]);
    expect(r).toMatchObject({ ok: false, stopped: "interrupted" });
    expect(text(r.outputs)).toMatch(/Interrupted/);
    expect(q).toMatchObject({ ok: false, count: null, stopped: "interrupted" });
    expect(session.busy).toBe(false);
    // tslab type-checks against the session's earlier cells: a fresh session no longer knows `kept`
    const after = await go(session, "console.log(kept);");
    expect(after).toMatchObject({ ok: false, count: 1 });
    expect(text(after.outputs)).toMatch(/Cannot find name 'kept'/);
  }, 60_000);

  it("a cell that ends its process fails with a note; the next run starts afresh", async () => {
    const r = await go(session, "console.log('bye'); process.exit(3);");
    expect(r).toMatchObject({ ok: false, stopped: "died" });
    expect(text(r.outputs)).toMatch(/The session's process ended \(exit 3\)/);
    const next = await go(session, "console.log('again');");
    expect(next).toMatchObject({ ok: true, count: 1 });
  }, 60_000);

  it("restart forgets every variable", async () => {
    await go(session, "var remembered = 1;");
    session.restart();
    const r = await go(session, "console.log(remembered);");
    expect(r).toMatchObject({ ok: false, count: 1 });
    expect(text(r.outputs)).toMatch(/Cannot find name 'remembered'/);
  }, 60_000);
});
