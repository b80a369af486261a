/**
 * lib/conformance/suites.ts: the registry of conformance suites — one per golden vector file the repository carries
 * (test/fixtures/golden/, and lib/grader/judge/golden/ for the two the grader reads), each name once, each suite refusing a file that is not a vector file.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUITES } from "../../lib/conformance/suites.js";
import { GOLDEN, JUDGE_GOLDEN } from "../support/golden.js";

/** Every golden vector file's name: the tests' fixtures and the grader's own two. */
const goldenNames = (): string[] => [GOLDEN, JUDGE_GOLDEN].flatMap((d) => readdirSync(d).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, ""))).sort();

describe("SUITES", () => {
  it("names each suite once, after a golden vector file (render_tree reads treecontext-render.json)", () => {
    const names = SUITES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const files = new Set(goldenNames());
    for (const name of names) expect(files.has(name === "render_tree" ? "treecontext-render" : name), name).toBe(true);
  });

  it("covers every golden vector file but the raw-tags one, which test/repomap/scan/ reads directly", () => {
    const covered = new Set(SUITES.map((s) => (s.name === "render_tree" ? "treecontext-render" : s.name)));
    const files = goldenNames();
    expect(files.filter((f) => !covered.has(f))).toEqual(["aider-get-tags-raw"]);
  });

  it("gives each a one-line description, and each refuses a file that is not a vector file", async () => {
    for (const suite of SUITES) {
      expect(suite.description, suite.name).toMatch(/^[^\n]{10,}$/);
      await expect(Promise.resolve().then(() => suite.run("not a vector file")), suite.name).rejects.toThrow();
    }
  });
});
