/** lib/core/safe-write.ts: an output path is a regular file or nothing; special files and links are never touched. */
import { execFileSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WorkbenchInputError } from "../../lib/core/errors.js";
import { checkOutputFolder, checkOutputPath, fileKind, writeOutputFile } from "../../lib/core/safe-write.js";
import { tempDirs } from "../support/temp-dirs.js";

const dir = tempDirs()("wb-safe-write-");
const fifo = join(dir, "fifo");
execFileSync("mkfifo", [fifo]);
const socketPath = join(dir, "sock");
let server: Server | null = null;
afterAll(() => server?.close());

/** rdev, mode and inode: what must not change on a device or FIFO the writer was pointed at. */
const identity = (p: string) => {
  const s = lstatSync(p);
  return { rdev: s.rdev, mode: s.mode, ino: s.ino, size: s.size };
};

function refusal(fn: () => unknown): WorkbenchInputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WorkbenchInputError);
    return err as WorkbenchInputError;
  }
  throw new Error("expected a refusal");
}

describe("checkOutputPath", () => {
  it("accepts a new name in an existing folder (null: nothing there) and an existing regular file (its stat)", () => {
    expect(checkOutputPath(join(dir, "new.json"), "--json")).toBeNull();
    writeFileSync(join(dir, "old.json"), "{}");
    expect(checkOutputPath(join(dir, "old.json"), "--json")?.isFile()).toBe(true);
  });

  it("refuses a character device, a FIFO, a socket, a folder and a symbolic link, naming the option and the kind", async () => {
    server = createServer();
    await new Promise<void>((done) => server!.listen(socketPath, done));
    symlinkSync(join(dir, "old.json"), join(dir, "link.json"));
    const cases: [string, RegExp][] = [
      ["/dev/full", /not a character device/],
      [fifo, /not a FIFO/],
      [socketPath, /not a socket/],
      [dir, /not a folder/],
      [join(dir, "link.json"), /not a symbolic link/],
    ];
    for (const [path, kind] of cases) {
      const err = refusal(() => checkOutputPath(path, "--junit"));
      expect(err.parameter).toBe("--junit");
      expect(err.rule).toMatch(kind);
      expect(err.message.split("\n")).toHaveLength(1);
    }
  });

  it("refuses a name whose folder does not exist, and an empty path", () => {
    expect(refusal(() => checkOutputPath(join(dir, "missing", "r.json"), "--json")).rule).toMatch(/folder that exists/);
    expect(refusal(() => checkOutputPath("", "--json")).rule).toBe("must name a file");
  });
});

describe("writeOutputFile", () => {
  it("writes a new file and replaces an old one whole, keeping its permissions; no temporary file is left", () => {
    const path = join(dir, "w", "report.json");
    mkdirSync(join(dir, "w"));
    writeOutputFile(path, "one\n", "--json");
    expect(readFileSync(path, "utf8")).toBe("one\n");
    chmodSync(path, 0o600);
    writeOutputFile(path, new TextEncoder().encode("two\n"), "--json");
    expect(readFileSync(path, "utf8")).toBe("two\n");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, "w"))).toEqual(["report.json"]);
  });

  it("leaves /dev/full, /dev/null, a FIFO and a link's target exactly as they were", () => {
    const target = join(dir, "target.txt");
    writeFileSync(target, "keep");
    symlinkSync(target, join(dir, "to-target"));
    symlinkSync("/dev/null", join(dir, "to-null"));
    for (const path of ["/dev/full", "/dev/null", fifo, join(dir, "to-target"), join(dir, "to-null")]) {
      const before = identity(path);
      refusal(() => writeOutputFile(path, "x", "--out"));
      expect(identity(path), path).toEqual(before);
    }
    expect(readFileSync(target, "utf8")).toBe("keep");
    expect(identity("/dev/null").rdev).toBe(statSync("/dev/null").rdev);
  });

  it("a path under a file (not a folder) is one line naming the option", () => {
    writeFileSync(join(dir, "plain"), "");
    const err = refusal(() => writeOutputFile(join(dir, "plain", "x.json"), "x", "--classroom"));
    expect(err.message).toMatch(/^checkOutputPath: --classroom must be in a folder that exists/);
  });
});

describe("checkOutputFolder", () => {
  it("accepts a folder or a new name; refuses a link, a device, a FIFO and a file", () => {
    expect(() => checkOutputFolder(dir, "--out")).not.toThrow();
    expect(() => checkOutputFolder(join(dir, "new-folder"), "--out")).not.toThrow();
    symlinkSync(dir, join(dir, "folder-link"));
    for (const [path, kind] of [
      [join(dir, "folder-link"), /symbolic link/],
      ["/dev/null", /character device/],
      [fifo, /FIFO/],
      [join(dir, "plain"), /regular file/],
    ] as const) {
      expect(refusal(() => checkOutputFolder(path, "OUT")).rule, path).toMatch(kind);
    }
  });
});

describe("fileKind", () => {
  it("names each kind of file", () => {
    expect(fileKind(lstatSync("/dev/null"))).toBe("a character device");
    expect(fileKind(lstatSync(fifo))).toBe("a FIFO");
    expect(fileKind(lstatSync(dir))).toBe("a folder");
    expect(fileKind(lstatSync(join(dir, "plain")))).toBe("a regular file");
  });
});
