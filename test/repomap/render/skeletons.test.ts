/**
 * `SkeletonCache` (render/skeletons.ts): its options over SKELETON_CACHE_DEFAULTS, and, given a scan's skeleton
 * spans, it renders what a cache that parses renders, parsing only the files whose spans it cannot use.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GrammarSet } from "../../../lib/repomap/scan/grammars.js";
import { SCAN_DEFAULTS, scanRepo } from "../../../lib/repomap/scan/scan.js";
import { SKELETON_CACHE_DEFAULTS, SkeletonCache } from "../../../lib/repomap/render/skeletons.js";

describe("SkeletonCache's options", () => {
  it("default to the scan's file-size limit and Aider's grammar, frozen", () => {
    expect(SKELETON_CACHE_DEFAULTS).toEqual({ maxFileBytes: SCAN_DEFAULTS.maxFileBytes, aiderGrammar: true });
    expect(Object.isFrozen(SKELETON_CACHE_DEFAULTS)).toBe(true);
  });

  it("reject a bad root or option, naming it and the rule", () => {
    const grammars = new GrammarSet();
    expect(() => new SkeletonCache(3 as never, grammars)).toThrow("SkeletonCache: root must be a string");
    expect(() => new SkeletonCache("/r", grammars, { maxFileBytes: 0 })).toThrow("SkeletonCache: options.maxFileBytes must be");
    expect(() => new SkeletonCache("/r", grammars, { aiderGrammar: "yes" as never })).toThrow("options.aiderGrammar must be a boolean");
    expect(() => new SkeletonCache("/r", grammars, { maxBytes: 10 } as never)).toThrow("options.maxBytes is not a known option");
  });

  it("a file over maxFileBytes renders no skeleton and is not parsed", async () => {
    const root = mkdtempSync(join(tmpdir(), "wb-skel-max-"));
    try {
      writeFileSync(join(root, "big.py"), "def f():\n    return 1\n" + "# pad\n".repeat(40));
      const grammars = new GrammarSet();
      const small = new SkeletonCache(root, grammars, { maxFileBytes: 64 });
      const large = new SkeletonCache(root, grammars);
      await small.prepare(["big.py"]);
      await large.prepare(["big.py"]);
      expect(large.render("big.py", [1])).toContain("return 1");
      expect(small.render("big.py", [1])).not.toContain("return 1");
      expect(small.parses).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("SkeletonCache with a scan's skeleton spans", () => {
  const root = mkdtempSync(join(tmpdir(), "wb-skel-spans-"));
  const cacheDir = mkdtempSync(join(tmpdir(), "wb-skel-spans-cache-"));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });
  const pyFile = (name: string) => `class ${name}:\n    def run(self,\n            x):\n        return x\n\n\ndef helper():\n    return ${name}()\n`;
  const lois = [[3], [1, 7], [0], [4, 6]];

  it("renders what a parsing cache renders, parsing only files that changed, lack a final newline or use other hidden types", async () => {
    writeFileSync(join(root, "a.py"), pyFile("A"));
    writeFileSync(join(root, "b.py"), pyFile("B"));
    writeFileSync(join(root, "c.py"), pyFile("C").trimEnd()); // no final newline: the scan keeps no spans
    writeFileSync(join(root, "web.js"), "function f(a,\n  b) {\n  return a + b;\n}\n");
    const grammars = new GrammarSet();
    const cold = await scanRepo(root, { cacheDir, grammars });
    const scan = await scanRepo(root, { cacheDir, grammars }); // warm: the spans come from the cache file
    expect(scan.summary.fromCache).toBe(4);
    expect([...scan.skeletonSpans!.files.keys()].sort()).toEqual(["a.py", "b.py", "web.js"]);
    expect(scan.skeletonSpans!.files).toEqual(cold.skeletonSpans!.files);
    writeFileSync(join(root, "b.py"), pyFile("Bee")); // changed after the scan: its spans are stale
    utimesSync(join(root, "b.py"), new Date(), new Date(Date.now() + 5000));

    const files = ["a.py", "b.py", "c.py", "web.js"];
    const render = async (cache: SkeletonCache) => {
      await cache.prepare(files);
      return files.flatMap((f) => lois.map((l) => cache.render(f, l)));
    };
    const parsing = new SkeletonCache(root, grammars, { maxFileBytes: 1 << 20 });
    const fromScan = new SkeletonCache(root, grammars, { maxFileBytes: 1 << 20 });
    fromScan.useScan(scan);
    const want = await render(parsing);
    expect(await render(fromScan)).toEqual(want);
    expect(want[files.indexOf("a.py") * lois.length]).toBe("⋮\n│    def run(self,\n│            x):\n│        return x\n│\n⋮\n"); // the fixture has skeletons worth comparing
    expect(parsing.parses).toBe(4);
    expect(fromScan.parses).toBe(2); // b.py (stale) and c.py (no final newline)
    expect(fromScan.fromScan).toBe(2);

    const plain = new SkeletonCache(root, grammars, { maxFileBytes: 1 << 20, aiderGrammar: false });
    plain.useScan(scan); // the scan's spans hide Aider's node types; this renderer does not
    await render(plain);
    expect(plain.parses).toBe(4);
    expect(() => plain.useScan({ ...scan, root: "/elsewhere" })).toThrow(/this cache's root/);
  });
});
