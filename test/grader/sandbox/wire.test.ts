/**
 * The judge–sandbox frames: a 4-byte little-endian length and a V8 serialisation. Frames survive any split into
 * chunks, a length over the limit is refused before its bytes arrive, and decoding gives data only — no
 * prototypes, getters or functions — or throws on bytes that are no serialisation.
 */
import fc from "fast-check";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { decodePayload, encodeFrame, FrameReader } from "../../../lib/grader/sandbox/wire.js";

const MESSAGES: unknown[] = [
  { op: "load" },
  { op: "call", id: 3, name: "f", args: [new Map([["a", new Set([1, NaN])]]), -0, undefined, 10n, "é😀"] },
  { op: "result", id: 3, value: [[], {}, null] },
];

/** Splits `bytes` at the given cut points. */
const chunks = (bytes: Buffer, cuts: number[]): Buffer[] => {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    out.push(bytes.subarray(from, c));
    from = c;
  }
  return out;
};

describe("encodeFrame", () => {
  it("is the payload's length, little-endian, then the V8 serialisation", () => {
    const frame = encodeFrame({ op: "load" });
    const body = serialize({ op: "load" });
    expect(frame.readUInt32LE(0)).toBe(body.length);
    expect(frame.subarray(4).equals(body)).toBe(true);
  });
});

describe("FrameReader", () => {
  it("property: frames cut into chunks anywhere come out whole, in order, and decode to the messages sent", () => {
    const stream = Buffer.concat(MESSAGES.map(encodeFrame));
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const reader = new FrameReader(1024);
        const got = chunks(stream, cuts).flatMap((c) => reader.push(c));
        expect(got.map(decodePayload)).toEqual(MESSAGES);
      }),
    );
  });

  it("returns nothing until a frame is complete, and keeps the rest for the next push", () => {
    const reader = new FrameReader(1024);
    const [a, b] = [encodeFrame("first"), encodeFrame("second")];
    expect(reader.push(a.subarray(0, 3))).toEqual([]);
    expect(reader.push(Buffer.concat([a.subarray(3), b.subarray(0, 5)])).map(decodePayload)).toEqual(["first"]);
    expect(reader.push(b.subarray(5)).map(decodePayload)).toEqual(["second"]);
  });

  it("refuses a length over the limit from its header alone, and accepts one exactly at it", () => {
    const frame = encodeFrame("x".repeat(20));
    const size = frame.readUInt32LE(0);
    expect(new FrameReader(size).push(frame)).toHaveLength(1);
    expect(() => new FrameReader(size - 1).push(frame.subarray(0, 4))).toThrow(`a message of ${size} bytes is over the ${size - 1}-byte limit`);
    const huge = Buffer.alloc(4);
    huge.writeUInt32LE(0xffffffff, 0);
    expect(() => new FrameReader(32 * 1024 * 1024).push(huge)).toThrow(/4294967295 bytes is over/);
  });
});

describe("decodePayload", () => {
  it("gives plain data: an instance loses its class and methods, a getter arrives as the value it had", () => {
    class Sneaky {
      x = 1;
      get y(): number {
        return 2;
      }
      toJSON(): string {
        return "ran";
      }
    }
    const decoded = decodePayload(serialize(new Sneaky())) as Record<string, unknown>;
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(decoded).toEqual({ x: 1 });
    let reads = 0;
    const withGetter = Object.defineProperty({}, "g", { enumerable: true, get: () => ++reads });
    const payload = serialize(withGetter);
    expect(decodePayload(payload)).toEqual({ g: 1 });
    expect(decodePayload(payload)).toEqual({ g: 1 });
    expect(reads).toBe(1);
  });

  it("throws on bytes that are no V8 serialisation (a forged or torn frame), including an empty payload", () => {
    expect(() => decodePayload(Buffer.alloc(0))).toThrow();
    expect(() => decodePayload(Buffer.from("not a frame"))).toThrow();
    const torn = serialize({ op: "result", id: 1, value: "x".repeat(50) });
    expect(() => decodePayload(torn.subarray(0, torn.length - 10))).toThrow();
  });

  it("property: arbitrary bytes either throw or decode to data holding no function", () => {
    const hasFunction = (v: unknown, depth = 0): boolean =>
      typeof v === "function" || (depth < 20 && v !== null && typeof v === "object" && Object.values(v).some((x) => hasFunction(x, depth + 1)));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let decoded: unknown;
        try {
          decoded = decodePayload(Buffer.concat([Buffer.from([0xff, 0x0f]), Buffer.from(bytes)]));
        } catch {
          return;
        }
        expect(hasFunction(decoded)).toBe(false);
      }),
    );
  });
});
