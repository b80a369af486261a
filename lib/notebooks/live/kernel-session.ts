/**
 * One live notebook session of the embedded `npm start`: a process (`kernel-child.js` from lib's build) holding a
 * tslab session, started on the first run. Cells run one at a time in the order asked, each reporting its outputs
 * as they grow. Interrupt ends the process — the only way to stop a synchronous runaway loop in a JavaScript
 * context — so the cell running fails with a note, queued cells are cancelled and the next run starts afresh
 * (state is lost, as after a restart; the note says so).
 */
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { Output } from "../ipynb.js";
import type { KernelReply, KernelRequest } from "./kernel-protocol.js";

export interface CellOutcome {
  ok: boolean;
  outputs: Output[];
  /** The execution count (1 for the first cell run since the session (re)started); null when cancelled. */
  count: number | null;
  /** How it ended when not by itself. */
  stopped?: "interrupted" | "restarted" | "died";
}

export interface KernelSession {
  /** Runs `code` after any cells already queued; `onOutputs` hears the outputs so far while it runs. */
  run(code: string, onOutputs?: (outputs: readonly Output[]) => void): Promise<CellOutcome>;
  /** Starts the process and compiles an empty cell, so the first real cell answers quickly; not counted. */
  warm(): void;
  /** Stops the running cell and cancels the queued ones by ending the process (nothing when idle). */
  interrupt(): void;
  /** Ends the process and forgets every variable; the next run starts a new one. */
  restart(): void;
  /** Ends the process for good. */
  close(): void;
  /** True while a cell runs or is queued. */
  readonly busy: boolean;
}

type Pending = { id: number; silent?: boolean; code: string; onOutputs?: (o: readonly Output[]) => void; resolve: (r: CellOutcome) => void; outputs: Output[] };

const INTERRUPTED = "Interrupted: the session was stopped and starts afresh at the next run (earlier cells must run again).\n";
const note = (text: string): Output => ({ output_type: "stream", name: "stderr", text });

/** A session whose cells resolve modules from `notebookDir`, using lib's build and tslab from the project at `root`. */
export function createKernelSession(root: string, notebookDir: string): KernelSession {
  let child: ChildProcess | null = null;
  let nextId = 1;
  let count = 0;
  const queue: Pending[] = [];
  let closed = false;

  const start = (): ChildProcess => {
    const entry = join(root, "lib", "dist", "notebooks", "live", "kernel-child.js");
    const c = fork(entry, [root, notebookDir], { stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced" });
    let stderr = "";
    c.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-4000)));
    c.on("message", (msg: KernelReply) => {
      const head = queue[0];
      if (msg.type === "ready" || !head || msg.id !== head.id) return;
      head.outputs = msg.outputs;
      if (msg.type === "outputs") {
        head.onOutputs?.(msg.outputs);
        return;
      }
      queue.shift();
      head.resolve({ ok: msg.ok, outputs: msg.outputs, count: head.silent ? null : ++count });
      sendHead();
    });
    c.on("exit", (code, signal) => {
      if (child !== c) return; // ended on purpose: already handled
      child = null;
      const why = `The session's process ended (${signal ?? `exit ${code}`})${stderr ? `: ${stderr.trim().split("\n").pop()}` : ""}; run the cells again.\n`;
      fail("died", why);
      count = 0;
    });
    return c;
  };

  const sendHead = () => {
    const head = queue[0];
    if (!head || closed) return;
    child ??= start();
    const request: KernelRequest = { type: "run", id: head.id, code: head.code };
    child.send(request);
  };

  /** Fails the running cell with `text`, cancels the queued ones. */
  const fail = (stopped: NonNullable<CellOutcome["stopped"]>, text: string) => {
    const [head, ...rest] = queue.splice(0);
    if (head) head.resolve({ ok: false, outputs: [...head.outputs, note(text)], count: ++count, stopped });
    const how = stopped === "died" ? "lost (its process ended)" : stopped;
    for (const p of rest) p.resolve({ ok: false, outputs: [note(`Not run: the session was ${how} before this cell's turn.\n`)], count: null, stopped });
  };

  const end = (stopped: "interrupted" | "restarted", text: string) => {
    const c = child;
    child = null;
    c?.kill("SIGKILL");
    fail(stopped, text);
    count = 0;
  };

  return {
    run(code, onOutputs) {
      if (closed) return Promise.resolve({ ok: false, outputs: [note("The session is closed.\n")], count: null });
      return new Promise<CellOutcome>((resolve) => {
        queue.push({ id: nextId++, code, resolve, outputs: [], ...(onOutputs ? { onOutputs } : {}) });
        if (queue.length === 1) sendHead();
      });
    },
    warm() {
      if (closed || child || queue.length > 0) return;
      queue.push({ id: nextId++, silent: true, code: "", resolve: () => {}, outputs: [] });
      sendHead();
    },
    interrupt: () => {
      if (queue.length > 0) end("interrupted", INTERRUPTED);
    },
    restart: () => end("restarted", "Restarted: the session starts afresh at the next run.\n"),
    close() {
      end("restarted", "The session was closed.\n");
      closed = true;
    },
    get busy() {
      return queue.length > 0;
    },
  };
}
