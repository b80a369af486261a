/**
 * The two Node globals lib's browser bundle touches, injected by esbuild (`../build.ts`): `process` (the working
 * folder is the notebook's, no environment) and the part of `Buffer` lib uses (UTF-8 and base64 bytes, and the
 * allocation and joining its capped file reader needs).
 */
import { NOTEBOOK_DIR } from "./files.js";

export const process = {
  cwd: () => NOTEBOOK_DIR,
  env: {} as Record<string, string | undefined>,
  platform: "browser",
  version: "",
  versions: {} as Record<string, string>,
  argv: [] as string[],
  emitWarning: () => {},
  hrtime: Object.assign(() => [0, 0], { bigint: () => BigInt(Math.round(performance.now() * 1e6)) }),
  memoryUsage: () => ({ heapUsed: 0, rss: 0 }),
  on: () => {},
  off: () => {},
};

/** Bytes with Node's `toString(encoding)`: UTF-8 or base64. */
class Bytes extends Uint8Array {
  override subarray(start?: number, end?: number): Bytes {
    return new Bytes(Uint8Array.prototype.slice.call(this, start, end));
  }
  override toString(encoding?: string): string {
    if (encoding === "base64") return btoa(Array.from(this, (b) => String.fromCharCode(b)).join(""));
    return new TextDecoder().decode(this);
  }
}

export const Buffer = {
  from(value: string | ArrayLike<number> | ArrayBuffer, encoding?: string): Bytes {
    if (typeof value !== "string") return new Bytes(value instanceof ArrayBuffer ? new Uint8Array(value) : Array.from(value));
    if (encoding === "base64") return new Bytes(Array.from(atob(value), (c) => c.charCodeAt(0)));
    return new Bytes(new TextEncoder().encode(value));
  },
  byteLength: (text: string): number => new TextEncoder().encode(text).length,
  isBuffer: (value: unknown): boolean => value instanceof Bytes,
  /** Zero-filled either way: the browser has no uninitialised memory to hand out. */
  alloc: (size: number): Bytes => new Bytes(size),
  allocUnsafe: (size: number): Bytes => new Bytes(size),
  /** `chunks` joined, cut to `total` bytes when given (lib's capped reader reads a file in chunks). */
  concat(chunks: readonly Uint8Array[], total?: number): Bytes {
    const size = total ?? chunks.reduce((n, c) => n + c.length, 0);
    const out = new Bytes(size);
    let at = 0;
    for (const c of chunks) {
      if (at >= size) break;
      out.set(c.subarray(0, size - at), at);
      at += Math.min(c.length, size - at);
    }
    return out;
  },
};
