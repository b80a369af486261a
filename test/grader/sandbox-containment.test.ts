/**
 * The sandbox process on its own, as if the build-time import check had been bypassed: a module that imports
 * node:fs, node:child_process, node:net and node:worker_threads directly runs under the command the grader uses
 * (lib/grader/sandbox/containment.ts), and must be unable to write, spawn, start a worker, reach the network (where
 * bubblewrap works), or signal the process that started it.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectContainment, sandboxCommand } from "../../lib/grader/sandbox/containment.js";

const PROBE = (outside: string): string => `
import fs from "node:fs";
import cp from "node:child_process";
import net from "node:net";
import { Worker } from "node:worker_threads";
const r = {};
const tryit = async (k, f) => { try { await f(); r[k] = "allowed"; } catch (e) { r[k] = "refused"; } };
await tryit("write", () => fs.writeFileSync(${JSON.stringify(join(outside, "written"))}, "x"));
await tryit("read outside", () => fs.readFileSync("/etc/passwd"));
await tryit("spawn", () => cp.spawnSync("true"));
await tryit("worker", () => new Worker("1", { eval: true }));
await tryit("eval", () => eval("1"));
await tryit("net", () => new Promise((ok, fail) => { const s = net.connect(80, "1.1.1.1"); s.on("connect", () => { s.destroy(); ok(); }); s.on("error", fail); setTimeout(() => fail(new Error("no answer")), 3000); }));
process.stdout.write(JSON.stringify(r));
`;

describe("the sandbox process", () => {
  it("cannot write, spawn, start workers, eval, read outside its folder — or reach the network where bubblewrap works", { timeout: 60_000 }, () => {
    const c = detectContainment();
    const box = mkdtempSync(join(tmpdir(), "wb-box-"));
    const outside = mkdtempSync(join(tmpdir(), "wb-outside-"));
    chmodSync(box, 0o755);
    writeFileSync(join(box, "runtime.mjs"), PROBE(outside), { mode: 0o644 });
    const { command, args } = sandboxCommand(c, box, 128);
    const r = spawnSync(command, args, { encoding: "utf8", env: {}, timeout: 30_000, ...(c.user ?? {}) });
    expect(r.status, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as Record<string, string>;
    expect(result).toMatchObject({ write: "refused", "read outside": "refused", spawn: "refused", worker: "refused", eval: "refused" });
    if (c.summary.includes("bubblewrap")) expect(result.net).toBe("refused");
    expect(existsSync(join(outside, "written"))).toBe(false);
  });

  it("says what contains student code here, and warns when a layer is missing", () => {
    const c = detectContainment();
    expect(c.summary).toMatch(/^student code runs in a separate process: /);
    if (!c.summary.includes("bubblewrap")) expect(c.warning).toMatch(/network is NOT blocked/);
  });
});
