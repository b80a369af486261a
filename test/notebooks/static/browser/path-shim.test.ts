import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import * as shim from "../../../../lib/notebooks/static/browser/path-shim.js";

describe("the browser runtime's node:path agrees with Node's POSIX path", () => {
  const cases = ["a/b/../c", "/x/./y//z/", "../../a", "", ".", "/", "a/..", "/a/b/c.tar.gz", "dir/file.ts", ".hidden"];
  it.each(cases)("normalize, dirname, basename, extname of %j", (p) => {
    expect(shim.normalize(p || ".")).toBe(posix.normalize(p || ".").replace(/(.)\/$/, "$1"));
    if (p) {
      expect(shim.dirname(p)).toBe(posix.dirname(p));
      expect(shim.basename(p)).toBe(posix.basename(p));
      expect(shim.extname(p)).toBe(posix.extname(p));
    }
  });
  it("joins and resolves from the notebook folder", () => {
    expect(shim.join("a", "", "b/../c")).toBe(posix.join("a", "", "b/../c"));
    expect(shim.resolve("../lib")).toBe("/project/lib");
    expect(shim.resolvePosix("/p/q", "r", "/s", "t")).toBe(posix.resolve("/p/q", "r", "/s", "t"));
    expect(shim.relative("/project/lib", "/project/notebooks/x")).toBe(posix.relative("/project/lib", "/project/notebooks/x"));
    expect(shim.basename("a/b.ts", ".ts")).toBe("b");
  });
});
