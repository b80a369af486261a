import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GrammarSet } from "../../../lib/repomap/scan/grammars.js";
import { PARALLEL_MIN_FILES, scanRepo } from "../../../lib/repomap/scan/scan.js";
import { tempDirs, writeTree } from "../../support/temp-dirs.js";

const temp = tempDirs();
const write = writeTree;

const git = (cwd: string, ...args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8" });
const grammars = new GrammarSet();

describe("scanRepo", () => {
  const tree = (): string => {
    const root = temp("wb-scan-");
    write(root, {
      "app.py": "from util import helper\n\ndef main():\n    return helper(1)\n",
      "util.py": "def helper(x):\n    return x\n",
      "web/ui.ts": "export function render(n: number): string {\n  return String(n);\n}\n",
      "README.md": "# readme\n",
      "data.bin": Buffer.from([1, 0, 2]),
      "bad.py": Buffer.from([0xff, 0xfe, 0x00, 0x41]),
      "latin.js": Buffer.from("var s = '\xe9';\n", "latin1"),
    });
    return root;
  };

  it("tags every file with a grammar, lists the others by name, counts what it skipped", async () => {
    const root = tree();
    const r = await scanRepo(root, { cacheDir: null, grammars });
    expect(r.files.map((f) => f.rel)).toEqual(["README.md", "app.py", "bad.py", "data.bin", "latin.js", "util.py", "web/ui.ts"]);
    expect(r.summary).toMatchObject({ files: 7, parsed: 3, fromCache: 0, noGrammar: 2, skipped: { binary: 1, "not-utf8": 1 }, skippedTotal: 2 });
    expect(r.files.find((f) => f.rel === "util.py")!.tags).toContainEqual(["def", "helper", 0]);
    expect(r.files.find((f) => f.rel === "app.py")!.tags).toContainEqual(["ref", "helper", 3]);
    expect(r.files.find((f) => f.rel === "README.md")).toEqual({ rel: "README.md", lang: null, tags: [] });
    expect(r.summary.tags).toBe(r.summary.defs + r.summary.refs);
    expect(r.cachePath).toBeNull();
  });

  it("a second scan of an unchanged tree parses no file; a touched file is parsed again", async () => {
    const root = tree();
    const cacheDir = temp("wb-scache-");
    const first = await scanRepo(root, { cacheDir, grammars });
    expect(first.summary.parsed).toBe(3);
    expect(first.cachePath!.startsWith(cacheDir)).toBe(true);
    expect(existsSync(first.cachePath!)).toBe(true);
    expect(readdirSync(root)).not.toContain(".aider-workbench-cache"); // nothing written into the scanned tree

    const second = await scanRepo(root, { cacheDir, grammars });
    expect(second.summary).toMatchObject({ parsed: 0, fromCache: 5 });
    expect(second.files).toEqual(first.files);

    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, "util.py"), later, later);
    writeFileSync(join(root, "app.py"), "def main():\n    pass\n");
    const third = await scanRepo(root, { cacheDir, grammars });
    expect(third.summary).toMatchObject({ parsed: 2, fromCache: 3 });
    expect(third.files.find((f) => f.rel === "app.py")!.tags).not.toContainEqual(["ref", "helper", 3]);
  });

  it("different tag options do not reuse each other's cache", async () => {
    const root = tree();
    const cacheDir = temp("wb-scache2-");
    await scanRepo(root, { cacheDir, grammars });
    const r = await scanRepo(root, { cacheDir, grammars, tags: { duplicateLastCapture: false } });
    expect(r.summary.parsed).toBe(3);
  });

  it("reports progress for every file and rejects bad options", async () => {
    const root = tree();
    const seen: number[] = [];
    await scanRepo(root, { cacheDir: null, grammars, onProgress: (done, total) => seen.push(done / total) });
    expect(seen).toHaveLength(7);
    expect(seen[6]).toBe(1);
    await expect(scanRepo(root, { cacheDir: null, maxFileBytes: 0 })).rejects.toThrow(/maxFileBytes must be a positive integer/);
    await expect(scanRepo(root, { cachedir: "/x" } as never)).rejects.toThrow(/options\.cachedir is not a known option/);
  });
});

describe("scanRepo on worker threads", () => {
  const many = (): string => {
    const root = temp("wb-par-");
    const files: Record<string, string> = {};
    for (let i = 0; i < PARALLEL_MIN_FILES + 20; i++) files[`m${i}.py`] = `def f${i}(x):\n    return g${(i + 1) % 7}(x)\n`;
    files["k.js"] = "function k() { return f0(); }\n";
    files["bad.py"] = "\xff\x00";
    write(root, files);
    return root;
  };
  const script = join(__dirname, "..", "..", "..", "lib", "repomap", "scan", "worker.ts");

  it("gives exactly the in-process result, with the work done in the workers", async () => {
    const root = many();
    const serial = await scanRepo(root, { cacheDir: null, grammars });
    const parallel = await scanRepo(root, { cacheDir: null, grammars, parallel: { script, threads: 2, packageBase: process.cwd() } });
    expect(parallel.files).toEqual(serial.files);
    expect(parallel.summary.parsed).toBe(serial.summary.parsed);
    expect(parallel.summary.parsedInWorkers).toBe(PARALLEL_MIN_FILES + 21);
    expect(serial.summary.parsedInWorkers).toBe(0);
  });

  it("falls back to in-process parsing when workers cannot start", async () => {
    const root = many();
    const r = await scanRepo(root, { cacheDir: null, grammars, parallel: { script: join(root, "no-such-worker.js"), threads: 2, packageBase: process.cwd() } });
    expect(r.summary).toMatchObject({ parsed: PARALLEL_MIN_FILES + 21, parsedInWorkers: 0 });
  });
});
