/**
 * The judge–sandbox wire format (lib/grader/README.md, "The protocol"). Both sides exchange frames on two pipes:
 * a 4-byte little-endian length, then a V8-serialised message (`node:v8` structured clone: plain objects, arrays,
 * Map, Set, numbers with NaN/-0, strings, undefined, BigInt — never functions, getters or prototypes, so nothing the
 * judge decodes can run code). Functions the judge passes as arguments travel as `ShippedFunction` data.
 *
 * This module is bundled into the sandbox's runtime too: it imports nothing but `node:v8`.
 */
import { deserialize, serialize } from "node:v8";

/** Judge → sandbox. */
export type JudgeMessage =
  | { op: "load" }
  | { op: "call"; id: number; name: string; args: unknown[] };

/** How the sandbox describes a thrown value: only strings, bounded by the judge when shown. */
export interface WireError {
  name: string;
  message: string;
  stack: string;
}

/** Sandbox → judge. Everything in it is untrusted: the judge validates before use. */
export type SandboxMessage =
  | { op: "loaded"; functions: string[]; values: Record<string, unknown> }
  | { op: "load-failed"; error: WireError }
  | { op: "result"; id: number; value: unknown }
  | { op: "threw"; id: number; error: WireError }
  | { op: "unsendable"; id: number; why: string };

/** The key marking a function passed to student code as data (its source, or a table for integer arguments). */
export const FN_KEY = "\u0000workbench:function";

export type ShippedFunction = { [FN_KEY]: { source: string } | { table: unknown[] } };

/** One frame: length prefix and payload. */
export function encodeFrame(message: unknown): Buffer {
  const body = serialize(message);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Cuts complete frames off the front of a growing buffer; `maxBytes` bounds one frame (a bigger one is an error). */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly maxBytes: number) {}

  /** Adds bytes; returns the payloads completed by them (still serialised). */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const out: Buffer[] = [];
    while (this.pending.length >= 4) {
      const size = this.pending.readUInt32LE(0);
      if (size > this.maxBytes) throw new Error(`a message of ${size} bytes is over the ${this.maxBytes}-byte limit`);
      if (this.pending.length < 4 + size) break;
      out.push(this.pending.subarray(4, 4 + size));
      this.pending = this.pending.subarray(4 + size);
    }
    return out;
  }
}

/** Decodes one payload; throws on anything that is not a well-formed V8 serialisation. */
export function decodePayload(payload: Buffer): unknown {
  return deserialize(payload);
}
