/**
 * The sandbox's runtime (child.ts), bundled as the grader bundles it and run with plain node beside a hand-written
 * submission.mjs (containment is containment.test.ts's): requests on fd 3, answers on fd 4, the student's output
 * on fd 1. It loads the module and lists its functions and sendable values, answers calls (awaiting promises,
 * reviving shipped functions), describes throws as strings, says when an answer cannot be sent, removes what a
 * sandbox without bubblewrap would leave reachable, and exits when the judge's end of fd 3 closes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePayload, encodeFrame, FN_KEY, FrameReader, type JudgeMessage, type SandboxMessage } from "../../../lib/grader/sandbox/wire.js";
import { tempDirs } from "../../support/temp-dirs.js";
import { ROOT } from "../run-grade.js";

const temp = tempDirs();

const SUBMISSION = `
export const VALUES = { list: [1, 2], map: new Map([["a", 1]]) };
export const holdsFunction = { f() {} };
export function add(a, b) { process.stdout.write("adding\\n"); return a + b; }
export async function later(x) { await new Promise((r) => setTimeout(r, 5)); return x * 2; }
export function apply(f, k) { return f(k); }
export function sizes(m, s) { return [m.size, s.size, m.get("k")(2)]; }
export function fails() { const e = new RangeError("too far"); throw e; }
export function throwsNumber() { throw 42; }
export function giveFunction() { return () => 1; }
export function reachable() { return [typeof process.kill, typeof process.getBuiltinModule, typeof process.binding, typeof process.dlopen, typeof fetch, typeof WebSocket]; }
setInterval(() => {}, 1000); // keeps the event loop alive: only the closed fd 3 may end the process
`;

/** One runtime process and a way to ask it something and wait for its next answer. */
class Runtime {
  readonly child: ChildProcess;
  readonly stdout: string[] = [];
  private readonly reader = new FrameReader(1 << 20);
  private readonly answers: SandboxMessage[] = [];
  private waiting: ((m: SandboxMessage) => void) | null = null;

  constructor(box: string) {
    this.child = spawn(process.execPath, [join(box, "runtime.mjs")], { cwd: box, env: {}, stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"] });
    this.child.stdout!.on("data", (d: Buffer) => this.stdout.push(d.toString()));
    (this.child.stdio[4] as Readable).on("data", (chunk: Buffer) => {
      for (const p of this.reader.push(chunk)) {
        const m = decodePayload(p) as SandboxMessage;
        if (this.waiting) {
          const w = this.waiting;
          this.waiting = null;
          w(m);
        } else this.answers.push(m);
      }
    });
  }

  ask(m: JudgeMessage): Promise<SandboxMessage> {
    (this.child.stdio[3] as Writable).write(encodeFrame(m));
    const ready = this.answers.shift();
    return ready ? Promise.resolve(ready) : new Promise((r) => (this.waiting = r));
  }

  call(id: number, name: string, args: unknown[] = []): Promise<SandboxMessage> {
    return this.ask({ op: "call", id, name, args });
  }
}

describe("the sandbox runtime", { timeout: 60_000 }, () => {
  let rt: Runtime;
  beforeAll(() => {
    const box = temp("wb-child-");
    const runtime = buildSync({ entryPoints: [join(ROOT, "lib", "grader", "sandbox", "child.ts")], bundle: true, write: false, format: "esm", platform: "node", target: "node20", external: ["./submission.mjs"], logLevel: "silent" });
    writeFileSync(join(box, "runtime.mjs"), runtime.outputFiles[0]!.text);
    writeFileSync(join(box, "submission.mjs"), SUBMISSION);
    rt = new Runtime(box);
  });
  afterAll(() => rt.child.kill("SIGKILL"));

  it("loads the module: its functions by name, its values when they can be sent (one holding a function is left out)", async () => {
    const m = await rt.ask({ op: "load" });
    expect(m.op).toBe("loaded");
    if (m.op !== "loaded") return;
    expect(m.functions.sort()).toEqual(["add", "apply", "fails", "giveFunction", "later", "reachable", "sizes", "throwsNumber"]);
    expect(m.values).toEqual({ VALUES: { list: [1, 2], map: new Map([["a", 1]]) } });
  });

  it("answers a call with its id, awaiting a promise; the student's output goes to fd 1, not into the answer", async () => {
    expect(await rt.call(1, "add", [2, 3])).toEqual({ op: "result", id: 1, value: 5 });
    expect(await rt.call(2, "later", [21])).toEqual({ op: "result", id: 2, value: 42 });
    expect(rt.stdout.join("")).toBe("adding\n");
  });

  it("revives shipped functions, from their source or their table, also inside Maps and Sets", async () => {
    expect(await rt.call(3, "apply", [{ [FN_KEY]: { source: "(k) => k * k" } }, 7])).toEqual({ op: "result", id: 3, value: 49 });
    expect(await rt.call(4, "apply", [{ [FN_KEY]: { table: ["a", "b", "c"] } }, 2])).toEqual({ op: "result", id: 4, value: "c" });
    const args = [new Map<string, unknown>([["k", { [FN_KEY]: { source: "function (n) { return n + 1; }" } }]]), new Set([1, 2, 3])];
    expect(await rt.call(5, "sizes", args)).toEqual({ op: "result", id: 5, value: [1, 3, 3] });
  });

  it("describes a throw in strings only; a non-Error value and a missing export too", async () => {
    const threw = await rt.call(6, "fails");
    expect(threw).toMatchObject({ op: "threw", id: 6, error: { name: "RangeError", message: "too far" } });
    if (threw.op === "threw") expect(threw.error.stack).toContain("too far");
    expect(await rt.call(7, "throwsNumber")).toEqual({ op: "threw", id: 7, error: { name: "", message: "threw a non-Error value: 42", stack: "" } });
    expect(await rt.call(8, "VALUES")).toMatchObject({ op: "threw", id: 8, error: { name: "TypeError", message: "VALUES is not a function your module exports" } });
  });

  it("an answer that cannot be sent becomes `unsendable` with the call's id", async () => {
    expect(await rt.call(9, "giveFunction")).toMatchObject({ op: "unsendable", id: 9, why: expect.stringMatching(/could not be cloned/) });
  });

  it("removes process.kill, getBuiltinModule, binding, dlopen, fetch and WebSocket before student code runs", async () => {
    expect(await rt.call(10, "reachable")).toEqual({ op: "result", id: 10, value: ["undefined", "undefined", "undefined", "undefined", "undefined", "undefined"] });
  });

  it("exits as soon as the judge's end of fd 3 closes, whatever the student's code keeps open", async () => {
    const exited = new Promise<number | null>((r) => rt.child.on("exit", (code) => r(code)));
    (rt.child.stdio[3] as Writable).end();
    expect(await exited).toBe(0);
  });
});
