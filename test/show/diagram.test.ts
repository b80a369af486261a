/** lib/show/diagram.ts: the committed diagrams, by name. */
import { describe, expect, it } from "vitest";
import { diagram, diagramNames } from "../../lib/show/diagram.js";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

describe("show: diagrams", () => {
  it("reads a committed diagram without its stamp, and names the known ones for a typo", () => {
    expect(diagramNames(root)).toContain("aider-loop");
    expect(diagram("aider-loop", root)).toMatch(/^<svg id="aider-loop"/);
    expect(() => diagram("aider-lop", root)).toThrow(/diagram: name must name a diagram in diagrams\/ \(known: .*aider-loop/);
  });
});
