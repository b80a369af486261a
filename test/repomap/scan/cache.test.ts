/** lib/repomap/scan/cache.ts: the scan cache file — keyed by the scan's fingerprint and root, written atomically. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";
import { defaultCacheDir, loadScanCache, saveScanCache, scanCachePath, scanFingerprint } from "../../../lib/repomap/scan/cache.js";

const temp = tempDirs();
const write = writeTree;

describe("the scan cache", () => {
  it("lives outside the scanned tree by default: $XDG_CACHE_HOME or ~/.cache, one file per folder", () => {
    expect(defaultCacheDir({ XDG_CACHE_HOME: "/x/cache" }, "/home/u")).toBe("/x/cache/aider-workbench");
    expect(defaultCacheDir({ XDG_CACHE_HOME: "relative" }, "/home/u")).toBe("/home/u/.cache/aider-workbench");
    expect(defaultCacheDir({}, "/home/u")).toBe("/home/u/.cache/aider-workbench");
    expect(scanCachePath("/c", "/repo/a")).toMatch(/^\/c\/scan\/[0-9a-f]{16}\.json$/);
    expect(scanCachePath("/c", "/repo/a")).not.toBe(scanCachePath("/c", "/repo/b"));
  });

  it("is ignored when missing, corrupt, for another folder or made with other settings", () => {
    const dir = temp("wb-cache-");
    const path = join(dir, "scan", "x.json");
    const fp = scanFingerprint({ a: 1 });
    const entries = new Map([["a.py", { mtimeMs: 1, size: 2, lang: "python", tags: [["def", "f", 0] as const] }]]);
    expect(loadScanCache(path, { fingerprint: fp, root: "/r" }).size).toBe(0);
    expect(saveScanCache(path, { fingerprint: fp, root: "/r" }, entries)).toBe(true);
    expect(loadScanCache(path, { fingerprint: fp, root: "/r" })).toEqual(entries);
    expect(loadScanCache(path, { fingerprint: scanFingerprint({ a: 2 }), root: "/r" }).size).toBe(0);
    expect(loadScanCache(path, { fingerprint: fp, root: "/other" }).size).toBe(0);
    writeFileSync(path, "{not json");
    expect(loadScanCache(path, { fingerprint: fp, root: "/r" }).size).toBe(0);
  });
});
