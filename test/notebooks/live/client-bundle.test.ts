/**
 * Bundling the live pages' script, on a temp project whose live-client.ts is a few lines: built when missing,
 * reused while current, rebuilt when the source is newer, one build for calls that overlap, and a failed build
 * reported and tried again next time. The real script's bundle is served in test/notebooks/serve.test.ts.
 */
import { readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { buildLiveClient } from "../../../lib/notebooks/live/client-bundle.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const tempDir = tempDirs();
const SOURCE = "lib/notebooks/live/browser/live-client.ts";

/** A project whose client source is `code`. */
function project(code: string): string {
  const root = tempDir("bundle-");
  writeTree(root, { [SOURCE]: code });
  return root;
}

/** What the bundle leaves on `globalThis` when run as a browser would run it. */
function runBundle(file: string): Record<string, unknown> {
  const sandbox: Record<string, unknown> = {};
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  return sandbox;
}

describe("buildLiveClient", () => {
  it("bundles the TypeScript source into build/live/live.js as one browser script", async () => {
    const root = project("const twice = (n: number): number => n * 2;\n(globalThis as { answer?: number }).answer = twice(21);\n");
    const out = await buildLiveClient(root);
    expect(out).toBe(join(root, "build", "live", "live.js"));
    expect(readFileSync(out, "utf8")).not.toContain(": number"); // types gone
    expect(runBundle(out).answer).toBe(42);
  });

  it("reuses a bundle at least as new as its source, and rebuilds when the source changes", async () => {
    const root = project("(globalThis as { v?: number }).v = 1;\n");
    const out = await buildLiveClient(root);
    const t = new Date("2026-01-01T00:00:00Z");
    utimesSync(join(root, SOURCE), t, t);
    const built = statSync(out).mtimeMs;
    expect(await buildLiveClient(root)).toBe(out);
    expect(statSync(out).mtimeMs).toBe(built); // not written again
    writeTree(root, { [SOURCE]: "(globalThis as { v?: number }).v = 2;\n" });
    utimesSync(join(root, SOURCE), new Date(built + 5000), new Date(built + 5000));
    await buildLiveClient(root);
    expect(runBundle(out).v).toBe(2);
  });

  it("gives overlapping calls the one build", async () => {
    const root = project("(globalThis as { v?: number }).v = 3;\n");
    const a = buildLiveClient(root), b = buildLiveClient(root);
    expect(b).toBe(a);
    expect(await a).toBe(await b);
  });

  it("rejects when the source does not compile, and tries again on the next call", async () => {
    const root = project("const = ;\n");
    await expect(buildLiveClient(root)).rejects.toThrow(/Build failed|Expected/);
    writeTree(root, { [SOURCE]: "(globalThis as { v?: number }).v = 4;\n" });
    expect(runBundle(await buildLiveClient(root)).v).toBe(4);
  });
});
