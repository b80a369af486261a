/**
 * lib/repomap/scan/parse.ts: one file read, parsed and tagged for the scan (`aider/repomap.py` `get_tags_raw`) — never throwing: what
 * cannot be read or parsed in time becomes a skip reason, and a cancelled parse leaves the parser clean.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GrammarSet, packageResolverFrom, type Grammar } from "../../../lib/repomap/scan/grammars.js";
import { languageById } from "../../../lib/repomap/scan/languages.js";
import { parseFileBody, PARSE_BUDGET_MS, type ParseLimits } from "../../../lib/repomap/scan/parse.js";
import { decodeSpans } from "../../../lib/repomap/scan/skeleton-spans.js";
import { TAGS_DEFAULTS } from "../../../lib/repomap/scan/tags-raw.js";
import { tempDirs } from "../../support/temp-dirs.js";

const temp = tempDirs();
const limits: ParseLimits = { tagOpts: { ...TAGS_DEFAULTS, duplicateLastCapture: false, backfill: false }, maxBytes: 1 << 20 };
let python: Grammar;
let dir: string;

beforeAll(async () => {
  python = (await new GrammarSet({ resolvePackageDir: packageResolverFrom(join(__dirname, "..", "..", "..")) }).get(languageById("python")!))!;
  dir = temp("wb-parse-");
});

function file(name: string, content: string | Buffer): string {
  const abs = join(dir, name);
  writeFileSync(abs, content);
  return abs;
}

describe("parseFileBody", () => {
  it("tags a file and keeps its skeleton spans when it ends with a newline", () => {
    const body = parseFileBody({ lang: "python", abs: file("a.py", "def f():\n    return g()\n") }, python, limits);
    expect(body.lang).toBe("python");
    expect(body.tags).toEqual([["def", "f", 0], ["ref", "g", 1]]);
    expect(body.skipped).toBeUndefined();
    expect(body.hasError).toBeUndefined();
    expect(decodeSpans(body.spans!)).not.toBeNull();
  });

  it("keeps no spans for a file without a final newline (render_tree would parse another text)", () => {
    const body = parseFileBody({ lang: "python", abs: file("b.py", "def f():\n    return 1") }, python, limits);
    expect(body.tags).toEqual([["def", "f", 0]]);
    expect(body.spans).toBeUndefined();
  });

  it("marks a tree with syntax errors, and still tags it", () => {
    const body = parseFileBody({ lang: "python", abs: file("c.py", "def f(:\n    pass\ndef g():\n    pass\n") }, python, limits);
    expect(body.hasError).toBe(true);
    expect(body.tags).toContainEqual(["def", "g", 2]);
  });

  it("an empty file has no tags and is not parsed; what cannot be read becomes a skip reason", () => {
    expect(parseFileBody({ lang: "python", abs: file("empty.py", "") }, python, limits)).toEqual({ lang: "python", tags: [] });
    expect(parseFileBody({ lang: "python", abs: join(dir, "gone.py") }, python, limits)).toEqual({ lang: "python", tags: [], skipped: "missing" });
    expect(parseFileBody({ lang: "python", abs: file("big.py", "x = 1\n".repeat(100)) }, python, { ...limits, maxBytes: 100 }).skipped).toBe("too-large");
    expect(parseFileBody({ lang: "python", abs: file("bin.py", Buffer.from([0x64, 0, 0x66])) }, python, limits).skipped).toBe("binary");
    expect(parseFileBody({ lang: "python", abs: file("latin1.py", Buffer.from([0x78, 0x3d, 0xe9, 0x0a])) }, python, limits).skipped).toBe("not-utf8");
  });

  it("a file over its time budget is skipped as too-complex, and the next file parses cleanly", () => {
    const big = file("slow.py", Array.from({ length: 20_000 }, (_, i) => `def f${i}(a, b):\n    return g${i}(a) + b\n`).join(""));
    expect(parseFileBody({ lang: "python", abs: big }, python, { ...limits, budgetMs: 0 })).toEqual({ lang: "python", tags: [], skipped: "too-complex" });
    // a cancelled parse not reset would hand its half-built tree to the next file
    const next = parseFileBody({ lang: "python", abs: file("next.py", "def h():\n    pass\n") }, python, limits);
    expect(next.tags).toEqual([["def", "h", 0]]);
    expect(PARSE_BUDGET_MS).toBeGreaterThan(0);
  });
});
