/** `workbench release OUT`: what it refuses (one line, exit 2) and what it writes, through the CLI in-process. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findProjectRoot } from "../../lib/core/project-root.js";
import { parseManifest } from "../../lib/grader/manifest.js";
import { cli } from "./run-cli.js";

const ROOT = findProjectRoot(__dirname);
const work = mkdtempSync(join(tmpdir(), "workbench-release-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("workbench release", () => {
  it("refuses an OUT that exists and is not empty, in one line, exit 2, and writes nothing", async () => {
    const out = join(work, "full");
    mkdirSync(out);
    writeFileSync(join(out, "keep.txt"), "mine");
    const r = await cli("release", out);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`release: OUT (${out}) must not exist, or be an empty folder\n`);
    expect(readFileSync(join(out, "keep.txt"), "utf8")).toBe("mine");
  });

  it("refuses an OUT inside the checkout, and one in a folder that does not exist", async () => {
    const inside = await cli("release", join(ROOT, "build", "release"));
    expect(inside.code).toBe(2);
    expect(inside.err).toMatch(/^release: OUT \(.*\) must be outside the workbench checkout\n$/);
    expect(existsSync(join(ROOT, "build", "release"))).toBe(false);
    const nowhere = await cli("release", join(work, "no", "such", "folder"));
    expect(nowhere.code).toBe(2);
    expect(nowhere.err).toMatch(/^release: OUT .* must be in a folder that exists/);
    expect((await cli("release")).err).toMatch(/^release: name one folder to write/);
  });

  it("writes the release into an empty OUT: progress on stderr, no solutions or hidden tests, a manifest of every exercise", async () => {
    const out = join(work, "empty");
    mkdirSync(out);
    const r = await cli("release", out, "--list");
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/^release: \d+ files in /m);
    expect(r.err).toMatch(/^release: wrote \d+ files to /m);
    expect(r.out).toMatch(/^left out solutions\/05-commit-plan\/commit-plan\.ts: the reference solutions$/m);
    expect(r.out).toMatch(/^left out test\/exercises\/hidden\/05-commit-plan\.ts: hidden graded tests/m);
    expect(r.out).toMatch(/^Released 9 exercises/m);
    expect(existsSync(join(out, "solutions"))).toBe(false);
    expect(existsSync(join(out, "test", "exercises", "hidden"))).toBe(false);
    expect(existsSync(join(out, "lib", "grader", "run.ts"))).toBe(true);
    expect(existsSync(join(out, "test", "exercises", "05-commit-plan.test.ts"))).toBe(true);
    expect(parseManifest(readFileSync(join(out, "exercises", "manifest.json"), "utf8")).exercises).toHaveLength(9);
    const pkg = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as { name: string; scripts: Record<string, string> };
    expect(pkg.name).toBe("aider-workbench");
    expect(pkg.scripts["exercises:stubs"]).toBeUndefined();
    expect(pkg.scripts.build).toBeDefined();
    // the language switch stays above the title, the student section right under it
    expect(readFileSync(join(out, "README.md"), "utf8")).toMatch(/^(\*\*English\*\* · \[中文\]\(README\.zh\.md\)\n\n)?# aider-workbench\n\n## This is your copy of the workbench/);
    expect(existsSync(join(out, "README.zh.md"))).toBe(true);
    expect(readFileSync(join(out, ".github", "workflows", "workbench-feedback.yml"), "utf8")).toMatch(/^name: Workbench feedback$/m);
    // a second release into the same folder is refused: it is not empty any more
    expect((await cli("release", out)).code).toBe(2);
  });
});
