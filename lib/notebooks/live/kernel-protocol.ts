/** The messages between a live session (`kernel-session.ts`) and its process (`kernel-child.ts`), over IPC. */
import type { Output } from "../ipynb.js";

export type KernelRequest = { type: "run"; id: number; code: string };
export type KernelReply =
  | { type: "ready" }
  | { type: "outputs"; id: number; outputs: Output[] }
  | { type: "done"; id: number; ok: boolean; outputs: Output[] };
