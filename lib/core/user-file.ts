/**
 * Reading a file the user named (a session, a scenario, vectors, a notebook, a progress file): it must be a regular
 * file (a link to one is followed) no larger than a cap, checked before a byte is read. `stat` refuses a FIFO,
 * device, socket or folder without opening it; the open is O_NONBLOCK (a FIFO swapped in meanwhile cannot block it)
 * and `fstat` on the descriptor checks again; at most cap + 1 bytes are ever read, so a file that grows is caught.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";
import { WorkbenchInputError } from "./errors.js";
import { fileKind } from "./safe-write.js";

export interface ReadUserFileOptions {
  /** The most bytes the file may hold. */
  maxBytes: number;
  /** What the file is to the caller, named in errors ("session file", "--state"). */
  param: string;
}

export const READ_USER_FILE_DEFAULTS: Readonly<ReadUserFileOptions> = Object.freeze({ maxBytes: 16 * 1024 * 1024, param: "file" });

const WHERE = "readUserFile";

/** "4 MiB", "512 KiB", "100 bytes": a cap as people read it. */
export function formatBytes(n: number): string {
  if (n >= 1 << 20 && n % (1 << 20) === 0) return `${n / (1 << 20)} MiB`;
  if (n >= 1 << 10 && n % (1 << 10) === 0) return `${n / (1 << 10)} KiB`;
  return `${n} bytes`;
}

function checkOptions(options: Partial<ReadUserFileOptions>): ReadUserFileOptions {
  const o = { ...READ_USER_FILE_DEFAULTS, ...options };
  if (!Number.isSafeInteger(o.maxBytes) || o.maxBytes < 1) throw new WorkbenchInputError(WHERE, "options.maxBytes", "must be a positive integer", o.maxBytes);
  if (typeof o.param !== "string" || o.param === "") throw new WorkbenchInputError(WHERE, "options.param", "must be a non-empty string", o.param);
  return o;
}

/** Why a user file was refused: nothing there, not a regular file, over the cap, or an error reading it. */
export type UserFileRefusal = "missing" | "not-regular" | "too-large" | "unreadable";

/** A refusal, with the rule in words (as `WorkbenchInputError` states it). */
class Refused extends Error {
  constructor(
    readonly why: UserFileRefusal,
    readonly rule: string,
  ) {
    super(rule);
  }
}

function checkRegular(st: Stats, maxBytes: number): void {
  if (!st.isFile()) throw new Refused("not-regular", `must be a regular file, not ${fileKind(st)}`);
  if (st.size > maxBytes) throw new Refused("too-large", `must be at most ${formatBytes(maxBytes)} (it has ${st.size} bytes)`);
}

/** Reads at most maxBytes + 1 bytes of `fd`; more than maxBytes is refused. EAGAIN (a non-blocking pipe) waits. */
function readCapped(fd: number, maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let pause: Int32Array | null = null; // made only when a pipe says EAGAIN: a browser worker may lack SharedArrayBuffer
  for (;;) {
    const chunk = Buffer.allocUnsafe(Math.min(1 << 16, maxBytes + 1 - total));
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EAGAIN") throw err;
      pause ??= new Int32Array(new SharedArrayBuffer(4));
      Atomics.wait(pause, 0, 0, 10);
      continue;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
    if (total > maxBytes) throw new Refused("too-large", `must be at most ${formatBytes(maxBytes)} (it has more)`);
  }
  return Buffer.concat(chunks, total);
}

const errno = (err: unknown): Refused =>
  err instanceof Refused
    ? err
    : new Refused((err as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable", `cannot be read (${(err as NodeJS.ErrnoException).code ?? "error"})`);

/**
 * `readUserFile` that never throws for the file's sake (a scan reads many): the bytes, or why the file was refused
 * and the rule it broke. The options are checked as `readUserFile` checks them.
 */
export function tryReadUserFile(path: string, options: Partial<ReadUserFileOptions> = {}): { bytes: Buffer } | { refused: UserFileRefusal; rule: string } {
  const o = checkOptions(options);
  if (typeof path !== "string" || path === "") throw new WorkbenchInputError(WHERE, o.param, "must name a file", path);
  let fd: number | null = null;
  try {
    checkRegular(statSync(path), o.maxBytes);
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    checkRegular(fstatSync(fd), o.maxBytes);
    return { bytes: readCapped(fd, o.maxBytes) };
  } catch (err) {
    const r = errno(err);
    return { refused: r.why, rule: r.rule };
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * The bytes of the regular file at `path`, at most `options.maxBytes` of them; anything else (missing, unreadable,
 * not a regular file, too large) is a `WorkbenchInputError` naming `options.param` and the rule.
 */
export function readUserFile(path: string, options: Partial<ReadUserFileOptions> = {}): Buffer {
  const r = tryReadUserFile(path, options);
  if ("bytes" in r) return r.bytes;
  throw new WorkbenchInputError(WHERE, checkOptions(options).param, r.rule, path);
}

/**
 * The bytes of an already open descriptor (the CLI's "-": standard input), capped alike: a regular file is checked
 * on its size first, a folder refused; a pipe or device is read up to the cap + 1 byte and refused past it.
 */
export function readUserFd(fd: number, options: Partial<ReadUserFileOptions> = {}): Buffer {
  const o = checkOptions(options);
  if (!Number.isSafeInteger(fd) || fd < 0) throw new WorkbenchInputError(WHERE, "fd", "must be a non-negative integer", fd);
  const shown = fd === 0 ? "standard input" : `descriptor ${fd}`;
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new Refused("not-regular", "must be a file or a pipe, not a folder");
    if (st.isFile()) checkRegular(st, o.maxBytes);
    return readCapped(fd, o.maxBytes);
  } catch (err) {
    throw new WorkbenchInputError(WHERE, o.param, errno(err).rule, shown);
  }
}
