import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as shim from "../../../../lib/notebooks/static/browser/crypto-shim.js";

describe("the browser runtime's createHash('sha256') equals Node's", () => {
  it("on any text, in one update or two, across the 55/56/64-byte padding edges", () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const s = "q".repeat(n);
      expect(shim.createHash("sha256").update(s).digest("hex")).toBe(createHash("sha256").update(s).digest("hex"));
    }
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string(), (a, b) => {
        expect(shim.createHash("sha256").update(a).update(b).digest("hex")).toBe(createHash("sha256").update(a).update(b).digest("hex"));
      }),
    );
  });
  it("says which algorithm it lacks", () => {
    expect(() => shim.createHash("sha1")).toThrow(/sha1.*not available/);
  });
  it("gives random bytes from the browser's generator, as hex too", () => {
    const a = shim.randomBytes(6);
    expect(a).toHaveLength(6);
    expect(a.toString("hex")).toMatch(/^[0-9a-f]{12}$/);
    expect(shim.randomBytes(16).toString("hex")).not.toBe(shim.randomBytes(16).toString("hex"));
  });
});
