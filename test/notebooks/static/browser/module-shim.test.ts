import { describe, expect, it } from "vitest";
import { createRequire } from "../../../../lib/notebooks/static/browser/module-shim.js";

describe("the browser runtime's createRequire", () => {
  it("resolves a package's files under the in-memory node_modules", () => {
    expect(createRequire().resolve("tree-sitter-python/package.json")).toBe("/project/node_modules/tree-sitter-python/package.json");
  });
});
