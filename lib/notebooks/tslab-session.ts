/**
 * Runs notebook cells in THIS process with tslab's own converter and executor (the pieces its Jupyter kernel is
 * built from), so notebooks execute without Python. Cells are compiled by tslab's TypeScript to CommonJS and run
 * with `vm.runInThisContext`; what they print and display is captured as nbformat outputs, the way the kernel
 * routes it (stdout/stderr streams, `tslab.display` as display_data). One notebook per process: cells share globals.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Converter } from "tslab/dist/converter";
import type { ConverterSet, Executor } from "tslab/dist/executor";
import type { DisplayDataOutput, Output, StreamOutput } from "./ipynb.js";

export interface CellRunResult {
  /** False when tslab reported a type error or the cell threw (its message is then on the cell's stderr). */
  ok: boolean;
  outputs: Output[];
}

export interface TslabSession {
  /** Compiles and runs one code cell; resolves when it (and its top-level awaits) finished. */
  run(source: string): Promise<CellRunResult>;
  /** Restores stdout/stderr and releases tslab's compiler. */
  close(): void;
}

interface DisplayMessage {
  data: Record<string, string>;
  metadata: Record<string, unknown>;
  transient?: { display_id?: string };
}
type WriteDisplayData = (msg: DisplayMessage, update: boolean) => void;
type Write = typeof process.stdout.write;

/**
 * Starts a session whose cells resolve modules from `notebookDir` (as the kernel does from its working folder),
 * loading tslab from the project at `root`. `onChange` hears the running cell's outputs each time they grow.
 */
export function createTslabSession(root: string, notebookDir: string, onChange?: (outputs: readonly Output[]) => void): TslabSession {
  const load = createRequire(join(root, "package.json"));
  const { createConverter } = load("tslab/dist/converter") as typeof import("tslab/dist/converter");
  const { createExecutor } = load("tslab/dist/executor") as typeof import("tslab/dist/executor");
  const jupyter = load("tslab/dist/jupyter") as { lastWriteDisplayData: WriteDisplayData | null };

  let converter: Converter | undefined;
  const converters: ConverterSet = {
    get node() {
      return (converter ??= createConverter({ isJS: false, isBrowser: false }));
    },
    get browser(): Converter {
      throw new Error("browser-mode modules (a /** @module … @browser */ cell) are not supported by the workbench runner");
    },
    close: () => converter?.close(),
  };

  // Output goes to the cell that ran last, also after it finished (the kernel does the same).
  let sink: Output[] = [];
  const displays = new Map<string, DisplayDataOutput>();
  const stream = (name: StreamOutput["name"]): Write =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const last = sink[sink.length - 1];
      if (last?.output_type === "stream" && last.name === name) last.text = (last.text as string) + text;
      else sink.push({ output_type: "stream", name, text });
      onChange?.(sink);
      const callback = rest.find((r) => typeof r === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Write;
  const original = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = stream("stdout");
  process.stderr.write = stream("stderr");
  jupyter.lastWriteDisplayData = (msg, update) => {
    const id = msg.transient?.display_id;
    const previous = id === undefined ? undefined : displays.get(id);
    if (update && previous) {
      previous.data = { ...msg.data };
      onChange?.(sink);
      return;
    }
    const output: DisplayDataOutput = { output_type: "display_data", data: { ...msg.data }, metadata: { ...msg.metadata } };
    if (id !== undefined) displays.set(id, output);
    sink.push(output);
    onChange?.(sink);
  };
  const onRejection = (reason: unknown) => console.error("UnhandledPromiseRejection:", reason);
  const onException = (err: unknown) => console.error("UncaughtException:", err);
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);

  const executor: Executor = createExecutor(notebookDir, converters, { log: console.log, error: console.error });
  return {
    async run(source) {
      sink = [];
      const ok = await executor.execute(source);
      return { ok, outputs: sink };
    },
    close() {
      executor.close();
      process.stdout.write = original.out;
      process.stderr.write = original.err;
      process.off("unhandledRejection", onRejection);
      process.off("uncaughtException", onException);
      jupyter.lastWriteDisplayData = null;
    },
  };
}
