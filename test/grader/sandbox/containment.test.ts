/**
 * How the sandbox is started. `sandboxCommand` lays out the command line for a containment (bubblewrap's binds
 * and the folder seen as /box, the permission flags for the folder only, the heap cap, the runtime last);
 * `detectContainment`'s summary, warning, prefix and user agree with the layers it found; and the sandbox process
 * on its own, as if the build-time import check had been bypassed: a module that imports node:fs,
 * node:child_process, node:net and node:worker_threads directly runs under the command the grader uses, and must
 * be unable to write, spawn, start a worker, eval, read outside its folder or reach the network (where bubblewrap
 * works).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectContainment, sandboxCommand, SIMULATE_NO_BWRAP_ENV, type Containment } from "../../../lib/grader/sandbox/containment.js";

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
    expect(c.networkBlocked).toBe(c.summary.includes("bubblewrap"));
  });

  it(`${SIMULATE_NO_BWRAP_ENV}=1 reports bubblewrap unusable (network not blocked), whatever the machine has`, () => {
    process.env[SIMULATE_NO_BWRAP_ENV] = "1";
    try {
      const c = detectContainment();
      expect(c.networkBlocked).toBe(false);
      expect(c.summary).not.toContain("bubblewrap");
      expect(c.warning).toMatch(/bubblewrap does not work here \(network is NOT blocked/);
    } finally {
      delete process.env[SIMULATE_NO_BWRAP_ENV];
    }
  });
});

/** A containment made by hand, so the command's layout can be checked for each kind of machine. */
const made = (bwrap: boolean, permission: boolean): Containment => ({
  prefix: bwrap ? ["prlimit", "--as=1", "--", "bwrap", "--unshare-all", "--ro-bind"] : ["prlimit", "--as=1", "--"],
  boxPath: (host) => (bwrap ? "/box" : host),
  nodeFlags: (box) => [...(permission ? ["--permission", `--allow-fs-read=${box}/`] : []), "--disallow-code-generation-from-strings"],
  summary: "made by hand",
  networkBlocked: bwrap,
});

describe("sandboxCommand", () => {
  const node = realpathSync(process.execPath);

  it("under bubblewrap: the host folder bound as /box, node started there, the runtime read from /box", () => {
    const { command, args } = sandboxCommand(made(true, true), "/tmp/host-box", 77);
    expect(command).toBe("prlimit");
    const at = args.indexOf("--ro-bind");
    expect(args.slice(at, at + 6)).toEqual(["--ro-bind", "/tmp/host-box", "/box", "--chdir", "/box", node]);
    expect(args.slice(at + 6)).toEqual(["--permission", "--allow-fs-read=/box/", "--disallow-code-generation-from-strings", "--max-old-space-size=77", "--enable-source-maps", "--stack-trace-limit=20", "--disable-warning=ExperimentalWarning", "/box/runtime.mjs"]);
  });

  it("without bubblewrap: node on the host folder itself, which is all the permission model lets it read", () => {
    const { command, args } = sandboxCommand(made(false, true), "/tmp/host-box", 512);
    expect([command, ...args.slice(0, 3)]).toEqual(["prlimit", "--as=1", "--", node]);
    expect(args).toContain("--allow-fs-read=/tmp/host-box/");
    expect(args.filter((a) => a.startsWith("--allow-fs"))).toHaveLength(1);
    expect(args).not.toContain("/box");
    expect(args.at(-1)).toBe("/tmp/host-box/runtime.mjs");
  });

  it("with no layer at all, still node itself with eval off and the heap capped", () => {
    const bare: Containment = { ...made(false, false), prefix: [] };
    const { command, args } = sandboxCommand(bare, "/b", 64);
    expect(command).toBe(node);
    expect(args.slice(0, 2)).toEqual(["--disallow-code-generation-from-strings", "--max-old-space-size=64"]);
  });
});

describe("detectContainment", () => {
  it("is probed once: the same answer each time", () => {
    expect(detectContainment()).toBe(detectContainment());
  });

  it("its parts agree with the layers it names", () => {
    const c = detectContainment();
    const bwrap = c.summary.includes("bubblewrap");
    expect(c.prefix.includes("bwrap")).toBe(bwrap);
    expect(c.boxPath("/host")).toBe(bwrap ? "/box" : "/host");
    expect(c.prefix[0] === "prlimit").toBe(c.summary.includes("address-space cap"));
    expect(c.user !== undefined).toBe(c.summary.includes("user nobody"));
    if (c.user) expect(c.user).toEqual({ uid: 65534, gid: 65534 });
    expect(c.warning === undefined).toBe(c.summary.includes("Node permission model") && bwrap && c.summary.includes("address-space cap"));
    const flags = c.nodeFlags("/x");
    expect(flags.at(-1)).toBe("--disallow-code-generation-from-strings");
    if (c.summary.includes("Node permission model")) expect(flags.filter((f) => f.startsWith("--allow-"))).toEqual(["--allow-fs-read=/x/"]);
  });
});
