/// <reference lib="dom" />
/**
 * The static site's runtime: a Web Worker that runs a notebook's cells as tslab's session does
 * (`../../tslab-session.ts`) — TypeScript's types stripped in the worker by sucrase and the top-level names kept
 * across cells (`../cell-transform.ts`, a chunk fetched as the worker starts), console output as stdout/stderr streams formatted as
 * Node formats them, `tslab.display` as display data, the last expression's value printed, an exception printed to
 * stderr. Modules load on first import: lib and fast-check are chunks of their own.
 */
import { formatWithOptions } from "node-inspect-extracted";
import type { DisplayDataOutput, Output, StreamOutput } from "../../ipynb.js";
import type { WorkerReply, WorkerRequest } from "./protocol.js";
import * as tslab from "./tslab-shim.js";
import { setDisplaySink } from "./tslab-shim.js";
import { loadFiles } from "./files.js";

const post = (reply: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(reply);

const MODULES: Record<string, () => Promise<unknown>> = {
  tslab: async () => tslab,
  "@aider-workbench/lib": async () => (await loadFiles(), import("@aider-workbench/lib")),
  "fast-check": () => import("fast-check"),
  "node:fs": async () => (await loadFiles(), import("./fs-shim.js")),
  fs: async () => (await loadFiles(), import("./fs-shim.js")),
};

const loaded = new Map<string, Promise<unknown>>();
function importModule(name: string): Promise<unknown> {
  const load = MODULES[name];
  if (!load) return Promise.reject(new Error(`Cannot find module '${name}' (the browser runtime has: ${Object.keys(MODULES).join(", ")})`));
  let p = loaded.get(name);
  if (!p) loaded.set(name, (p = load()));
  return p;
}
const importDefault = (m: { default?: unknown }) => (m && "default" in m ? m.default : m);

// Output goes to the cell that ran last, also after it finished (tslab does the same).
let sink: Output[] = [];
let current: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
const displays = new Map<string, DisplayDataOutput>();
const changed = () => {
  timer ??= setTimeout(() => {
    timer = null;
    if (current !== null) post({ type: "outputs", id: current, outputs: structuredClone(sink) });
  }, 40);
};
function write(name: StreamOutput["name"], text: string): void {
  const last = sink[sink.length - 1];
  if (last?.output_type === "stream" && last.name === name) last.text = (last.text as string) + text;
  else sink.push({ output_type: "stream", name, text });
  changed();
}
const format = (args: unknown[]) => `${formatWithOptions({}, ...args)}\n`;
console.log = (...args: unknown[]) => write("stdout", format(args));
console.info = console.log;
console.error = (...args: unknown[]) => write("stderr", format(args));
console.warn = console.error;
setDisplaySink((data, id, update) => {
  const previous = id === null ? undefined : displays.get(id);
  if (update && previous) previous.data = { ...data };
  else {
    const output: DisplayDataOutput = { output_type: "display_data", data: { ...data }, metadata: {} };
    if (id !== null) displays.set(id, output);
    sink.push(output);
  }
  changed();
});
self.addEventListener("unhandledrejection", (e) => console.error("UnhandledPromiseRejection:", e.reason));

// the transform (sucrase + acorn) starts loading with the worker, so the first run rarely waits for it
const transform = import("../cell-transform.js");
const scope: Record<string, unknown> = Object.create(null);
let count = 0;

type CellFunction = (scope: Record<string, unknown>, load: typeof importModule, toDefault: typeof importDefault) => Promise<unknown>;

/** Runs one cell; resolves false on a syntax error or an exception (printed to stderr, as tslab does). */
async function runCell(code: string): Promise<boolean> {
  const { transformCell, cellFunctionSource } = await transform;
  const program = transformCell(code);
  if (program.diagnostics.length > 0) {
    for (const d of program.diagnostics) console.error(`${d.line}:${d.column} - ${d.message}`);
    return false;
  }
  for (const name of program.names) if (!(name in scope)) scope[name] = undefined;
  try {
    const fn = new Function("__scope", "__import", "__default", cellFunctionSource(program)) as CellFunction;
    const value = await fn(scope, importModule, importDefault);
    if (value !== undefined && value !== null) console.log(value);
    return true;
  } catch (e) {
    console.error(e);
    return false;
  }
}

let queue = Promise.resolve();
self.addEventListener("message", (event: MessageEvent<WorkerRequest>) => {
  const msg = event.data;
  if (msg.type !== "run") return;
  queue = queue.then(async () => {
    current = msg.id;
    sink = [];
    const ok = await runCell(msg.code);
    await new Promise((done) => setTimeout(done, 0)); // let output scheduled by the cell land
    if (timer) clearTimeout(timer);
    timer = null;
    post({ type: "done", id: msg.id, ok, outputs: structuredClone(sink), count: ++count });
  });
});
post({ type: "ready" });
