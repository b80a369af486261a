/**
 * The grader's build cache: a source fingerprint over every .ts file of a folder (paths and contents, `dist` and
 * `node_modules` left out), and `cachedBuild`, which builds once per key, serves later calls from
 * `.workbench/cache/grader/`, and still builds (every time) where the checkout cannot be written.
 */
import { readdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedBuild, sourceFingerprint } from "../../../lib/grader/sandbox/cache.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const temp = tempDirs();

/** A folder with `files`; a fresh one each time, since the fingerprint is remembered per folder. */
const tree = (files: Record<string, string>): string => {
  const d = temp("wb-cache-src-");
  writeTree(d, files);
  return d;
};

describe("sourceFingerprint", () => {
  const BASE = { "a.ts": "export const a = 1;", "sub/b.ts": "export const b = 2;" };
  /** The same folder under another spelling: a fresh look, since the fingerprint is remembered per spelling. */
  let looks = 0;
  const fresh = (d: string): string => sourceFingerprint(d + "/.".repeat(++looks));

  it("changes with a .ts file's content, its name, or a new .ts file", () => {
    const d = tree(BASE);
    const first = fresh(d);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fresh(d)).toBe(first);
    writeFileSync(join(d, "a.ts"), "export const a = 2;");
    const edited = fresh(d);
    expect(edited).not.toBe(first);
    renameSync(join(d, "a.ts"), join(d, "c.ts"));
    const renamed = fresh(d);
    writeTree(d, { "sub/deeper/d.ts": "" });
    expect(new Set([first, edited, renamed, fresh(d)]).size).toBe(4);
  });

  it("ignores other files and whatever is under dist/ and node_modules/", () => {
    const d = tree(BASE);
    const before = fresh(d);
    writeTree(d, { "notes.md": "x", "sub/c.js": "x", "a.tsx": "x", "dist/x.ts": "x", "node_modules/p/x.ts": "x", "sub/dist/y.ts": "y" });
    expect(fresh(d)).toBe(before);
  });

  it("is remembered per folder for the process (a later edit is not seen until the next process)", () => {
    const d = tree(BASE);
    const first = sourceFingerprint(d);
    writeFileSync(join(d, "a.ts"), "changed");
    expect(sourceFingerprint(d)).toBe(first);
  });
});

describe("cachedBuild", () => {
  it("builds once per key and serves the stored code afterwards; another key builds again", async () => {
    const root = temp("wb-cache-root-");
    let builds = 0;
    const make = async (): Promise<string> => `code ${++builds}`;
    expect(await cachedBuild(root, ["esbuild 1", "child.ts"], make)).toBe("code 1");
    expect(await cachedBuild(root, ["esbuild 1", "child.ts"], make)).toBe("code 1");
    expect(builds).toBe(1);
    expect(await cachedBuild(root, ["esbuild 2", "child.ts"], make)).toBe("code 2");
    expect(await cachedBuild(root, ["esbuild 1child.ts"], make), "the key's parts are separated").toBe("code 3");
    const files = readdirSync(join(root, ".workbench", "cache", "grader"));
    expect(files).toHaveLength(3);
    expect(files.every((f) => /^[0-9a-f]{32}\.js$/.test(f)), "no temporary file is left").toBe(true);
  });

  it("where the cache cannot be written, the code is built and returned every time", async () => {
    const root = temp("wb-cache-ro-");
    writeFileSync(join(root, ".workbench"), "a file where the cache folder would go");
    let builds = 0;
    const make = async (): Promise<string> => `code ${++builds}`;
    expect(await cachedBuild(root, ["k"], make)).toBe("code 1");
    expect(await cachedBuild(root, ["k"], make)).toBe("code 2");
  });

  it("a build that fails is not stored: the next call builds again", async () => {
    const root = temp("wb-cache-fail-");
    await expect(cachedBuild(root, ["k"], () => Promise.reject(new Error("esbuild failed")))).rejects.toThrow("esbuild failed");
    expect(await cachedBuild(root, ["k"], async () => "fixed")).toBe("fixed");
  });
});
