/**
 * The live session's process, forked from lib's build as kernel-session.ts forks it, spoken to over IPC: its
 * usage refusal, then one small real tslab session — ready, cells answered in order under their ids, outputs
 * sent as increments while a cell runs (the next only after an ack; a drop ends them), the notebook's folder as
 * working folder, other messages ignored, gone on disconnect.
 */
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import type { KernelReply } from "../../../lib/notebooks/live/kernel-protocol.js";
import { applyDeltas } from "../../../lib/notebooks/live/output-delta.js";

const root = join(__dirname, "..", "..", "..");
const entry = join(root, "lib", "dist", "notebooks", "live", "kernel-child.js");
const dir = join(root, "notebooks");
const text = (outputs: readonly Output[]) => outputs.map((o) => (o.output_type === "stream" ? (o.text as string) : "")).join("");

describe("kernel-child: usage", () => {
  it("exits 2 with its usage line without a project and folder, or without an IPC channel", () => {
    const noArgs = spawnSync(process.execPath, [entry], { encoding: "utf8" });
    expect([noArgs.status, noArgs.stderr]).toEqual([2, "usage: node kernel-child.js <root> <notebook-dir> (forked with an IPC channel)\n"]);
    const noIpc = spawnSync(process.execPath, [entry, root, dir], { encoding: "utf8" });
    expect(noIpc.status).toBe(2);
  });
});

describe("kernel-child: a real session over IPC", () => {
  let child: ChildProcess;
  const replies: KernelReply[] = [];
  let waiters: (() => void)[] = [];
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise<void>((d) => waiters.push(d));
  };
  const doneOf = (id: number) => replies.find((r) => r.type === "done" && r.id === id) as Extract<KernelReply, { type: "done" }> | undefined;
  const incrementsOf = (id: number) => replies.filter((r): r is Extract<KernelReply, { type: "outputs" }> => r.type === "outputs" && r.id === id);
  /** Acknowledges every increment of `id` as it comes, until its `done`; the outputs, put together. */
  const takeAll = async (id: number) => {
    for (let acked = 0; doneOf(id) === undefined; ) {
      await until(() => doneOf(id) !== undefined || incrementsOf(id).length > acked);
      for (; acked < incrementsOf(id).length; acked++) child.send({ type: "ack", id });
    }
    return incrementsOf(id).reduce((outputs, r) => applyDeltas(outputs, r.deltas), [] as Output[]);
  };

  beforeAll(async () => {
    child = fork(entry, [root, dir], { stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced" });
    child.on("message", (m: KernelReply) => {
      replies.push(m);
      const w = waiters;
      waiters = [];
      w.forEach((d) => d());
    });
    await until(() => replies.some((r) => r.type === "ready"));
  }, 60_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill();
  });

  it("answers a cell under its id with its outputs, run in the notebook's folder", async () => {
    child.send({ type: "run", id: 7, code: "console.log(1 + 1, process.cwd());" });
    const outputs = await takeAll(7);
    expect(doneOf(7)).toMatchObject({ ok: true });
    expect(text(outputs)).toBe(`2 ${dir}\n`);
  }, 60_000);

  it("sends the outputs while a cell runs, then runs the queued cell after it; a failing cell says so", async () => {
    child.send({ type: "run", id: 8, code: "console.log('a'); await new Promise((d) => setTimeout(d, 300)); console.log('b');" });
    child.send({ type: "hello" });
    child.send({ type: "run", id: 9, code: "throw new Error('nine');" });
    const eight = takeAll(8);
    await until(() => incrementsOf(8).length > 0);
    expect(incrementsOf(8)[0]!.deltas).toEqual([{ kind: "text", index: 0, name: "stdout", text: "a\n" }]); // before 'b' was printed
    expect(text(await eight)).toBe("a\nb\n");
    expect(incrementsOf(8).slice(1).map((r) => r.deltas)).toEqual([[{ kind: "text", index: 0, name: "stdout", text: "b\n" }]]); // only what is new
    const nine = await takeAll(9);
    expect(replies.indexOf(doneOf(8)!)).toBeLessThan(replies.indexOf(doneOf(9)!));
    expect(doneOf(9)!.ok).toBe(false);
    expect(text(nine)).toMatch(/nine/);
  }, 60_000);

  it("holds a big output back in 64 Ki-character increments, one per ack, and a drop ends them at once", async () => {
    child.send({ type: "run", id: 10, code: "const line = 'y'.repeat(1023); for (let i = 0; i < 1024; i++) console.log(line);" }); // 1 MiB at once
    await until(() => incrementsOf(10).length > 0);
    await new Promise((d) => setTimeout(d, 300));
    expect(incrementsOf(10)).toHaveLength(1); // no ack yet: nothing more
    const size = (r: Extract<KernelReply, { type: "outputs" }>) => r.deltas.reduce((n, d) => n + (d.kind === "text" ? d.text.length : 0), 0);
    expect(size(incrementsOf(10)[0]!)).toBe(64 * 1024);
    child.send({ type: "ack", id: 10 });
    await until(() => incrementsOf(10).length > 1);
    expect(size(incrementsOf(10)[1]!)).toBe(64 * 1024);
    child.send({ type: "drop", id: 10 });
    await until(() => doneOf(10) !== undefined);
    expect(incrementsOf(10)).toHaveLength(2);
    expect(doneOf(10)).toMatchObject({ ok: true });
    child.send({ type: "run", id: 11, code: "console.log('next');" });
    expect(text(await takeAll(11))).toBe("next\n");
  }, 60_000);

  it("exits 0 when the server goes away", async () => {
    const exited = new Promise<number | null>((d) => child.on("exit", d));
    child.disconnect();
    expect(await exited).toBe(0);
  }, 30_000);
});
