import { describe, expect, it } from "vitest";
import { Buffer as Shim, process as shimProcess } from "../../../../lib/notebooks/static/browser/globals-shim.js";

describe("the browser runtime's Buffer and process", () => {
  it("encodes and decodes UTF-8 and base64 as Node's Buffer does", () => {
    for (const s of ["", "abc", "é漢字 🙂", "x".repeat(100)]) {
      const ours = Shim.from(s, "utf8");
      expect([...ours]).toEqual([...Buffer.from(s, "utf8")]);
      expect(ours.toString("base64")).toBe(Buffer.from(s).toString("base64"));
      expect(Shim.from(ours.toString("base64"), "base64").toString("utf8")).toBe(s);
      expect(Shim.byteLength(s)).toBe(Buffer.byteLength(s));
    }
    expect(Shim.from("héllo").subarray(1, 3).toString("utf8")).toBe(Buffer.from("héllo").subarray(1, 3).toString("utf8"));
    expect(Shim.isBuffer(Shim.from([1, 2]))).toBe(true);
  });
  it("runs in the notebook's folder with no environment", () => {
    expect(shimProcess.cwd()).toBe("/project/notebooks");
    expect(shimProcess.env).toEqual({});
  });
  it("allocates and joins bytes as lib's capped file reader does, cut to a total", () => {
    expect(Array.from(Shim.alloc(3))).toEqual([0, 0, 0]);
    const a = Shim.allocUnsafe(4);
    a.set([104, 105, 33, 33]);
    expect(Shim.concat([a.subarray(0, 2), Shim.from(" there")]).toString("utf8")).toBe("hi there");
    expect(Shim.concat([a, Shim.from("xyz")], 5).toString("utf8")).toBe("hi!!x");
    expect(Shim.concat([]).length).toBe(0);
  });
});
