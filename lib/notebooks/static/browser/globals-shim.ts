/**
 * The two Node globals lib's browser bundle touches, injected by esbuild (`../build.ts`): `process` (the working
 * folder is the notebook's, no environment) and the part of `Buffer` lib uses (UTF-8 and base64 bytes).
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
};
