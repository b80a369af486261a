import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../../lib/grader/judge/vitest.config.js";

const ROOT = join(__dirname, "..", "..", "..");

describe("the plain-vitest config of the graded tests", () => {
  it("is rooted at the checkout, takes the graded test files and no other, and resolves the lib for them", () => {
    const c = config as { root: string; resolve: { alias: { find: RegExp; replacement: string }[] }; test: { include: string[]; setupFiles: string[] } };
    expect(c.root).toBe(ROOT);
    expect(c.test.include).toEqual(["test/exercises/*.test.ts"]);
    expect(readdirSync(join(ROOT, "test", "exercises")).filter((f) => f.endsWith(".test.ts")).length).toBeGreaterThanOrEqual(9);
    const lib = c.resolve.alias.find((a) => a.find.test("@aider-workbench/lib"))!;
    expect(lib.replacement).toBe(join(ROOT, "lib", "index.ts"));
    expect(lib.find.test("@aider-workbench/lib/x")).toBe(false);
    const entry = c.resolve.alias.find((a) => a.find.test("@aider-workbench/lib/repomap"))!;
    expect("@aider-workbench/lib/repomap".replace(entry.find, entry.replacement)).toBe(join(ROOT, "lib", "repomap", "index.ts"));
    expect(entry.find.test("@aider-workbench/lib/x")).toBe(false);
    for (const f of c.test.setupFiles) expect(existsSync(join(ROOT, f)), f).toBe(true);
  });
});
