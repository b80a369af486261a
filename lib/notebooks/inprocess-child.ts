/**
 * Entry point of the child process the runner forks for one in-process notebook:
 * `node lib/dist/notebooks/inprocess-child.js <root> <notebook> <executed-copy>`; the result goes back over IPC.
 * A process per notebook, because cells run in the process's own global context.
 */
import { executeInProcess } from "./inprocess-exec.js";

const [root, notebook, out] = process.argv.slice(2);
if (!root || !notebook || !out || !process.send) {
  process.stderr.write("usage: node inprocess-child.js <root> <notebook> <executed-copy> (forked with an IPC channel)\n");
  process.exit(2);
}
executeInProcess(root, notebook, out).then(
  (run) => process.send!({ run }, () => process.exit(0)),
  (err: unknown) => process.send!({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) }, () => process.exit(1)),
);
