/**
 * The live session's process, forked from lib's build as kernel-session.ts forks it, spoken to over IPC: its
 * usage refusal, then one small real tslab session — ready, cells answered in order under their ids, outputs
 * sent while a cell runs, the notebook's folder as working folder, other messages ignored, gone on disconnect.
 */
import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Output } from "../../../lib/notebooks/ipynb.js";
import type { KernelReply } from "../../../lib/notebooks/live/kernel-protocol.js";

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
    await until(() => doneOf(7) !== undefined);
    expect(doneOf(7)).toMatchObject({ ok: true });
    expect(text(doneOf(7)!.outputs)).toBe(`2 ${dir}\n`);
  }, 60_000);

  it("sends the outputs while a cell runs, then runs the queued cell after it; a failing cell says so", async () => {
    child.send({ type: "run", id: 8, code: "console.log('a'); await new Promise((d) => setTimeout(d, 300)); console.log('b');" });
    child.send({ type: "hello" });
    child.send({ type: "run", id: 9, code: "throw new Error('nine');" });
    await until(() => doneOf(9) !== undefined);
    const ofEight = replies.filter((r) => r.type !== "ready" && r.id === 8);
    expect(ofEight.map((r) => r.type)).toContain("outputs");
    const early = ofEight.find((r) => r.type === "outputs")!;
    expect(text((early as Extract<KernelReply, { type: "outputs" }>).outputs)).toBe("a\n"); // before 'b' was printed
    expect(text(doneOf(8)!.outputs)).toBe("a\nb\n");
    expect(replies.indexOf(doneOf(8)!)).toBeLessThan(replies.indexOf(doneOf(9)!));
    expect(doneOf(9)!.ok).toBe(false);
    expect(text(doneOf(9)!.outputs)).toMatch(/nine/);
  }, 60_000);

  it("exits 0 when the server goes away", async () => {
    const exited = new Promise<number | null>((d) => child.on("exit", d));
    child.disconnect();
    expect(await exited).toBe(0);
  }, 30_000);
});
