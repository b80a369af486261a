/**
 * The judge's I/O thread (io-worker.ts), bundled as the grader bundles it and run in a worker thread over a
 * stand-in sandbox (plain node, no containment): it reports the spawn with its pid, writes the judge's frames to
 * fd 3, hands each complete frame from fd 4 back undecoded with the output printed before it (bounded, the rest
 * counted as dropped), refuses a frame whose header is over the limit, and reports the exit — bumping the shared
 * counter the judge's main thread waits on for every event.
 */
import { join } from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import type { IoEvent, IoWorkerData } from "../../../lib/grader/sandbox/io-worker.js";
import { ROOT } from "../run-grade.js";

/** A stand-in sandbox: prints, then answers each raw frame on fd 3 ("echo", "big", "exit") on fd 4. */
const FAKE = `
const fs = require("node:fs");
process.stdout.write("hello ");
process.stderr.write("world\\n");
const frame = (text) => { const b = Buffer.from(text); const h = Buffer.alloc(4); h.writeUInt32LE(b.length, 0); return Buffer.concat([h, b]); };
let buf = Buffer.alloc(0);
fs.createReadStream("", { fd: 3 }).on("data", (c) => {
  buf = Buffer.concat([buf, c]);
  while (buf.length >= 4 && buf.length >= 4 + buf.readUInt32LE(0)) {
    const cmd = buf.subarray(4, 4 + buf.readUInt32LE(0)).toString();
    buf = buf.subarray(4 + buf.readUInt32LE(0));
    if (cmd === "echo") { process.stdout.write("x".repeat(50)); fs.writeSync(4, Buffer.concat([frame("po"), frame("ng")])); }
    if (cmd === "big") { const h = Buffer.alloc(4); h.writeUInt32LE(1000, 0); fs.writeSync(4, h); }
    if (cmd === "exit") process.exit(7);
  }
});
`;

const WORKER = buildSync({ entryPoints: [join(ROOT, "lib", "grader", "sandbox", "io-worker.ts")], bundle: true, write: false, format: "cjs", platform: "node", target: "node20", logLevel: "silent" }).outputFiles[0]!.text;

/** Starts the worker over `command args`; `send` a raw frame, `until` the first event of a kind. */
function start(command: string, args: string[]) {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const data: IoWorkerData = { command, args, cwd: ROOT, signal: counter.buffer as SharedArrayBuffer, events: port2, maxFrameBytes: 100, outputLimit: 20 };
  const worker = new Worker(WORKER, { eval: true, workerData: data, transferList: [port2] });
  const events: IoEvent[] = [];
  const listeners: (() => void)[] = [];
  port1.on("message", (e: IoEvent) => {
    events.push(e);
    listeners.forEach((l) => l());
  });
  const until = <K extends IoEvent["kind"]>(kind: K): Promise<Extract<IoEvent, { kind: K }>> =>
    new Promise((resolve) => {
      const look = (): void => {
        const e = events.find((x) => x.kind === kind);
        if (e) resolve(e as Extract<IoEvent, { kind: K }>);
      };
      listeners.push(look);
      look();
    });
  const send = (text: string): void => {
    const body = Buffer.from(text);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length, 0);
    worker.postMessage({ frame: new Uint8Array(Buffer.concat([head, body])) });
  };
  const stop = async (): Promise<void> => {
    port1.close();
    await worker.terminate();
  };
  return { counter, events, until, send, stop };
}

describe("the I/O worker", { timeout: 60_000 }, () => {
  it("spawned, frames with the output before them (bounded, the rest counted), then the exit", async () => {
    const w = start(process.execPath, ["-e", FAKE]);
    try {
      const spawned = await w.until("spawned");
      expect(spawned.pid).toBeGreaterThan(0);
      w.send("echo");
      await new Promise<void>((r) => {
        const t = setInterval(() => w.events.filter((e) => e.kind === "frame").length === 2 && (clearInterval(t), r()), 10);
      });
      const frames = w.events.filter((e): e is Extract<IoEvent, { kind: "frame" }> => e.kind === "frame");
      expect(frames.map((f) => Buffer.from(f.payload).toString())).toEqual(["po", "ng"]);
      const printed = frames.map((f) => f.output).join("");
      expect(printed).toHaveLength(20);
      expect(printed.split("").sort().join("")).toBe([..."hello world\n", ..."x".repeat(8)].sort().join(""));
      expect(frames.reduce((n, f) => n + f.dropped, 0)).toBe(42);
      w.send("exit");
      const exit = await w.until("exit");
      expect([exit.code, exit.signal, exit.error]).toEqual([7, null, undefined]);
      // The worker posts an event, then bumps the counter (so the judge finds the message when it wakes): the
      // exit can reach this thread a moment before its bump, so wait for the count rather than read it at once.
      await expect.poll(() => Atomics.load(w.counter, 0), { message: "one bump per event", timeout: 5_000 }).toBe(w.events.length);
    } finally {
      await w.stop();
    }
  });

  it("a frame whose header is over maxFrameBytes is refused before its bytes arrive", async () => {
    const w = start(process.execPath, ["-e", FAKE]);
    try {
      await w.until("spawned");
      w.send("big");
      expect(await w.until("too-big")).toEqual({ kind: "too-big", bytes: 1000 });
      expect(w.events.some((e) => e.kind === "frame")).toBe(false);
      w.send("exit");
      await w.until("exit");
    } finally {
      await w.stop();
    }
  });

  it("a command that cannot start: an exit event saying why, and no spawned event", async () => {
    const w = start(join(ROOT, "no-such-sandbox-command"), []);
    try {
      const exit = await w.until("exit");
      expect(exit.error).toMatch(/ENOENT/);
      expect(w.events.some((e) => e.kind === "spawned")).toBe(false);
    } finally {
      await w.stop();
    }
  });
});
