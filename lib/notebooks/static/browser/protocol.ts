/** The messages between a static-site page (`site-client.ts`) and its runtime worker (`worker.ts`). */
import type { Output } from "../../ipynb.js";

export type WorkerRequest = { type: "run"; id: number; code: string };
export type WorkerReply =
  | { type: "ready" }
  | { type: "outputs"; id: number; outputs: Output[] }
  | { type: "done"; id: number; ok: boolean; outputs: Output[]; count: number };
