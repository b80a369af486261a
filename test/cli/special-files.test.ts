/**
 * Every command that reads a user's file, given a FIFO, /dev/zero, a folder, a link to /dev/zero and a file one
 * byte over its cap, and every command that writes one, given /dev/full, /dev/null, a FIFO, a socket, a link and a
 * folder: exit 2, one line, under a second of CPU each, and the special files untouched (lib/core/user-file.ts,
 * lib/core/safe-write.ts). A shell loop keeps each FIFO's other end opening, so a regression that opened one
 * would fail here instead of hanging the suite.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { copyFileSync, lstatSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../lib/cli.js";
import { INPUT_LIMITS, type InputKind } from "../../lib/cli/command.js";
import { MAX_STATE_BYTES } from "../../lib/grader/state.js";
import { tempDirs, writeTree } from "../support/temp-dirs.js";

const ROOT = join(import.meta.dirname, "..", "..");
const dir = tempDirs()("wb-special-files-");
const inFifo = join(dir, "in.fifo");
const outFifo = join(dir, "out.fifo");
execFileSync("mkfifo", [inFifo, outFifo]);
symlinkSync("/dev/zero", join(dir, "zero-link"));
mkdirSync(join(dir, "folder"));
mkdirSync(join(dir, "subs"));
writeFileSync(join(dir, "target.txt"), "keep me\n");
symlinkSync(join(dir, "target.txt"), join(dir, "link-to-target"));
symlinkSync("/dev/null", join(dir, "link-to-null"));
const socketPath = join(dir, "out.sock");
writeTree(join(dir, "tiny"), { "a.py": "def alpha():\n    return beta()\n", "b.py": "def beta():\n    pass\n" });

/** A file of `bytes` bytes that takes no disk (sparse). */
function sparse(name: string, bytes: number): string {
  const path = join(dir, name);
  writeFileSync(path, "");
  truncateSync(path, bytes);
  return path;
}

let helpers: ChildProcess[] = [];
let server: Server | null = null;
beforeAll(async () => {
  // the FIFOs' other ends: a writer that opens in.fifo whenever a reader does, a reader for out.fifo alike
  helpers = [
    spawn("sh", ["-c", `while :; do : > '${inFifo}'; done`], { stdio: "ignore" }),
    spawn("sh", ["-c", `while :; do cat '${outFifo}' > /dev/null; done`], { stdio: "ignore" }),
  ];
  server = createServer();
  await new Promise<void>((done) => server!.listen(socketPath, done));
});
afterAll(() => {
  for (const h of helpers) h.kill("SIGKILL");
  server?.close();
});

async function cli(argv: string[]): Promise<{ code: number; err: string; cpuMs: number }> {
  let err = "";
  const saved = process.env.INIT_CWD;
  process.env.INIT_CWD = dir;
  const cpu = process.cpuUsage();
  try {
    const code = await runCli(argv, { stdout: () => undefined, stderr: (t) => void (err += t), isTTY: false });
    const used = process.cpuUsage(cpu);
    return { code, err, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    if (saved === undefined) delete process.env.INIT_CWD;
    else process.env.INIT_CWD = saved;
  }
}

/** rdev, mode, inode and size: what must not change on a file a command was pointed at. */
const identity = (p: string) => {
  const s = lstatSync(p);
  return { rdev: s.rdev, mode: s.mode, ino: s.ino, size: s.size };
};
const WATCHED = ["/dev/full", "/dev/null", outFifo, inFifo, join(dir, "link-to-target"), join(dir, "link-to-null")];

const counts = { readTried: 0, readRefused: 0, writeTried: 0, writeRefused: 0 };
let slowest = 0;

async function expectRefused(argv: string[], what: string): Promise<void> {
  const r = await cli(argv);
  slowest = Math.max(slowest, r.cpuMs);
  expect(r.code, `${what}: ${argv.join(" ")} → ${r.err}`).toBe(2);
  expect(r.err.trimEnd().split("\n"), `${what}: ${r.err}`).toHaveLength(1);
  expect(r.err, what).not.toMatch(/\n\s+at |internal error/);
  expect(r.cpuMs, `${what}: CPU ms`).toBeLessThan(1000);
}

/** Each reading command, with the kind of input (its cap) and how its file is named on the command line. */
const READERS: { name: string; kind: InputKind | "progress-state"; argv: (file: string) => string[] }[] = [
  { name: "loop", kind: "session", argv: (f) => ["loop", f] },
  { name: "loop --replay", kind: "recording", argv: (f) => ["loop", "--replay", f] },
  { name: "teach", kind: "teach", argv: (f) => ["teach", "repo-map", f] },
  { name: "conformance", kind: "vectors", argv: (f) => ["conformance", "pagerank", f] },
  { name: "git-scenario", kind: "scenario", argv: (f) => ["git-scenario", f] },
  { name: "notebooks", kind: "notebook", argv: (f) => ["notebooks", "--check", f] },
  { name: "hint --state", kind: "progress-state", argv: (f) => ["hint", "01", "--state", f] },
];

describe("reading commands refuse special and oversized files", () => {
  it("a FIFO, /dev/zero, a folder, a link to /dev/zero and a file one byte over the cap: exit 2, one line, no wait", async () => {
    const before = WATCHED.map(identity);
    for (const reader of READERS) {
      const cap = reader.kind === "progress-state" ? MAX_STATE_BYTES : INPUT_LIMITS[reader.kind];
      const ipynb = reader.name === "notebooks";
      // notebooks takes a path only when it ends in .ipynb: the same special files under such names
      const named = (name: string, target: string): string => {
        if (!ipynb) return target;
        const link = join(dir, `${name}.ipynb`);
        try {
          symlinkSync(target, link);
        } catch {
          // made by an earlier reader
        }
        return link;
      };
      const inputs: [string, string][] = [
        ["FIFO", named("fifo", inFifo)],
        ["/dev/zero", named("zero", "/dev/zero")],
        ["folder", ipynb ? (mkdirSync(join(dir, "folder.ipynb"), { recursive: true }), join(dir, "folder.ipynb")) : join(dir, "folder")],
        ["link to /dev/zero", named("zero-link", join(dir, "zero-link"))],
        ["one byte over the cap", sparse(`big-${reader.kind}${ipynb ? ".ipynb" : ".json"}`, cap + 1)],
      ];
      for (const [what, file] of inputs) {
        if (reader.name === "hint --state" && what !== "one byte over the cap") continue; // the output check comes first (below)
        counts.readTried++;
        await expectRefused(reader.argv(file), `${reader.name} on ${what}`);
        counts.readRefused++;
      }
    }
    expect(WATCHED.map(identity)).toEqual(before);
  }, 120_000);

  it("a file at its cap is read (the cap is not off by one): teach on 4 MiB of JSON whitespace is bad JSON, not too large", async () => {
    const path = join(dir, "at-cap.json");
    writeFileSync(path, "[" + " ".repeat(INPUT_LIMITS.teach - 2) + "]");
    const r = await cli(["teach", "repo-map", path]);
    expect(r.code).toBe(2);
    expect(r.err).not.toMatch(/at most/);
  });

  it("stdin: the cap holds for '-' too (a real process, its stdin a 5 MiB stream of zero bytes)", async () => {
    const tsx = join(ROOT, "node_modules", ".bin", "tsx");
    const child = spawn(tsx, [join(ROOT, "lib", "cli.ts"), "teach", "repo-map", "-"], { stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.stdin.on("error", () => undefined); // the reader stops at the cap and exits: EPIPE is expected
    child.stdin.end(Buffer.alloc(5 << 20));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    counts.readTried++;
    expect(code).toBe(2);
    expect(err.trim()).toBe("teach: standard input (-) must be at most 4 MiB (it has more)");
    counts.readRefused++;
  }, 120_000);

  it("map: a folder holding a FIFO, a link to /dev/zero and a file over the size limit maps the rest (exit 0); map of a FIFO is one line", async () => {
    const repo = join(dir, "repo-specials");
    writeTree(repo, { "ok.py": "def fine():\n    return 1\n" });
    execFileSync("mkfifo", [join(repo, "pipe.py")]);
    symlinkSync("/dev/zero", join(repo, "zero.py"));
    copyFileSync(sparse("big-source.py", (1 << 20) + 1), join(repo, "big.py"));
    const r = await cli(["map", repo, "--no-cache"]);
    expect(r.code, r.err).toBe(0);
    expect(r.cpuMs).toBeLessThan(5000); // tree-sitter's grammar loading is most of it
    counts.readTried += 2;
    counts.readRefused += 2; // the FIFO is never listed (not a regular file), the link to /dev/zero likewise
    await expectRefused(["map", inFifo], "map of a FIFO");
    counts.readTried++;
    counts.readRefused++;
  }, 120_000);
});

/** Each writing command and how its output is named; `folder: true` when the output is a folder. */
const WRITERS: { name: string; folder?: true; argv: (out: string) => string[] }[] = [
  { name: "grade --json", argv: (o) => ["grade", "01", "--json", o] },
  { name: "grade --junit", argv: (o) => ["grade", "01", "--junit", o] },
  { name: "grade --classroom", argv: (o) => ["grade", "01", "--classroom", o] },
  { name: "grade --state", argv: (o) => ["grade", "01", "--state", o] },
  { name: "hint --state", argv: (o) => ["hint", "01", "--state", o] },
  { name: "similarity --out", argv: (o) => ["similarity", join(dir, "subs"), "--out", o] },
  { name: "similarity --markdown", argv: (o) => ["similarity", join(dir, "subs"), "--markdown", o] },
  { name: "loop --record", argv: (o) => ["loop", join(ROOT, "lib", "loop", "sessions", "one-reflection.json"), "--model", "openai:m", "--record", o] },
  { name: "grade-class --out", folder: true, argv: (o) => ["grade-class", join(dir, "subs"), "--out", o] },
  { name: "release", folder: true, argv: (o) => ["release", o] },
  { name: "map --cache-dir", folder: true, argv: (o) => ["map", join(dir, "tiny"), "--cache-dir", o] },
];

describe("writing commands refuse every output path that is not a regular file (or a folder, for a folder output)", () => {
  it("/dev/full, /dev/null, a FIFO, a socket, links to a file and to /dev/null, a folder: exit 2, one line; all untouched", async () => {
    const before = WATCHED.map(identity);
    for (const writer of WRITERS) {
      const outputs: [string, string][] = [
        ["/dev/full", "/dev/full"],
        ["/dev/null", "/dev/null"],
        ["FIFO", outFifo],
        ["socket", socketPath],
        ["link to a file", join(dir, "link-to-target")],
        ["link to /dev/null", join(dir, "link-to-null")],
        writer.folder ? ["regular file", join(dir, "target.txt")] : ["folder", join(dir, "folder")],
      ];
      for (const [what, out] of outputs) {
        counts.writeTried++;
        await expectRefused(writer.argv(out), `${writer.name} to ${what}`);
        counts.writeRefused++;
      }
    }
    expect(WATCHED.map(identity)).toEqual(before);
    expect(readFileSync(join(dir, "target.txt"), "utf8")).toBe("keep me\n");
    expect(lstatSync("/dev/full").isCharacterDevice() && lstatSync("/dev/null").isCharacterDevice()).toBe(true);
  }, 120_000);

  it("notebooks --normalise never rewrites a notebook through a link", async () => {
    const real = join(dir, "real.ipynb");
    writeFileSync(real, readFileSync(join(ROOT, "notebooks", "01-personalized-pagerank.ipynb"), "utf8").replace(/\n$/, "\n\n"));
    symlinkSync(real, join(dir, "linked.ipynb"));
    const text = readFileSync(real, "utf8");
    counts.writeTried++;
    await expectRefused(["notebooks", "--normalise", join(dir, "linked.ipynb")], "notebooks --normalise through a link");
    counts.writeRefused++;
    expect(readFileSync(real, "utf8")).toBe(text);
  });

  afterAll(() => {
    console.log(`special files: ${counts.readTried} reads tried, ${counts.readRefused} refused; ${counts.writeTried} writes tried, ${counts.writeRefused} refused; slowest ${slowest.toFixed(0)} ms CPU`);
  });
});
