/**
 * The messages between a live session (`kernel-session.ts`) and its process (`kernel-child.ts`), over IPC. A cell's
 * outputs come as increments (`output-delta.ts`); the process sends the next one only after the session's `ack`, so
 * output waits in the process, not the server, while the page is slow; `drop` says nobody reads this cell's output.
 */
import type { OutputDelta } from "./output-delta.js";

export type KernelRequest = { type: "run"; id: number; code: string } | { type: "ack"; id: number } | { type: "drop"; id: number };
export type KernelReply =
  | { type: "ready" }
  | { type: "outputs"; id: number; deltas: OutputDelta[] }
  | { type: "done"; id: number; ok: boolean };
