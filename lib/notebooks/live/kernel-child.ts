/**
 * Entry point of one live notebook session's process (`node lib/dist/notebooks/live/kernel-child.js <root> <dir>`):
 * a tslab session (tslab's own compiler and executor, `../tslab-session.ts`) whose cells arrive over IPC. While a
 * cell runs its outputs go back as they grow (at most every 40 ms), then once more when it ends. A process per
 * session, so a runaway cell is stopped by ending the process (see `kernel-session.ts`).
 */
import type { Output } from "../ipynb.js";
import { createTslabSession } from "../tslab-session.js";
import type { KernelReply, KernelRequest } from "./kernel-protocol.js";

const [root, dir] = process.argv.slice(2);
if (!root || !dir || !process.send) {
  process.stderr.write("usage: node kernel-child.js <root> <notebook-dir> (forked with an IPC channel)\n");
  process.exit(2);
}
const send = (reply: KernelReply) => process.send!(reply);
process.chdir(dir);

let current: number | null = null;
let timer: NodeJS.Timeout | null = null;
let latest: readonly Output[] = [];
const flush = () => {
  timer = null;
  if (current !== null) send({ type: "outputs", id: current, outputs: structuredClone([...latest]) });
};
const session = createTslabSession(root, dir, (outputs) => {
  latest = outputs;
  timer ??= setTimeout(flush, 40);
});

let queue = Promise.resolve();
process.on("message", (msg: KernelRequest) => {
  if (msg.type !== "run") return;
  queue = queue.then(async () => {
    current = msg.id;
    latest = [];
    const result = await session.run(msg.code);
    await new Promise((done) => setImmediate(done)); // let output scheduled by the cell land
    if (timer) clearTimeout(timer);
    timer = null;
    send({ type: "done", id: msg.id, ok: result.ok, outputs: structuredClone(result.outputs) });
    current = null;
  });
});
process.on("disconnect", () => process.exit(0)); // the server went away: so does its session
send({ type: "ready" });
