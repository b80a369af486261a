/**
 * Entry point of one live notebook session's process (`node lib/dist/notebooks/live/kernel-child.js <root> <dir>`):
 * a tslab session (tslab's own compiler and executor, `../tslab-session.ts`) whose cells arrive over IPC. While a
 * cell runs, what it printed or displayed since the last message goes back as increments (`output-delta.ts`; at
 * most every 40 ms, at most `CHUNK_CHARS` of text each), the next only after the session's `ack`; unsent text is
 * all this process keeps. `done` follows the last increment. A process per session, so a runaway cell is stopped by
 * ending the process (see `kernel-session.ts`).
 */
import type { Output } from "../ipynb.js";
import { createTslabSession } from "../tslab-session.js";
import type { KernelReply, KernelRequest } from "./kernel-protocol.js";
import { discardNew, newCursor, takeDeltas, type DeltaCursor } from "./output-delta.js";

/** The most text one increment carries. */
const CHUNK_CHARS = 64 * 1024;

const [root, dir] = process.argv.slice(2);
if (!root || !dir || !process.send) {
  process.stderr.write("usage: node kernel-child.js <root> <notebook-dir> (forked with an IPC channel)\n");
  process.exit(2);
}
const send = (reply: KernelReply) => process.send!(reply);
process.chdir(dir);

interface Running {
  id: number;
  cursor: DeltaCursor;
  /** An increment was sent and not yet acknowledged. */
  waiting: boolean;
  /** Nobody reads this cell's output: it is dropped as it comes. */
  dropped: boolean;
  /** The cell ended (`ok` says how): `done` goes once every increment was taken. */
  finished: boolean;
  ok: boolean;
  over: () => void;
}

let running: Running | null = null;
let latest: Output[] = [];
let timer: NodeJS.Timeout | null = null;

/** Sends the next increment when the last was taken, or `done` when nothing is left of a finished cell. */
const pump = () => {
  const r = running;
  if (!r || r.waiting) return;
  if (r.dropped) discardNew(latest, r.cursor);
  else {
    const deltas = takeDeltas(latest, r.cursor, CHUNK_CHARS);
    if (deltas.length > 0) {
      r.waiting = true;
      send({ type: "outputs", id: r.id, deltas });
      return;
    }
  }
  if (!r.finished) return;
  running = null;
  send({ type: "done", id: r.id, ok: r.ok });
  r.over();
};

const session = createTslabSession(root, dir, (outputs) => {
  latest = outputs as Output[]; // the running cell's own array: takeDeltas cuts what it sent from it
  if (running?.dropped) discardNew(latest, running.cursor);
  else if (running && !running.waiting) {
    timer ??= setTimeout(() => {
      timer = null;
      pump();
    }, 40);
  }
});

let queue = Promise.resolve();
process.on("message", (msg: KernelRequest) => {
  if (msg.type === "ack" || msg.type === "drop") {
    if (running?.id !== msg.id) return;
    running.waiting = false;
    if (msg.type === "drop") running.dropped = true;
    pump();
    return;
  }
  if (msg.type !== "run") return;
  queue = queue.then(async () => {
    latest = [];
    const over = new Promise<void>((resolve) => {
      running = { id: msg.id, cursor: newCursor(), waiting: false, dropped: false, finished: false, ok: false, over: resolve };
    });
    const result = await session.run(msg.code);
    await new Promise((done) => setImmediate(done)); // let output scheduled by the cell land
    latest = result.outputs;
    Object.assign(running!, { finished: true, ok: result.ok });
    pump();
    await over;
  });
});
process.on("disconnect", () => process.exit(0)); // the server went away: so does its session
send({ type: "ready" });
