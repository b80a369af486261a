/**
 * The judge's side of one student module (lib/grader/README.md): the module is built under its import policy
 * (policy.ts), written with the sandbox runtime (child.ts) into a fresh folder, and run in a contained process
 * (containment.ts). Calls are synchronous for the graded tests: the main thread waits on a shared counter with the
 * time the test has left, measured on the judge's own monotonic clock (`performance.now`), while io-worker.ts
 * talks to the process. A call past the limit or a process that dies ends the call with `SandboxStop`; the whole
 * process group is killed, and the next call starts a fresh sandbox.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { serialize } from "node:v8";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { detectContainment, SANDBOX_DEFAULTS, SANDBOX_PARENT_ENV, sandboxCommand, type Containment } from "./containment.js";
import type { IoEvent, IoWorkerData } from "./io-worker.js";
import { cachedBuild, sourceFingerprint } from "./cache.js";
import { bundleLibValues, bundleSubmission, type ImportPolicy } from "./policy.js";
import { decodePayload, encodeFrame, FN_KEY, type JudgeMessage, type SandboxMessage, type WireError } from "./wire.js";

export const LINK_DEFAULTS = Object.freeze({ maxFrameBytes: 32 * 1024 * 1024, outputLimit: 4000, heapMb: SANDBOX_DEFAULTS.heapMb });

/** Why a call ended without an answer: the test fails with `message`. */
export class SandboxStop extends Error {
  constructor(readonly status: "cut-off" | "crashed", message: string) {
    super(message);
    this.name = "SandboxStop";
  }
}

/** An error the student's code threw, rebuilt from its description (strings only). */
export class StudentError extends Error {
  constructor(e: WireError) {
    super(e.message);
    this.name = e.name || "Error";
    this.stack = e.stack;
  }
}

/** Time a test may spend inside the sandbox, on the judge's clock. */
export class Budget {
  private spentMs = 0;
  constructor(readonly limitMs: number) {}
  get leftMs(): number {
    return Math.max(0, this.limitMs - this.spentMs);
  }
  charge(ms: number): void {
    this.spentMs += ms;
  }
}

const marked = new WeakMap<object, { source: string } | { table: unknown[] }>();

/** `fn`, marked to be sent to student code as its source text (it must not use variables from outside itself). */
export function shipped<F extends (...args: never[]) => unknown>(fn: F): F {
  marked.set(fn, { source: fn.toString() });
  return fn;
}

/** A function of an integer argument sent to student code as its table of values (`table[k]`). */
export function shippedTable<T>(table: readonly T[]): (k: number) => T {
  const fn = (k: number): T => table[k]!;
  marked.set(fn, { table: [...table] });
  return fn;
}

function toWire(value: unknown, path: string): unknown {
  if (typeof value === "function") {
    const m = marked.get(value);
    if (!m) throw new Error(`sandbox: ${path} is a function not made with shipped() or shippedTable(): it cannot be sent to student code`);
    return { [FN_KEY]: m };
  }
  if (Array.isArray(value)) return value.map((v, i) => toWire(v, `${path}[${i}]`));
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, toWire(v, `${path}.get(${String(k)})`)]));
  if (value !== null && typeof value === "object" && !(value instanceof Set) && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v, `${path}.${k}`)]));
  }
  return value;
}

const live = new Set<SandboxProcess>();
let exitHook = false;

/** One running sandbox process. */
class SandboxProcess {
  private readonly counter = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  private pid: number | null = null;
  private exited: Extract<IoEvent, { kind: "exit" }> | null = null;
  /** Why this process was stopped: every later call on it ends the same way (fast-check shrinking retries calls). */
  private stopped: SandboxStop | null = null;
  output = "";
  dropped = 0;

  constructor(box: string, containment: Containment, workerCode: string, heapMb: number) {
    const { command, args } = sandboxCommand(containment, box, heapMb);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: IoWorkerData = {
      command,
      args,
      cwd: box,
      ...(containment.user ? { user: containment.user } : {}),
      signal: this.counter.buffer as SharedArrayBuffer,
      events: port2,
      maxFrameBytes: LINK_DEFAULTS.maxFrameBytes,
      outputLimit: LINK_DEFAULTS.outputLimit,
    };
    this.worker = new Worker(workerCode, { eval: true, workerData: data, transferList: [port2] });
    this.worker.unref();
    live.add(this);
    if (!exitHook) {
      exitHook = true;
      process.on("exit", () => live.forEach((p) => p.kill()));
    }
  }

  /** The next event within `ms`, or null when the time ran out. */
  private next(ms: number): IoEvent | null {
    const end = performance.now() + ms;
    for (;;) {
      const seen = Atomics.load(this.counter, 0);
      const m = receiveMessageOnPort(this.port);
      if (m) {
        const e = m.message as IoEvent;
        if (e.kind === "frame" || e.kind === "exit") {
          this.output += e.output;
          this.dropped += e.dropped;
        }
        if (e.kind === "spawned") this.pid = e.pid;
        if (e.kind === "exit") this.exited = e;
        return e;
      }
      const left = end - performance.now();
      if (left <= 0) return null;
      Atomics.wait(this.counter, 0, seen, left);
    }
  }

  /** Sends `message` and waits for the sandbox's answer, charging the wait to `budget`. */
  request(message: JudgeMessage, budget: Budget, what: string): SandboxMessage {
    if (this.stopped) throw this.stopped;
    if (this.exited) throw (this.stopped = this.death(what));
    const started = performance.now();
    this.worker.postMessage({ frame: new Uint8Array(encodeFrame(message)) });
    try {
      for (;;) {
        const e = this.next(budget.leftMs - (performance.now() - started));
        if (e === null) {
          this.kill();
          const s = ((performance.now() - started) / 1000).toFixed(1);
          throw (this.stopped = new SandboxStop("cut-off", `cut off after ${s} s: ${what} was still running when the ${(budget.limitMs / 1000).toFixed(1)} s limit ran out (an endless loop, or a promise that never settles?); the grader stopped it and went on with the next test`));
        }
        if (e.kind === "exit") throw (this.stopped = this.death(what));
        if (e.kind === "too-big") {
          this.kill();
          throw (this.stopped = new SandboxStop("crashed", `crashed: ${what} sent back ${e.bytes} bytes, over the ${LINK_DEFAULTS.maxFrameBytes}-byte limit for an answer`));
        }
        if (e.kind !== "frame") continue;
        let m: SandboxMessage;
        try {
          m = decodePayload(Buffer.from(e.payload)) as SandboxMessage;
        } catch {
          continue; // not a frame the runtime wrote: ignore it
        }
        if (m === null || typeof m !== "object" || typeof m.op !== "string") continue;
        if (message.op === "call" && (!("id" in m) || m.id !== message.id)) continue;
        return m;
      }
    } finally {
      budget.charge(performance.now() - started);
    }
  }

  private death(what: string): SandboxStop {
    const e = this.exited!;
    const how = e.error ? `could not start (${e.error})` : e.signal ? `was killed by ${e.signal}` : `exited with code ${e.code}`;
    return new SandboxStop(
      "crashed",
      `crashed: the sandbox process ${how} while ${what} was running (process.exit, an error thrown in a callback, or out of memory? the cap is ${LINK_DEFAULTS.heapMb} MB of heap)`,
    );
  }

  /** Kills the whole process group (idempotent). */
  kill(): void {
    if (this.pid === null) {
      // not spawned yet as far as we know: give the worker a moment to say so, then kill
      this.next(200);
    }
    if (this.pid !== null) {
      try {
        process.kill(-this.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    live.delete(this);
    void this.worker.terminate();
  }

  get dead(): boolean {
    return this.exited !== null || !live.has(this);
  }
}

export interface SandboxedModuleOptions {
  root: string;
  exerciseNumber: string;
  /** The student's file (absolute). */
  entry: string;
  submissionDir: string;
  libValues: readonly string[];
}

/** What a loaded module offers the judge. */
export interface LoadedExports {
  functions: string[];
  values: Record<string, unknown>;
}

let workerCode: string | undefined;

/** A student module, built and ready to start in a sandbox; `refusal` is set when its imports break the policy. */
export class SandboxedModule {
  private process: SandboxProcess | null = null;
  private nextId = 1;
  readonly containment: Containment = detectContainment();

  private constructor(private readonly box: string, readonly refusal: string | null) {}

  /** Builds the module (async: esbuild); a refused import is not an error but `refusal`. */
  static async prepare(o: SandboxedModuleOptions): Promise<SandboxedModule> {
    const policy: ImportPolicy = { exerciseNumber: o.exerciseNumber, libValues: o.libValues, root: o.root, submissionDir: o.submissionDir };
    const built = await bundleSubmission(o.entry, policy);
    const box = mkdtempSync(join(process.env[SANDBOX_PARENT_ENV] || tmpdir(), "workbench-sandbox-"));
    chmodSync(box, 0o755);
    if (!built.ok) return new SandboxedModule(box, built.message);
    const here = join(o.root, "lib", "grader", "sandbox");
    const { version, buildSync } = await import("esbuild");
    const sandboxSources = sourceFingerprint(here);
    const bundle = (file: string, format: "esm" | "cjs"): Promise<string> =>
      cachedBuild(o.root, [version, file, format, sandboxSources], async () =>
        buildSync({ entryPoints: [join(here, file)], bundle: true, write: false, format, platform: "node", target: "node20", external: ["./submission.mjs"], logLevel: "silent" }).outputFiles[0]!.text,
      );
    const [runtime, lib] = await Promise.all([
      bundle("child.ts", "esm"),
      cachedBuild(o.root, [version, "lib", ...o.libValues, sourceFingerprint(join(o.root, "lib"))], () => bundleLibValues(o.root, o.libValues)),
    ]);
    workerCode ??= await bundle("io-worker.ts", "cjs");
    writeFileSync(join(box, "runtime.mjs"), runtime, { mode: 0o644 });
    writeFileSync(join(box, "lib.mjs"), lib, { mode: 0o644 });
    writeFileSync(join(box, "submission.mjs"), built.code, { mode: 0o644 });
    return new SandboxedModule(box, null);
  }

  /** Starts a sandbox and imports the module in it; throws `SandboxStop`, `StudentError` (its top level threw). */
  load(budget: Budget): LoadedExports {
    if (this.refusal !== null) throw new Error(this.refusal);
    this.process?.kill();
    this.process = new SandboxProcess(this.box, this.containment, workerCode!, LINK_DEFAULTS.heapMb);
    const m = this.process.request({ op: "load" }, budget, "your module's top level");
    if (m.op === "load-failed") throw new StudentError(m.error);
    if (m.op !== "loaded" || !Array.isArray(m.functions) || typeof m.values !== "object" || m.values === null) {
      throw new SandboxStop("crashed", "your module's sandbox answered the load with something else than its exports");
    }
    return { functions: m.functions.filter((f): f is string => typeof f === "string"), values: m.values };
  }

  /** True when the last sandbox is gone (cut off or crashed): the next test loads the module again. */
  get needsLoad(): boolean {
    return this.process === null || this.process.dead;
  }

  /** Calls export `name` with `args`; its value, or throws `StudentError` / `SandboxStop`. */
  call(name: string, args: unknown[], budget: Budget): unknown {
    if (this.process === null) throw new Error("sandbox: call before load");
    const id = this.nextId++;
    const wire = toWire(args, `${name}'s arguments`) as unknown[];
    serialize(wire); // a judge-side mistake (an unsendable argument) surfaces here, not in the sandbox
    const m = this.process.request({ op: "call", id, name, args: wire }, budget, `${name}()`);
    if (m.op === "result") return m.value;
    if (m.op === "threw") throw new StudentError(m.error);
    if (m.op === "unsendable") throw new StudentError({ name: "TypeError", message: `${name} returned a value that cannot be sent to the grader: ${String(m.why)}`, stack: "" });
    throw new SandboxStop("crashed", `${name}(): the sandbox answered with something else than a result`);
  }

  /** What the student's code printed since the last call of this method. */
  takeOutput(): { text: string; dropped: number } {
    const p = this.process;
    if (!p) return { text: "", dropped: 0 };
    const r = { text: p.output, dropped: p.dropped };
    p.output = "";
    p.dropped = 0;
    return r;
  }

  /** Kills the sandbox (if any) and removes its folder. */
  close(): void {
    this.process?.kill();
    this.process = null;
    rmSync(this.box, { recursive: true, force: true });
  }
}
