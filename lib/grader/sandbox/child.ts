/**
 * The sandbox's runtime: the only code besides the student's that runs in the sandbox process. The judge bundles it
 * (with wire.ts) into the sandbox folder as runtime.mjs next to the student's bundle, submission.mjs. It reads
 * requests on fd 3, answers on fd 4 (lib/grader/README.md, "The protocol"), and leaves fds 1 and 2 to the student:
 * the judge captures them as the student's output.
 *
 * Nothing here is trusted by the judge: student code can replace any of it. It exists so that honest code can be
 * called; its hardening (below) only narrows what a fallback sandbox without bubblewrap leaves reachable.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { Script } from "node:vm";
import { serialize } from "node:v8";
import { decodePayload, encodeFrame, FN_KEY, FrameReader, type JudgeMessage, type SandboxMessage, type WireError } from "./wire.js";

const out = createWriteStream("", { fd: 4 });
const send = (m: SandboxMessage): void => {
  let frame: Buffer;
  try {
    frame = encodeFrame(m);
  } catch (err) {
    const id = "id" in m ? m.id : -1;
    frame = encodeFrame({ op: "unsendable", id, why: describe(err).message } satisfies SandboxMessage);
  }
  out.write(frame);
};

function describe(err: unknown): WireError {
  const text = (f: () => unknown): string => {
    try {
      const v = f();
      return typeof v === "string" ? v : v === undefined ? "" : String(v);
    } catch {
      return "(unreadable)";
    }
  };
  if (err instanceof Error) return { name: text(() => err.name), message: text(() => err.message), stack: text(() => err.stack) };
  return { name: "", message: `threw a non-Error value: ${text(() => String(err))}`, stack: "" };
}

/** Arguments with the judge's shipped functions made callable again. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [revive(k), revive(v)]));
  if (value instanceof Set) return new Set([...value].map(revive));
  if (value !== null && typeof value === "object") {
    const fn = (value as Record<string, unknown>)[FN_KEY] as { source?: string; table?: unknown[] } | undefined;
    if (fn?.source !== undefined) return new Script(`(${fn.source})`).runInThisContext() as unknown;
    if (fn?.table !== undefined) {
      const table = fn.table;
      return (k: number) => table[k];
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
  }
  return value;
}

// What a sandbox without bubblewrap would otherwise leave open (the permission model already refuses fs writes,
// child processes, workers, addons and process.binding): signals to other processes, sockets, builtin lookups.
const proc = process as unknown as Record<string, unknown>;
for (const k of ["kill", "_kill", "getBuiltinModule", "dlopen", "binding", "_linkedBinding"]) delete proc[k];
const global = globalThis as unknown as Record<string, unknown>;
for (const k of ["fetch", "WebSocket", "EventSource", "Request", "Response"]) delete global[k];

let exportsOf: Record<string, unknown> = {};

async function handle(m: JudgeMessage): Promise<void> {
  if (m.op === "load") {
    try {
      exportsOf = (await import("./submission.mjs" as string)) as Record<string, unknown>;
    } catch (err) {
      send({ op: "load-failed", error: describe(err) });
      return;
    }
    const functions: string[] = [];
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(exportsOf)) {
      if (typeof v === "function") functions.push(k);
      else {
        try {
          serialize(v);
          values[k] = v;
        } catch {
          // a value that cannot be sent (it holds a function) is left out: the judge reports it missing
        }
      }
    }
    send({ op: "loaded", functions, values });
    return;
  }
  const fn = exportsOf[m.name];
  try {
    if (typeof fn !== "function") throw new TypeError(`${m.name} is not a function your module exports`);
    const args = (m.args.map(revive) as unknown[]);
    let value: unknown = Reflect.apply(fn, undefined, args);
    if (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function") value = await value;
    send({ op: "result", id: m.id, value });
  } catch (err) {
    send({ op: "threw", id: m.id, error: describe(err) });
  }
}

const exit = (process as unknown as { reallyExit: (code: number) => never }).reallyExit.bind(process);
const reader = new FrameReader(64 * 1024 * 1024);
createReadStream("", { fd: 3 })
  .on("data", (chunk) => {
    for (const payload of reader.push(chunk as Buffer)) void handle(decodePayload(payload) as JudgeMessage);
  })
  // The judge is gone (its end of the pipe closed): nothing may outlive it, whatever the student's code keeps open.
  .on("end", () => exit(0));
