/**
 * The judge's I/O thread for one sandbox (lib/grader/README.md, "Synchronous calls"). Graded tests call student
 * functions synchronously; the judge's main thread blocks on a shared counter (`Atomics.wait`, with the time left
 * as its timeout) while this worker thread spawns the sandbox, writes requests to its fd 3, reads frames from its
 * fd 4 and its output from fds 1 and 2, and hands each event to the main thread through a MessagePort, bumping
 * the counter. It never decodes a frame: the main thread does, after checking its size.
 */
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { parentPort, workerData, type MessagePort } from "node:worker_threads";

export interface IoWorkerData {
  command: string;
  args: string[];
  cwd: string;
  user?: { uid: number; gid: number };
  signal: SharedArrayBuffer;
  events: MessagePort;
  maxFrameBytes: number;
  outputLimit: number;
}

export type IoEvent =
  | { kind: "spawned"; pid: number }
  | { kind: "frame"; payload: Uint8Array; output: string; dropped: number }
  | { kind: "too-big"; bytes: number }
  | { kind: "exit"; code: number | null; signal: string | null; output: string; dropped: number; error?: string };

const data = workerData as IoWorkerData;
const counter = new Int32Array(data.signal);
const post = (e: IoEvent): void => {
  data.events.postMessage(e);
  Atomics.add(counter, 0, 1);
  Atomics.notify(counter, 0);
};

let output = "";
let dropped = 0;
const take = (): { output: string; dropped: number } => {
  const r = { output, dropped };
  output = "";
  dropped = 0;
  return r;
};
const collect = (chunk: Buffer): void => {
  const room = data.outputLimit - output.length;
  const text = chunk.toString("utf8");
  if (room >= text.length) output += text;
  else {
    output += text.slice(0, Math.max(0, room));
    dropped += text.length - Math.max(0, room);
  }
};

const child = spawn(data.command, data.args, {
  cwd: data.cwd,
  env: {},
  detached: true,
  stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"],
  ...(data.user ? { uid: data.user.uid, gid: data.user.gid } : {}),
});
let spawnError: string | undefined;
child.on("error", (err) => (spawnError = err.message));
child.on("spawn", () => post({ kind: "spawned", pid: child.pid! }));
child.stdout!.on("data", collect);
child.stderr!.on("data", collect);
const requests = child.stdio[3] as Writable;
const frames = child.stdio[4] as Readable;
requests.on("error", () => undefined);

let pending: Buffer = Buffer.alloc(0);
frames.on("data", (chunk: Buffer) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  while (pending.length >= 4) {
    const size = pending.readUInt32LE(0);
    if (size > data.maxFrameBytes) {
      post({ kind: "too-big", bytes: size });
      pending = Buffer.alloc(0);
      frames.destroy();
      return;
    }
    if (pending.length < 4 + size) break;
    const payload = new Uint8Array(pending.subarray(4, 4 + size));
    pending = pending.subarray(4 + size);
    // Let output written just before this answer arrive first, so it is shown with the call that printed it.
    setImmediate(() => post({ kind: "frame", payload, ...take() }));
  }
});
child.on("close", (code, signal) => setImmediate(() => post({ kind: "exit", code, signal, ...take(), ...(spawnError ? { error: spawnError } : {}) })));

parentPort!.on("message", (m: { frame: Uint8Array }) => {
  requests.write(m.frame);
});
