/**
 * One live notebook session of the embedded `npm start`: a process (`kernel-child.js` from lib's build) holding a
 * tslab session, started on the first run. Cells run one at a time in the order asked, each handing its outputs to
 * its listener as increments; the process sends the next increment only when the listener has taken the last
 * (its promise resolved true), so a slow page holds output back in the process; a listener answering false drops
 * the rest of that cell's output. Interrupt ends the process — the only way to stop a synchronous runaway loop in
 * a JavaScript context — so the cell running fails with a note, queued cells are cancelled and the next run starts
 * afresh (state is lost, as after a restart; the note says so, and `generation` counts it).
 */
import { fork, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import type { KernelReply, KernelRequest } from "./kernel-protocol.js";
import type { OutputDelta } from "./output-delta.js";

export interface CellOutcome {
  ok: boolean;
  /** The execution count (1 for the first cell run since the session (re)started); null when cancelled. */
  count: number | null;
  /** How it ended when not by itself. */
  stopped?: "interrupted" | "restarted" | "died";
}

/** Hears a cell's outputs as increments; true (or a promise of it, once taken) asks for more, false drops the rest. */
export type DeltaListener = (deltas: readonly OutputDelta[]) => boolean | Promise<boolean>;

export interface KernelSession {
  /** Runs `code` after any cells already queued; `listen` hears its outputs (without one they are dropped). */
  run(code: string, listen?: DeltaListener): Promise<CellOutcome>;
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
  /** How many times the session lost its state (interrupted, restarted, died): cells run before then are gone. */
  readonly generation: number;
}

type Pending = { id: number; silent?: boolean; code: string; listen?: DeltaListener; resolve: (r: CellOutcome) => void; outputs: number };

const INTERRUPTED = "Interrupted: the session was stopped and starts afresh at the next run (earlier cells must run again).\n";
const note = (index: number, text: string): OutputDelta[] => [{ kind: "text", index, name: "stderr", text }];

/** A session whose cells resolve modules from `notebookDir`, using lib's build and tslab from the project at `root`. */
export function createKernelSession(root: string, notebookDir: string): KernelSession {
  let child: ChildProcess | null = null;
  let nextId = 1;
  let count = 0;
  let generation = 0;
  const queue: Pending[] = [];
  let closed = false;

  const reply = (c: ChildProcess, request: KernelRequest) => {
    if (child === c && c.connected) c.send(request);
  };

  /** Hands an increment to the running cell's listener, and tells the process when to go on. */
  const deliver = (c: ChildProcess, head: Pending, deltas: OutputDelta[]) => {
    for (const d of deltas) head.outputs = Math.max(head.outputs, d.index + 1);
    const settle = (more: boolean) => {
      if (queue[0] === head) reply(c, { type: more ? "ack" : "drop", id: head.id });
    };
    let answer: boolean | Promise<boolean> = false;
    try {
      answer = head.listen ? head.listen(deltas) : false;
    } catch {
      answer = false;
    }
    if (typeof answer === "boolean") settle(answer);
    else answer.then(settle, () => settle(false));
  };

  const start = (): ChildProcess => {
    const entry = join(root, "lib", "dist", "notebooks", "live", "kernel-child.js");
    const c = fork(entry, [root, notebookDir], { stdio: ["ignore", "ignore", "pipe", "ipc"], serialization: "advanced" });
    let stderr = "";
    c.stderr?.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-4000)));
    c.on("message", (msg: KernelReply) => {
      const head = queue[0];
      if (msg.type === "ready" || !head || msg.id !== head.id) return;
      if (msg.type === "outputs") {
        deliver(c, head, msg.deltas);
        return;
      }
      queue.shift();
      head.resolve({ ok: msg.ok, count: head.silent ? null : ++count });
      sendHead();
    });
    c.on("exit", (code, signal) => {
      if (child !== c) return; // ended on purpose: already handled
      child = null;
      const why = `The session's process ended (${signal ?? `exit ${code}`})${stderr ? `: ${stderr.trim().split("\n").pop()}` : ""}; run the cells again.\n`;
      fail("died", why);
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

  /** Fails the running cell with `text`, cancels the queued ones; the session's state is gone. */
  const fail = (stopped: NonNullable<CellOutcome["stopped"]>, text: string) => {
    const [head, ...rest] = queue.splice(0);
    generation++;
    if (head) {
      void head.listen?.(note(head.outputs, text));
      head.resolve({ ok: false, count: head.silent ? null : ++count, stopped });
    }
    count = 0;
    const how = stopped === "died" ? "lost (its process ended)" : stopped;
    for (const p of rest) {
      void p.listen?.(note(0, `Not run: the session was ${how} before this cell's turn.\n`));
      p.resolve({ ok: false, count: null, stopped });
    }
  };

  const end = (stopped: "interrupted" | "restarted", text: string) => {
    const c = child;
    child = null;
    c?.kill("SIGKILL");
    fail(stopped, text);
  };

  return {
    run(code, listen) {
      if (closed) {
        void listen?.(note(0, "The session is closed.\n"));
        return Promise.resolve({ ok: false, count: null });
      }
      return new Promise<CellOutcome>((resolve) => {
        queue.push({ id: nextId++, code, resolve, outputs: 0, ...(listen ? { listen } : {}) });
        if (queue.length === 1) sendHead();
      });
    },
    warm() {
      if (closed || child || queue.length > 0) return;
      queue.push({ id: nextId++, silent: true, code: "", resolve: () => {}, outputs: 0 });
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
    get generation() {
      return generation;
    },
  };
}
