/** lib/core/user-file.ts: a user's file is read only when it is a regular file under its cap, checked before reading. */
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, openSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { formatBytes, readUserFd, readUserFile, READ_USER_FILE_DEFAULTS, tryReadUserFile } from "../../lib/core/user-file.js";
import { tempDirs } from "../support/temp-dirs.js";

const dir = tempDirs()("wb-user-file-");
const fifo = join(dir, "fifo");
execFileSync("mkfifo", [fifo]);
writeFileSync(join(dir, "ok.json"), '{"a":1}');
writeFileSync(join(dir, "big"), Buffer.alloc(2048, 97));
symlinkSync("/dev/zero", join(dir, "zero-link"));
symlinkSync(join(dir, "ok.json"), join(dir, "ok-link"));

function rule(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WorkbenchInputError);
    expect((err as Error).message.split("\n")).toHaveLength(1);
    return (err as WorkbenchInputError).rule;
  }
  throw new Error("expected a refusal");
}

describe("readUserFile", () => {
  it("reads a regular file, and one through a link", () => {
    expect(readUserFile(join(dir, "ok.json"), { maxBytes: 100, param: "session" }).toString()).toBe('{"a":1}');
    expect(readUserFile(join(dir, "ok-link")).toString()).toBe('{"a":1}');
  });

  it("refuses a FIFO without waiting, /dev/zero and a link to it, a folder, an oversized file and a missing one", () => {
    const started = performance.now();
    expect(rule(() => readUserFile(fifo, { param: "session" }))).toBe("must be a regular file, not a FIFO");
    expect(rule(() => readUserFile("/dev/zero", { param: "session" }))).toBe("must be a regular file, not a character device");
    expect(rule(() => readUserFile(join(dir, "zero-link")))).toBe("must be a regular file, not a character device");
    expect(rule(() => readUserFile(dir))).toBe("must be a regular file, not a folder");
    expect(rule(() => readUserFile(join(dir, "big"), { maxBytes: 1024 }))).toBe("must be at most 1 KiB (it has 2048 bytes)");
    expect(rule(() => readUserFile(join(dir, "nope")))).toBe("cannot be read (ENOENT)");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("names the parameter it was given; bad options are refused", () => {
    try {
      readUserFile(fifo, { param: "--replay" });
    } catch (err) {
      expect((err as WorkbenchInputError).parameter).toBe("--replay");
    }
    expect(rule(() => readUserFile(join(dir, "ok.json"), { maxBytes: 0 }))).toBe("must be a positive integer");
    expect(rule(() => readUserFile(join(dir, "ok.json"), { maxBytes: 1.5 }))).toBe("must be a positive integer");
    expect(rule(() => readUserFile(""))).toBe("must name a file");
    expect(READ_USER_FILE_DEFAULTS.maxBytes).toBe(16 << 20);
    expect(Object.isFrozen(READ_USER_FILE_DEFAULTS)).toBe(true);
  });
});

describe("tryReadUserFile", () => {
  it("says why, without throwing", () => {
    expect(tryReadUserFile(fifo)).toMatchObject({ refused: "not-regular" });
    expect(tryReadUserFile(join(dir, "nope"))).toMatchObject({ refused: "missing" });
    expect(tryReadUserFile(join(dir, "big"), { maxBytes: 10 })).toMatchObject({ refused: "too-large" });
    expect(tryReadUserFile(join(dir, "big"), { maxBytes: 2048 })).toMatchObject({ bytes: Buffer.alloc(2048, 97) });
  });
});

describe("readUserFd", () => {
  it("caps what a device or pipe gives: /dev/zero as stdin is refused after cap + 1 bytes", () => {
    // run in a child so that its standard input can be /dev/zero; the child prints the rule it got
    const script = `import { readUserFd } from ${JSON.stringify(join(import.meta.dirname, "..", "..", "lib", "core", "user-file.ts"))};
try { readUserFd(0, { maxBytes: 4096 }); console.log("read"); } catch (e) { console.log(e.rule); }`;
    const tsx = join(import.meta.dirname, "..", "..", "node_modules", ".bin", "tsx");
    const zero = spawnSync(tsx, ["-e", script], { stdio: ["pipe", "pipe", "pipe"], input: Buffer.alloc(10_000), encoding: "utf8", timeout: 60_000 });
    expect(zero.stdout.trim()).toBe("must be at most 4 KiB (it has more)");
    const small = spawnSync(tsx, ["-e", script], { input: "{}", encoding: "utf8", timeout: 60_000 });
    expect(small.stdout.trim()).toBe("read");
  }, 120_000);

  it("refuses a folder as the descriptor and a bad descriptor number", () => {
    const fd = openSync(dir, "r");
    try {
      expect(rule(() => readUserFd(fd))).toBe("must be a file or a pipe, not a folder");
    } finally {
      closeSync(fd);
    }
    expect(rule(() => readUserFd(-1))).toBe("must be a non-negative integer");
  });
});

describe("formatBytes", () => {
  it("says a cap as people read it", () => {
    expect(formatBytes(16 << 20)).toBe("16 MiB");
    expect(formatBytes(512 << 10)).toBe("512 KiB");
    expect(formatBytes(1000)).toBe("1000 bytes");
  });
});
