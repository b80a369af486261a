/** lib/core/own.ts: look-ups that never reach Object.prototype (a file named `constructor` is an ordinary key). */
import { describe, expect, it } from "vitest";
import { own, recordOf } from "../../lib/core/own.js";

describe("own", () => {
  it("reads own properties only", () => {
    const o: Record<string, number> = { a: 1 };
    expect(own(o, "a")).toBe(1);
    expect(own(o, "constructor")).toBeUndefined();
    expect(own(o, "toString")).toBeUndefined();
    expect(own(o, "__proto__")).toBeUndefined();
  });
});

describe("recordOf", () => {
  it("makes every entry an own property, __proto__ included, without touching the prototype", () => {
    const r = recordOf([["__proto__", 1], ["constructor", 2], ["b", 3]]);
    expect(Object.keys(r)).toEqual(["__proto__", "constructor", "b"]);
    expect(own(r, "__proto__")).toBe(1);
    expect(own(r, "constructor")).toBe(2);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });
});
