/**
 * The judge's side of one student module, on a tiny module of its own: a refused import (out of the submission,
 * `..` or a symbolic link) is the module's `refusal`, never run; a loaded module answers calls synchronously, its
 * throws come back as `StudentError`, its output is kept per call, and a call past the budget or a process that
 * exits ends as `SandboxStop` (cut-off / crashed), after which the module needs loading again. Functions reach
 * student code only when made with `shipped`/`shippedTable`. Frames the student's code writes to fd 4 itself
 * (garbage, non-messages, answers to other calls) are ignored.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Budget, SandboxedModule, SandboxStop, shipped, shippedTable, StudentError } from "../../../lib/grader/sandbox/link.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";
import { ROOT } from "../run-grade.js";

const temp = tempDirs();

const STUDENT = `
import { helper } from "./helper.js";
export const CASES = [1, 2, new Map([["k", 3]])];
export const notSendable = { f: () => 1 };
export function add(a: number, b: number): number { console.log("adding", a, b); return helper(a + b); }
export async function later(x: number): Promise<number> { return x * 2; }
export function apply(f: (k: number) => number, k: number): number { return f(k) + f(k + 1); }
export function fails(): never { throw new RangeError("too far"); }
export function throwsText(): never { throw "just a string"; }
export function spin(): void { for (;;) {} }
export function leave(): void { process.exit(3); }
export function giveFunction(): () => number { return () => 1; }
`;

function submission(files: Record<string, string>): string {
  const sub = temp("wb-link-");
  writeTree(sub, files);
  return sub;
}
const prepare = (sub: string, file = "01-x/x.ts"): Promise<SandboxedModule> =>
  SandboxedModule.prepare({ root: ROOT, exerciseNumber: "01", entry: join(sub, file), submissionDir: sub, libValues: [] });

describe("Budget, StudentError, SandboxStop", () => {
  it("a budget counts down what was charged and never below zero", () => {
    const b = new Budget(100);
    b.charge(30);
    expect(b.leftMs).toBe(70);
    b.charge(500);
    expect(b.leftMs).toBe(0);
  });

  it("a student's error is rebuilt from its strings; an empty name becomes Error", () => {
    const e = new StudentError({ name: "", message: "m", stack: "s" });
    expect([e.name, e.message, e.stack]).toEqual(["Error", "m", "s"]);
    expect(new StudentError({ name: "RangeError", message: "", stack: "" }).name).toBe("RangeError");
    expect(new SandboxStop("cut-off", "why")).toMatchObject({ status: "cut-off", message: "why", name: "SandboxStop" });
  });
});

describe("a refused import is the module's refusal, and nothing runs", () => {
  it("an import out of the submission with `..`, or an entry that links out of it", async () => {
    const outside = submission({ "secret.ts": "export const s = 1;\n" });
    const up = submission({ "01-x/x.ts": `import { s } from "${join(outside, "secret.js")}";\nexport const f = () => s;\n`, "01-x/y.ts": `export { s } from "../../${outside.split("/").pop()}/secret.js";\n` });
    for (const file of ["01-x/x.ts", "01-x/y.ts"]) {
      const m = await prepare(up, file);
      expect(m.refusal, file).toMatch(/^exercise 01 may not import \S*secret\.js: it is outside your submission$/);
      expect(() => m.load(new Budget(5000))).toThrow(m.refusal!);
      m.close();
    }
    const linked = submission({});
    mkdirSync(join(linked, "01-x"));
    symlinkSync(join(outside, "secret.ts"), join(linked, "01-x", "x.ts"));
    const m = await prepare(linked);
    expect(m.refusal).toBe("exercise 01's file is a link to a file outside your submission: put the file itself there");
    m.close();
  });
});

describe("a loaded module", { timeout: 60_000 }, () => {
  const sub = submission({ "01-x/x.ts": STUDENT, "01-x/helper.ts": "export const helper = (n: number): number => n * 10;\n" });
  let m: SandboxedModule;
  afterAll(() => m?.close());

  it("loads: its functions by name, its sendable values as copies", async () => {
    m = await prepare(sub);
    expect(m.refusal).toBeNull();
    expect(() => m.call("add", [1, 2], new Budget(1000))).toThrow("sandbox: call before load");
    expect(m.needsLoad).toBe(true);
    const loaded = m.load(new Budget(20_000));
    expect(loaded.functions.sort()).toEqual(["add", "apply", "fails", "giveFunction", "later", "leave", "spin", "throwsText"]);
    expect(loaded.values).toEqual({ CASES: [1, 2, new Map([["k", 3]])] });
    expect(m.needsLoad).toBe(false);
  });

  it("answers calls synchronously, awaits a promise, charges the time to the budget and keeps the output", () => {
    const budget = new Budget(5000);
    expect(m.call("add", [1, 2], budget)).toBe(30);
    expect(budget.leftMs).toBeLessThan(5000);
    expect(m.takeOutput()).toEqual({ text: "adding 1 2\n", dropped: 0 });
    expect(m.takeOutput().text).toBe("");
    expect(m.call("later", [21], budget)).toBe(42);
  });

  it("sends shipped functions as their source or their table; refuses any other function before sending", () => {
    const b = new Budget(5000);
    expect(m.call("apply", [shipped((k: number) => k * k), 3], b)).toBe(9 + 16);
    expect(m.call("apply", [shippedTable([5, 6, 7]), 1], b)).toBe(13);
    expect(() => m.call("apply", [(k: number) => k, 1], b)).toThrow(/apply's arguments\[0\] is a function not made with shipped\(\)/);
  });

  it("a throw is a StudentError with the student's name and message; an unsendable answer says so", () => {
    const b = new Budget(5000);
    const err = (() => {
      try {
        m.call("fails", [], b);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(StudentError);
    expect(err).toMatchObject({ name: "RangeError", message: "too far" });
    expect(() => m.call("throwsText", [], b)).toThrow("threw a non-Error value: just a string");
    expect(() => m.call("giveFunction", [], b)).toThrow(/^giveFunction returned a value that cannot be sent to the grader: /);
    expect(() => m.call("nothing", [], b)).toThrow("nothing is not a function your module exports");
  });

  it("past the budget the call is cut off, the process killed, and every later call on it ends the same way", () => {
    const b = new Budget(300);
    expect(() => m.call("spin", [], b)).toThrow(SandboxStop);
    expect(b.leftMs).toBe(0);
    let stop: unknown;
    try {
      m.call("add", [1, 1], new Budget(5000));
    } catch (e) {
      stop = e;
    }
    expect(stop).toMatchObject({ status: "cut-off", message: expect.stringMatching(/^cut off after 0\.\d s: spin\(\) was still running when the 0\.3 s limit ran out/) });
    expect(m.needsLoad).toBe(true);
  });

  it("a process that exits mid-call has crashed, with its exit code; loading again gives a fresh sandbox", () => {
    m.load(new Budget(20_000));
    let stop: unknown;
    try {
      m.call("leave", [], new Budget(5000));
    } catch (e) {
      stop = e;
    }
    expect(stop).toBeInstanceOf(SandboxStop);
    expect(stop).toMatchObject({ status: "crashed", message: expect.stringMatching(/^crashed: the sandbox process exited with code 3 while leave\(\) was running/) });
    expect(m.needsLoad).toBe(true);
    m.load(new Budget(20_000));
    expect(m.call("add", [0, 1], new Budget(5000))).toBe(10);
  });
});

describe("a module whose top level throws", { timeout: 60_000 }, () => {
  it("fails the load with the student's error", async () => {
    const m = await prepare(submission({ "01-x/x.ts": `throw new TypeError("broken at load");\nexport const f = 1;\n` }));
    try {
      expect(() => m.load(new Budget(20_000))).toThrow(StudentError);
      expect(() => m.load(new Budget(20_000))).toThrow("broken at load");
    } finally {
      m.close();
    }
  });
});


/** Student code that writes frames of its own to fd 4, as if the build-time import check had been bypassed. */
const FORGER = `
import { writeSync } from "node:fs";
import { serialize } from "node:v8";
const raw = (body) => { const h = Buffer.alloc(4); h.writeUInt32LE(body.length, 0); return Buffer.concat([h, body]); };
const frame = (m) => raw(serialize(m));
export function forge(id) {
  writeSync(4, raw(Buffer.from("garbage, not a serialisation")));
  writeSync(4, frame("a string, not a message"));
  writeSync(4, frame({ id }));
  writeSync(4, frame({ op: "result", id: id + 1000, value: "forged for another call" }));
  writeSync(4, frame({ op: "loaded", functions: [], values: {} }));
  return "honest";
}
export function oddOp(id) { writeSync(4, frame({ op: "weird", id })); return "late"; }
`;

describe("frames the judge did not ask for", { timeout: 60_000 }, () => {
  it("garbage, non-messages and answers to other calls are ignored; an odd answer to this call is a crash", async () => {
    const m = await prepare(submission({ "01-x/x.ts": "export function forge(id: number): string { return String(id); }\nexport function oddOp(id: number): string { return String(id); }\n" }));
    try {
      writeFileSync(join((m as unknown as { box: string }).box, "submission.mjs"), FORGER);
      m.load(new Budget(20_000));
      expect(m.call("forge", [1], new Budget(5000))).toBe("honest");
      expect(() => m.call("oddOp", [2], new Budget(5000))).toThrow("oddOp(): the sandbox answered with something else than a result");
    } finally {
      m.close();
    }
  });
});
